"""Deck codec benchmarks: reading and writing the 47 real decks in every format, and the
time to refuse worst-case inputs (2 MB of garbage, YAML alias bombs, huge name lists).

Run: python bench/bench_codecs.py [--runs N]. Prints medians; record them in bench/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from deckcheck.cards.db import CardDB
from deckcheck.decks.codecs import FORMATS, load_deck, read_deck, write_deck
from deckcheck.io.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
DECKS = sorted((ROOT.parent / "shared" / "data" / "decks").glob("*.ydk"))
MB2 = 2 * 1024 * 1024


def median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def refused_or_read(text: str, db: CardDB, fmt: str | None) -> Callable[[], object]:
    def action() -> object:
        try:
            return read_deck(text, db, fmt=fmt)  # type: ignore[arg-type]
        except InputError as exc:
            return exc

    return action


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    db = CardDB.open()
    decks = [load_deck(str(path), db) for path in DECKS]
    print(f"{len(decks)} real decks, median of {runs} runs over all of them")
    for fmt in FORMATS:
        texts = [write_deck(deck, fmt, db) for deck in decks]
        write = median_ms(lambda f=fmt: [write_deck(d, f, db) for d in decks], runs)
        read = median_ms(lambda t=texts, f=fmt: [read_deck(x, db, fmt=f) for x in t], runs)
        sniffed = median_ms(lambda t=texts: [read_deck(x, db) for x in t], runs)
        per_deck = read / len(decks)
        print(
            f"  {fmt:5}  read {per_deck:6.3f} ms/deck ({1000 / per_deck:7.0f} decks/s), "
            f"sniffed {sniffed / len(decks):6.3f} ms/deck, write {write / len(decks):6.3f} ms/deck"
        )
    bomb = ["a: &a [" + ",".join(["x"] * 9) + "]"]
    pairs = zip("abcdefgh", "bcdefghi", strict=True)
    bomb += [f"{c}: &{c} [" + ",".join([f"*{p}"] * 9) + "]" for p, c in pairs]
    worst = {
        "2 MB of garbage lines as .ydk": ("#main\n" + "junk\n" * (MB2 // 5 - 2), "ydk"),
        "2 MB of passcodes (card limit)": ("#main\n" + "55144522\n" * (MB2 // 9 - 1), "ydk"),
        "2 MB of unknown names": ("".join(f"Card {i}\n" for i in range(200_000))[:MB2], None),
        "YAML alias bomb (9^9)": ("\n".join(bomb) + "\nmain: *i\n", "yaml"),
        "YAML list of 200k passcodes": ("main: [" + "1," * 200_000 + "1]\n", "yaml"),
    }
    print("worst cases (read or refused)")
    for label, (text, fmt) in worst.items():
        action = refused_or_read(text, db, fmt)
        outcome = action()
        what = "refused" if isinstance(outcome, InputError) else "read"
        print(f"  {label:32} {median_ms(action, max(1, runs // 2)):8.1f} ms  ({what})")


if __name__ == "__main__":
    main()
