"""The card look-up caches stay bounded however many passcodes are asked about (issue 11.1)."""

from __future__ import annotations

from datetime import date

from deckcheck.cards.db import MAX_PARSED, CardDB
from deckcheck.decks.codecs import load_deck
from deckcheck.decks.model import Deck, Slot
from deckcheck.validation import Checker
from tests.conftest import DECKS

POT_OF_GREED = 55144522  # no other passcode within 6,000 above it


def _deck(codes: list[int]) -> Deck:
    return Deck(main=[Slot(passcode=code) for code in codes])


def test_unknown_passcodes_are_not_kept():
    db = CardDB.open()
    for code in range(3_000_000_000, 3_000_005_000):
        assert db.get(code) is None
    assert len(db._by_code) == 0 and len(db._by_row) == 0
    assert db.get(POT_OF_GREED).name == "Pot of Greed"
    assert len(db._by_code) == 1 and len(db._by_row) == 1


def test_parsed_cards_are_bounded():
    db = CardDB.open()
    assert len(db) > MAX_PARSED  # the bound is below the data, so it is really a bound
    names = {card.name for card in db.all_cards()}
    assert len(names) > MAX_PARSED
    assert len(db._by_row) <= MAX_PARSED
    # a card pushed out is parsed again, the same card
    assert db.get(POT_OF_GREED).name == "Pot of Greed"
    assert db.get(4280259) is db.get(4280258)


def test_a_deck_of_unknown_passcodes_grows_no_cache():
    db = CardDB.open()
    checker = Checker(db)
    real = load_deck(str(DECKS / "AI_Blackwing.ydk"), db)
    assert checker.check(real, "tcg", date(2026, 6, 1)).valid  # the checker keeps answers
    before = len(db._by_code), len(db._by_row)
    known = kept(checker)
    assert known > 10
    for start in range(3_000_000_000, 3_000_010_000, 1000):
        report = checker.check(_deck(list(range(start, start + 40))), "tcg", date(2026, 6, 1))
        assert sum(v.rule == "unknown-card" for v in report.violations) == 40
    assert (len(db._by_code), len(db._by_row)) == before
    assert kept(checker) == known  # the answers the checker keeps: known cards only


def kept(checker: Checker) -> int:
    """How many per-card and per-name answers the checker keeps between checks."""
    return sum(len(value) for value in checker._cache.values() if isinstance(value, dict))


def test_unknown_passcode_hint_looks_twenty_below():
    checker = Checker(CardDB.open())
    report = checker.check(_deck([POT_OF_GREED + 20, POT_OF_GREED + 21]), "tcg")
    messages = {v.cards[0]: v.message for v in report.violations if v.rule == "unknown-card"}
    assert f"; {POT_OF_GREED} is Pot of Greed (simulators" in messages[POT_OF_GREED + 20]
    assert messages[POT_OF_GREED + 21] == (
        f"Unknown passcode {POT_OF_GREED + 21}: no card in the card data has it"
    )
    # an alternate artwork's own passcode below gives the card (Apollousa: 4280258, 4280259)
    assert CardDB.open().below(4280261, 20).name == "Apollousa, Bow of the Goddess"
    assert CardDB.open().below(1, 20) is None
