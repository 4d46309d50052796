"""Checking a tree of many decks with every core: each worker process opens the card data
once (in its initializer) and checks its share; reports come back in input order, as they
are produced (``iter_batch``), so a run over 10,000 decks holds a few hundred at a time.

A deck file that cannot be read becomes a report with a parse-error violation, so one bad
file never stops a run over thousands.
"""

from __future__ import annotations

import gc
import os
from collections import deque
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck.decks.model import Deck
from deckcheck.io.errors import DeckcheckError
from deckcheck.io.record import Frozen
from deckcheck.validation.report import CardDataInfo, DeckInfo, FormatInfo, Report, violation

if TYPE_CHECKING:
    from deckcheck.cli.config import Config, Settings
    from deckcheck.io.progress import Progress
    from deckcheck.validation import Checker

# below this many decks a process pool costs more than it saves
POOL_MIN_DECKS = 64
# decks a worker checks per task, and tasks queued per worker: what is held at once
CHUNK = 32
QUEUED_PER_WORKER = 4


class Job(Frozen):
    """One deck to check and the settings that apply to it; ``error`` says why the input
    names no deck (an empty folder)."""

    __slots__ = ("source", "format_id", "on", "points_cap", "error")

    def __init__(
        self,
        source: str,
        format_id: str = "tcg",
        on: date | None = None,
        points_cap: float | None = None,
        error: str | None = None,
    ) -> None:
        self._fields(source, format_id, on, points_cap, error)


def jobs_for(
    sources: Iterable[str | Path],
    config: Config,
    cli: Settings,
    errors: dict[str, str] | None = None,
) -> list[Job]:
    """A job per source with the config's per-path settings; command-line options win.
    ``errors`` holds the inputs known to name no deck, each reported as its own error."""
    jobs = []
    for source in sources:
        settings = config.settings_for(source).merged(cli)
        error = (errors or {}).get(str(source))
        jobs.append(
            Job(str(source), settings.format or "tcg", settings.date, settings.points_cap, error)
        )
    return jobs


def check_sources(
    inputs: list[str],
    cli: Settings,
    start_dir: str | Path = ".",
    workers: int | None = None,
    db_path: str | Path | None = None,
    checker: Checker | None = None,
) -> list[Report]:
    """What ``check`` does with a repository's configuration: the inputs (files, folders,
    URLs) or, with none, the configured ``paths``; each deck with its per-path settings,
    command-line settings (``cli``) winning; every core at work."""
    return list(iter_sources(inputs, cli, start_dir, workers, db_path, checker))


def iter_sources(
    inputs: list[str],
    cli: Settings,
    start_dir: str | Path = ".",
    workers: int | None = None,
    db_path: str | Path | None = None,
    checker: Checker | None = None,
) -> Iterator[Report]:
    """``check_sources`` as reports are produced; every input error (no decks, an unknown
    format, a date before it) is raised here, before the first report."""
    from deckcheck.cli.config import load_config
    from deckcheck.io.errors import InputError
    from deckcheck.io.inputs import expand

    config = load_config(start_dir)
    errors: dict[str, str] = {}
    if inputs:
        sources, errors = expand(inputs)
    else:
        here = Path.cwd()
        sources = [
            str(p.relative_to(here)) if p.is_relative_to(here) else str(p)
            for p in config.deck_files()
        ]
        if not sources:
            raise InputError(no_decks_message(config, start_dir))
    return iter_batch(jobs_for(sources, config, cli, errors), db_path, workers, checker)


def no_decks_message(config: Config, start_dir: str | Path) -> str:
    """Why ``check`` without inputs found nothing: the configuration file it read, or the
    file names it looked for and where."""
    from deckcheck.cli.config import CONFIG_NAMES

    globs = ", ".join(config.paths)
    if config.file is not None:
        return (
            f"no deck files: paths = [{globs}] in {config.file} match nothing under "
            f"{config.root}; give deck paths, or change paths there"
        )
    names = " or ".join(
        f"{n} with [tool.deckcheck]" if n == "pyproject.toml" else n for n in CONFIG_NAMES
    )
    return (
        f"no deck files: give deck paths; no configuration file ({names}) in "
        f"{Path(start_dir).resolve()} or above it, and no {globs} files below it"
    )


def unreadable(job: Job, message: str, card_data: str) -> Report:
    """The report of a deck file that could not be read at all."""
    day = (job.on or date.today()).isoformat()
    return Report(
        deck=DeckInfo(source=job.source, main=0, extra=0, side=0, digest=Deck().digest()),
        format=FormatInfo(id=job.format_id, date=day),
        card_data=CardDataInfo(version=card_data),
        valid=False,
        violations=[violation("parse-error", message)],
        error=message,
    )


def not_checked(job: Job, deck: Deck, message: str, card_data: str) -> Report:
    """The report of a deck read but not checkable with its settings (e.g. a date before
    its format existed): the error, no verdict on the cards."""
    day = (job.on or date.today()).isoformat()
    return Report(
        deck=DeckInfo(source=job.source, digest=deck.digest(), **deck.sizes()),
        format=FormatInfo(id=job.format_id, date=day),
        card_data=CardDataInfo(version=card_data),
        valid=False,
        error=message,
    )


def check_job(job: Job, checker: Checker) -> Report:
    from deckcheck.decks.codecs import load_deck

    if job.error:
        return unreadable(job, job.error, checker.db.version)
    try:
        deck = load_deck(job.source, checker.db)
    except DeckcheckError as exc:
        return unreadable(job, str(exc), checker.db.version)
    problem = checker.format(job.format_id).date_problem(job.on or date.today())
    if problem:
        return not_checked(job, deck, f"{job.source}: {problem}", checker.db.version)
    return checker.check(deck, job.format_id, job.on, job.points_cap)


_CHECKER: Checker | None = None


def _start_worker(db_path: str | None) -> None:
    global _CHECKER
    if _CHECKER is not None and str(_CHECKER.db.path) == db_path:
        return  # forked: the parent's checker, with its loaded formats, lists and cards
    from deckcheck.cards.db import CardDB
    from deckcheck.validation import Checker

    _CHECKER = Checker(CardDB.open(db_path))


def check_batch(
    jobs: list[Job],
    db_path: str | Path | None = None,
    workers: int | None = None,
    checker: Checker | None = None,
) -> list[Report]:
    """Check every job; reports in the order of ``jobs`` (see ``iter_batch``)."""
    return list(iter_batch(jobs, db_path, workers, checker))


def iter_batch(
    jobs: list[Job],
    db_path: str | Path | None = None,
    workers: int | None = None,
    checker: Checker | None = None,
) -> Iterator[Report]:
    """Check every job, yielding reports in the order of ``jobs`` as they are produced.

    ``workers`` defaults to the number of cores; with one worker (or few decks) the decks
    are checked in this process with ``checker`` (made here if not given). Unknown formats
    and a date before every deck's format are reported (InputError) here, before any deck
    is read.
    """
    if checker is None:
        from deckcheck.cards.db import CardDB
        from deckcheck.validation import Checker

        checker = Checker(CardDB.open(db_path))
    for format_id in {job.format_id for job in jobs}:
        checker.format(format_id)
    # a date before a format existed: a usage error when it is every deck's, else the
    # error of the decks it covers (a configuration override) while the others are checked
    problems = {checker.format(j.format_id).date_problem(j.on or date.today()) for j in jobs}
    if jobs and None not in problems:
        from deckcheck.io.errors import InputError

        raise InputError(sorted(p for p in problems if p)[0])
    count = workers or os.cpu_count() or 1
    # standard input belongs to this process
    if count <= 1 or len(jobs) < POOL_MIN_DECKS or any(job.source == "-" for job in jobs):
        return _here(jobs, checker)
    path = str(db_path) if db_path else str(checker.db.path)
    return _pooled(jobs, checker, path, count)


def _progress(total: int) -> Progress:
    """The progress line, on stderr at a terminal; none when stdout is a terminal too, where
    the reports appear as they come (and the line would be drawn across them)."""
    import io
    import sys

    from deckcheck.io.progress import on_terminal, progress

    return progress("checking decks", total, io.StringIO() if on_terminal(sys.stdout) else None)


def _here(jobs: list[Job], checker: Checker) -> Iterator[Report]:
    with _progress(len(jobs)) as shown:
        for n, job in enumerate(jobs):
            yield check_job(job, checker)
            shown.advance()
            if n == 0 and len(jobs) >= POOL_MIN_DECKS:
                _freeze()


def _pooled(jobs: list[Job], checker: Checker, path: str, count: int) -> Iterator[Report]:
    """The jobs over ``count`` worker processes, CHUNK decks a task and at most
    QUEUED_PER_WORKER tasks a worker queued, so finished reports never pile up."""
    from concurrent.futures import Future, ProcessPoolExecutor

    global _CHECKER
    if jobs:
        check_job(jobs[0], checker)  # load the list in force and the verdicts once, here
    _CHECKER = checker  # forked workers inherit it with what it has loaded
    _freeze()
    tasks = (jobs[i : i + CHUNK] for i in range(0, len(jobs), CHUNK))
    with (
        _progress(len(jobs)) as shown,
        ProcessPoolExecutor(count, initializer=_start_worker, initargs=(path,)) as pool,
    ):
        queued: deque[Future[list[Report]]] = deque()
        for task in tasks:
            queued.append(pool.submit(_run_all, task))
            if len(queued) >= count * QUEUED_PER_WORKER:
                yield from _counted(queued.popleft().result(), shown)
        while queued:
            yield from _counted(queued.popleft().result(), shown)


def _freeze() -> None:
    """Move what lives for the whole run (modules, card data, formats, the lists in force)
    out of the garbage collector's passes: a long run then scans only the decks in flight."""
    gc.collect()
    gc.freeze()


def _run_all(jobs: list[Job]) -> list[Report]:
    assert _CHECKER is not None, "worker not started"
    return [check_job(job, _CHECKER) for job in jobs]


def _counted(reports: list[Report], shown: Progress) -> Iterator[Report]:
    for report in reports:
        shown.advance()
        yield report
