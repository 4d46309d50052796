"""Seeded Monte Carlo estimates for conditions too large to count exactly.

Hands are the first cards of shuffled decks: a partial Fisher-Yates shuffle run on a whole
batch of decks at once (one numpy operation per card drawn), so the cards seen by turn t
are a prefix of the same shuffle.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from deckcheck.stats.conditions import Condition
from deckcheck.stats.exact import Membership

Z95 = 1.959963984540054
BATCH = 50_000


@dataclass(frozen=True)
class Estimate:
    value: float
    low: float
    high: float
    samples: int


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval for a binomial proportion."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = p + Z95 * Z95 / (2 * n)
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    scale = 1 + Z95 * Z95 / n
    low = 0.0 if hits == 0 else max(0.0, (centre - spread) / scale)
    high = 1.0 if hits == n else min(1.0, (centre + spread) / scale)
    return low, high


def deal(deck: np.ndarray, depth: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """``samples`` shuffles of ``deck`` (card ids), first ``depth`` cards each, in order."""
    size = deck.shape[0]
    if not 0 < depth <= size:
        raise ValueError(f"cannot draw {depth} cards from {size}")
    decks = np.tile(deck, (samples, 1))
    rows = np.arange(samples)
    for i in range(depth):
        j = rng.integers(i, size, samples)
        picked = decks[rows, j]
        decks[rows, j] = decks[:, i]
        decks[:, i] = picked
    return decks[:, :depth]


def estimate_conditions(
    conditions: Sequence[Condition],
    cards: Sequence[Membership],
    deck_size: int,
    hand_sizes: Sequence[int],
    samples: int,
    seed: int,
) -> list[list[Estimate]]:
    """Per condition, per hand size: the sampled probability with its 95% interval."""
    names = sorted({n for c in cards for n in c.categories})
    column = {n: i for i, n in enumerate(names)}
    # card id 0 is "any other card"; ids 1.. are the cards with categories
    member = np.zeros((len(cards) + 1, max(1, len(names))), dtype=np.int16)
    ids = []
    for card_id, card in enumerate(cards, start=1):
        for n in card.categories:
            member[card_id, column[n]] = 1
        ids += [card_id] * card.copies
    deck = np.array(ids + [0] * (deck_size - len(ids)), dtype=np.int16)
    depth = max(hand_sizes)
    rng = np.random.default_rng(seed)
    hits = np.zeros((len(conditions), len(hand_sizes)), dtype=np.int64)
    done = 0
    while done < samples:
        batch = min(BATCH, samples - done)
        seen = np.cumsum(member[deal(deck, depth, batch, rng)], axis=1)
        for h, hand in enumerate(hand_sizes):
            counts = {n: seen[:, hand - 1, column[n]] for n in names}
            for c, condition in enumerate(conditions):
                hits[c, h] += int(np.count_nonzero(condition.holds(_Defaulting(counts, batch))))
        done += batch
    return [
        [
            Estimate(int(hits[c, h]) / samples, *wilson(int(hits[c, h]), samples), samples)
            for h in range(len(hand_sizes))
        ]
        for c in range(len(conditions))
    ]


class _Defaulting(dict):
    """Counts by category; a category no card belongs to has count 0 in every hand."""

    def __init__(self, counts: dict[str, np.ndarray], batch: int) -> None:
        super().__init__(counts)
        self.batch = batch

    def __missing__(self, key: str) -> np.ndarray:
        return np.zeros(self.batch, dtype=np.int16)
