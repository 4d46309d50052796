"""Engine test helpers: real decks from ../shared/data/decks compiled into templates."""

from __future__ import annotations

import pytest

from tests.conftest import DECKS


@pytest.fixture(scope="session")
def deck_lists(db):
    """Deck name -> DeckList for every shared deck whose cards are all in the data."""
    from deckcheck.decks import load_deck
    from deckcheck.engine.template import deck_list

    out = {}
    for path in sorted(DECKS.glob("*.ydk")):
        deck = load_deck(str(path), db)
        if all(db.get(p) for p in deck.passcodes("main") + deck.passcodes("extra")):
            out[path.stem] = deck_list(deck)
    return out


@pytest.fixture(scope="session")
def template(db, deck_lists):
    """Two 40-card decks with Synchro, Xyz and Link monsters in their Extra Decks."""
    from deckcheck.engine.template import prepare

    return prepare([deck_lists["AI_Zoodiac"], deck_lists["AI_Level8"]], db)
