"""Shared helpers for the hand-statistics tests."""

from __future__ import annotations

from deckcheck.decks.codecs import load_deck
from deckcheck.decks.model import Deck
from tests.conftest import DECKS

# categories for the Sky Striker deck (AI_SkyStriker.ydk): 6 starters, 7 hand traps
SKY_CATEGORIES = """
categories:
  starters: [Sky Striker Mobilize - Engage!, Sky Striker Ace - Raye]
  hand traps: [Ash Blossom & Joyous Spring, Effect Veiler, Maxx "C"]
conditions:
  opens: 1+ starters and 1+ hand traps
"""


def real_deck(db, name: str) -> Deck:
    """A deck from ../shared/data/decks, read by the project's codecs."""
    return load_deck(str(DECKS / name), db)


def code(db, name: str) -> int:
    card = db.find(name)
    assert card is not None, name
    return card.passcodes[0]
