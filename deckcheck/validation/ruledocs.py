"""The documentation page of each rule (``deckcheck rule SLUG``), shipped inside the package
as ``deckcheck/docs/rules/SLUG.md``: what the rule checks, why (rulebook section), an
example and how to fix."""

from __future__ import annotations

from functools import cache
from importlib import resources

from deckcheck.io.errors import InputError
from deckcheck.validation.rules import RULES, Rule, find_rule

HEADINGS = ("What", "Why", "Example", "How to fix")


def rule_for(key: str) -> Rule:
    """The rule named by slug or code (case-insensitive), or a clear InputError."""
    rule = find_rule(key)
    if rule is None:
        known = ", ".join(f"{r.slug} ({r.code})" for r in RULES.values())
        raise InputError(f"unknown rule {key!r}; rules: {known}")
    return rule


@cache
def page(slug: str) -> str:
    """The Markdown page of a rule slug."""
    rule = rule_for(slug)
    doc = resources.files("deckcheck").joinpath("docs", "rules", f"{rule.slug}.md")
    try:
        return doc.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no documentation page for rule {rule.slug}") from None


def sections(slug: str) -> dict[str, str]:
    """The page's ``## Heading`` sections, their text stripped."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in page(slug).splitlines():
        if line.startswith("## "):
            current = found.setdefault(line[3:].strip(), [])
        elif current is not None:
            current.append(line)
    return {k: "\n".join(v).strip() for k, v in found.items()}


def _one_paragraph(text: str) -> str:
    return " ".join(text.split())


def help_text(slug: str) -> str:
    """Plain text for tools (SARIF help): what the rule checks and how to fix it."""
    parts = sections(slug)
    return f"{_one_paragraph(parts['What'])}\n\nHow to fix: {_one_paragraph(parts['How to fix'])}"
