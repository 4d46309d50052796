"""``deckcheck check``: validate decks against a format on a date."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import typer

from deckcheck.cli.common import EXIT_INVALID, EXIT_OK, app, fail


def parse_date(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        fail(f"bad date {text!r}: use YYYY-MM-DD")


@app.command()
def check(
    inputs: list[str] = typer.Argument(
        ..., help="Deck files, folders (searched recursively) or ydke:// URLs."
    ),
    format_id: str = typer.Option("tcg", "--format", "-f", help="Format id (ocg, tcg, ...)."),
    on: str = typer.Option(None, "--date", "-d", help="Event date YYYY-MM-DD (default today)."),
    output_format: str = typer.Option(
        "text", "--output-format", help="text, json, sarif, junit, github or markdown."
    ),
    points_cap: float = typer.Option(None, "--points-cap", help="Points cap (Genesys)."),
    cards: Path = typer.Option(None, "--cards", help="Card data snapshot to use instead."),
    colour: bool = typer.Option(None, "--color/--no-color", help="Colour in text output."),
) -> None:
    """Check decks: sizes, placement, copies by name, the banlist in force, the card pool."""
    from deckcheck.cards.db import CardDB
    from deckcheck.report.render import renderer
    from deckcheck.validation.run import check_inputs

    render = renderer(output_format)
    checker_db = CardDB.open(cards)
    reports = check_inputs(inputs, checker_db, format_id, parse_date(on), points_cap)
    if output_format == "text":
        use_colour = sys.stdout.isatty() if colour is None else colour
        typer.echo(render(reports, colour=use_colour))
    else:
        typer.echo(render(reports))
    raise typer.Exit(EXIT_OK if all(r.valid for r in reports) else EXIT_INVALID)
