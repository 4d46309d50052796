"""Exact condition probabilities by counting hands.

Cards are pooled into *atoms*: the cards that belong to exactly the same categories of the
condition. Atoms are disjoint, so the numbers drawn from them follow the multivariate
hypergeometric distribution; when categories overlap, a category's count is the sum over
the atoms inside it. A dynamic programme over the atoms keeps, per number of cards drawn,
each category's count capped where the condition stops caring, weighting each state by the
number of hands that reach it (products of binomial coefficients, in integers).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb, prod

from deckcheck.stats.conditions import Condition, caps

HYPERGEOMETRIC = "hypergeometric"
MULTIVARIATE = "multivariate hypergeometric"
ENUMERATION = "exact enumeration over overlapping groups"
MONTE_CARLO = "monte carlo"

# work units (state x atom x draw) one exact evaluation may use before sampling instead
DEFAULT_BUDGET = 2_000_000


@dataclass(frozen=True)
class Membership:
    """``copies`` cards of the deck that belong to ``categories``."""

    copies: int
    categories: frozenset[str]


@dataclass(frozen=True)
class ExactResult:
    values: tuple[float, ...]  # one per requested hand size
    method: str


def atoms(cards: Iterable[Membership], names: Iterable[str]) -> dict[frozenset[str], int]:
    """Card counts per membership pattern restricted to ``names`` (empty = other cards)."""
    keep = frozenset(names)
    found: dict[frozenset[str], int] = defaultdict(int)
    for card in cards:
        found[card.categories & keep] += card.copies
    return dict(found)


def method_for(pools: dict[frozenset[str], int], names: Sequence[str]) -> str:
    """Name the exact method: disjoint groups are plain (multivariate) hypergeometric."""
    used = [p for p, n in pools.items() if p and n]
    if all(len(p) == 1 for p in used):
        return HYPERGEOMETRIC if len(names) == 1 else MULTIVARIATE
    return ENUMERATION


def work_estimate(pools: dict[frozenset[str], int], limits: dict[str, int], depth: int) -> int:
    states = (depth + 1) * prod(limit + 1 for limit in limits.values())
    return states * max(1, len(pools)) * (depth + 1)


def exact_condition(
    condition: Condition,
    cards: Sequence[Membership],
    deck_size: int,
    hand_sizes: Sequence[int],
    budget: int = DEFAULT_BUDGET,
) -> ExactResult | None:
    """P(condition) for each hand size, exactly; None when over ``budget``."""
    limits = caps(condition)
    names = sorted(limits)
    pools = atoms(cards, names)
    depth = max(hand_sizes)
    if work_estimate(pools, limits, depth) > budget:
        return None
    other = pools.pop(frozenset(), 0)
    other += deck_size - sum(c.copies for c in cards)  # cards outside ``cards`` count too
    index = {name: i for i, name in enumerate(names)}
    ceiling = tuple(limits[n] for n in names)
    states: dict[tuple[int, tuple[int, ...]], int] = {(0, (0,) * len(names)): 1}
    for pattern, size in pools.items():
        members = [index[n] for n in pattern]
        grown: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
        for (drawn, counts), ways in states.items():
            for x in range(min(size, depth - drawn) + 1):
                moved = list(counts)
                for i in members:
                    moved[i] = min(ceiling[i], moved[i] + x)
                grown[(drawn + x, tuple(moved))] += ways * comb(size, x)
        states = grown
    values = []
    for hand in hand_sizes:
        good = 0
        for (drawn, counts), ways in states.items():
            if drawn <= hand and condition.holds(dict(zip(names, counts, strict=True))):
                good += ways * comb(other, hand - drawn)
        values.append(good / comb(deck_size, hand))
    return ExactResult(tuple(values), method_for({**pools, frozenset(): other}, names))
