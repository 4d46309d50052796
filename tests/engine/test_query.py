"""Characteristics come from one query, in the order of rulebook 4.3.3.6 (seed 000), and
the rules use it: battle, tributes, materials, Pendulum Summons, the agents. Caches never
answer with values from before a modifier applied."""

from __future__ import annotations

import json

import pytest

from deckcheck.engine.duel import Duel
from deckcheck.engine.main_phase import extra_options
from deckcheck.engine.query import (
    add_lasting,
    atk,
    defense,
    level,
    names,
    tributes_needed,
    view,
    word,
)
from deckcheck.engine.scenario import position
from deckcheck.engine.state import Frame, State


def duel_for(db, spec) -> Duel:
    start = position(spec, db)
    return Duel(start.template, start.state)


def asked_again(duel: Duel) -> Duel:
    """The duel with its Main Phase prompt made anew from the state as it is now (these
    tests change characteristics from outside, where an effect would do it in a step)."""
    state = duel.state.copy()
    state.prompt, state.frames = None, [Frame("duel", "main")]
    return Duel(duel.template, state)


@pytest.fixture
def skull(db):
    """Summoned Skull (2500 ATK, Level 6) and Battle Ox (1700 ATK) on the field."""
    spec = {
        "turn": 2,
        "players": [
            {"monsters": [{"card": "Summoned Skull", "zone": 0}, {"card": "Battle Ox", "zone": 1}]}
        ],
    }
    duel = duel_for(db, spec)
    return duel.state, duel.state.sides[0].mzone[0], duel.state.sides[0].mzone[1]


def test_printed_values_without_modifiers(skull):
    s, sk, ox = skull
    assert (atk(s, sk), defense(s, sk), level(s, sk)) == (2500, 1200, 6)
    assert view(s, sk) is s.cards[sk].d  # the shared definition itself


def test_resolved_increase_then_resolved_set(skull):
    s, sk, _ = skull
    add_lasting(s, sk, "atk", "add", 700)  # Rush Recklessly
    assert atk(s, sk) == 3200
    add_lasting(s, sk, "atk", "set", atk(s, sk) // 2)  # halved when it resolves
    assert atk(s, sk) == 1600


def test_original_value_changes_keep_later_counting(skull):
    s, sk, _ = skull
    add_lasting(s, sk, "atk", "add", 700)
    add_lasting(s, sk, "atk", "set_base", 1250)  # Shrink: the original ATK becomes half
    assert atk(s, sk) == 1950  # 1250 + 700, counted again


def test_continuous_set_then_resolved_increase(skull):
    s, sk, _ = skull
    add_lasting(s, sk, "atk", "set", 5000, continuous=True)  # Megamorph
    add_lasting(s, sk, "atk", "add", 700)
    assert atk(s, sk) == 5700
    # a resolved increase before a continuous set is not counted again
    s.lasting.clear()
    add_lasting(s, sk, "atk", "add", 700)
    add_lasting(s, sk, "atk", "set", 5000, continuous=True)
    assert atk(s, sk) == 5000


def test_continuous_increases_around_sets(skull):
    s, _, ox = skull
    add_lasting(s, ox, "atk", "add", 200, continuous=True)
    assert atk(s, ox) == 1900
    add_lasting(s, ox, "atk", "set", 950)  # a resolved halving: the +200 is absorbed
    assert atk(s, ox) == 950
    s.lasting.clear()
    add_lasting(s, ox, "atk", "add", 200, continuous=True)
    add_lasting(s, ox, "atk", "set_base", 850)
    assert atk(s, ox) == 1050  # 850 + 200
    s.lasting.clear()
    add_lasting(s, ox, "atk", "add", 200, continuous=True)
    add_lasting(s, ox, "atk", "set", 3400, continuous=True)
    assert atk(s, ox) == 3600  # 3400 + 200, counted again


def test_values_stop_at_zero_and_words_and_names(skull):
    s, sk, _ = skull
    add_lasting(s, sk, "atk", "add", -3000)
    assert atk(s, sk) == 0
    add_lasting(s, sk, "attribute", "set", "light")
    assert word(s, sk, "attribute") == "light" and word(s, sk, "race") == "fiend"
    add_lasting(s, sk, "name", "add", "Archfiend")
    assert names(s, sk) == {"Summoned Skull", "Archfiend"}
    add_lasting(s, sk, "name", "set", "Dark Magician")
    assert names(s, sk) == {"Dark Magician"}
    v = view(s, sk)
    assert (v.atk, v.attribute, v.names, v.level) == (0, "light", {"Dark Magician"}, 6)
    with pytest.raises(ValueError, match="not a modifier"):
        add_lasting(s, sk, "colour", "set", "red")


def test_battle_uses_current_atk_and_def(db):
    spec = {
        "turn": 2,
        "phase": "battle",
        "players": [
            {"monsters": [{"card": "Vorse Raider", "zone": 2}]},
            {
                "monsters": [{"card": "Giant Soldier of Stone", "zone": 1, "position": "defense"}],
                "deck": ["Battle Ox"],
            },
        ],
    }
    duel = duel_for(db, spec)
    s = duel.state
    raider, soldier = s.sides[0].mzone[2], s.sides[1].mzone[1]
    add_lasting(s, raider, "atk", "add", 500)  # 2400 against 2000 DEF: destroyed
    edge = duel.copy()
    duel.apply_action(("attack", raider, soldier))
    assert s.sides[1].grave == [soldier] and s.sides[1].lp == 8000
    assert s.lasting  # the Raider stayed on the field, its modifier with it
    # the first step past the edge: DEF 2500 beats ATK 2400, the difference is damage
    add_lasting(edge.state, soldier, "defense", "add", 500)
    edge.apply_action(("attack", raider, soldier))
    assert edge.state.sides[1].grave == [] and edge.state.sides[0].lp == 8000 - 100


def test_a_monster_leaving_the_field_loses_its_modifiers(db):
    spec = {
        "turn": 2,
        "phase": "battle",
        "players": [
            {"monsters": [{"card": "Battle Ox", "zone": 2}]},
            {"monsters": [{"card": "Vorse Raider", "zone": 1}], "deck": ["Battle Ox"]},
        ],
    }
    duel = duel_for(db, spec)
    s = duel.state
    ox, raider = s.sides[0].mzone[2], s.sides[1].mzone[1]
    add_lasting(s, ox, "atk", "add", 100)  # 1800 against 1900: still destroyed
    duel.apply_action(("attack", ox, raider))
    assert s.sides[0].grave == [ox] and s.sides[0].lp == 8000 - 100
    assert s.lasting == [] and atk(s, ox) == 1700


def test_tributes_follow_the_current_level(db):
    duel = duel_for(db, {"turn": 2, "players": [{"hand": ["Summoned Skull", "Dark Hole"]}]})
    s = duel.state
    sk = s.sides[0].hand[0]
    assert tributes_needed(s, sk) == 1
    assert ("summon", sk) not in duel.legal_actions()  # no monster to tribute
    add_lasting(s, sk, "level", "set", 4)
    fresh = asked_again(duel)
    assert tributes_needed(s, sk) == 0 and ("summon", sk) in fresh.legal_actions()
    fresh.apply_action(("summon", sk))
    assert fresh.prompt.kind == "zone"  # no tributes asked


def test_materials_follow_the_current_level_and_no_cache_goes_stale(db):
    spec = {
        "turn": 2,
        "players": [
            {
                "hand": ["Dark Hole"],
                "monsters": [
                    {"card": "Tune Warrior", "zone": 0},
                    {"card": "Giant Soldier of Stone", "zone": 1},
                ],
                "extra": ["Gaia Knight, the Force of Earth"],
            }
        ],
    }
    duel = duel_for(db, spec)
    s = duel.state
    gaia = s.sides[0].extra[0]
    soldier = s.sides[0].mzone[1]
    assert ("synchro", gaia) in extra_options(duel, 0)  # Levels 3 + 3 = 6: cached now
    add_lasting(s, soldier, "level", "add", 1)
    assert extra_options(duel, 0) == []  # 3 + 4 = 7
    assert ("synchro", gaia) in duel.legal_actions()  # the prompt made before
    fresh = asked_again(duel)
    fresh.cache = duel.cache  # the caches copies share
    assert ("synchro", gaia) not in fresh.legal_actions()
    s.lasting.clear()
    assert ("synchro", gaia) in extra_options(duel, 0)


def test_modifiers_travel_with_the_state(skull):
    s, sk, _ = skull
    add_lasting(s, sk, "atk", "add", 700, continuous=True, source=sk)
    data = json.loads(json.dumps(s.to_dict()))
    thawed = State.from_dict(data, [c.d for c in s.cards])
    assert thawed.lasting == s.lasting and atk(thawed, sk) == 3200
    twin = s.copy()
    add_lasting(twin, sk, "atk", "add", 100)
    assert atk(twin, sk) == 3300 and atk(s, sk) == 3200
    assert twin.lasting[-1].stamp > s.lasting[-1].stamp


def test_a_filter_reads_the_modified_stats_it_names_and_no_other(skull):
    # matching() reads a card as printed when its modifiers change nothing the filter's
    # card terms read (select.TERM_STATS): an ATK change leaves a Level filter's answer,
    # a Level change moves it; matches() (which always reads the current view) agrees
    from deckcheck.cards.filters import FIELDS, parse_filter
    from deckcheck.engine.select import TERM_STATS, matches, matching

    s, sk, ox = skull
    level6 = parse_filter({"location": "monster", "level>=": 6})
    strong = parse_filter({"location": "monster", "atk>=": 2600})

    def one_by_one(flt):
        return [i for i in (sk, ox) if matches(s, i, flt, 0)]

    add_lasting(s, sk, "atk", "add", 100)
    assert matching(s, [sk, ox], level6, 0) == [sk] == one_by_one(level6)
    assert matching(s, [sk, ox], strong, 0) == [sk] == one_by_one(strong)
    add_lasting(s, sk, "level", "add", -1)
    assert matching(s, [sk, ox], level6, 0) == [] == one_by_one(level6)
    assert set(TERM_STATS) == set(FIELDS)  # a new card term is listed with what it reads
