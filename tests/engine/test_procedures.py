"""Summons by procedure from the Extra Deck with real cards' parsed material lines."""

from __future__ import annotations

import pickle

from deckcheck.engine.carddefs import BAD_MATERIALS, card_def
from deckcheck.engine.procedures import MaterialOracle, could_summon, material_sets
from deckcheck.engine.profiles import PROFILES
from deckcheck.engine.scenario import position

MR2020 = PROFILES["master-rule-2020"]


def board(db, cards, positions=None):
    spec = {
        "turn": 2,
        "turn_player": 0,
        "players": [
            {
                "monsters": [
                    {"card": c, "zone": z, "position": (positions or {}).get(c, "attack")}
                    for z, c in enumerate(cards)
                ]
            }
        ],
    }
    s = position(spec, db).state
    return s, {s.cards[i].d.name: i for i in s.monsters(0)}


def test_synchro_levels_must_add_up(db):
    s, ids = board(db, ["Tune Warrior", "Giant Soldier of Stone", "Vorse Raider"])
    gaia = card_def(db.find("Gaia Knight, the Force of Earth"))  # Level 6
    archfiend = card_def(db.find("Scrap Archfiend"))  # Level 7
    assert material_sets(s, MR2020, 0, gaia) == [
        (ids["Tune Warrior"], ids["Giant Soldier of Stone"])
    ]
    assert material_sets(s, MR2020, 0, archfiend) == [(ids["Tune Warrior"], ids["Vorse Raider"])]


def test_synchro_needs_a_tuner_and_face_up_materials(db):
    s, _ = board(db, ["Giant Soldier of Stone", "Celtic Guardian"])
    gaia = card_def(db.find("Gaia Knight, the Force of Earth"))
    assert material_sets(s, MR2020, 0, gaia) == []
    s, _ = board(db, ["Tune Warrior", "Giant Soldier of Stone"], {"Tune Warrior": "set"})
    assert material_sets(s, MR2020, 0, gaia) == []


def test_xyz_materials_share_the_level(db):
    s, ids = board(db, ["Vorse Raider", "Battle Ox", "Giant Soldier of Stone", "Celtic Guardian"])
    pearl = card_def(db.find("Gem-Knight Pearl"))  # 2 Level 4 monsters
    level4 = sorted(ids[n] for n in ("Vorse Raider", "Battle Ox", "Celtic Guardian"))
    expected = [(a, b) for i, a in enumerate(level4) for b in level4[i + 1 :]]
    assert sorted(material_sets(s, MR2020, 0, pearl)) == expected


def test_link_rating_arithmetic(db):
    s, ids = board(db, ["Code Talker", "Witch of the Black Forest", "Sangan", "Marshmallon"])
    decode = card_def(db.find("Decode Talker"))  # Link-3, 2+ Effect Monsters
    sets = material_sets(s, MR2020, 0, decode)
    code = ids["Code Talker"]
    # Code Talker counts 2 (with one more) or 1 (with two more); three others count 1 each
    assert sorted(len(m) for m in sets if code in m) == [2, 2, 2, 3, 3, 3]
    assert [len(m) for m in sets if code not in m] == [3]


def test_cards_whose_materials_are_not_understood_are_never_summoned(db):
    avramax = db.find("Mekk-Knight Crusadia Avramax")
    assert avramax.materials is not None and not avramax.materials.supported
    d = card_def(avramax)
    assert d.groups is None and BAD_MATERIALS in d.issues
    s, _ = board(db, ["Vorse Raider", "Battle Ox"])
    assert material_sets(s, MR2020, 0, d) == []


def test_the_material_oracle_agrees_and_forgets_when_pickled(db):
    pearl = card_def(db.find("Gem-Knight Pearl"))
    four = card_def(db.find("Vorse Raider"))
    three = card_def(db.find("Giant Soldier of Stone"))
    oracle = MaterialOracle()
    for face_up in ([four, four], [four, three], [three, three], [four]):
        key = tuple(sorted(id(m) for m in face_up))
        assert oracle.possible(pearl, face_up, key) == could_summon(pearl, face_up)
    assert could_summon(pearl, [four, four]) and not could_summon(pearl, [four, three])
    assert oracle._many and not any(pickle.loads(pickle.dumps(oracle)).memos())


def test_the_main_phase_options_stay_the_same_when_asked_again(db):
    """Extra Deck options are cached per field (here Cyber Dragon Nova's Xyz Summon); the
    procedure options added after them (Chimeratech Fortress Dragon's contact summon) once
    went into the cached list itself, so each prompt on the same field offered the summon
    once more (seed 000, 3.2.1.3.2)."""
    from deckcheck.engine.main_phase import main_options

    dragons = [{"card": "Cyber Dragon", "zone": 1}, {"card": "Cyber Dragon", "zone": 2}]
    spec = {
        "turn": 3,
        "players": [
            {"monsters": dragons, "extra": ["Chimeratech Fortress Dragon", "Cyber Dragon Nova"]},
            {},
        ],
    }
    duel = position(spec, db)
    first = main_options(duel)
    names = [(a.kind, duel.state.cards[a.card].d.name) for a in first if hasattr(a, "card")]
    assert names.count(("procedure", "Chimeratech Fortress Dragon")) == 1
    assert ("xyz", "Cyber Dragon Nova") in names
    assert main_options(duel) == first
    assert main_options(duel) == first
