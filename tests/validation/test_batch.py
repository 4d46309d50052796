"""Batch checking with worker processes: the same reports as one process, in input order;
unreadable files become parse-error reports; settings per path from the configuration."""

from __future__ import annotations

import random
from datetime import date

import pytest

from deckcheck.cli.config import Settings, load_config
from deckcheck.io.errors import InputError
from deckcheck.validation import Checker
from deckcheck.validation.batch import POOL_MIN_DECKS, Job, check_batch, check_sources, jobs_for
from tests.conftest import DECKS

DAY = date(2025, 11, 1)


@pytest.fixture(scope="module")
def checker(db):
    return Checker(db)


def test_workers_give_the_same_reports_in_input_order(checker, tmp_path):
    sources = sorted(DECKS.glob("*.ydk")) * 3
    random.Random(4).shuffle(sources)
    garbage = tmp_path / "garbage.ydk"
    garbage.write_bytes(b"\x00\x01\x02binary")
    jobs = [Job(str(p), "tcg" if i % 2 else "ocg", DAY) for i, p in enumerate(sources)]
    jobs.insert(7, Job(str(garbage), "tcg", DAY))
    assert len(jobs) >= POOL_MIN_DECKS
    pooled = check_batch(jobs, workers=2, checker=checker)
    alone = check_batch(jobs, workers=1, checker=checker)
    assert [r.deck.source for r in pooled] == [j.source for j in jobs]
    assert [r.as_json() for r in pooled] == [r.as_json() for r in alone]
    assert [r.format.id for r in pooled[:3]] == ["ocg", "tcg", "ocg"]


def test_an_unreadable_file_is_a_parse_error_report(checker, tmp_path):
    garbage = tmp_path / "garbage.ydk"
    garbage.write_bytes(b"\x00\x01\x02binary")
    missing = tmp_path / "missing.ydk"
    good = str(DECKS / "AI_ChainBurn.ydk")
    reports = check_batch(
        [Job(str(garbage), "ocg", DAY), Job(str(missing), "ocg", DAY), Job(good, "ocg", DAY)],
        checker=checker,
    )
    assert [r.valid for r in reports] == [False, False, True]
    first, second = reports[0].violations[0], reports[1].violations[0]
    assert (first.rule, second.rule) == ("parse-error", "parse-error")
    assert "binary data" in first.message and "no such file" in second.message


def test_unknown_format_stops_before_reading(checker):
    with pytest.raises(InputError, match="unknown format 'nope'"):
        check_batch([Job("/does/not/matter.ydk", "nope")], checker=checker)


def test_jobs_follow_the_configuration(tmp_path):
    (tmp_path / "deckcheck.toml").write_text(
        'format = "ocg"\ndate = 2025-11-01\n'
        '[[overrides]]\npaths = ["genesys/**"]\nformat = "genesys"\npoints-cap = 60\n'
    )
    config = load_config(tmp_path)
    sources = [tmp_path / "a.ydk", tmp_path / "genesys" / "b.ydk"]
    jobs = jobs_for(sources, config, Settings())
    assert [(j.format_id, j.on, j.points_cap) for j in jobs] == [
        ("ocg", DAY, None),
        ("genesys", DAY, 60),
    ]
    # a command-line format wins over the file and its overrides
    cli = Settings(format="tcg")
    assert {j.format_id for j in jobs_for(sources, config, cli)} == {"tcg"}


def test_check_sources_uses_the_configured_paths(checker, tmp_path, monkeypatch):
    import shutil

    (tmp_path / "decks" / "tcg").mkdir(parents=True)
    shutil.copyfile(DECKS / "AI_ChainBurn.ydk", tmp_path / "decks" / "burn.ydk")
    shutil.copyfile(DECKS / "AI_ChainBurn.ydk", tmp_path / "decks" / "tcg" / "burn.ydk")
    (tmp_path / "deckcheck.toml").write_text(
        'format = "ocg"\ndate = 2025-11-01\npaths = ["decks/**/*.ydk"]\n'
        '[[overrides]]\npaths = ["decks/tcg"]\nformat = "tcg"\n'
    )
    monkeypatch.chdir(tmp_path)
    reports = check_sources([], Settings(), checker=checker)
    assert [(r.deck.source, r.format.id, r.valid) for r in reports] == [
        ("decks/burn.ydk", "ocg", True),
        ("decks/tcg/burn.ydk", "tcg", False),  # Limited cards on the TCG list
    ]
    # inputs given on the command line replace the configured paths; --format wins
    (only,) = check_sources(["decks/burn.ydk"], Settings(format="tcg"), checker=checker)
    assert (only.deck.source, only.format.id) == ("decks/burn.ydk", "tcg")


def test_check_sources_without_paths_says_how(checker, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deckcheck.toml").write_text('paths = ["decks/*.ydk"]\n')
    with pytest.raises(InputError, match=r"no deck files: paths = \[decks/\*\.ydk\] in .*"):
        check_sources([], Settings(), checker=checker)
