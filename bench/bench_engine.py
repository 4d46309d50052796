"""Duel engine benchmarks: setup time per duel, seeded duels per second on one core with
random agents, and the scaling of ``run_match`` with worker processes.

Run: python bench/bench_engine.py [--runs N] [--games N] [--decks A B] [--workers K ...]
Prints medians; record them in bench/README.md under "Engine". Decks default to two 40-card
decks from ../shared/data/decks with Synchro, Xyz and Link monsters in their Extra Decks.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from deckcheck.cards.db import CardDB
from deckcheck.decks.codecs import load_deck
from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.duel import Duel
from deckcheck.engine.match import game_seed, run_match
from deckcheck.engine.template import deck_list, prepare

DECKS = Path(__file__).resolve().parents[2] / "shared" / "data" / "decks"


def template_for(names: list[str]):
    db = CardDB.open()
    decks = [deck_list(load_deck(str(DECKS / f"{n}.ydk"), db)) for n in names]
    for n, d in zip(names, decks, strict=True):
        print(f"{n}: Main {len(d.main)}, Extra {len(d.extra)}")
    return prepare(decks, db)


def setup_times(template, runs: int, n: int = 2000) -> None:
    states, duels = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        for i in range(n):
            template.new_state(i)
        states.append((time.perf_counter() - t0) / n)
        t0 = time.perf_counter()
        for i in range(n):
            Duel.new(template, i, first=i % 2)
        duels.append((time.perf_counter() - t0) / n)
    print(f"state from template: {statistics.median(states) * 1e6:.0f} us per duel")
    print(
        "Duel.new to the first decision (shuffle, hands, turn 1 to Main Phase 1): "
        f"{statistics.median(duels) * 1e6:.0f} us per duel"
    )


def duel_rate(template, runs: int, games: int, agents: tuple[str, str]) -> None:
    wall, cpu, turns, records = [], [], [], 0
    for r in range(runs):
        w0, c0 = time.perf_counter(), time.process_time()
        for i in range(games):
            seed = game_seed(r, i)
            duel = Duel.new(template, seed, first=i % 2)
            play(duel, (make_agent(agents[0], seed, 0), make_agent(agents[1], seed, 1)))
            turns.append(duel.state.turn)
            records += len(duel.log)
        wall.append(games / (time.perf_counter() - w0))
        cpu.append(games / (time.process_time() - c0))
    print(
        f"{agents[0]} vs {agents[1]}: {statistics.median(wall):.0f} duels/s wall, "
        f"{statistics.median(cpu):.0f} duels/s CPU time (one core); "
        f"{statistics.fmean(turns):.1f} turns and {records / (runs * games):.0f} log records "
        "per duel"
    )


def scaling(template, games: int, workers: list[int]) -> None:
    base = None
    for k in workers:
        t0 = time.perf_counter()
        run_match(template, games, 1, ("random", "random"), workers=k)
        rate = games / (time.perf_counter() - t0)
        base = base or rate
        print(f"run_match, {k} worker(s): {rate:.0f} duels/s ({rate / base:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--decks", nargs=2, default=["AI_Zoodiac", "AI_Level8"])
    parser.add_argument("--workers", type=int, nargs="*", default=None)
    args = parser.parse_args()
    template = template_for(args.decks)
    setup_times(template, args.runs)
    duel_rate(template, args.runs, args.games, ("random", "random"))
    duel_rate(template, args.runs, args.games, ("greedy", "random"))
    workers = args.workers or sorted({1, 2, os.cpu_count() or 1})
    scaling(template, args.games * 2, workers)


if __name__ == "__main__":
    main()
