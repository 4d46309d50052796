"""Exact single-group probabilities against numbers worked out by hand."""

from __future__ import annotations

from itertools import combinations

import pytest

from deckcheck.stats.hypergeom import p_at_least, p_exactly


def test_three_copies_in_forty_opening_five():
    # 1 - C(37,5)/C(40,5) with C(40,5) = 658008 and C(37,5) = 435897
    assert p_at_least(3, 40, 5) == pytest.approx(1 - 435897 / 658008, abs=1e-15)
    assert round(p_at_least(3, 40, 5), 6) == 0.337551


def test_three_copies_in_forty_going_second_six():
    # C(40,6) = 3838380, C(37,6) = 2324784
    assert p_at_least(3, 40, 6) == pytest.approx(1 - 2324784 / 3838380, abs=1e-15)


def test_one_copy_is_hand_over_deck():
    assert p_at_least(1, 40, 5) == pytest.approx(5 / 40)
    assert p_at_least(1, 60, 6) == pytest.approx(6 / 60)


def test_brute_force_small_deck():
    deck = ["x"] * 4 + ["o"] * 8
    hands = list(combinations(range(12), 5))
    for k in range(5):
        hits = sum(1 for h in hands if sum(deck[i] == "x" for i in h) >= k)
        assert p_at_least(4, 12, 5, k) == pytest.approx(hits / len(hands), abs=1e-15)
        exact = sum(1 for h in hands if sum(deck[i] == "x" for i in h) == k)
        assert p_exactly(4, 12, 5, k) == pytest.approx(exact / len(hands), abs=1e-15)


def test_edges():
    assert p_at_least(0, 40, 5) == 0.0
    assert p_at_least(40, 40, 5) == 1.0
    assert p_at_least(36, 40, 5) == 1.0  # only 4 other cards: 5 must include one
    assert p_at_least(35, 40, 5) < 1.0
    assert p_at_least(3, 40, 5, k=4) == 0.0
    assert p_at_least(3, 40, 5, k=0) == 1.0


def test_impossible_draws_are_refused():
    with pytest.raises(ValueError):
        p_at_least(3, 40, 41)
    with pytest.raises(ValueError):
        p_at_least(41, 40, 5)
