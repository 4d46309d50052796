"""Instructions per check under valgrind's callgrind, which the machine's load does not move.

Run: python bench/bench_instructions.py [--rounds 2,6]. For each job of bench_core.py
(deckcheck and the plain-Python lower bound) it runs the warmed setup plus each number of
rounds of the 47 decks under callgrind; instructions per check = (instructions of the run
of more rounds - of fewer) / decks checked in between, so the setup cancels out.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import bench_core

HERE = Path(__file__).resolve()


def inner(job: str, side: str, rounds: int, decks_file: str) -> None:
    """One measured process: the setup, one warm pass, then ``rounds`` passes."""
    found = bench_core.jobs(decks_file)
    name = next(n for n in found if n.startswith(job))
    ours, items, bound, plain_items = found[name]
    run, its = (ours, items) if side == "deckcheck" else (bound, plain_items)
    for _ in range(1 + rounds):
        for item in its:
            run(item)


def instructions(job: str, side: str, rounds: int, decks_file: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [sys.executable, str(HERE), "--inner", job, side, str(rounds), decks_file]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        found = re.search(r"Collected : (\d+)", done.stderr)
        assert found, done.stderr[-2000:]
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", default="2,6", help="fewer,more rounds of the 47 decks")
    parser.add_argument("--jobs", default="valid,decks,read")
    parser.add_argument("--sides", default="deckcheck,lower bound")
    parser.add_argument("--inner", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        inner(args.inner[0], args.inner[1], int(args.inner[2]), args.inner[3])
        return
    low, high = (int(x) for x in args.rounds.split(","))
    decks = len(list(bench_core.DECKS.glob("*.ydk")))
    print(f"instructions per check (callgrind; runs of {low} and {high} rounds of {decks} decks)")
    with tempfile.TemporaryDirectory() as tmp:
        decks_file = str(Path(tmp) / "decks.pickle")
        bench_core.save_decks(decks_file)  # the repair is setup: done once, outside valgrind
        for job in args.jobs.split(","):
            report(job, args.sides.split(","), low, high, decks, decks_file)


def report(job: str, sides: list[str], low: int, high: int, decks: int, decks_file: str) -> None:
    per = {}
    for side in sides:
        a, b = instructions(job, side, low, decks_file), instructions(job, side, high, decks_file)
        per[side] = (b - a) / ((high - low) * decks)
    if len(per) < 2:
        print(f"  {job:<6} " + "  ".join(f"{s} {n:>10,.0f}" for s, n in per.items()))
        return
    ratio = per["deckcheck"] / per["lower bound"]
    print(
        f"  {job:<6} deckcheck {per['deckcheck']:>10,.0f}  "
        f"lower bound {per['lower bound']:>10,.0f}  {ratio:.2f}x"
    )


if __name__ == "__main__":
    main()
