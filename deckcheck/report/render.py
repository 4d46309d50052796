"""Output formats for reports, by name; each renderer's module is imported only when used."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

from deckcheck.io.errors import InputError

if TYPE_CHECKING:
    from deckcheck.validation.report import Report

# name -> module with a ``render(reports) -> str``
MODULES = {
    "text": "deckcheck.report.text",
    "json": "deckcheck.report.json",
    "sarif": "deckcheck.report.sarif",
    "junit": "deckcheck.report.junit",
    "github": "deckcheck.report.github",
    "markdown": "deckcheck.report.markdown",
}
OUTPUT_FORMATS = tuple(MODULES)
# the rulebook 1.2.1.1 note (validation/copies.py): the same words for every deck that has
# the two cards, so human outputs give it once per run
EXPLANATION = " count as different names: "


def renderer(name: str) -> Callable[..., str]:
    if name not in MODULES:
        known = ", ".join(OUTPUT_FORMATS)
        raise InputError(f"unknown output format {name!r}; choose from {known}")
    return import_module(MODULES[name]).render


def counted(count: int, noun: str) -> str:
    """A count with its noun in the right number: "1 deck", "2 decks", "3 entries"."""
    if count == 1:
        return f"1 {noun}"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return f"{count} {noun[:-1]}ies"
    return f"{count} {noun}s"


def checked_line(reports: list[Report]) -> str:
    """The closing line of the text and GitHub outputs: "2 decks checked: 1 valid, 1 invalid"."""
    counts = summary(reports)
    return (
        f"{counted(counts['decks'], 'deck')} checked: {counts['valid']} valid, "
        f"{counts['invalid']} invalid"
    )


def run_notes(reports: list[Report]) -> list[list[str]]:
    """Each report's notes for people, an explanation of card names given for an earlier
    deck of the run left out (a deck's own notices, such as moved cards, always stay)."""
    seen: set[str] = set()
    out = []
    for report in reports:
        notes = []
        for note in report.notes:
            if EXPLANATION in note:
                if note in seen:
                    continue
                seen.add(note)
            notes.append(note)
        out.append(notes)
    return out


def summary(reports: list[Report]) -> dict[str, int]:
    """The counts every output format ends with."""
    valid = sum(1 for r in reports if r.valid)
    return {"decks": len(reports), "valid": valid, "invalid": len(reports) - valid}
