"""One card-filter language: a word means the same cards in the engine's materials, the
hand-statistics categories and the card pool rules."""

from __future__ import annotations

import pytest

from deckcheck.cards.filters import FRAME_WORDS, KINDS, Filter, is_a, term, traits
from deckcheck.cards.model import MaterialGroup
from deckcheck.engine.carddefs import card_def, compile_group
from deckcheck.stats.categories import parse_categories

EFFECT = ["Relinquished", "Stardust Dragon", "Effect Veiler", "Arcane Apprentice"]
NOT_EFFECT = ["Dark Magician", "Gaia Knight, the Force of Earth", "Monster Reborn"]


def effect_everywhere(db, name: str) -> tuple[bool, bool, bool]:
    card = db.find(name)
    group = compile_group(MaterialGroup(min=1, max=1, traits=("effect",)))
    hands = parse_categories("categories:\n  e: [{frame: effect}]\n", db).categories[0]
    return group.accepts(card_def(card)), hands.matches(card), is_a(traits(card), "effect")


@pytest.mark.parametrize("name", EFFECT)
def test_effect_monsters_are_effect_monsters_everywhere(db, name):
    # a Ritual and a Synchro Effect Monster; a Tuner the data does not mark "effect"
    assert effect_everywhere(db, name) == (True, True, True)


@pytest.mark.parametrize("name", NOT_EFFECT)
def test_other_cards_are_not_effect_monsters_anywhere(db, name):
    assert effect_everywhere(db, name) == (False, False, False)


def test_the_engine_and_the_card_data_read_every_word_alike(db):
    """The engine filters its compiled definitions, the rest the card data: for every card
    and every word the answer is the same."""
    words = (*KINDS, *FRAME_WORDS)
    for card in db.all_cards():
        d, t = card_def(card), traits(card)
        for word in words:
            assert is_a(d, word) == is_a(t, word), (card.name, word)
        assert (d.level, d.rank, d.link) == (t.level, t.rank, t.link), card.name


def test_terms_fields_and_negation(db):
    skull, ox = traits(db.find("Summoned Skull")), traits(db.find("Battle Ox"))
    dark_fiend = Filter((term("attribute", "DARK"), term("race", "Fiend")))
    assert dark_fiend.matches(skull) and not dark_fiend.matches(ox)
    assert Filter((term("level>=", 6),)).matches(skull)
    assert not Filter((term("level>=", 7),)).matches(skull)  # the first step past the edge
    assert Filter((term("level<=", 4),)).matches(ox) and not Filter((term("level<=", 3),)).matches(
        ox
    )
    not_skull = Filter((term("name", "Summoned Skull", negate=True),))
    assert not not_skull.matches(skull) and not_skull.matches(ox)
    assert not_skull.text() == "name!=Summoned Skull"
    with pytest.raises(ValueError, match="unknown filter field"):
        term("colour", "red")


def test_categories_take_every_frame_word_of_the_language(db):
    groups = parse_categories("categories:\n  t: [{frame: tuner}]\n  g: [{frame: gemini}]\n", db)
    tuners, geminis = groups.categories
    assert tuners.matches(db.find("Effect Veiler")) and not tuners.matches(db.find("Battle Ox"))
    assert geminis.matches(db.find("Alien Hypno"))
