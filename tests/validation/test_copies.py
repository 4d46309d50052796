"""Three copies per card name, counted across Main+Extra+Side by name keys.

Rulebook 1.2.1 (same name, three copies), 1.2.1.1 (names by rule vs names by effect);
rule cases DR-COPY-*, DR-NAME-*.
"""

from __future__ import annotations

import pytest

from deckcheck.validation import Checker

from .helpers import PLAIN, code, deck

APOLLOUSA = "Apollousa, Bow of the Goddess"


@pytest.fixture(scope="module")
def checker(db):
    return Checker(db, formats={"plain": PLAIN})


def copy_violations(report):
    return [v for v in report.violations if v.rule == "copy-limit"]


@pytest.mark.parametrize(("n", "ok"), [(3, True), (4, False)])
def test_three_copies_of_one_card(db, checker, n, ok):
    report = checker.check(deck(db, ["Pot of Duality"] * n), "plain")
    assert report.valid is ok
    if not ok:
        (v,) = copy_violations(report)
        assert (v.name, v.count, v.limit, v.code) == ("Pot of Duality", 4, 3, "DC201")


@pytest.mark.parametrize(("main", "side", "ok"), [(2, 1, True), (2, 2, False), (0, 4, False)])
def test_side_deck_copies_count(db, checker, main, side, ok):
    report = checker.check(deck(db, ["Raigeki"] * main, side=["Raigeki"] * side), "plain")
    assert report.valid is ok


def test_extra_deck_copies_count(db, checker):
    report = checker.check(deck(db, extra=["Decode Talker"] * 3, side=["Decode Talker"]), "plain")
    (v,) = copy_violations(report)
    assert v.count == 4


@pytest.mark.parametrize(
    ("treated", "named", "n_treated", "n_named", "ok"),
    [
        ("Harpie Lady 1", "Harpie Lady", 2, 1, True),
        ("Harpie Lady 1", "Harpie Lady", 2, 2, False),
        ("Cyber Harpie Lady", "Harpie Lady", 3, 1, False),
        ("A Legendary Ocean", "Umi", 1, 2, True),
        ("A Legendary Ocean", "Umi", 2, 2, False),
        ("Fusion Substitute", "Polymerization", 3, 1, False),
    ],
)
def test_always_treated_as_counts_with_that_name(
    db, checker, treated, named, n_treated, n_named, ok
):
    report = checker.check(deck(db, [treated] * n_treated + [named] * n_named), "plain")
    assert report.valid is ok
    if not ok:
        (v,) = copy_violations(report)
        assert v.name == named
        assert f"{treated} is always treated as {named}" in v.message


def test_harpie_ladies_pool_together(db, checker):
    names = ["Harpie Lady 1", "Harpie Lady 2", "Harpie Lady 3", "Cyber Harpie Lady"]
    report = checker.check(deck(db, names), "plain")
    (v,) = copy_violations(report)
    assert (v.name, v.count) == ("Harpie Lady", 4)
    assert len(v.cards) == 4


@pytest.mark.parametrize(("eyes", "ok"), [(3, True), (4, False)])
def test_also_always_treated_as_keeps_own_name(db, checker, eyes, ok):
    # The Eye of Timaeus keeps its own name and also has "Legendary Dragon Timaeus"
    eye = db.find("The Eye of Timaeus")
    assert eye.name_keys == ("The Eye of Timaeus", "Legendary Dragon Timaeus")
    assert [c.name for c in db.with_name_key("Legendary Dragon Timaeus")] == [eye.name]
    report = checker.check(deck(db, ["The Eye of Timaeus"] * eyes), "plain")
    assert report.valid is ok
    if not ok:
        (v,) = copy_violations(report)  # one problem, reported once
        assert v.name == "The Eye of Timaeus" and v.count == 4


def test_alternate_artworks_are_one_card(db, checker):
    # Apollousa, Bow of the Goddess has two passcodes
    report = checker.check(deck(db, extra=[4280258, 4280258, 4280259, 4280259]), "plain")
    (v,) = copy_violations(report)
    assert v.count == 4 and v.cards == [4280258, 4280259]
    assert "artworks of one card" in v.message
    assert checker.check(deck(db, extra=[4280258, 4280259, 4280259]), "plain").valid


def test_name_changed_by_effect_counts_separately(db, checker):
    # Cyber Dragon Zwei is Cyber Dragon only through its effect: 3 + 3 is legal
    report = checker.check(deck(db, ["Cyber Dragon"] * 3 + ["Cyber Dragon Zwei"] * 3), "plain")
    assert report.valid
    assert any("only through its own effect" in n and "1.2.1.1" in n for n in report.notes)
    bad = checker.check(deck(db, ["Cyber Dragon Zwei"] * 4), "plain")
    assert [v.name for v in copy_violations(bad)] == ["Cyber Dragon Zwei"]


def test_name_counts_of_some_names_are_name_counts_entry_for_entry(db, checker):
    """What the status rule reads for the names over their limit (``name_counts_of``, from
    the card data's passcodes of each name) is ``name_counts`` (a pass over the deck), in
    the same order: names by rule (Harpie Lady 1, 2 are always Harpie Lady), artworks of
    one card (Apollousa's two passcodes, the later one first), sections apart."""
    from deckcheck.decks.codecs import load_deck
    from tests.conftest import DECKS

    mixed = deck(
        db,
        main=["Harpie Lady 2", "Harpie Lady", "Pot of Duality"],
        extra=[4280259, 4280258],
        side=["Harpie Lady 1", "Harpie Lady 2", 4280259],
    )
    decks = [mixed, *(load_deck(str(p), db) for p in sorted(DECKS.glob("*.ydk")))]
    for one in decks:
        whole = checker.context(one, "plain").name_counts
        keys = list(whole)
        some = checker.context(one, "plain").name_counts_of(keys)  # a fresh context
        assert [(k, list(some[k].items())) for k in keys] == [
            (k, list(whole[k].items())) for k in keys
        ]
    mixed_counts = checker.context(mixed, "plain").name_counts_of(["Harpie Lady", APOLLOUSA])
    harpies = [code(db, "Harpie Lady 2"), code(db, "Harpie Lady"), code(db, "Harpie Lady 1")]
    assert list(mixed_counts["Harpie Lady"].items()) == list(zip(harpies, [2, 1, 1], strict=True))
    assert list(mixed_counts[APOLLOUSA].items()) == [(4280259, 2), (4280258, 1)]
