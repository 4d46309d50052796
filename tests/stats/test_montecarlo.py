"""The sampler: real shuffles, seeded, and in agreement with the exact answers."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from deckcheck.stats.conditions import parse_condition
from deckcheck.stats.exact import Membership, exact_condition
from deckcheck.stats.montecarlo import deal, estimate_conditions, wilson

NAMES = ["starters", "extenders", "bricks", "hand traps"]
DISJOINT = [
    Membership(12, frozenset({"starters"})),
    Membership(6, frozenset({"extenders"})),
    Membership(3, frozenset({"bricks"})),
    Membership(9, frozenset({"hand traps"})),
]
CONDITIONS = [
    "1+ starters and 0 bricks",
    "2+ hand traps or 1 starter + 1 extender",
    "exactly 1 starters and at most 1 extenders",
]


def test_deal_draws_without_replacement_from_the_deck():
    deck = np.array([0, 0, 0, 1, 2, 3, 4, 5, 6, 7], dtype=np.int16)
    hands = deal(deck, 10, 2000, np.random.default_rng(3))
    expected = Counter(deck.tolist())
    for row in hands[:200]:
        assert Counter(row.tolist()) == expected  # a full deal is a permutation
    # every position is uniform: card 0 (3 of 10) sits first about 30% of the time
    share = float(np.mean(hands[:, 0] == 0))
    assert 0.26 < share < 0.34


def test_wilson_interval_known_values():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 100)[0] == 0.0
    assert wilson(100, 100)[1] == 1.0


def test_same_seed_same_figures_other_seed_other_figures():
    conditions = [parse_condition(CONDITIONS[0], NAMES)]
    first = estimate_conditions(conditions, DISJOINT, 40, [5], 20_000, seed=7)
    again = estimate_conditions(conditions, DISJOINT, 40, [5], 20_000, seed=7)
    other = estimate_conditions(conditions, DISJOINT, 40, [5], 20_000, seed=8)
    assert first == again
    assert first != other


@pytest.mark.parametrize("text", CONDITIONS)
def test_monte_carlo_interval_holds_the_exact_value(text):
    condition = parse_condition(text, NAMES)
    exact = exact_condition(condition, DISJOINT, 40, [5, 6, 7])
    assert exact is not None
    (estimates,) = estimate_conditions([condition], DISJOINT, 40, [5, 6, 7], 200_000, seed=1)
    for value, estimate in zip(exact.values, estimates, strict=True):
        assert estimate.low <= value <= estimate.high
        assert estimate.high - estimate.low < 0.006  # 200,000 hands: about +-0.2 points
