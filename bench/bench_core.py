"""Core benchmarks: whole-process check, card data open + look-ups, in-process validation.

Run: python bench/bench_core.py [--runs N]. Prints medians; record them in bench/README.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

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


# The floor of any Typer 0.29 command on this Python: the interpreter, typer, and the pydantic
# TypeAdapters typer builds for each option, for a command with check's options and no body.
FLOOR = """
from pathlib import Path
from typing import Literal
import typer
app = typer.Typer()
@app.callback()
def root() -> None:
    pass
@app.command()
def check(
    inputs: list[str] = typer.Argument(None),
    format_ids: list[str] = typer.Option(None, "--format", "-f", metavar="FORMAT[,...]"),
    on: str = typer.Option(None, "--date", "-d", metavar="YYYY-MM-DD"),
    output_format: Literal["text", "json", "sarif", "junit", "github", "markdown"] | None = (
        typer.Option(None, "--output-format")
    ),
    points_cap: float = typer.Option(None, "--points-cap"),
    cards: Path = typer.Option(None, "--cards"),
    workers: int = typer.Option(None, "--workers", min=1),
    colour: bool = typer.Option(None, "--color/--no-color"),
) -> None:
    print("ok")
app()
"""


def whole_process(runs: int) -> dict[str, list[float]]:
    """Wall seconds per run of: deckcheck check, the Typer floor, and `python -c pass`,
    interleaved so that a noisy machine disturbs all three alike."""
    # the console script beside this interpreter (a version manager's shim on PATH would
    # add its own start-up)
    exe = Path(sys.executable).with_name("deckcheck")
    cmd = [str(exe)] if exe.is_file() else [sys.executable, "-m", "deckcheck"]
    commands = {
        "deckcheck check": [*cmd, "check", str(EXAMPLE)],
        "typer floor": [sys.executable, "-c", FLOOR, "check", str(EXAMPLE)],
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


def rate(checker, decks, seconds: float) -> float:
    for d in decks:  # warm the card cache and the list, as a long batch would be
        checker.check(d, "tcg")
    n = 0
    t = time.process_time()
    while time.process_time() - t < seconds:
        for d in decks:
            checker.check(d, "tcg")
        n += len(decks)
    return n / (time.process_time() - t)


def batch(seconds: float) -> tuple[float, float, int, int]:
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.codecs import load_deck
    from deckcheck.validation import Checker

    db = CardDB.open()
    checker = Checker(db)
    sys.path.insert(0, str(ROOT))  # the same repair as the fast-path test
    from tests.validation.helpers import repaired

    real = [load_deck(str(p), db) for p in sorted(DECKS.glob("*.ydk"))]
    valid = [repaired(d, checker.check(d, "tcg"), db) for d in real]
    assert all(checker.check(d, "tcg").valid for d in valid)
    invalid = sum(not checker.check(d, "tcg").valid for d in real)
    return rate(checker, valid, seconds), rate(checker, real, seconds), len(real), invalid


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    wp = whole_process(args.runs)
    print(f"whole process, {args.runs} interleaved runs each (target: deckcheck <= 0.25 s):")
    for name, times in wp.items():
        print(f"  {name}: median {statistics.median(times):.3f} s, min {min(times):.3f} s")
    own = statistics.median(wp["deckcheck check"]) - statistics.median(wp["typer floor"])
    print(f"  deckcheck's own share (medians, deckcheck - typer floor): {own * 1000:.0f} ms")
    ol = open_and_lookups(args.runs)
    print(
        f"card data open + 75 look-ups in process: median {statistics.median(ol):.1f} ms, "
        f"min {min(ol):.1f} ms (target <= 30 ms)"
    )
    valid, real, n, invalid = batch(5.0)
    print("in-process validation, tcg, one core (CPU time), target >= 10,000 decks/s:")
    print(f"  the {n} real decks made valid: {valid:,.0f} decks/s")
    print(f"  the {n} real decks as they are ({invalid} invalid): {real:,.0f} decks/s")


if __name__ == "__main__":
    main()
