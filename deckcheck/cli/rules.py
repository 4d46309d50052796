"""``deckcheck rule``: the documentation page of each validation rule."""

from __future__ import annotations

import typer

from deckcheck.cli.common import app


@app.command("rule")
def rule(
    slug: str = typer.Argument(None, help="Rule slug or code (copy-limit, DC201); none: list."),
) -> None:
    """Show a rule's documentation: what it checks, why, an example and how to fix."""
    from deckcheck.validation.ruledocs import page, rule_for
    from deckcheck.validation.rules import RULES

    if slug is None:
        for r in RULES.values():
            typer.echo(f"{r.code}  {r.slug:<24} {r.title}")
        return
    typer.echo(page(rule_for(slug).slug), nl=False)
