"""Sizes and placement (rulebook 1.2; cases DR-SIZE-*, DR-EXTRA-* of rule_cases)."""

from __future__ import annotations

import pytest

from deckcheck.validation import Checker

from .helpers import PLAIN, deck, filler


@pytest.fixture(scope="module")
def checker(db):
    return Checker(db, formats={"plain": PLAIN})


def rules(report):
    return [v.rule for v in report.violations]


@pytest.mark.parametrize(("size", "ok"), [(39, False), (40, True), (60, True), (61, False)])
def test_main_deck_size_edges(db, checker, size, ok):
    # DR-SIZE-001: Main Deck 40 to 60 (000 section 1.2)
    main = filler(db, size)
    report = checker.check(deck(db, main, fill_to=0), "plain")
    assert report.valid is ok
    assert rules(report) == ([] if ok else ["main-deck-size"])
    if not ok:
        v = report.violations[0]
        assert (v.count, v.limit) == (size, 40 if size < 40 else 60)


def test_extra_and_side_do_not_count_towards_main(db, checker):
    # DR-SIZE-002: 38 Main + 2 Extra is still a 38-card Main Deck
    report = checker.check(
        deck(
            db,
            fill_to=38,
            extra=["Thousand-Eyes Restrict", "Dragon Master Knight"],
            side=filler(db, 5, skip=13),
        ),
        "plain",
    )
    assert rules(report) == ["main-deck-size"]


@pytest.mark.parametrize(
    ("section", "size", "ok"),
    [
        ("extra", 0, True),
        ("extra", 15, True),
        ("extra", 16, False),
        ("side", 0, True),
        ("side", 15, True),
        ("side", 16, False),
    ],
)
def test_extra_and_side_size_edges(db, checker, section, size, ok):
    # DR-SIZE-003/004: Extra Deck and Side Deck 0 to 15
    extra_names = [
        "Decode Talker",
        "Stardust Dragon",
        "Number 39: Utopia",
        "Thousand-Eyes Restrict",
        "Black Rose Dragon",
        "Accesscode Talker",
    ]
    cards = {
        "extra": [n for n in extra_names for _ in range(3)][:size],
        "side": filler(db, size, skip=14),
    }
    d = deck(db, filler(db, 40), fill_to=40, **{section: cards[section]})
    report = checker.check(d, "plain")
    expected = [] if ok else [f"{section}-deck-size"]
    assert rules(report) == expected


def test_largest_legal_deck(db, checker):
    # DR-SIZE-005: 60 / 15 / 15 with no name over three copies
    extra = [
        "Decode Talker",
        "Stardust Dragon",
        "Number 39: Utopia",
        "Black Rose Dragon",
        "Accesscode Talker",
    ]
    main = filler(db, 60)
    side = [c for c in filler(db, 60, skip=0)][:0] or None
    side = [
        n
        for n in ("Pot of Duality", "Raigeki", "Dark Hole", "Monster Reborn", "Mirror Force")
        for _ in range(3)
    ]
    report = checker.check(
        deck(db, main, extra=[n for n in extra for _ in range(3)], side=side, fill_to=0), "plain"
    )
    assert report.violations == [] and report.valid
    assert (report.deck.main, report.deck.extra, report.deck.side) == (60, 15, 15)


@pytest.mark.parametrize(
    "name",
    [
        "Decode Talker",
        "Stardust Dragon",
        "Number 39: Utopia",
        "Thousand-Eyes Restrict",
        "Odd-Eyes Rebellion Dragon",
    ],
)
def test_extra_deck_monsters_not_in_main(db, checker, name):
    # Fusion/Synchro/Xyz/Link (pendulum hybrids too: DR-EXTRA-004) belong in the Extra Deck
    report = checker.check(deck(db, [name], fill_to=40), "plain")
    assert rules(report) == ["extra-deck-card-in-main"]
    assert report.violations[0].name == name
    ok = checker.check(deck(db, fill_to=40, extra=[name]), "plain")
    assert ok.valid


@pytest.mark.parametrize(
    "name", ["Dark Magician", "Pot of Greed", "Mirror Force", "Odd-Eyes Pendulum Dragon"]
)
def test_main_deck_cards_not_in_extra(db, checker, name):
    # DR-EXTRA-003: a plain Pendulum monster is built into the Main Deck
    report = checker.check(deck(db, fill_to=40, extra=[name]), "plain")
    assert rules(report) == ["main-deck-card-in-extra"]


def test_side_deck_may_hold_extra_deck_monsters(db, checker):
    report = checker.check(deck(db, fill_to=40, side=["Decode Talker"]), "plain")
    assert report.valid


def test_tokens_are_not_deck_cards(db, checker):
    token = next(c for c in db.find_all("Sheep Token") if c.passcode)
    report = checker.check(deck(db, [token.passcode], fill_to=41), "plain")
    assert rules(report) == ["not-a-deck-card"]


def test_every_violation_is_reported(db, checker):
    d = deck(db, ["Decode Talker"], extra=["Dark Magician"] * 16, fill_to=39)
    found = rules(checker.check(d, "plain"))
    assert found.count("main-deck-size") == 1
    assert found.count("extra-deck-size") == 1
    assert found.count("extra-deck-card-in-main") == 1
    assert found.count("main-deck-card-in-extra") == 16
    assert "copy-limit" in found


def test_unknown_passcodes_are_grouped_with_count(db, checker):
    d = deck(db, [99999999, 99999999], fill_to=40)
    report = checker.check(d, "plain")
    assert rules(report) == ["unknown-card"]
    v = report.violations[0]
    assert v.count == 2 and v.cards == [99999999] and v.code == "DC002"
