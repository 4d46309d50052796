"""Selecting cards in a duel with the shared filter language: card terms read current
characteristics, state terms where the card is and who controls it."""

from __future__ import annotations

from deckcheck.cards.filters import Filter, term
from deckcheck.engine.query import add_lasting
from deckcheck.engine.scenario import position
from deckcheck.engine.select import few, matches, matching, select


def test_select_by_place_controller_and_current_atk(db):
    spec = {
        "turn": 2,
        "players": [
            {
                "hand": ["Vorse Raider"],
                "monsters": [
                    {"card": "Battle Ox", "zone": 0},
                    {"card": "Luster Dragon", "zone": 1, "position": "set"},
                ],
            },
            {"monsters": [{"card": "Summoned Skull", "zone": 2}]},
        ],
    }
    s = position(spec, db).state
    raider, (ox, luster), skull = s.sides[0].hand[0], s.sides[0].mzone[:2], s.sides[1].mzone[2]
    strong = Filter((term("location", "monster"), term("atk>=", 1700)))
    # a Set monster shows no ATK: an ATK filter never picks it (RC-COST-006)
    assert select(s, strong, 0) == sorted([ox, skull])
    assert luster in select(s, Filter((term("location", "monster"),)), 0)
    mine_up = Filter((*strong.terms, term("controller", "you"), term("face_up", True)))
    assert select(s, mine_up, 0) == [ox] and select(s, mine_up, 1) == [skull]
    # the legal edge and the first step past it, on current ATK
    add_lasting(s, ox, "atk", "add", -1)
    assert not matches(s, ox, strong, 0)
    assert matches(s, ox, Filter((term("atk<=", 1699),)), 0)
    anywhere_but_hand = Filter(
        (term("location", "hand", negate=True), term("name", "Vorse Raider"))
    )
    assert not matches(s, raider, anywhere_but_hand, 0)
    assert select(s, Filter((term("location", "hand"),)), 0) == [raider]


def test_matching_with_the_template_reads_a_card_a_modifier_renames(db):
    """With the template's definitions only the cards whose printed definition passes the
    card terms are read (select.able), and those a modifier of a characteristic the filter
    reads changes: a monster renamed by an effect is found by its new name, and an ATK
    modifier does not make a card pass a name filter."""
    spec = {
        "turn": 2,
        "players": [
            {"hand": ["Vorse Raider"], "monsters": [{"card": "Battle Ox", "zone": 0}]},
            {"monsters": [{"card": "Summoned Skull", "zone": 2}]},
        ],
    }
    duel = position(spec, db)
    s, defs = duel.state, duel.template.defs
    raider, ox, skull = s.sides[0].hand[0], s.sides[0].mzone[0], s.sides[1].mzone[2]
    skulls = Filter((term("location", "monster"), term("name", "Summoned Skull")))
    cards = [raider, ox, skull]
    assert matching(s, cards, skulls, 0, defs) == [skull] == matching(s, cards, skulls, 0)
    assert few(s, skulls, defs) == [skull]
    add_lasting(s, ox, "atk", "add", 500)
    assert few(s, skulls, defs) == [skull]
    add_lasting(s, ox, "name", "set", "Summoned Skull")
    assert matching(s, cards, skulls, 0, defs) == [ox, skull] == matching(s, cards, skulls, 0)
    assert few(s, skulls, defs) == [ox, skull]
    s.lasting.clear()
    assert matching(s, cards, skulls, 0, defs) == [skull]


def test_a_monster_that_is_also_dark_matches_both_attributes_only_while_on_the_field(db):
    """Light and Darkness Dragon is LIGHT and, while face-up on the field, also DARK (a
    second Attribute, not a new one: 000:70); in the hand it is LIGHT alone."""
    spec = {
        "turn": 3,
        "players": [
            {
                "hand": ["Light and Darkness Dragon"],
                "monsters": [{"card": "Light and Darkness Dragon", "zone": 0}],
            },
            {},
        ],
    }
    duel = position(spec, db)
    s, defs = duel.state, duel.template.defs
    held, placed = s.sides[0].hand[0], s.sides[0].mzone[0]
    dark = Filter((term("attribute", "dark"),))
    light = Filter((term("attribute", "light"),))
    assert matches(s, placed, dark, 0) and matches(s, placed, light, 0)
    assert matching(s, [held, placed], dark, 0, defs) == [placed]
    assert not matches(s, held, dark, 0) and matches(s, held, light, 0)
