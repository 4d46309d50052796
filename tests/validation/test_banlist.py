"""Forbidden 0, Limited 1, Semi-Limited 2 from the list in force, applied per card name.

Real list: TCG 2026.05 (in force on 2026-06-01). Definitions: seed 003 (Forbidden /
Limited / Semi-Limited), rule case DR-BAN-*.
"""

from __future__ import annotations

from datetime import date

import pytest

from deckcheck.banlist.model import Banlist, Entry
from deckcheck.validation import Checker

from .helpers import deck

DAY = date(2026, 6, 1)


@pytest.fixture(scope="module")
def checker(db):
    return Checker(db)


def status_violations(report):
    return [v for v in report.violations if v.rule in ("forbidden", "limited")]


@pytest.mark.parametrize(
    ("name", "limit", "status"),
    [
        ("Archnemeses Protos", 0, "forbidden"),
        ("Bonfire", 1, "limited"),
        ("Droll & Lock Bird", 2, "limited"),
    ],
)
def test_each_status_at_its_edge_and_one_over(db, checker, name, limit, status):
    legal = checker.check(deck(db, [name] * limit), "tcg", DAY)
    assert legal.format.banlist == "2026.05"
    assert status_violations(legal) == []
    over = checker.check(deck(db, [name] * (limit + 1)), "tcg", DAY)
    (v,) = status_violations(over)
    assert (v.rule, v.name, v.count, v.limit) == (status, name, limit + 1, limit)
    assert v.code == ("DC301" if status == "forbidden" else "DC302")


def test_status_of_one_printing_applies_to_every_printing(db, checker):
    # the list names Droll & Lock Bird by 94145021; 94145022 is its other artwork
    report = checker.check(deck(db, [94145022, 94145022, 94145022]), "tcg", DAY)
    (v,) = status_violations(report)
    assert v.name == "Droll & Lock Bird" and v.count == 3 and v.cards == [94145022]


def test_side_deck_copies_count_against_the_limit(db, checker):
    report = checker.check(deck(db, ["Bonfire"], side=["Bonfire"]), "tcg", DAY)
    (v,) = status_violations(report)
    assert v.count == 2


class OneList:
    """A store holding one made-up list: Harpie Lady Limited."""

    def __init__(self, db) -> None:
        code = db.find("Harpie Lady").passcode
        self.banlist = Banlist(
            series="tcg", name="test", entries={code: Entry(passcode=code, limit=1)}
        )

    def for_format(self, fmt, on):
        return self.banlist


def test_status_of_a_name_applies_to_cards_treated_as_it(db):
    checker = Checker(db, banlists=OneList(db))
    ok = checker.check(deck(db, ["Harpie Lady 1"]), "tcg", DAY)
    assert status_violations(ok) == []
    report = checker.check(deck(db, ["Harpie Lady 1", "Harpie Lady 2"]), "tcg", DAY)
    (v,) = status_violations(report)
    assert (v.name, v.count, v.limit) == ("Harpie Lady", 2, 1)
    assert "Harpie Lady 2 is always treated as Harpie Lady" in v.message


class TwoNamesLimited(OneList):
    """The Eye of Timaeus (always also "Legendary Dragon Timaeus") and Dark Magician
    Limited."""

    def __init__(self, db) -> None:
        entries = {}
        for name in ("The Eye of Timaeus", "Dark Magician"):
            code = db.find(name).passcode
            entries[code] = Entry(passcode=code, limit=1)
        self.banlist = Banlist(series="tcg", name="test", entries=entries)


def test_a_card_over_under_both_its_names_is_reported_once(db):
    checker = Checker(db, banlists=TwoNamesLimited(db))
    assert db.find("The Eye of Timaeus").name_keys == (
        "The Eye of Timaeus",
        "Legendary Dragon Timaeus",
    )
    # 2 Eyes: over the limit of both its names, one card: one violation, its first name
    report = checker.check(deck(db, ["The Eye of Timaeus"] * 2), "tcg", DAY)
    assert [(v.name, v.count, v.limit) for v in status_violations(report)] == [
        ("The Eye of Timaeus", 2, 1)
    ]
    # two cards of one name each, both over: both reported, in the deck's order
    two = checker.check(deck(db, ["Dark Magician", "Dark Magician"] * 2), "tcg", DAY)
    assert [(v.name, v.count) for v in status_violations(two)] == [("Dark Magician", 4)]
    both = checker.check(deck(db, ["Dark Magician"] * 2 + ["The Eye of Timaeus"] * 2), "tcg", DAY)
    assert [(v.name, v.count) for v in status_violations(both)] == [
        ("Dark Magician", 2),
        ("The Eye of Timaeus", 2),
    ]


def test_effect_only_names_do_not_share_a_status(db):
    # a Limited "Cyber Dragon" does not limit Cyber Dragon Zwei (rulebook 1.2.1.1)
    code = db.find("Cyber Dragon").passcode

    class CyberDragonLimited(OneList):
        def __init__(self, db) -> None:
            self.banlist = Banlist(
                series="tcg", name="test", entries={code: Entry(passcode=code, limit=1)}
            )

    checker = Checker(db, banlists=CyberDragonLimited(db))
    report = checker.check(deck(db, ["Cyber Dragon"] + ["Cyber Dragon Zwei"] * 3), "tcg", DAY)
    assert status_violations(report) == []
