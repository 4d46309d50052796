"""Banlist and format benchmark: what the banlist store adds to a `deckcheck check` process,
lflist.conf reading/writing over the real files, and in-process checks per format (with the
card pool rules). Prints medians; record them in bench/README.md.

Run: python bench/bench_banlists.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"

STORE_SNIPPET = (
    "from datetime import date\n"
    "from deckcheck.banlist.store import BanlistStore\n"
    "from deckcheck.formats.registry import get_format\n"
    "s = BanlistStore.open()\n"
    "assert s.for_format(get_format('tcg'), date(2023, 6, 1)).name == '2023.02'\n"
)
BASELINE_SNIPPET = "import pydantic, yaml\nfrom deckcheck.banlist.model import Banlist\n"


def process_time(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def in_process(runs: int) -> dict[str, float]:
    from deckcheck.banlist.lflist import load_lflist, parse_lflist, write_lflist
    from deckcheck.banlist.store import BanlistStore

    files = sorted((DATA / "lflists").rglob("*.lflist.conf"))
    out: dict[str, list[float]] = {"open": [], "in_force": [], "parse": [], "round": []}
    for _ in range(runs):
        start = time.perf_counter()
        store = BanlistStore.open(include_user=False)
        out["open"].append(time.perf_counter() - start)
        start = time.perf_counter()
        store.in_force("tcg", date(2023, 6, 1))
        out["in_force"].append(time.perf_counter() - start)
        start = time.perf_counter()
        parsed = [load_lflist(p) for p in files]
        out["parse"].append(time.perf_counter() - start)
        start = time.perf_counter()
        for p in parsed:
            parse_lflist(write_lflist(p.banlists))
        out["round"].append(time.perf_counter() - start)
    return {k: statistics.median(v) for k, v in out.items()}


def checks_per_second(runs: int) -> dict[str, float]:
    from deckcheck.cards.db import CardDB
    from deckcheck.decks import load_deck
    from deckcheck.validation import Checker

    db = CardDB.open()
    checker = Checker(db)
    decks = [load_deck(str(p), db) for p in sorted((DATA / "decks").glob("*.ydk"))]
    day = date(2025, 11, 1)
    out = {}
    for fmt in ("tcg", "traditional", "goat", "genesys", "speed"):
        for deck in decks:
            checker.check(deck, fmt, day)  # warm caches
        rates = []
        for _ in range(runs):
            start = time.perf_counter()
            for deck in decks * 4:
                checker.check(deck, fmt, day)
            rates.append(len(decks) * 4 / (time.perf_counter() - start))
        out[fmt] = statistics.median(rates)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    base = process_time(BASELINE_SNIPPET, args.runs)
    store = process_time(BASELINE_SNIPPET + STORE_SNIPPET, args.runs)
    print(
        f"process: pydantic+yaml+model import {base * 1000:.0f} ms; "
        f"+ store open, formats, list in force {store * 1000:.0f} ms "
        f"(adds {(store - base) * 1000:.0f} ms)"
    )
    inside = in_process(args.runs)
    print(
        f"in process: store open {inside['open'] * 1000:.1f} ms, "
        f"first in_force (reads one list) {inside['in_force'] * 1000:.1f} ms"
    )
    print(
        f"lflist: read all 77 real files {inside['parse'] * 1000:.0f} ms, "
        f"write+read them again {inside['round'] * 1000:.0f} ms"
    )
    for fmt, rate in checks_per_second(max(3, args.runs // 2)).items():
        print(f"check 47 real decks, {fmt:<11} {rate:7.0f} decks/s (one core, in process)")


if __name__ == "__main__":
    main()
