"""Text output for people: grouped by deck, card names, counts against limits, colour.

A ydke:// URL is shown by its short label (the full URL stays in the JSON report); a note
explaining card names is given once per run."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from deckcheck.report.render import RunNotes, Tally
from deckcheck.report.source import short
from deckcheck.validation.report import Report

_COLOURS = {"red": "31", "green": "32", "yellow": "33", "dim": "2", "bold": "1"}


class Style:
    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def __call__(self, text: str, style: str) -> str:
        if not self.colour:
            return text
        return f"\x1b[{_COLOURS[style]}m{text}\x1b[0m"


def render(reports: Iterable[Report], colour: bool = False) -> str:
    return "".join(stream(reports, colour))


def stream(reports: Iterable[Report], colour: bool = False) -> Iterator[str]:
    """The text output, one deck's lines at a time (each piece after the first starts with
    its line break)."""
    paint = Style(colour)
    tally, notes = Tally(), RunNotes()
    joint = ""
    for report in tally.seen(reports):
        deck = report.deck
        fmt = report.format
        listed = f", list {fmt.banlist}" if fmt.banlist else ""
        verdict = paint("valid", "green") if report.valid else paint("INVALID", "red")
        out = [
            f"{paint(short(deck.source), 'bold')}: {verdict} for {fmt.id} on {fmt.date}{listed} "
            f"(Main {deck.main}, Extra {deck.extra}, Side {deck.side})"
        ]
        for v in report.violations:
            where = f"line {v.line}: " if v.line else ""
            sev = paint(v.severity, "red" if v.severity == "error" else "yellow")
            out.append(f"  {where}{sev} {paint(v.code, 'bold')} [{v.rule}] {v.message}")
        for note in notes.of(report):
            out.append(paint(f"  note: {note}", "dim"))
        yield joint + "\n".join(out)
        joint = "\n"
    yield joint + tally.checked_line()
