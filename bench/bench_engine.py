"""Duel engine benchmarks: setup time per duel, seeded duels and decisions per second on one
core with random agents (setup included in every duel), for the vanilla pair and for pairs
of real decks whose cards have card files, and the scaling of ``run_match`` with workers.

Run: python bench/bench_engine.py [--runs N] [--games N] [--decks A B] [--pairs A:B ...]
     [--workers K ...]
Prints medians; record them in bench/README.md under "Engine". The vanilla pair is the
default decks with every card file set aside (the rules of play alone, no effect layer:
``NO_EFFECTS``), also played through the card layer with nothing to do, to show what the
layer costs when no card has effects. Effect pairs default to the two real decks with the
most copies of defined cards, AI_Burn vs AI_Frog and AI_Blackwing vs AI_DarkMagician.
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
from deckcheck.engine.carddefs import files
from deckcheck.engine.coverage import template_support
from deckcheck.engine.duel import Duel
from deckcheck.engine.effects.base import NO_EFFECTS, EffectLayer
from deckcheck.engine.effects.layer import CARD_LAYER
from deckcheck.engine.match import game_seed, run_match
from deckcheck.engine.template import DuelTemplate, deck_list, prepare, without_effects

DECKS = Path(__file__).resolve().parents[2] / "shared" / "data" / "decks"
EFFECT_PAIRS = ["AI_Burn:AI_Frog", "AI_Blackwing:AI_DarkMagician"]


def template_for(names: list[str], db: CardDB) -> DuelTemplate:
    decks = [deck_list(load_deck(str(DECKS / f"{n}.ydk"), db)) for n in names]
    return prepare(decks, db)


def most_defined(db: CardDB) -> list[str]:
    """The two real decks with the most copies of cards that have a card file."""
    defined = set(files.defined())
    counts = []
    for path in sorted(DECKS.glob("*.ydk")):
        deck = load_deck(str(path), db)
        codes = deck.passcodes("main") + deck.passcodes("extra")
        if all(db.get(c) for c in codes):
            counts.append((sum(1 for c in codes if c in defined), path.stem))
    return [name for _, name in sorted(counts, reverse=True)[:2]]


def describe(label: str, template: DuelTemplate) -> None:
    shares = ", ".join(f"{s.deck} {s.share:.0%}" for s in template_support(template))
    print(f"{label}: {len(template.defs)} cards; supported {shares}")


def setup_times(template: DuelTemplate, runs: int, n: int = 2000) -> None:
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


def duel_rate(
    label: str,
    template: DuelTemplate,
    runs: int,
    games: int,
    agents: tuple[str, str],
    effects: EffectLayer | None = None,
) -> float:
    """Seeded duels from the start (setup included); returns the median duels/s (CPU)."""
    wall, cpu, turns, decisions = [], [], [], []
    for r in range(runs):
        w0, c0 = time.perf_counter(), time.process_time()
        made = 0
        for i in range(games):
            seed = game_seed(r, i)
            duel = Duel.new(template, seed, first=i % 2, effects=effects)
            play(duel, (make_agent(agents[0], seed, 0), make_agent(agents[1], seed, 1)))
            turns.append(duel.state.turn)
            made += sum(1 for e in duel.log if e[0] == "decide")
        w, c = time.perf_counter() - w0, time.process_time() - c0
        wall.append(games / w)
        cpu.append(games / c)
        decisions.append(made / c)
    rate = statistics.median(cpu)
    print(
        f"{label}, {agents[0]} vs {agents[1]}: {rate:.1f} duels/s CPU "
        f"({statistics.median(wall):.1f} wall), {statistics.median(decisions):.0f} decisions/s; "
        f"{statistics.fmean(turns):.1f} turns per duel"
    )
    return rate


def scaling(template: DuelTemplate, games: int, workers: list[int]) -> None:
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
    parser.add_argument("--pairs", nargs="*", default=None, help="effect pairs, A:B")
    parser.add_argument("--workers", type=int, nargs="*", default=None)
    args = parser.parse_args()
    db = CardDB.open()
    plain = without_effects(template_for(args.decks, db))
    assert Duel.new(plain, 0).effects is NO_EFFECTS
    describe("vanilla pair " + " vs ".join(args.decks), plain)
    setup_times(plain, args.runs)
    base = duel_rate("vanilla", plain, args.runs, args.games, ("random", "random"))
    layer = duel_rate(
        "vanilla through the card layer", plain, args.runs, args.games, ("random", "random"),
        CARD_LAYER,
    )  # fmt: skip
    print(f"  the card layer with nothing to do: {layer / base:.2f}x of the vanilla rate")
    duel_rate("vanilla", plain, args.runs, args.games, ("greedy", "random"))
    pairs = args.pairs if args.pairs is not None else [":".join(most_defined(db)), *EFFECT_PAIRS]
    for pair in pairs:
        names = pair.split(":")
        template = template_for(names, db)
        describe(" vs ".join(names), template)
        rate = duel_rate(" vs ".join(names), template, args.runs, args.games // 4,
                         ("random", "random"))  # fmt: skip
        print(f"  {rate / base:.2f}x of the vanilla rate in the same run")
    workers = args.workers or sorted({1, 2, os.cpu_count() or 1})
    scaling(plain, args.games * 2, workers)


if __name__ == "__main__":
    main()
