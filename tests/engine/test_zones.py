"""Field geometry (seed 002, New Master Rule): Link Arrows, linked zones, one Extra Monster
Zone per player unless an Extra Link, and where Extra Deck monsters may go per profile."""

from __future__ import annotations

from deckcheck.engine.carddefs import card_def
from deckcheck.engine.profiles import PROFILES
from deckcheck.engine.scenario import position
from deckcheck.engine.zones import (
    cell,
    extra_deck_zones,
    linked_cells,
    points_at,
    usable_emz,
)

MR2020 = PROFILES["master-rule-2020"]
NMR = PROFILES["new-master-rule-2017"]
ARCV = PROFILES["arc-v"]


def field(db, p0, p1=(), profile="master-rule-2020"):
    spec = {
        "profile": profile,
        "turn": 2,
        "turn_player": 0,
        "players": [
            {"monsters": [{"card": c, "zone": z} for c, z in p0]},
            {"monsters": [{"card": c, "zone": z} for c, z in p1]},
        ],
    }
    return position(spec, db).state


def test_cells_mirror_for_the_second_player():
    assert cell(0, 0) == (0, 0) and cell(1, 0) == (2, 4)
    assert cell(0, 5) == (1, 1) and cell(1, 5) == (1, 3)  # each player's own left
    assert cell(0, 6) == (1, 3) and cell(1, 6) == (1, 1)


def test_link_arrows_from_an_extra_monster_zone_reach_both_rows(db):
    decode = card_def(db.find("Decode Talker"))  # bottom-left, top, bottom-right
    assert sorted(points_at(decode, 0, (1, 1))) == [(0, 0), (0, 2), (2, 1)]
    assert sorted(points_at(decode, 1, (1, 3))) == [(0, 3), (2, 2), (2, 4)]
    # from a Main Monster Zone no arrow reaches the opponent's Main Monster Zones: the
    # top arrow of zone 1 points at the left Extra Monster Zone, that of zone 0 at nothing
    assert points_at(decode, 0, (0, 1)) == [(1, 1)]
    assert points_at(decode, 0, (0, 0)) == []


def test_linked_zones_from_both_players_link_monsters(db):
    s = field(db, [("Decode Talker", 5)], [("Proxy Dragon", 2)])
    # player 0's Decode Talker points at its own zones 0 and 2 and at player 1's zone 3;
    # player 1's Proxy Dragon (left, right) points at player 1's zones 1 and 3
    assert linked_cells(s) == {(0, 0), (0, 2), (2, 1), (2, 3)}


def test_master_rule_2020_only_link_monsters_need_linked_zones(db):
    s = field(db, [("Decode Talker", 5)])
    gaia = card_def(db.find("Gaia Knight, the Force of Earth"))
    linker = card_def(db.find("Linkerbell"))
    assert extra_deck_zones(s, MR2020, 0, gaia) == [0, 1, 2, 3, 4]
    assert extra_deck_zones(s, MR2020, 0, linker) == [0, 2]
    assert extra_deck_zones(s, NMR, 0, gaia) == [0, 2]
    assert extra_deck_zones(s, ARCV, 0, linker) == [0, 1, 2, 3, 4]


def test_one_extra_monster_zone_each_unless_an_extra_link(db):
    s = field(db, [("Decode Talker", 5), ("Gorgon of Zilofthonia", 2)])
    decode = card_def(db.find("Decode Talker"))
    gaia = card_def(db.find("Gaia Knight, the Force of Earth"))
    # the right zone joins the left one through the co-linked Gorgon: an Extra Link
    assert usable_emz(s, NMR, 0, decode) == [6]
    assert usable_emz(s, NMR, 0, gaia) == []
    # without the monster in the middle there is no Extra Link
    t = field(db, [("Decode Talker", 5)])
    assert usable_emz(t, NMR, 0, decode) == []
    # the opponent may still use the free one
    assert usable_emz(t, NMR, 1, gaia) == [5]
    # a leaving material frees its zone and takes its arrows along
    left = t.emz[0]
    assert usable_emz(t, NMR, 0, gaia, exclude=[left]) == [5, 6]
    assert extra_deck_zones(t, NMR, 0, gaia, exclude=[left]) == [5, 6]
