"""Text output for people: grouped by deck, card names, counts against limits, colour.

A ydke:// URL is shown by its short label (the full URL stays in the JSON report); a note
explaining card names is given once per run."""

from __future__ import annotations

from deckcheck.report.render import checked_line, run_notes
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


def render(reports: list[Report], colour: bool = False) -> str:
    paint = Style(colour)
    out: list[str] = []
    for report, notes in zip(reports, run_notes(reports), strict=True):
        deck = report.deck
        fmt = report.format
        listed = f", list {fmt.banlist}" if fmt.banlist else ""
        verdict = paint("valid", "green") if report.valid else paint("INVALID", "red")
        out.append(
            f"{paint(short(deck.source), 'bold')}: {verdict} for {fmt.id} on {fmt.date}{listed} "
            f"(Main {deck.main}, Extra {deck.extra}, Side {deck.side})"
        )
        for v in report.violations:
            where = f"line {v.line}: " if v.line else ""
            sev = paint(v.severity, "red" if v.severity == "error" else "yellow")
            out.append(f"  {where}{sev} {paint(v.code, 'bold')} [{v.rule}] {v.message}")
        for note in notes:
            out.append(paint(f"  note: {note}", "dim"))
    out.append(checked_line(reports))
    return "\n".join(out)
