"""Side plans (YAML out:/in:) applied to a registered deck, or refused with every reason."""

from __future__ import annotations

import pytest

from deckcheck.cards.suggest import SuggestionBudget
from deckcheck.event.side import (
    PlanRefused,
    apply_plan,
    changes,
    read_plan,
    summary,
    swap_violations,
)
from deckcheck.io.errors import InputError
from tests.cards.test_suggest import compared  # noqa: F401 (a fixture)

from .helpers import CLEAR_WING, CLEAR_WING_ALT, deck


@pytest.fixture(scope="module")
def chainburn(db):
    return deck("AI_ChainBurn", db)


@pytest.fixture(scope="module")
def level8(db):
    return deck("AI_Level8", db)


def refusal(registered, text, db, strict=False) -> list[str]:
    with pytest.raises(PlanRefused) as caught:
        apply_plan(registered, read_plan(text, "plan.yaml"), db, strict)
    return caught.value.reasons


def test_two_for_two_plan(db, chainburn):
    plan = read_plan("out:\n  - 2 Just Desserts\nin:\n  - 2x Dimension Wall\n")
    sided = apply_plan(chainburn, plan, db)
    assert sided.sizes() == chainburn.sizes()
    assert swap_violations(chainburn, sided, db) == []
    assert summary(changes(chainburn, sided, db)) == (
        "-2 Just Desserts (Main), +2 Dimension Wall (Main)"
    )
    assert chainburn.counts("side")[24068492] == 0  # the registered deck is untouched


def test_every_entry_form(db, chainburn):
    plan = read_plan(
        "out:\n"
        "  - Just Desserts x1\n"
        "  - {card: 29843091, count: 2, section: main}\n"
        "  - Threatening Roar: 1\n"
        "in:\n"
        "  - 33508719\n"  # Morphing Jar by passcode
        "  - {name: dimension wall, count: 3}\n"  # any letter case
    )
    sided = apply_plan(chainburn, plan, db)
    # in the registered deck's order
    assert summary(changes(chainburn, sided, db)) == (
        "-1 Just Desserts (Main), -2 Ojama Trio (Main), -1 Threatening Roar (Main), "
        "+1 Morphing Jar (Main), +3 Dimension Wall (Main)"
    )


def test_plan_as_mappings(db, chainburn):
    plan = read_plan("out: {Just Desserts: 1}\nin: {Morphing Jar: 1}\n")
    assert len(apply_plan(chainburn, plan, db).main) == 56


def test_uneven_plan_is_refused_with_the_sizes(db, chainburn):
    reasons = refusal(chainburn, "out: [2 Just Desserts]\nin: [1 Dimension Wall]\n", db)
    assert reasons == [
        "the plan takes 2 out of the Main Deck and puts 1 in: it would have 55 cards "
        "instead of 56 (sizes must not change, rulebook 1.2.3)"
    ]


def test_card_not_in_the_side_deck_is_refused(db, chainburn):
    reasons = refusal(chainburn, "out: [Just Desserts]\nin: [Droll & Lock Bird]\n", db)
    assert reasons == ["in[1]: 1 Droll & Lock Bird to side in, the Side Deck has 0"]


def test_more_copies_than_the_deck_has(db, chainburn):
    reasons = refusal(chainburn, "out: [4 Just Desserts]\nin: [4 Dimension Wall]\n", db)
    assert reasons == [
        "out[1]: 4 Just Desserts to take out, the Main Deck or Extra Deck has 3",
        "in[1]: 4 Dimension Wall to side in, the Side Deck has 3",
    ]


def test_every_reason_at_once(db, chainburn):
    reasons = refusal(
        chainburn,
        "out: [Just Desert, 5 Ojama Trio]\nin: [{card: 99999999}, Morphing Jar]\n",
        db,
    )
    assert reasons == [
        "out[1]: unknown card 'Just Desert' (did you mean Just Desserts?)",
        "out[2]: 5 Ojama Trio to take out, the Main Deck or Extra Deck has 3",
        "in[1]: unknown passcode 99999999",
    ]


def test_sizes_are_judged_once_every_entry_is_understood(db, chainburn):
    reasons = refusal(chainburn, "out: [2 Ojama Trio]\nin: [Morphing Jar]\n", db)
    assert reasons == [
        "the plan takes 2 out of the Main Deck and puts 1 in: it would have 55 cards "
        "instead of 56 (sizes must not change, rulebook 1.2.3)"
    ]


def test_extra_deck_monster_goes_to_the_extra_deck(db, level8):
    plan = read_plan("out: [Scrap Dragon]\nin: [Beelze of the Diabolic Dragons]\n")
    sided = apply_plan(level8, plan, db)
    assert 34408491 in sided.counts("extra") and sided.sizes() == level8.sizes()


def test_extra_deck_monster_into_the_main_deck_is_refused(db, level8):
    reasons = refusal(
        level8,
        "out: [Scrap Recycler]\nin: [{card: Beelze of the Diabolic Dragons, section: main}]\n",
        db,
    )
    assert reasons == [
        "in[1]: Beelze of the Diabolic Dragons is an Extra Deck monster and cannot go into "
        "the Main Deck"
    ]


def test_plan_passcode_and_printings(db, level8):
    text = f"out: [Scrap Dragon]\nin: [{CLEAR_WING}]\n"
    # by default any printing in the Side Deck will do
    sided = apply_plan(level8, read_plan(text), db)
    assert sided.counts("extra")[CLEAR_WING_ALT] == 1
    # strictly, the Side Deck holds the other artwork only
    assert refusal(level8, text, db, strict=True) == [
        "in[1]: 1 Clear Wing Synchro Dragon to side in, the Side Deck has 0"
    ]


def test_a_whole_name_wins_over_a_count_prefix(db, chainburn):
    # "7 Colored Fish" is a card: not 7 copies of "Colored Fish"
    reasons = refusal(chainburn, "out: [7 Colored Fish]\nin: [Morphing Jar]\n", db)
    assert reasons[0] == "out[1]: 1 7 Colored Fish to take out, the Main Deck or Extra Deck has 0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- a list", "must be a mapping with out: and/or in:"),
        ("out: [a\n", "not valid YAML"),
        ("a: &x [1]\nout: *x\n", "aliases are not allowed"),
        ("out: []\ninn: []\n", "unknown key(s) inn"),
        ("out: [{card: Raigeki, count: 0}]\n", "count must be a whole number from 1 to 75"),
        ("out: [{card: Raigeki, section: side}]\n", "section must be main or extra"),
        ("out: [[1, 2]]\n", "expected a card entry, got a list"),
        ("out: 3\n", "out: expected a list of cards"),
    ],
)
def test_malformed_plans(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_plan(text)


def test_empty_lists_give_the_registered_deck(db, chainburn):
    sided = apply_plan(chainburn, read_plan("out: []\nin: []\n"), db)
    assert sided.digest() == chainburn.digest()


def test_huge_plan_is_refused():
    with pytest.raises(InputError, match="larger than 64 KiB"):
        read_plan("out:\n" + "  - Raigeki\n" * 10_000)


# card names with commas (issue 12) and the suggestion budget of a plan (issue 11.16)

FLOW = (
    "out: [2 Raiden, Hand of the Lightsworn, 1 Scrap Dragon]\n"
    "in: [2 The Phantom Knights of Ancient Cloak, 1 Brionac, Dragon of the Ice Barrier]\n"
)
CHANGED = (
    "-2 Raiden, Hand of the Lightsworn (Main), +2 The Phantom Knights of Ancient Cloak (Main), "
    "-1 Scrap Dragon (Extra), +1 Brionac, Dragon of the Ice Barrier (Extra)"
)


@pytest.mark.parametrize(
    "text",
    [
        FLOW,  # the README's flow style: YAML cuts each name at its comma
        'out: ["2 Raiden, Hand of the Lightsworn", 1 Scrap Dragon]\n'  # quoted
        'in: [2 The Phantom Knights of Ancient Cloak, "1 Brionac, Dragon of the Ice Barrier"]\n',
        "out:\n  - 2 Raiden, Hand of the Lightsworn\n  - Scrap Dragon\n"
        "in:\n  - The Phantom Knights of Ancient Cloak x2\n"
        "  - Brionac, Dragon of the Ice Barrier: 1\n",  # block style needs no quotes
    ],
)
def test_names_with_commas(db, level8, text):
    sided = apply_plan(level8, read_plan(text), db)
    assert summary(changes(level8, sided, db)) == CHANGED


def test_comma_pieces_that_are_cards_stay_apart(db, chainburn):
    plan = read_plan("out: [1 Just Desserts, 1 Ojama Trio]\nin: [2 Dimension Wall]\n")
    sided = apply_plan(chainburn, plan, db)
    assert summary(changes(chainburn, sided, db)) == (
        "-1 Just Desserts (Main), -1 Ojama Trio (Main), +2 Dimension Wall (Main)"
    )


def test_a_piece_that_joins_no_card_is_named(db, level8):
    reasons = refusal(level8, "out: [2 Raiden, Hand of the Lightsworns]\nin: []\n", db)
    assert len(reasons) == 2
    assert reasons[0].startswith("out[1]: unknown card '2 Raiden' (did you mean")
    assert reasons[1].startswith("out[2]: unknown card 'Hand of the Lightsworns' (did you mean")


def test_a_plan_of_repeated_unknown_entries_searches_once(db, chainburn, compared):  # noqa: F811
    counter = compared(db.name_index().worst)
    text = "out:\n" + "  - 1 Qqzx Vwkj\n" * 2500
    assert len(text) > 40_000
    reasons = refusal(chainburn, text, db)
    assert len(reasons) == 2500 and counter.names > 0


def test_a_plan_of_distinct_unknown_entries_is_on_a_budget(db, chainburn, compared):  # noqa: F811
    counter = compared(SuggestionBudget().comparisons + db.name_index().worst)
    text = "out:\n" + "".join(f"  - 1 Qqzx Vwkj {n}\n" for n in range(2000))
    reasons = refusal(chainburn, text, db)
    assert len(reasons) == 2000
    assert reasons[-1] == (
        "out[2000]: unknown card '1 Qqzx Vwkj 1999' (no suggestions: the search budget is spent)"
    )
    assert counter.names > 0
