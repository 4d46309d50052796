"""The checker over many decks, formats and days: what it keeps between checks never mixes
one format's or day's answers with another's, and stays bounded. (Until issue 15 these
tests compared a fast acceptance path with the full rule set; there is one path now.)"""

from __future__ import annotations

from datetime import date

import pytest

from deckcheck.decks.codecs import load_deck
from deckcheck.decks.model import Deck
from deckcheck.validation import Checker
from tests.conftest import DECKS, ROOT

from .helpers import filler, repaired

CASES = [
    ("tcg", date(2026, 6, 1)),
    ("ocg", date(2026, 8, 1)),
    ("traditional", date(2019, 6, 1)),
    ("traditional", date(2026, 6, 1)),
    ("goat", date(2005, 9, 1)),
    ("edison", date(2010, 5, 1)),
    ("genesys", date(2025, 10, 1)),
]


@pytest.fixture(scope="module")
def checkers(db):
    return Checker(db), Checker(db)


def same(checkers, deck, fmt, day):
    """The report of a checker that has seen many decks, formats and days (the first) is
    the report of one that has seen only this deck (a fresh one each time)."""
    seasoned, _ = checkers
    found = seasoned.check(deck, fmt, day)
    assert found.as_json() == Checker(seasoned.db).check(deck, fmt, day).as_json()
    return found


def test_real_decks_and_their_repaired_versions(db, checkers):
    accepted = 0
    paths = [*sorted(DECKS.glob("*.ydk")), ROOT / "examples" / "blue-eyes.ydk"]
    for path in paths:
        deck = load_deck(str(path), db)
        for fmt, day in CASES:
            report = same(checkers, deck, fmt, day)
            fixed = same(checkers, repaired(deck, report, db), fmt, day)
            accepted += fixed.valid
    assert accepted > 100  # the repair really made many decks valid


def test_traditional_reads_the_same_list_differently(db, checkers):
    # before 2020 Traditional uses the TCG list with Forbidden read as Limited: one checker
    # answering both formats must not mix their limits up
    quick, _ = checkers
    pot = [db.find("Pot of Greed").passcode]
    deck = Deck.from_passcodes(pot + filler(db, 39))
    day = date(2019, 6, 1)
    assert not quick.check(deck, "tcg", day).valid
    assert quick.check(deck, "traditional", day).valid
    assert not quick.check(deck, "tcg", day).valid


def test_the_shared_cache_stays_bounded_over_many_days(db):
    from datetime import timedelta

    from deckcheck.validation.checker import MAX_CACHED

    checker = Checker(db)
    deck = Deck.from_passcodes(filler(db, 40))
    first = date(2024, 1, 1)
    for n in range(MAX_CACHED + 50):
        assert checker.check(deck, "tcg", first + timedelta(days=n)).valid
        assert len(checker._cache) <= MAX_CACHED + 8  # a day adds a handful of entries


def test_a_callers_own_format_with_a_registered_id_is_not_mixed_up(db, checkers):
    # the checker keeps per-day answers by format id; a Format object of the caller's own
    # with the same id but other rules must get its own answers
    from deckcheck.formats.registry import get_format

    quick, _ = checkers
    pot = db.find("Mystical Space Typhoon").passcode
    deck = Deck.from_passcodes([pot, pot, *filler(db, 38)])
    day = date(2026, 6, 1)
    assert quick.check(deck, "tcg", day).valid
    strict = get_format("tcg").replace(copy_limit=1)
    report = same(checkers, deck, strict, day)
    assert not report.valid
    assert {v.rule for v in report.violations} == {"copy-limit"}
    assert "Mystical Space Typhoon" in {v.name for v in report.violations}
    assert quick.check(deck, "tcg", day).valid
