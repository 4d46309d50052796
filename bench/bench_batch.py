"""Batch benchmark: a 1,000-deck tree (made in a temporary folder from the 47 real decks,
in nested folders) checked from the files, once in this process and once with a worker per
core (deckcheck.batch). Prints the median decks/s of each and the CPU time per deck (this
process and its workers), which shows the workers' own start-up cost on a busy machine;
record them in bench/README.md.

Run: python bench/bench_batch.py [--decks N] [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT.parent / "shared" / "data" / "decks"
DAY = date(2025, 11, 1)


def make_tree(folder: Path, count: int) -> list[str]:
    """count deck files, cycling through the real decks, 10 folders of 10 sub-folders."""
    sources = sorted(DECKS.glob("*.ydk"))
    paths = []
    for i in range(count):
        target = folder / f"set{i % 10}" / f"part{i // 10 % 10}" / f"deck{i:05d}.ydk"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(sources[i % len(sources)], target)
        paths.append(str(target))
    return paths


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the pool's workers)."""
    me, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def rate(paths: list[str], workers: int, runs: int) -> tuple[list[float], list[float]]:
    """decks/s by the wall clock, and CPU milliseconds per deck, for each run."""
    from deckcheck.batch import Job, check_batch
    from deckcheck.cards.db import CardDB
    from deckcheck.validation import Checker

    checker = Checker(CardDB.open())
    jobs = [Job(p, "tcg", DAY) for p in paths]
    check_batch(jobs[:50], checker=checker)  # warm the parent's caches once
    rates, cpu = [], []
    for _ in range(runs):
        start, used = time.perf_counter(), cpu_seconds()
        reports = check_batch(jobs, workers=workers, checker=checker)
        rates.append(len(reports) / (time.perf_counter() - start))
        cpu.append((cpu_seconds() - used) * 1000 / len(reports))
    return rates, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        paths = make_tree(Path(tmp), args.decks)
        one = rate(paths, 1, args.runs)
        every = rate(paths, cores or 1, args.runs)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.decks} decks from files, tcg on {DAY}, {cores} cores, load {load:.2f}")
    for label, (rates, cpu) in (("1 process", one), (f"{cores} workers", every)):
        print(
            f"  {label:<10} median {statistics.median(rates):6.0f} decks/s, "
            f"{statistics.median(cpu):.2f} ms CPU per deck"
        )
    ratio = statistics.median(every[0]) / statistics.median(one[0])
    print(f"  workers / one process: {ratio:.2f}x")


if __name__ == "__main__":
    main()
