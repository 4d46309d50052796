"""Hand-statistics benchmarks: hands sampled per second, and one exact evaluation.

Run: python bench/bench_hands.py [--runs N]. Prints medians; record them in bench/README.md.
Sampling runs on one core (numpy, no threads). The exact evaluation is a real 60-card deck
with 5 categories (two overlap) and 4 conditions, both goings, 3 turns.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

from deckcheck.cards.db import CardDB
from deckcheck.decks.codecs import load_deck
from deckcheck.stats.analysis import analyse_hands
from deckcheck.stats.categories import parse_categories
from deckcheck.stats.conditions import parse_condition
from deckcheck.stats.exact import (
    DEFAULT_BUDGET,
    Membership,
    atoms,
    caps,
    exact_condition,
    work_estimate,
)
from deckcheck.stats.montecarlo import deal, estimate_conditions

ROOT = Path(__file__).resolve().parents[1]
DECK60 = ROOT.parent / "shared" / "data" / "decks" / "AI_Witchcraft.ydk"
BATCH = 100_000

CATEGORIES = """
categories:
  starters: [Witchcrafter Genni, Witchcrafter Pittore, Witchcrafter Potterie, Witchcrafter Creation]
  extenders: [{archetype: Witchcrafter, kind: spell}, Witchcrafter Schmietta]
  hand traps: [Ash Blossom & Joyous Spring, Maxx "C", Infinite Impermanence]
  spells: [{kind: spell}]
  bricks: [{kind: monster, level: [7, 8, 9, 10]}]
conditions:
  opens: 1+ starters and at most 1 bricks
  combo: 1 starter + 1 extender or 2+ starters
  interaction: 2+ hand traps or (1+ hand traps and 2+ spells)
  dead: no starters and no extenders
"""


def median_rate(runs: int, work: int, action) -> float:
    rates = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        rates.append(work / (time.perf_counter() - started))
    return statistics.median(rates)


def sampling(runs: int) -> None:
    rng = np.random.default_rng(1)
    deck = np.arange(40, dtype=np.int16)
    for hand in (5, 6, 8):
        rate = median_rate(runs, BATCH, lambda h=hand: deal(deck, h, BATCH, rng))
        print(f"deal only, 40-card deck, {hand}-card hands: {rate:,.0f} hands/s")
    names = ["starters", "extenders", "bricks", "hand traps"]
    cards = [
        Membership(12, frozenset({"starters"})),
        Membership(6, frozenset({"extenders"})),
        Membership(3, frozenset({"bricks"})),
        Membership(6, frozenset({"hand traps", "extenders"})),
    ]
    conditions = [
        parse_condition(t, names)
        for t in ("1+ starters and 0 bricks", "2+ hand traps or 1 starter + 1 extender")
    ]

    def evaluate() -> None:
        estimate_conditions(conditions, cards, 40, [6], BATCH, seed=2)

    rate = median_rate(runs, BATCH, evaluate)
    print(f"Monte Carlo end to end (deal, count, 2 conditions), 6-card hands: {rate:,.0f} hands/s")


def exact(runs: int) -> None:
    db = CardDB.open()
    deck = load_deck(str(DECK60), db)
    groups = parse_categories(CATEGORIES, db)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        stats = analyse_hands(deck, db, groups, turns=3)
        times.append(time.perf_counter() - started)
    methods = sorted({c.method for c in stats.conditions})
    print(
        f"exact evaluation, {stats.deck.main}-card deck, {len(groups.categories)} categories, "
        f"{len(groups.conditions)} conditions x 2 goings x 3 turns: "
        f"median {statistics.median(times) * 1000:.1f} ms ({', '.join(methods)})"
    )


def near_budget(runs: int) -> None:
    """A synthetic worst case: 5 heavily overlapping categories, 60 cards, hands of 5 to 8."""
    names = ["a", "b", "c", "d", "e"]
    cards = [Membership(2, frozenset(names[i % 5 : i % 5 + 1 + i % 3])) for i in range(30)]
    condition = parse_condition("2+ a and 2+ b and 2+ c and at most 2 d and 1+ e", names)
    limits = caps(condition)
    work = work_estimate(atoms(cards, sorted(limits)), limits, 8)
    times = []
    for _ in range(max(1, runs // 2)):
        started = time.perf_counter()
        result = exact_condition(condition, cards, 60, [5, 6, 7, 8], budget=work)
        times.append(time.perf_counter() - started)
    assert result is not None
    share = work / DEFAULT_BUDGET
    print(
        f"one exact condition at {share:.0%} of the default budget "
        f"({work:,} work units, {result.method}): median {statistics.median(times):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    sampling(runs)
    exact(runs)
    near_budget(runs)


if __name__ == "__main__":
    main()
