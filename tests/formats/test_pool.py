"""Card pool and format rules with real cards: each format's distinctive rule at its legal
edge and its first illegal step."""

from __future__ import annotations

from datetime import date

import pytest

from deckcheck.decks.model import Deck
from deckcheck.validation import Checker
from tests.validation.helpers import code

# vanilla monsters in the TCG since 2002 (early enough for goat and edison)
OLD_FILLER = [
    "Mystical Elf",
    "Celtic Guardian",
    "Giant Soldier of Stone",
    "Mechanicalchaser",
    "Blue-Eyes White Dragon",
    "Summoned Skull",
    "La Jinn the Mystical Genie of the Lamp",
    "Battle Ox",
    "Koumori Dragon",
    "Beaver Warrior",
    "Feral Imp",
    "Dark Magician",
    "Red-Eyes Black Dragon",
    "Sonic Bird",
    "Hitotsu-Me Giant",
]


def deck(db, main=(), extra=(), side=()) -> Deck:
    """The named cards, the Main Deck topped up to 40 with vanillas legal since 2002."""
    codes = [i if isinstance(i, int) else code(db, i) for i in main]
    fill = [code(db, n) for n in OLD_FILLER for _ in range(3)]
    body = codes + fill[: max(0, 40 - len(codes))]
    as_codes = [i if isinstance(i, int) else code(db, i) for i in extra]
    side_codes = [i if isinstance(i, int) else code(db, i) for i in side]
    return Deck.from_passcodes(body, as_codes, side_codes)


def rules(report) -> list[str]:
    return sorted(v.rule for v in report.violations)


def only(report, rule: str):
    found = [v for v in report.violations if v.rule == rule]
    assert len(found) == 1, report.violations
    return found[0]


# --- not-released (DC401) -------------------------------------------------------------


def test_tcg_release_date_edge(db, checker):
    # "A Case for K9": first TCG release 2025-07-31
    k9 = deck(db, ['"A Case for K9"'])
    assert checker.check(k9, "tcg", date(2025, 7, 31)).valid
    v = only(checker.check(k9, "tcg", date(2025, 7, 30)), "not-released")
    assert (v.code, v.name, v.count) == ("DC401", '"A Case for K9"', 1)
    assert "2025-07-31" in v.message


def test_ocg_only_card_in_tcg_and_tcg_only_in_ocg(db, checker):
    turtle = deck(db, ["30,000-Year White Turtle"])  # OCG only
    assert checker.check(turtle, "ocg", date(2024, 1, 1)).valid
    v = only(checker.check(turtle, "tcg", date(2024, 1, 1)), "not-released")
    assert "no TCG release in the card data (only OCG 1999-10-17)" in v.message
    tyler = deck(db, ["Tyler the Great Warrior"])  # TCG only
    assert checker.check(tyler, "tcg", date(2024, 1, 1)).valid
    assert rules(checker.check(tyler, "ocg", date(2024, 1, 1))) == ["not-released"]


# --- goat and edison: pinned list and fixed pool ------------------------------------------


def test_goat_pool_excludes_cybernetic_revolution(db, checker):
    assert checker.check(deck(db, []), "goat").valid
    v = only(checker.check(deck(db, ["Cyber Dragon"]), "goat"), "not-released")
    assert "2005-08-01" in v.message and "excludes" in v.message
    # Tyler the Great Warrior (2005-08-05) is in; a 2005-08-30 release is after the pool end
    assert checker.check(deck(db, ["Tyler the Great Warrior"]), "goat").valid
    late = next(
        c for c in db.all_cards() if c.release.get("tcg") == date(2005, 8, 30) and c.passcode
    )
    v = only(checker.check(deck(db, [late.passcode]), "goat"), "not-released")
    assert "after 2005-08-27" in v.message


def test_goat_uses_the_april_2005_list(db, checker):
    report = checker.check(deck(db, ["Pot of Greed"]), "goat", date(2026, 11, 29))
    assert report.valid and report.format.banlist == "2005.04"
    v = only(checker.check(deck(db, ["Pot of Greed"] * 2), "goat"), "limited")
    assert (v.count, v.limit) == (2, 1)
    # Change of Heart became Forbidden on that list
    assert rules(checker.check(deck(db, ["Change of Heart"]), "goat")) == ["forbidden"]


def test_edison_list_and_pool(db, checker):
    # March 2010: Cyber Dragon back to Semi-Limited, Dark Armed Dragon Limited
    both = deck(db, ["Cyber Dragon"] * 2 + ["Dark Armed Dragon"])
    assert checker.check(both, "edison").valid
    assert rules(checker.check(deck(db, ["Cyber Dragon"] * 3), "edison")) == ["limited"]
    assert rules(checker.check(deck(db, ["Dark Armed Dragon"] * 2), "edison")) == ["limited"]
    drev = next(
        c for c in db.all_cards() if c.release.get("tcg") == date(2010, 5, 6) and c.passcode
    )
    assert rules(checker.check(deck(db, [drev.passcode]), "edison")) == ["not-released"]


# --- dated lists ----------------------------------------------------------------------


def test_tcg_change_of_heart_before_and_after_may_2022(db, checker):
    heart = deck(db, ["Change of Heart"])
    before = checker.check(heart, "tcg", date(2022, 5, 16))
    after = checker.check(heart, "tcg", date(2022, 5, 17))
    assert (before.format.banlist, rules(before)) == ("2022.02", ["forbidden"])
    assert (after.format.banlist, after.valid) == ("2022.05", True)


def test_ocg_2026_07_update(db, checker):
    # Called by the Grave: Limited on 2026.04, Forbidden from 2026-07-01;
    # Solemn Judgment: Semi-Limited, then Limited
    called = deck(db, ["Called by the Grave"])
    assert checker.check(called, "ocg", date(2026, 6, 30)).valid
    assert rules(checker.check(called, "ocg", date(2026, 7, 1))) == ["forbidden"]
    solemn = deck(db, ["Solemn Judgment"] * 2)
    assert checker.check(solemn, "ocg", date(2026, 6, 30)).valid
    v = only(checker.check(solemn, "ocg", date(2026, 7, 1)), "limited")
    assert (v.count, v.limit) == (2, 1)


# --- traditional ----------------------------------------------------------------------


def test_traditional_reads_forbidden_as_limited(db, checker):
    pot = deck(db, ["Pot of Greed"])
    assert rules(checker.check(pot, "tcg", date(2026, 11, 1))) == ["forbidden"]
    assert checker.check(pot, "traditional", date(2026, 11, 1)).valid
    v = only(checker.check(deck(db, ["Pot of Greed"] * 2), "traditional"), "limited")
    assert (v.count, v.limit) == (2, 1)
    # before the first published Traditional list (2020): the TCG list read the same way
    old = checker.check(pot, "traditional", date(2015, 6, 1))
    assert old.valid and old.format.banlist == "2015.04"


# --- never-legal (DC402) --------------------------------------------------------------


def test_never_legal_card(db, checker):
    v = only(checker.check(deck(db, ["Creator of Miracles"]), "ocg"), "never-legal")
    assert v.code == "DC402" and v.name == "Creator of Miracles"


# --- genesys: card kinds (DC501) and points (DC502) -----------------------------------


GENESYS_DAY = date(2025, 10, 1)


def test_genesys_bans_link_and_pendulum(db, checker):
    ok = deck(db, [], extra=["Number 39: Utopia"])
    assert checker.check(ok, "genesys", GENESYS_DAY).valid
    for extra, main in [
        (["Decode Talker"], []),
        (["D/D/D Deviser King Deus Machinex"], []),  # Pendulum Xyz
        ([], ["Odd-Eyes Pendulum Dragon"]),
    ]:
        report = checker.check(deck(db, main, extra=extra), "genesys", GENESYS_DAY)
        v = only(report, "forbidden-card-type")
        assert v.code == "DC501"
    assert checker.check(deck(db, [], extra=["Decode Talker"]), "tcg", GENESYS_DAY).valid


def _points(store, name_or_code, db, day=GENESYS_DAY) -> float:
    banlist = store.in_force("genesys", day)
    card = db.get(name_or_code) if isinstance(name_or_code, int) else db.find(name_or_code)
    return max(banlist.entries[c].points for c in card.passcodes if c in banlist.entries)


def test_genesys_points_cap_edge(db, store, checker):
    banlist = store.in_force("genesys", GENESYS_DAY)
    main_deck = [
        e for e in banlist.entries.values() if not db.get(e.passcode).is_extra_deck_monster
    ]
    hundred = next(e for e in main_deck if e.points == 100)
    one = next(e for e in main_deck if e.points == 1)
    assert checker.check(deck(db, [hundred.passcode]), "genesys", GENESYS_DAY).valid
    over = checker.check(deck(db, [hundred.passcode, one.passcode]), "genesys", GENESYS_DAY)
    v = only(over, "points-cap")
    assert (v.code, v.count, v.limit) == ("DC502", 101, 100)
    both = deck(db, [hundred.passcode, one.passcode])
    assert checker.check(both, "genesys", GENESYS_DAY, points_cap=101).valid


def test_genesys_points_changed_on_2025_09_24(db, store, checker):
    # Block Dragon: 40 points on 2025-09-22, 33 from 2025-09-24
    assert _points(store, "Block Dragon", db, date(2025, 9, 23)) == 40
    assert _points(store, "Block Dragon", db, date(2025, 9, 24)) == 33
    blocks = deck(db, ["Block Dragon"] * 3)
    assert rules(checker.check(blocks, "genesys", date(2025, 9, 23))) == ["points-cap"]
    assert checker.check(blocks, "genesys", date(2025, 9, 24)).valid  # 99


def test_genesys_counts_side_deck_points(db, store, checker):
    pot = _points(store, "Pot of Greed", db)
    main_only = deck(db, ["Pot of Greed"] * 3)
    assert checker.check(main_only, "genesys", GENESYS_DAY).valid == (3 * pot <= 100)
    with_side = deck(db, ["Pot of Greed"] * 3, side=["Block Dragon"])
    report = checker.check(with_side, "genesys", GENESYS_DAY)
    assert only(report, "points-cap").count == 3 * pot + 33


# --- speed duel: whitelist (DC303), group limits, skill cards (DC503) -------------------


@pytest.fixture(scope="module")
def speed(store):
    return store.lists("speed")[-1]


@pytest.fixture(scope="module")
def speed_checker(db, store):
    # the bundled data carries the Skill Cards' simulator passcodes (300xxxxxx)
    return Checker(db, banlists=store)


@pytest.fixture(scope="module")
def speed_filler(db, speed) -> list[int]:
    """Main Deck monsters on the Speed list, unlimited, outside any group, in the TCG."""
    out = []
    for passcode, entry in speed.entries.items():
        card = db.get(passcode)
        if (
            entry.limit == 3
            and entry.group is None
            and card is not None
            and card.kind == "monster"
            and not card.is_extra_deck_monster
            and card.release.get("tcg")
            and card.passcode == passcode
        ):
            out += [passcode] * 3
        if len(out) >= 30:
            return out
    raise AssertionError("not enough Speed filler")


SPEED_DAY = date(2025, 8, 1)


def speed_deck(filler, main=(), skills=(), side=(), size=20) -> Deck:
    main = list(main)
    body = main + filler[: size - len(main)]
    return Deck.from_passcodes(body + list(skills), [], list(side))


def test_speed_sizes_with_a_skill_card(speed_checker, speed_filler, speed):
    skill = next(c for c in speed.entries if c > 300_000_000 and speed.entries[c].limit == 3)
    report = speed_checker.check(speed_deck(speed_filler, skills=[skill]), "speed", SPEED_DAY)
    assert report.valid, report.violations
    short = speed_checker.check(speed_deck(speed_filler, size=19), "speed", SPEED_DAY)
    assert rules(short) == ["main-deck-size"]


def test_speed_one_skill_card_at_most(speed_checker, speed_filler, speed):
    skills = [c for c in speed.entries if c > 300_000_000 and speed.entries[c].limit == 3][:2]
    report = speed_checker.check(speed_deck(speed_filler, skills=skills), "speed", SPEED_DAY)
    v = only(report, "skill-card-count")
    assert (v.code, v.count, v.limit) == ("DC503", 2, 1)


def test_speed_whitelist(db, speed_checker, speed_filler):
    pot = code(db, "Pot of Greed")
    report = speed_checker.check(speed_deck(speed_filler, [pot]), "speed", SPEED_DAY)
    v = only(report, "not-on-whitelist")
    assert (v.code, v.name) == ("DC303", "Pot of Greed")


def test_speed_group_limits(db, speed_checker, speed_filler, speed):
    groups = speed.groups()
    one = [c for c in groups[1] if c < 300_000_000][:2]
    two = [c for c in groups[2] if c < 300_000_000][:3]
    assert speed_checker.check(speed_deck(speed_filler, one[:1]), "speed", SPEED_DAY).valid
    report = speed_checker.check(speed_deck(speed_filler, one), "speed", SPEED_DAY)
    v = only(report, "limited")
    assert (v.count, v.limit, v.name) == (2, 1, "Limited 1")
    assert speed_checker.check(speed_deck(speed_filler, two[:2]), "speed", SPEED_DAY).valid
    report = speed_checker.check(speed_deck(speed_filler, two), "speed", SPEED_DAY)
    assert (only(report, "limited").count, only(report, "limited").limit) == (3, 2)
