"""Every output format is written as reports come (``stream``), with the same text as
rendering them at once, and holds no more memory for 240 decks than for 60."""

from __future__ import annotations

import copy
import os
import tracemalloc
from collections.abc import Iterator
from datetime import date

import pytest

from deckcheck.decks.codecs import load_deck
from deckcheck.report.render import OUTPUT_FORMATS, json_stream, renderer, streamer
from deckcheck.validation import Checker
from deckcheck.validation.report import Report
from tests.conftest import DATA

DAY = date(2026, 6, 1)
# formats whose output opens with totals: they take every report before the first piece
TOTALS_FIRST = {"junit", "markdown"}


@pytest.fixture(scope="module")
def reports(db) -> list[Report]:
    """The 47 real decks checked for TCG, as ``decks/NAME.ydk`` (most are invalid)."""
    here = os.getcwd()
    os.chdir(DATA)
    try:
        names = sorted(p.name for p in (DATA / "decks").glob("*.ydk"))
        decks = [load_deck(f"decks/{name}", db) for name in names]
    finally:
        os.chdir(here)
    checker = Checker(db)
    return [checker.check(deck, "tcg", DAY) for deck in decks]


class Source:
    """Reports given one at a time, each a new object, counting how many were taken."""

    def __init__(self, reports: list[Report], count: int) -> None:
        self.reports, self.count, self.taken = reports, count, 0

    def __iter__(self) -> Iterator[Report]:
        for i in range(self.count):
            self.taken += 1
            yield copy.copy(self.reports[i % len(self.reports)])


@pytest.mark.parametrize("name", OUTPUT_FORMATS)
def test_streamed_output_is_the_rendered_output(reports, name):
    assert "".join(streamer(name)(iter(reports))) == renderer(name)(reports)
    assert "".join(streamer(name)(iter(reports[:1]))) == renderer(name)(reports[:1])
    assert "".join(streamer(name)(iter([]))) == renderer(name)([])


@pytest.mark.parametrize("name", sorted(set(OUTPUT_FORMATS) - TOTALS_FIRST))
def test_the_first_deck_is_written_before_the_next_is_taken(reports, name):
    invalid = [r for r in reports if not r.valid]  # SARIF and GitHub write violations only
    source = Source(invalid, 40)
    pieces = streamer(name)(iter(source))
    text = next(pieces)
    while invalid[0].deck.source not in text:
        text += next(pieces)
    assert source.taken <= 2
    rest = "".join(pieces)
    assert source.taken == 40 and rest


def peak_bytes(name: str, reports: list[Report], count: int) -> int:
    """The most memory allocated at once while ``count`` reports are streamed through."""
    source = Source(reports, count)
    tracemalloc.start()
    try:
        for _ in streamer(name)(iter(source)):
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", OUTPUT_FORMATS)
def test_memory_stays_flat_with_the_number_of_decks(reports, name):
    peak_bytes(name, reports, 10)  # caches filled once (rule pages, card names)
    # the lower of two, as a global table (interned strings) may grow once in either
    few = min(peak_bytes(name, reports, 60), peak_bytes(name, reports, 60))
    many = min(peak_bytes(name, reports, 240), peak_bytes(name, reports, 240))
    # rendering all at once held every deck's output: 240 decks took about 4x of 60
    assert many < few * 1.3 + 100_000


def test_json_stream_writes_what_json_dumps_writes():
    import json

    seen: list[object] = []

    def document(items: list[object]) -> dict[str, object]:
        return {"head": {"x": [1, 2]}, "items": items, "tail": {"n": len(seen)}}

    def counted(items: list[object]) -> Iterator[object]:
        for item in items:
            seen.append(item)
            yield item

    for items in ([], [{"a": "ß\n\u0000"}], [{"a": [1, {"b": []}]}, "two", 3]):
        for ascii_only in (False, True):
            seen.clear()
            whole = {"head": {"x": [1, 2]}, "items": items, "tail": {"n": len(items)}}
            expected = json.dumps(whole, indent=2, ensure_ascii=ascii_only)
            assert "".join(json_stream(document, counted(items), ascii_only)) == expected
