"""Output formats for reports, by name; each renderer's module is imported only when used.

Every renderer writes as reports come: ``stream(reports)`` yields the output in pieces (one
per deck, or per violation, cut at line ends) and ``render(reports)`` joins them, so a run
over thousands of decks holds only the deck in hand and running counts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from importlib import import_module
from typing import TYPE_CHECKING, Any

from deckcheck.io.errors import InputError

if TYPE_CHECKING:
    from deckcheck.validation.report import Report

# name -> module with ``stream(reports) -> Iterator[str]`` and ``render(reports) -> str``
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


def _module(name: str) -> Any:  # noqa: ANN401
    if name not in MODULES:
        known = ", ".join(OUTPUT_FORMATS)
        raise InputError(f"unknown output format {name!r}; choose from {known}")
    return import_module(MODULES[name])


def renderer(name: str) -> Callable[..., str]:
    return _module(name).render


def streamer(name: str) -> Callable[..., Iterator[str]]:
    return _module(name).stream


def counted(count: int, noun: str) -> str:
    """A count with its noun in the right number: "1 deck", "2 decks", "3 entries"."""
    if count == 1:
        return f"1 {noun}"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return f"{count} {noun[:-1]}ies"
    return f"{count} {noun}s"


class Tally:
    """The counts every output format ends with, kept as reports pass through ``seen``."""

    def __init__(self) -> None:
        self.decks = self.valid = 0

    def seen(self, reports: Iterable[Report]) -> Iterator[Report]:
        for report in reports:
            self.decks += 1
            self.valid += report.valid
            yield report

    def summary(self) -> dict[str, int]:
        return {"decks": self.decks, "valid": self.valid, "invalid": self.decks - self.valid}

    def checked_line(self) -> str:
        """The closing line of the text and GitHub outputs: "2 decks checked: 1 valid,
        1 invalid"."""
        return (
            f"{counted(self.decks, 'deck')} checked: {self.valid} valid, "
            f"{self.decks - self.valid} invalid"
        )


class RunNotes:
    """Each report's notes for people, an explanation of card names given for an earlier
    deck of the run left out (a deck's own notices, such as moved cards, always stay)."""

    def __init__(self) -> None:
        self.given: set[str] = set()

    def of(self, report: Report) -> list[str]:
        notes = []
        for note in report.notes:
            if EXPLANATION in note:
                if note in self.given:
                    continue
                self.given.add(note)
            notes.append(note)
        return notes


def json_stream(
    document: Callable[[list[Any]], Any], items: Iterable[Any], ascii_only: bool = False
) -> Iterator[str]:
    """``json.dumps(document(list(items)), indent=2, ensure_ascii=ascii_only)``, written item
    by item: ``document`` builds the whole around its one list, and is called before the
    first item (for the text before the list) and after the last (for the text after it,
    which may hold counts taken on the way)."""
    import json

    def dumps(value: Any) -> str:  # noqa: ANN401
        return json.dumps(value, indent=2, ensure_ascii=ascii_only)

    def split(text: str) -> tuple[str, str, str]:
        # the marker, a NUL, is written escaped, so its text occurs nowhere else
        at = text.index(_MARKER)
        start = text.rindex("\n", 0, at) + 1
        return text[: start - 1], text[start:at], text[at + len(_MARKER) :]

    head, indent, _ = split(dumps(document(["\0"])))
    yield head
    any_item = False
    for item in items:
        yield ("," if any_item else "") + "\n" + indent + dumps(item).replace("\n", "\n" + indent)
        any_item = True
    _, _, tail = split(dumps(document(["\0"])))
    yield tail if any_item else "]" + tail[tail.index("]") + 1 :]


_MARKER = '"\\u0000"'
