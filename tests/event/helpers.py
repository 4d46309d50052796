"""Real decks for the tournament tests, and small edits that model what players do."""

from __future__ import annotations

import copy
from datetime import date

from deckcheck.decks.codecs import load_deck
from deckcheck.decks.model import Deck, Section, Slot
from tests.conftest import DECKS

# AI_ChainBurn is valid for OCG on this day (Main 56, Extra 3, Side 8, main-deck cards only)
OCG_DAY = date(2025, 11, 1)
# passcodes used below (names from the card data)
OJAMA_TRIO = 29843091  # Main Deck x3 in AI_ChainBurn
RING = 83555666  # Ring of Destruction, Main Deck x1 in AI_ChainBurn
JUST_DESSERTS = 24068492  # Main Deck x3 in AI_ChainBurn
MORPHING_JAR = 33508719  # Side Deck x1 in AI_ChainBurn
DIMENSION_WALL = 67095270  # Side Deck x3 in AI_ChainBurn
DROLL = 94145021  # Droll & Lock Bird, in no AI_ChainBurn section
SCRAP_RECYCLER = 4334811  # Main Deck x3 in AI_Level8
SCRAP_DRAGON = 76774528  # Synchro, Extra Deck in AI_Level8
BEELZE = 34408491  # Synchro, Side Deck in AI_Level8
CLEAR_WING_ALT = 82044279  # Side Deck in AI_Level8: an alternate artwork
CLEAR_WING = 82044280  # the same card's primary passcode


def deck(name: str, db) -> Deck:
    return load_deck(str(DECKS / f"{name}.ydk"), db)


def move(d: Deck, passcode: int, src: Section, dst: Section, n: int = 1) -> Deck:
    """A copy of the deck with n copies of a card moved from one section to another."""
    out = copy.deepcopy(d)
    for _ in range(n):
        slots = out.section(src)
        index = next(i for i, s in enumerate(slots) if s.passcode == passcode)
        out.section(dst).append(slots.pop(index))
    return out


def swap(d: Deck, out_code: int, in_code: int, section: Section = "main", n: int = 1) -> Deck:
    """Side n copies of in_code (from the Side Deck) in for n copies of out_code."""
    return move(move(d, out_code, section, "side", n), in_code, "side", section, n)


def replace(d: Deck, old: int, new: int, section: Section, n: int = 1) -> Deck:
    """A copy with n copies of old in a section replaced by new (a card from elsewhere)."""
    out = copy.deepcopy(d)
    slots = out.section(section)
    for _ in range(n):
        index = next(i for i, s in enumerate(slots) if s.passcode == old)
        slots[index] = Slot(passcode=new, line=slots[index].line)
    return out
