"""Round trips over all 47 real decks.

ydke, json and yaml keep the exact multiset of passcodes per section (so the digest).
Name lists keep the cards, not the printings: each passcode comes back as its card's
primary passcode; passcodes the data does not know come back unchanged.
"""

from __future__ import annotations

from collections import Counter

import pytest

from deckcheck.decks import load_deck, read_deck, write_deck
from deckcheck.decks.model import SECTIONS, Deck
from tests.conftest import DECKS

DECK_FILES = sorted(DECKS.glob("*.ydk"))


def test_all_real_decks_are_present():
    assert len(DECK_FILES) == 47


def by_card(deck: Deck, db) -> dict[str, Counter[int]]:
    def primary(code: int) -> int:
        card = db.get(code)
        return card.passcode if card is not None else code

    return {s: Counter(primary(code) for code in deck.passcodes(s)) for s in SECTIONS}


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.stem)
def test_round_trips(db, path):
    deck = load_deck(str(path), db)
    assert deck.problems == [] and deck.notices == []
    exact = {s: deck.counts(s) for s in SECTIONS}
    for fmt in ("ydk", "ydke", "json", "yaml"):
        text = write_deck(deck, fmt, db)
        back = read_deck(text, db, fmt=fmt)
        assert {s: back.counts(s) for s in SECTIONS} == exact, fmt
        assert back.digest() == deck.digest()
        assert read_deck(text, db).digest() == deck.digest(), f"{fmt} sniffed"
        again = read_deck(write_deck(back, "ydk", db), db, fmt="ydk")
        assert again.digest() == deck.digest()
    names = write_deck(deck, "names", db)
    back = read_deck(names, db)
    assert back.problems == [] and back.notices == []
    assert by_card(back, db) == by_card(deck, db)
    assert sum(back.sizes().values()) == sum(deck.sizes().values())


def test_names_round_trip_normalises_printings(db):
    """AI_Level8 uses alternate-art passcodes: names give back the primary ones."""
    deck = load_deck(str(DECKS / "AI_Level8.ydk"), db)
    back = read_deck(write_deck(deck, "names", db), db)

    def alternates(d: Deck) -> set[int]:
        return {code for s in SECTIONS for code in d.passcodes(s) if db.get(code).passcode != code}

    assert len(alternates(deck)) == 3  # two in main, one in side
    assert alternates(back) == set()
    assert back.digest() != deck.digest()
    assert by_card(back, db) == by_card(deck, db)
