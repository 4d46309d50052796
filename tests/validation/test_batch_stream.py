"""Batches stream: reports come as decks are checked, in this process and from worker
processes, with only a bounded number of decks read ahead; what lives for the whole run is
frozen out of the garbage collector's passes."""

from __future__ import annotations

import gc
import shutil
import time
from datetime import date
from pathlib import Path

import pytest

from deckcheck.validation import Checker, batch
from deckcheck.validation.batch import POOL_MIN_DECKS, Job, iter_batch
from tests.conftest import DECKS

DAY = date(2026, 6, 1)


@pytest.fixture(scope="module")
def checker(db):
    return Checker(db)


def copies(folder: Path, count: int) -> list[Job]:
    real = sorted(DECKS.glob("*.ydk"))
    jobs = []
    for i in range(count):
        path = folder / f"deck{i:04d}.ydk"
        shutil.copyfile(real[i % len(real)], path)
        jobs.append(Job(str(path), "tcg", DAY))
    return jobs


def read_ahead(jobs: list[Job], workers: int, checker: Checker) -> int:
    """How many decks were read before the first report was taken (and a moment after, for
    workers to run ahead as far as they may): the files are removed then, so every deck
    read later is a "no such file" report."""
    reports = iter_batch(jobs, workers=workers, checker=checker)
    first = next(reports)
    if workers > 1:
        time.sleep(1.0)
    for job in jobs:
        Path(job.source).unlink()
    rest = list(reports)
    assert first.error is None and len(rest) == len(jobs) - 1
    return 1 + sum(1 for r in rest if r.error is None)


def test_in_process_each_deck_is_read_when_its_report_is_wanted(checker, tmp_path):
    assert read_ahead(copies(tmp_path, POOL_MIN_DECKS + 6), 1, checker) == 1


def test_workers_read_a_bounded_number_of_decks_ahead(checker, tmp_path):
    bound = batch.CHUNK * batch.QUEUED_PER_WORKER * 2
    jobs = copies(tmp_path, bound + 5 * batch.CHUNK)
    assert batch.CHUNK <= read_ahead(jobs, 2, checker) <= bound


def test_a_long_batch_freezes_what_it_has_loaded(checker, tmp_path):
    gc.unfreeze()
    try:
        list(iter_batch(copies(tmp_path, 3), workers=1, checker=checker))
        assert gc.get_freeze_count() == 0  # a few decks: no full collection for them
        list(iter_batch(copies(tmp_path, POOL_MIN_DECKS), workers=1, checker=checker))
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
