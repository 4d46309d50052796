"""Round trips over all 47 real decks.

ydk, ydke, json, yaml and name lists keep the exact multiset of passcodes per section (so
the digest). A name list marks an alternate artwork with its passcode ("Monster Reborn
[83764718]"); a list without the mark reads as the card's primary printing.
"""

from __future__ import annotations

import re
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
    for fmt in ("ydk", "ydke", "json", "yaml", "names"):
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


def test_names_keep_alternate_printings(db):
    """AI_Level8 uses alternate-art passcodes: names mark them and read them back."""
    deck = load_deck(str(DECKS / "AI_Level8.ydk"), db)
    text = write_deck(deck, "names", db)
    back = read_deck(text, db)

    def alternates(d: Deck) -> set[int]:
        return {code for s in SECTIONS for code in d.passcodes(s) if db.get(code).passcode != code}

    assert len(alternates(deck)) == 3  # two in main, one in side
    assert alternates(back) == alternates(deck)
    assert back.digest() == deck.digest()
    # without the marks, the same list reads as the primary printings
    plain = read_deck(re.sub(r" \[[0-9]+\]", "", text), db)
    assert alternates(plain) == set() and by_card(plain, db) == by_card(deck, db)


def test_a_printing_mark_must_belong_to_the_card(db):
    deck = read_deck("Main Deck\n1 Monster Reborn [55144522]\n", db, fmt="names")
    assert deck.main == []
    assert "not a printing of 'Monster Reborn'" in deck.problems[0].message
