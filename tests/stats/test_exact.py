"""Exact condition probabilities against brute-force enumeration and closed forms."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

from deckcheck.stats.conditions import parse_condition
from deckcheck.stats.exact import (
    ENUMERATION,
    HYPERGEOMETRIC,
    MULTIVARIATE,
    Membership,
    exact_condition,
)

NAMES = ["a", "b", "c"]


def brute_force(cards: list[Membership], deck_size: int, hand: int, text: str) -> float:
    """Count every hand of card positions; the slow, obviously right answer."""
    condition = parse_condition(text, NAMES)
    deck: list[frozenset[str]] = []
    for card in cards:
        deck += [card.categories] * card.copies
    deck += [frozenset()] * (deck_size - len(deck))
    good = 0
    total = 0
    for chosen in combinations(range(deck_size), hand):
        counts = {n: sum(n in deck[i] for i in chosen) for n in NAMES}
        good += bool(condition.holds(counts))
        total += 1
    return good / total


OVERLAPPING = [
    Membership(3, frozenset({"a"})),
    Membership(2, frozenset({"a", "b"})),
    Membership(2, frozenset({"b"})),
    Membership(1, frozenset({"b", "c"})),
    Membership(2, frozenset({"c"})),
]
DISJOINT = [
    Membership(3, frozenset({"a"})),
    Membership(2, frozenset({"a"})),
    Membership(4, frozenset({"b"})),
    Membership(2, frozenset({"c"})),
]


@pytest.mark.parametrize(
    "text",
    [
        "1+ a",
        "1+ a and 0 c",
        "2+ b or 1 a + 1 c",
        "exactly 2 a and at most 1 b",
        "(1+ a or 1+ c) and no b",
        "at most 0 a and at most 0 b and at most 0 c",
    ],
)
@pytest.mark.parametrize("cards", [OVERLAPPING, DISJOINT], ids=["overlapping", "disjoint"])
def test_matches_brute_force(cards, text):
    condition = parse_condition(text, NAMES)
    result = exact_condition(condition, cards, 15, [5, 6, 7])
    assert result is not None
    for hand, value in zip([5, 6, 7], result.values, strict=True):
        assert value == pytest.approx(brute_force(cards, 15, hand, text), abs=1e-12)


def test_multivariate_closed_form_forty_cards():
    # 12 starters, 3 bricks, 25 others: P(1+ starter and no brick) in 5 cards
    cards = [Membership(12, frozenset({"a"})), Membership(3, frozenset({"b"}))]
    condition = parse_condition("1+ a and 0 b", NAMES)
    result = exact_condition(condition, cards, 40, [5, 6])
    assert result is not None and result.method == MULTIVARIATE
    for hand, value in zip([5, 6], result.values, strict=True):
        expected = (comb(37, hand) - comb(25, hand)) / comb(40, hand)
        assert value == pytest.approx(expected, abs=1e-15)


def test_methods_are_named():
    single = exact_condition(parse_condition("2+ a", NAMES), DISJOINT, 40, [5])
    assert single is not None and single.method == HYPERGEOMETRIC
    both = exact_condition(parse_condition("1+ a and 1+ b", NAMES), DISJOINT, 40, [5])
    assert both is not None and both.method == MULTIVARIATE
    overlap = exact_condition(parse_condition("1+ a and 1+ b", NAMES), OVERLAPPING, 40, [5])
    assert overlap is not None and overlap.method == ENUMERATION
    # categories that overlap elsewhere but not in the condition stay multivariate
    apart = exact_condition(parse_condition("1+ a and 1+ c", NAMES), OVERLAPPING, 40, [5])
    assert apart is not None and apart.method == MULTIVARIATE


def test_single_category_equals_hypergeometric():
    result = exact_condition(parse_condition("1+ a", NAMES), DISJOINT, 40, [5])
    assert result is not None
    assert result.values[0] == pytest.approx(1 - comb(35, 5) / comb(40, 5), abs=1e-15)


def test_over_budget_gives_none():
    condition = parse_condition("1+ a and 1+ b", NAMES)
    assert exact_condition(condition, OVERLAPPING, 40, [5], budget=10) is None
    assert exact_condition(condition, OVERLAPPING, 40, [5], budget=10_000) is not None
