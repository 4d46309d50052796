"""Hostile files and arguments for every command that reads a user's file: FIFOs without a
writer, devices, names longer than the system allows. A clear message and exit 2, never a
hang or a traceback; in a run over several inputs, the others are still checked."""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from tests.cli.helpers import Result, run
from tests.conftest import DECKS, ROOT

DECK = DECKS / "AI_Blackwing.ydk"  # valid for tcg on 2026-06-01
SCENARIO = ROOT / "tests" / "scenarios" / "RC-DC-001.yaml"
EVENT = ["--format", "tcg", "--date", "2026-06-01"]
LONG = "x" * 5000 + ".ydk"  # longer than any file name (255 bytes)


def run_guarded(capsys, fifo: Path, *args: str) -> Result:
    """Run the command; if it blocks on the FIFO, open the FIFO for writing so that it
    goes on (and the test fails rather than hanging)."""
    blocked: list[bool] = []

    def unblock() -> None:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # succeeds only if a reader waits
        except OSError:
            return
        blocked.append(True)
        os.close(fd)

    timer = threading.Timer(10, unblock)
    timer.start()
    try:
        result = run(capsys, *args)
    finally:
        timer.cancel()
    assert not blocked, f"{args[0]} blocked on a FIFO"
    return result


@pytest.fixture
def files(tmp_path, capsys) -> dict[str, Path]:
    fifo = tmp_path / "pipe.ydk"
    os.mkfifo(fifo)
    record = tmp_path / "record.json"
    made = run(capsys, "register", str(DECK), *EVENT, "--player", "Jaden", "-o", str(record))
    assert made.code == 0, made.err
    return {"fifo": fifo, "record": record, "tmp": tmp_path}


COMMANDS = {
    "check": ["check", "{fifo}"],
    "convert": ["convert", "{fifo}", "--to", "ydk"],
    "register": ["register", "{fifo}", *EVENT, "--player", "J", "-o", "{tmp}/r.json"],
    "sheet": ["sheet", "{fifo}", *EVENT, "--player", "J", "-o", "{tmp}/s.pdf"],
    "verify-record": ["verify", "{fifo}", str(DECK)],
    "verify-deck": ["verify", "{record}", "{fifo}"],
    "side-check": ["side", "check", "{record}", "{fifo}"],
    "side-apply": ["side", "apply", "{record}", "{fifo}", "-o", "{tmp}/g2.ydk"],
    "banlist-lint": ["banlist", "lint", "{fifo}"],
    "banlist-convert": ["banlist", "convert", "{fifo}", "--to", "yaml"],
    "banlist-import": ["banlist", "import", "{fifo}"],
    "scenario-run": ["scenario", "run", "{fifo}"],
    "replay": ["replay", "{fifo}"],
    "import-cdb": ["cards", "import-cdb", "{fifo}", "-o", "{tmp}/cards"],
    "hands": ["hands", "{fifo}"],
    "hands-categories": ["hands", str(DECK), "--categories", "{fifo}"],
}


@pytest.mark.parametrize("args", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_fifo_is_refused_without_blocking(capsys, files, args):
    filled = [a.format(**files) for a in args]
    result = run_guarded(capsys, files["fifo"], *filled)
    assert result.code == 2, result.out + result.err
    assert "named pipe (FIFO), not a regular file" in result.err
    assert "Traceback" not in result.err


def test_check_reports_each_bad_argument_and_checks_the_others(capsys, tmp_path):
    os.mkfifo(tmp_path / "pipe.ydk")
    (tmp_path / "empty").mkdir()
    bad = [LONG, str(tmp_path / "pipe.ydk"), str(tmp_path / "none.ydk"), str(tmp_path / "empty")]
    result = run(capsys, "check", *bad, str(DECK), *EVENT, "--output-format", "json")
    assert result.code == 2
    decks = json.loads(result.out)["decks"]
    assert [d["deck"]["source"] for d in decks] == [*bad, str(DECK)]
    errors = [d["error"] for d in decks]
    assert "file name too long" in errors[0] and "named pipe" in errors[1]
    assert "no such file" in errors[2] and "no deck files (" in errors[3]
    assert errors[4] is None and decks[4]["valid"] is True
    assert result.err.count("deckcheck: error:") == 4
    assert max(map(len, result.err.splitlines())) < 300  # the long name is cut


def test_an_encoded_ygoprodeck_link_is_read_as_a_link(capsys):
    from urllib.parse import quote

    ydke = run(capsys, "convert", str(DECK), "--to", "ydke").out.strip()
    link = "https://ygoprodeck.com/deck-builder/?y=" + ydke.removeprefix("ydke://")
    encoded = quote(link, safe="")  # one argument longer than a file name may be
    assert len(encoded) > 255
    result = run(capsys, "check", encoded, *EVENT)
    assert result.code == 0, result.err


def scenarios_in(capsys, path: Path) -> int:
    alone = run(capsys, "scenario", "run", str(path))
    assert alone.code == 0, alone.out
    return alone.out.count("\nPASS ") + alone.out.startswith("PASS ")


def test_scenario_run_reports_a_bad_file_and_runs_the_others(capsys, tmp_path):
    count = scenarios_in(capsys, SCENARIO)
    empty = tmp_path / "none"
    empty.mkdir()
    result = run(capsys, "scenario", "run", LONG, str(SCENARIO), str(empty))
    assert result.code == 2
    assert f"{count} passed, 0 failed, 2 not run" in result.out
    assert "file name too long" in result.err and "no .yaml scenario files" in result.err
    assert "Traceback" not in result.err


def test_scenario_run_with_good_files_only(capsys, tmp_path):
    count = scenarios_in(capsys, SCENARIO)
    copy = tmp_path / "copy.yaml"
    shutil.copyfile(SCENARIO, copy)
    result = run(capsys, "scenario", "run", str(SCENARIO), str(copy))
    assert result.code == 0 and f"{2 * count} passed, 0 failed\n" in result.out


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "import-cdb", LONG.replace(".ydk", ".cdb")],
        ["verify", LONG.replace(".ydk", ".json"), str(DECK)],
        ["side", "check", LONG.replace(".ydk", ".json"), str(DECK)],
        ["replay", LONG],
        ["banlist", "lint", LONG],
        ["cards", "build", "--source", LONG.replace(".ydk", ".jsonl.gz")],
    ],
    ids=["import-cdb", "verify", "side-check", "replay", "banlist-lint", "cards-build"],
)
def test_an_over_long_name_is_a_clear_error(capsys, tmp_path, args):
    out = ["-o", str(tmp_path / "c")] if {"import-cdb", "build"} & set(args) else []
    result = run(capsys, *args, *out)
    assert result.code == 2, result.err
    assert "file name too long" in result.err and "Traceback" not in result.err


BIG = "1" + "0" * 5000  # more digits than int() converts (4300)


def test_a_record_with_a_number_of_thousands_of_digits(capsys, files):
    text = files["record"].read_text()
    bad = files["tmp"] / "bad.json"
    bad.write_text(text.replace('"count": 1', f'"count": {BIG}', 1))
    assert bad.read_text() != text
    result = run(capsys, "verify", str(bad), str(DECK))
    assert result.code == 2, result.err
    assert "a number of thousands of digits" in result.err and "Traceback" not in result.err


def test_a_configuration_with_a_number_of_thousands_of_digits(capsys, tmp_path, monkeypatch):
    (tmp_path / "deckcheck.toml").write_text(f"points-cap = {BIG}\n")
    shutil.copyfile(DECK, tmp_path / "deck.ydk")
    monkeypatch.chdir(tmp_path)
    result = run(capsys, "check", "deck.ydk")
    assert result.code == 2, result.err
    assert "not valid TOML: a number of thousands of digits" in result.err
