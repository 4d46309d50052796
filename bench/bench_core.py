"""Core benchmarks: whole-process check, card data open + look-ups, in-process validation.

Run: python bench/bench_core.py [--runs N] [--rounds N] [--only process|lookups|batch].
Prints medians; record them in bench/README.md. The in-process jobs run side by side with
the plain-Python lower bound of lower_bound.py, which must give the same verdicts.
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date
from json import dumps
from pathlib import Path
from typing import TYPE_CHECKING, Any

import lower_bound

if TYPE_CHECKING:
    from deckcheck.decks.model import Deck

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT.parent / "shared" / "data" / "decks"
EXAMPLE = ROOT / "examples" / "blue-eyes.ydk"

LOOKUPS = """
import time, sys
from deckcheck.cards.db import CardDB
codes = [int(x) for x in sys.argv[1].split(",")]
t = time.perf_counter()
db = CardDB.open()
cards = [db.get(c) for c in codes]
print((time.perf_counter() - t) * 1000)
"""


# The floor of any Typer command on this Python (bench/typer_floor.py: the interpreter, typer,
# and the TypeAdapters typer builds for check's options, with an empty body).
FLOOR = Path(__file__).with_name("typer_floor.py")


def whole_process(runs: int) -> dict[str, list[float]]:
    """Wall seconds per run of: deckcheck check, the Typer floor, and `python -c pass`,
    interleaved so that a noisy machine disturbs all three alike."""
    # the console script beside this interpreter (a version manager's shim on PATH would
    # add its own start-up)
    exe = Path(sys.executable).with_name("deckcheck")
    cmd = [str(exe)] if exe.is_file() else [sys.executable, "-m", "deckcheck"]
    commands = {
        "deckcheck check": [*cmd, "check", str(EXAMPLE)],
        "typer floor": [sys.executable, str(FLOOR), "check", str(EXAMPLE)],
        "python -c pass": [sys.executable, "-c", "pass"],
    }
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm the file cache and the bytecode
        subprocess.run(command, capture_output=True, check=False, env=env)
    for _ in range(runs):
        for name, command in commands.items():
            t = time.perf_counter()
            subprocess.run(command, capture_output=True, check=False, env=env)
            times[name].append(time.perf_counter() - t)
    return times


def open_and_lookups(runs: int) -> list[float]:
    codes = [int(x) for x in EXAMPLE.read_text().split() if x.isdigit()]
    codes = (codes * 2)[:75]
    arg = ",".join(map(str, codes))
    return [
        float(
            subprocess.run(
                [sys.executable, "-c", LOOKUPS, arg], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(runs)
    ]


def rate(job: Callable[[object], object], items: list, seconds: float) -> float:
    """Items per CPU second of ``job``, over at least ``seconds``, after one warm pass (the
    card cache and the list kept, as a long batch has them)."""
    for item in items:
        job(item)
    n = 0
    t = time.process_time()
    while time.process_time() - t < seconds:
        for item in items:
            job(item)
        n += len(items)
    return n / (time.process_time() - t)


def plain(deck: Deck) -> lower_bound.Deck:
    """A deckcheck deck as the lower bound holds one."""
    sections = {s: list(deck.codes(s)) for s in lower_bound.SECTIONS}
    lines = {s: [line or 0 for line in deck.lines(s)] for s in lower_bound.SECTIONS}
    return lower_bound.Deck(deck.source, sections, lines, [])


def verdicts(report: object) -> tuple[bool, list[tuple[str, tuple[int, ...]]]]:
    """Valid or not, and each violation's rule and passcodes, of either checker's report."""
    if isinstance(report, dict):
        found = [(v["rule"], tuple(v["cards"])) for v in report["violations"]]
        return report["valid"], sorted(found)
    found = [(v.rule, tuple(v.cards)) for v in report.violations]  # type: ignore[attr-defined]
    return report.valid, sorted(found)  # type: ignore[attr-defined]


Jobs = dict[str, tuple[Callable[[Any], object], list, Callable[[Any], object], list]]


def jobs(decks_file: str | None = None) -> Jobs:
    """Each job: (deckcheck's function, its items, the lower bound's, its items), after
    asserting that the two give the same verdicts on every deck. ``decks_file``: the real
    and the repaired decks as ``save_decks`` pickled them (bench_instructions.py)."""
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.codecs import load_deck
    from deckcheck.validation import Checker

    db = CardDB.open()
    checker = Checker(db)
    sys.path.insert(0, str(ROOT))  # the same repair as the rule tests
    from tests.validation.helpers import repaired

    day = date.today()
    fmt = checker.format("tcg")
    table = lower_bound.Table(db, fmt, day, checker.banlists.for_format(fmt, day))
    paths = [str(p) for p in sorted(DECKS.glob("*.ydk"))]
    if decks_file:
        real, valid = pickle.loads(Path(decks_file).read_bytes())
    else:
        real = [load_deck(p, db) for p in paths]
        valid = [repaired(d, checker.check(d, "tcg", day), db) for d in real]
    for decks in (real, valid):
        for deck in decks:
            ours, bound = checker.check(deck, "tcg", day), lower_bound.check(plain(deck), table)
            assert verdicts(ours) == verdicts(bound), deck.source
    assert all(checker.check(d, "tcg", day).valid for d in valid)

    def ours(deck: Deck) -> object:
        return checker.check(deck, "tcg", day)

    def bound(deck: lower_bound.Deck) -> object:
        return lower_bound.check(deck, table)

    def read_ours(path: str) -> object:
        return checker.check(load_deck(path, db), "tcg", day)

    def read_bound(path: str) -> object:
        return lower_bound.check(lower_bound.load(path), table)

    # what a CI run pays per deck: the report rendered as `check --output-format json`
    # renders each deck's (deckcheck/report/render.py, json_stream), every detail built
    def json_ours(deck: Deck) -> object:
        return dumps(checker.check(deck, "tcg", day).as_json(), indent=2, ensure_ascii=False)

    def json_bound(deck: lower_bound.Deck) -> object:
        return dumps(lower_bound.check(deck, table), indent=2, ensure_ascii=False)

    def json_read_ours(path: str) -> object:
        return json_ours(load_deck(path, db))

    def json_read_bound(path: str) -> object:
        return json_bound(lower_bound.load(path))

    return {
        "valid decks": (ours, valid, bound, [plain(d) for d in valid]),
        f"decks as they are ({sum(not ours(d).valid for d in real)} of {len(real)} invalid)": (
            ours,
            real,
            bound,
            [plain(d) for d in real],
        ),
        "read + check, as they are": (read_ours, paths, read_bound, paths),
        "json: valid decks, check + JSON": (
            json_ours,
            valid,
            json_bound,
            [plain(d) for d in valid],
        ),
        "json: read + check + JSON, as they are": (json_read_ours, paths, json_read_bound, paths),
    }


def save_decks(path: str) -> None:
    """Pickle the real and the repaired decks for ``jobs(path)``."""
    found = jobs()
    real = next(items for name, (_, items, _, _) in found.items() if name.startswith("decks"))
    valid = found["valid decks"][1]
    Path(path).write_bytes(pickle.dumps((real, valid)))


def batch(seconds: float, rounds: int) -> dict[str, list[tuple[float, float]]]:
    """(deckcheck, lower bound) decks/s per job and round, the two measured in turn."""
    found_jobs = jobs()
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in found_jobs}
    for _ in range(rounds):
        for name, (job, items, plain_job, plain_items) in found_jobs.items():
            found[name].append((rate(job, items, seconds), rate(plain_job, plain_items, seconds)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the in-process jobs")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measure")
    parser.add_argument("--only", choices=["process", "lookups", "batch"])
    args = parser.parse_args()
    if args.only in (None, "process"):
        wp = whole_process(args.runs)
        print(f"whole process, {args.runs} interleaved runs each:")
        for name, times in wp.items():
            print(f"  {name}: median {statistics.median(times):.3f} s, min {min(times):.3f} s")
        own = statistics.median(wp["deckcheck check"]) - statistics.median(wp["typer floor"])
        print(f"  deckcheck's own share (medians, deckcheck - typer floor): {own * 1000:.0f} ms")
    if args.only in (None, "lookups"):
        ol = open_and_lookups(args.runs)
        print(
            f"card data open + 75 look-ups in process: median {statistics.median(ol):.1f} ms, "
            f"min {min(ol):.1f} ms (target <= 30 ms)"
        )
    if args.only in (None, "batch"):
        found = batch(args.seconds, args.rounds)
        print(
            f"in-process validation, tcg, one core (CPU time), median of {args.rounds} rounds "
            "(each round: deckcheck, then the plain-Python lower bound of bench/lower_bound.py)"
        )
        print(f"  {'job':<40} {'deckcheck':>10} {'lower bound':>12} {'ratio':>6}  per round")
        for name, pairs in found.items():
            ours = statistics.median(p[0] for p in pairs)
            bound = statistics.median(p[1] for p in pairs)
            ratios = ", ".join(f"{b / o:.2f}" for o, b in pairs)
            print(f"  {name:<40} {ours:>10,.0f} {bound:>12,.0f} {bound / ours:>5.2f}x  {ratios}")


if __name__ == "__main__":
    main()
