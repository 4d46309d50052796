"""Batch benchmark, in process and as whole ``deckcheck check DIR`` processes.

1. In process: a 1,000-deck tree (made in a temporary folder from the 47 real decks, in
   nested folders) checked from the files, once in this process and once with a worker per
   core (``check_batch``). Prints the median decks/s of each and the CPU time per deck (this
   process and its workers), which shows the workers' own start-up cost on a busy machine.
2. Whole process (``--sizes``, default 1,000 and 10,000 decks): ``deckcheck check DIR``
   with this checkout's code, stdout to a file, for each ``--outputs`` format and each
   ``--workers`` count. Prints wall and CPU milliseconds per deck (the same at 1,000 and
   10,000 means no superlinear step) and the peak resident memory: of the largest process
   (the kernel's figure, from wait4) and of the whole process tree (its proportional set
   size, sampled every 20 ms: pages the workers share with the parent counted once).

Record the figures in bench/README.md.

Run: python bench/bench_batch.py [--decks N] [--runs N] [--sizes 1000,10000]
     [--outputs json,text] [--workers 1,2] [--skip-in-process] [--skip-process]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
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
    try:
        from deckcheck.validation.batch import Job, check_batch
    except ImportError:  # the layout before issue 15
        from deckcheck.validation.batch import Job, check_batch  # type: ignore[no-redef]
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


def tree_pss_kb(pid: int) -> int:
    """Proportional resident memory of a process and its children (KB), from /proc: pages
    the forked workers share with the parent are counted once, split between them."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(entry.name) != pid and int(stat[1]) != pid:
                continue
            for line in (entry / "smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total


def run_check(folder: Path, output: str, workers: int, out: Path) -> dict[str, float]:
    """One ``deckcheck check FOLDER`` process (this checkout's code, stdout to a file):
    wall seconds, CPU seconds of it and its workers, the peak RSS of its largest process
    (wait4) and the peak of the whole tree's proportional set size."""
    cmd = [sys.executable, "-m", "deckcheck", "check", str(folder), "--format", "tcg"]
    cmd += ["--date", DAY.isoformat(), "--output-format", output, "--workers", str(workers)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with out.open("wb") as sink:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.DEVNULL, env=env)
        tree_peak = 0
        while True:  # wait4, not Popen.poll: it reaps the child and loses its rusage
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            tree_peak = max(tree_peak, tree_pss_kb(proc.pid))
            time.sleep(0.02)
        wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited with {proc.returncode}")
    return {
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "maxrss_mb": usage.ru_maxrss / 1024,
        "tree_mb": tree_peak / 1024,
    }


def whole_process(args: argparse.Namespace, tmp: Path) -> None:
    sizes = [int(s) for s in args.sizes.split(",")]
    outputs = args.outputs.split(",")
    workers = [int(w) for w in args.workers.split(",")]
    folders = {}
    for size in sizes:
        folders[size] = tmp / f"decks{size}"
        make_tree(folders[size], size)
    print(f"\nwhole process: deckcheck check DIR --format tcg --date {DAY}, medians of {args.runs}")
    run_check(folders[sizes[0]], outputs[0], workers[0], tmp / "out")  # warm the file cache
    for output in outputs:
        for count in workers:
            for size in sizes:
                runs = [
                    run_check(folders[size], output, count, tmp / "out") for _ in range(args.runs)
                ]
                med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
                print(
                    f"  {output:<8} {count} worker(s) {size:>6} decks: "
                    f"{med['wall'] * 1000 / size:6.3f} ms wall, "
                    f"{med['cpu'] * 1000 / size:6.3f} ms CPU per deck; peak RSS largest process "
                    f"{med['maxrss_mb']:5.1f} MB, tree (PSS) {med['tree_mb']:5.1f} MB; "
                    f"output {(tmp / 'out').stat().st_size / 1e6:.1f} MB"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--outputs", default="json,text")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--skip-in-process", action="store_true")
    parser.add_argument("--skip-process", action="store_true")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{cores} cores, load {load:.2f}, Python {sys.version.split()[0]}, {date.today()}")
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_in_process:
            paths = make_tree(Path(tmp) / "inproc", args.decks)
            one = rate(paths, 1, args.runs)
            every = rate(paths, cores or 1, args.runs)
            print(f"{args.decks} decks from files, in process, tcg on {DAY}")
            for label, (rates, cpu) in (("1 process", one), (f"{cores} workers", every)):
                print(
                    f"  {label:<10} median {statistics.median(rates):6.0f} decks/s, "
                    f"{statistics.median(cpu):.2f} ms CPU per deck"
                )
            ratio = statistics.median(every[0]) / statistics.median(one[0])
            print(f"  workers / one process: {ratio:.2f}x")
        if not args.skip_process:
            whole_process(args, Path(tmp))


if __name__ == "__main__":
    main()
