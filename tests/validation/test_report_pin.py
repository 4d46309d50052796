"""Reports stay byte for byte what they were: the JSON and text output of every one of the 47
real decks in every format, and of the whole run of each format in every output format.

The digests in report_pin.json were computed on the code before the validation core became
plain data (issue 15), by ``python -m tests.validation.test_report_pin > report_pin.json``
run in tests/validation with ``PYTHONPATH`` at the checkout. Regenerate them only for a change
meant to alter reports, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from datetime import date
from pathlib import Path

import pytest

from deckcheck.decks.codecs import load_deck
from deckcheck.report.render import OUTPUT_FORMATS, renderer
from deckcheck.validation import Checker
from tests.conftest import DATA
from tests.pins import as_pinned

PINNED = Path(__file__).with_name("report_pin.json")
# a day inside each format's life (goat and edison have one list and pool of their own)
DAYS = {
    "ocg": date(2026, 8, 1),
    "tcg": date(2026, 6, 1),
    "traditional": date(2019, 6, 1),
    "speed": date(2025, 8, 1),
    "genesys": date(2025, 10, 1),
    "goat": date(2005, 9, 1),
    "edison": date(2010, 5, 1),
    "masterduel": date(2026, 6, 1),
    "world": date(2026, 6, 1),
}


def digests(db) -> dict[str, dict[str, object]]:  # noqa: ANN001
    """{"decks": {deck: {format: [json, text]}}, "runs": {format: {output format: sha}}};
    decks are read as ``decks/NAME.ydk`` from the shared data folder, so that the source
    in each report is the same on every machine. The card data version is written as the
    pinned one (tests/pins.py)."""

    def sha(text: str) -> str:
        return hashlib.sha256(as_pinned(text, db.version).encode()).hexdigest()

    checker = Checker(db)
    here = os.getcwd()
    os.chdir(DATA)
    try:
        names = sorted(p.name for p in (DATA / "decks").glob("*.ydk"))
        decks = [load_deck(f"decks/{name}", db) for name in names]
    finally:
        os.chdir(here)
    per_deck: dict[str, dict[str, list[str]]] = {name: {} for name in names}
    runs: dict[str, dict[str, str]] = {}
    for fmt, day in DAYS.items():
        reports = [checker.check(deck, fmt, day) for deck in decks]
        for name, report in zip(names, reports, strict=True):
            per_deck[name][fmt] = [
                sha(renderer("json")([report])),
                sha(renderer("text")([report])),
            ]
        runs[fmt] = {out: sha(renderer(out)(reports)) for out in OUTPUT_FORMATS}
    return {"decks": per_deck, "runs": runs}


@pytest.fixture(scope="module")
def found(db):
    return digests(db)


@pytest.fixture(scope="module")
def pinned():
    return json.loads(PINNED.read_text())


def test_every_real_deck_in_every_format_reports_the_same_bytes(found, pinned):
    assert len(found["decks"]) == 47
    changed = [
        f"{deck} {fmt} {kind}"
        for deck, by_format in pinned["decks"].items()
        for fmt, shas in by_format.items()
        for kind, old, new in zip(("json", "text"), shas, found["decks"][deck][fmt], strict=True)
        if old != new
    ]
    assert not changed
    assert found["decks"] == pinned["decks"]


def test_every_output_format_of_a_whole_run_is_the_same(found, pinned):
    assert found["runs"] == pinned["runs"]


if __name__ == "__main__":
    from deckcheck.cards.db import CardDB

    body = {
        "_comment": "sha256 of report output on the code before issue 15; see test_report_pin.py",
        **digests(CardDB.open()),
    }
    json.dump(body, sys.stdout, indent=1, sort_keys=True)
    print()
