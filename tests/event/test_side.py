"""Side-deck swaps (rulebook 1.2.3; rule case DR-SIDE-001): sizes kept, the same 75 cards,
Extra Deck monsters only in the Extra Deck, printings by setting."""

from __future__ import annotations

import pytest

from deckcheck.decks.codecs import load_deck, write_deck
from deckcheck.event.side import changes, check_side, summary, swap_violations
from deckcheck.validation import Checker

from .helpers import (
    BEELZE,
    CLEAR_WING,
    CLEAR_WING_ALT,
    DIMENSION_WALL,
    DROLL,
    MORPHING_JAR,
    OCG_DAY,
    OJAMA_TRIO,
    SCRAP_DRAGON,
    SCRAP_RECYCLER,
    deck,
    move,
    replace,
    swap,
)


@pytest.fixture(scope="module")
def checker(db):
    return Checker(db)


@pytest.fixture(scope="module")
def chainburn(db):
    return deck("AI_ChainBurn", db)


@pytest.fixture(scope="module")
def level8(db):
    return deck("AI_Level8", db)


def rules(report) -> list[str]:
    return [v.rule for v in report.violations]


def new_rules(before, after) -> set[str]:
    """Rules the sided deck breaks that the registered deck did not."""
    return set(rules(after)) - set(rules(before))


def test_registered_deck_is_valid(chainburn, checker):
    assert checker.check(chainburn, "ocg", OCG_DAY).valid


def test_one_for_one_swap_is_legal(db, chainburn, checker):
    sided = swap(chainburn, OJAMA_TRIO, MORPHING_JAR)
    report = check_side(chainburn, sided, db, "ocg", OCG_DAY, checker=checker)
    assert report.valid, report.violations
    assert report.violations == []
    assert report.deck.main == 56 and report.deck.side == 8
    assert report.notes[-1] == (
        "Changes from the registered deck: -1 Ojama Trio (Main), +1 Morphing Jar (Main)"
    )


def test_swap_that_changes_the_main_deck_count(db, chainburn, checker):
    # two Side Deck cards moved in, none taken out: Main 58, Side 6
    sided = move(chainburn, DIMENSION_WALL, "side", "main", 2)
    report = check_side(chainburn, sided, db, "ocg", OCG_DAY, checker=checker)
    assert not report.valid
    sizes = [v for v in report.violations if v.rule == "side-swap-sizes"]
    assert [(v.code, v.section, v.count, v.limit) for v in sizes] == [
        ("DC601", "main", 58, 56),
        ("DC601", "side", 6, 8),
    ]
    assert "(+2)" in sizes[0].message and "(-2)" in sizes[1].message
    # the same 75 cards: nothing added or removed
    assert "side-swap-cards" not in rules(report)


def test_first_illegal_step_is_one_card(db, chainburn):
    sided = move(chainburn, DIMENSION_WALL, "side", "main", 1)
    found = swap_violations(chainburn, sided, db)
    assert [(v.section, v.count, v.limit) for v in found] == [("main", 57, 56), ("side", 7, 8)]


def test_sided_in_card_not_in_the_registered_75(db, chainburn, checker, tmp_path):
    sided = replace(chainburn, OJAMA_TRIO, DROLL, "main")
    # through a real file so the report can point at the line
    path = tmp_path / "current.ydk"
    path.write_text(write_deck(sided, "ydk", db))
    current = load_deck(str(path), db)
    report = check_side(chainburn, current, db, "ocg", OCG_DAY, checker=checker)
    assert not report.valid
    assert "side-swap-sizes" not in rules(report)
    cards = {v.name: v for v in report.violations if v.rule == "side-swap-cards"}
    assert set(cards) == {"Ojama Trio", "Droll & Lock Bird"}
    droll = cards["Droll & Lock Bird"]
    assert (droll.code, droll.count, droll.limit, droll.cards) == ("DC602", 1, 0, [DROLL])
    assert droll.section == "main"
    assert path.read_text().splitlines()[droll.line - 1].strip() == str(DROLL)
    assert "not in the registered 75" in droll.message
    ojama = cards["Ojama Trio"]
    assert (ojama.count, ojama.limit, ojama.line) == (2, 3, None)


def test_extra_deck_monster_sided_into_the_main_deck(db, level8, checker):
    before = checker.check(level8, "ocg", OCG_DAY)
    sided = swap(level8, SCRAP_RECYCLER, BEELZE)
    report = check_side(level8, sided, db, "ocg", OCG_DAY, checker=checker)
    assert new_rules(before, report) == {"extra-deck-card-in-main"}
    (placed,) = [v for v in report.violations if v.rule == "extra-deck-card-in-main"]
    assert placed.cards == [BEELZE] and placed.section == "main"


def test_extra_deck_monster_swapped_with_the_extra_deck_is_legal(db, level8, checker):
    before = checker.check(level8, "ocg", OCG_DAY)
    sided = swap(level8, SCRAP_DRAGON, BEELZE, section="extra")
    report = check_side(level8, sided, db, "ocg", OCG_DAY, checker=checker)
    assert new_rules(before, report) == set()
    assert report.notes[-1].endswith(
        "-1 Scrap Dragon (Extra), +1 Beelze of the Diabolic Dragons (Extra)"
    )


def test_alternate_printing_is_the_same_card_by_default(db, level8):
    other_art = replace(level8, CLEAR_WING_ALT, CLEAR_WING, "side")
    assert other_art.digest() != level8.digest()  # the digest knows printings
    assert swap_violations(level8, other_art, db) == []
    assert changes(level8, other_art, db) == []


def test_alternate_printing_differs_in_strict_mode(db, level8):
    other_art = replace(level8, CLEAR_WING_ALT, CLEAR_WING, "side")
    found = swap_violations(level8, other_art, db, strict=True)
    assert [(v.rule, v.cards, v.count, v.limit) for v in found] == [
        ("side-swap-cards", [CLEAR_WING_ALT], 0, 1),
        ("side-swap-cards", [CLEAR_WING], 1, 0),
    ]
    assert found[0].name == f"Clear Wing Synchro Dragon [{CLEAR_WING_ALT}]"
    assert summary(changes(level8, other_art, db, strict=True)) == (
        f"-1 Clear Wing Synchro Dragon [{CLEAR_WING_ALT}] (Side), "
        f"+1 Clear Wing Synchro Dragon [{CLEAR_WING}] (Side)"
    )


def test_judge_summary_in_the_issue_wording(db):
    ash = 14558127
    ryzeal = deck("AI_Ryzeal", db)
    # a registration whose Side Deck holds two Droll & Lock Bird (the Main Deck has one)
    registered = replace(ryzeal, 83326048, DROLL, "side", 2)
    sided = swap(registered, ash, DROLL, n=2)
    found = changes(registered, sided, db)
    assert summary(found) == ("-2 Ash Blossom & Joyous Spring (Main), +2 Droll & Lock Bird (Main)")
    assert swap_violations(registered, sided, db) == []


def test_summary_lists_side_changes_only_when_the_75_changed(db, chainburn):
    sided = replace(chainburn, MORPHING_JAR, DROLL, "side")
    assert summary(changes(chainburn, sided, db)) == (
        "-1 Morphing Jar (Side), +1 Droll & Lock Bird (Side)"
    )
    assert summary(changes(chainburn, chainburn, db)) == "no changes"
