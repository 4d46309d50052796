"""Whole-process benchmark: ``deckcheck check DECK`` against its floor, side by side.

The floor is bench/typer_floor.py: a Typer command with check's eight options and an empty
body. Both run as ``python -m NAME`` (bytecode cached alike, this checkout's code), with
bytecode caching allowed as an installed package has it, interleaved run by run so that a
drifting machine disturbs both alike; ``python -c pass`` runs beside them. Printed: median
and minimum of each, and the median of the per-pair ratios (each deckcheck run over the
floor run next to it). Target: deckcheck within 1.1x of the floor. With ``--hyperfine`` the
same two commands also go through hyperfine (not interleaved). Record in bench/README.md.

Run: python bench/bench_process.py [--runs N] [--deck PATH] [--hyperfine]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "blue-eyes.ydk"


def commands(deck: Path) -> dict[str, tuple[list[str], dict[str, str]]]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    real = {**env, "PYTHONPATH": str(ROOT)}
    floor = {**env, "PYTHONPATH": str(ROOT / "bench")}
    return {
        "deckcheck check": ([sys.executable, "-m", "deckcheck", "check", str(deck)], real),
        "typer floor": ([sys.executable, "-m", "typer_floor", "check", str(deck)], floor),
        "python -c pass": ([sys.executable, "-c", "pass"], env),
    }


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, from wait4) of one run, output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stderr.close()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{cmd} exited with {proc.returncode}: {err[-500:]!r}")
    return wall, usage.ru_utime + usage.ru_stime


def interleaved(deck: Path, runs: int) -> dict[str, list[tuple[float, float]]]:
    """(wall, CPU) seconds of each command per run, the commands taking turns."""
    todo = commands(deck)
    for cmd, env in todo.values():  # warm the file cache and write the bytecode
        timed(cmd, env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in todo}
    for _ in range(runs):
        for name, (cmd, env) in todo.items():
            times[name].append(timed(cmd, env))
    return times


def hyperfine(deck: Path, runs: int) -> None:
    todo = commands(deck)
    env = {**todo["deckcheck check"][1], "PYTHONPATH": f"{ROOT}:{ROOT / 'bench'}"}
    shown = [" ".join(todo[name][0]) for name in ("deckcheck check", "typer floor")]
    cmd = ["hyperfine", "-N", "-i", "--warmup", "3", "--runs", str(runs), *shown]
    subprocess.run(cmd, check=False, env=env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--deck", type=Path, default=EXAMPLE)
    parser.add_argument("--hyperfine", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"{args.deck.name}, {args.runs} interleaved runs, load {load:.2f}")
    times = interleaved(args.deck, args.runs)
    med = statistics.median
    for name, values in times.items():
        wall, cpu = [v[0] for v in values], [v[1] for v in values]
        print(
            f"  {name:<16} wall median {med(wall) * 1000:6.1f} ms, min {min(wall) * 1000:6.1f} "
            f"ms; CPU median {med(cpu) * 1000:6.1f} ms, min {min(cpu) * 1000:6.1f} ms"
        )
    for i, what in enumerate(("wall", "CPU")):
        real = [v[i] for v in times["deckcheck check"]]
        floor = [v[i] for v in times["typer floor"]]
        pairs = med(a / b for a, b in zip(real, floor, strict=True))
        print(
            f"  deckcheck / floor, {what}: medians {med(real) / med(floor):.3f}x, minima "
            f"{min(real) / min(floor):.3f}x, per pair {pairs:.3f}x (target <= 1.1x); "
            f"deckcheck's own share {(med(real) - med(floor)) * 1000:.1f} ms"
        )
    if args.hyperfine and shutil.which("hyperfine"):
        hyperfine(args.deck, args.runs)


if __name__ == "__main__":
    main()
