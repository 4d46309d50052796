"""The engine commands end to end: duel, replay, scenario run, play."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.conftest import DECKS

A = str(DECKS / "AI_Blackwing.ydk")
B = str(DECKS / "AI_DarkMagician.ydk")
INVALID = str(DECKS / "AI_Zoodiac.ydk")  # Forbidden and over-limit cards for the TCG today
SCENARIOS = Path(__file__).parents[1] / "scenarios"


def test_duel_reports_results_and_coverage(capsys):
    r = run(capsys, "duel", A, B, "--format", "traditional", "--games", "6", "--seed", "3",
            "--agents", "greedy,random")  # fmt: skip
    assert r.code == 0, r.err
    assert "6 games, AI_Blackwing vs AI_DarkMagician, agents greedy vs random" in r.out
    assert "95% CI" in r.out and "median" in r.out
    # both decks play every card as printed (issue 14): the supported share comes first
    share = r.out.index("AI_DarkMagician: 100.0% of card copies supported")
    assert share < r.out.index("6 games") and "Every card is played faithfully." in r.out
    assert "Not played faithfully yet" not in r.out


def test_duel_names_the_cards_not_played_faithfully(capsys):
    tear = str(DECKS / "AI_Tearlaments.ydk")  # 18% of its copies have card files
    r = run(capsys, "duel", tear, B, "--no-validate", "--games", "2", "--seed", "3")
    assert r.code == 0, r.err
    assert r.out.index("AI_Tearlaments: ") < r.out.index("2 games")
    assert "Not played faithfully yet (coverage):" in r.out
    assert "Tearlaments Kitkallos" in r.out.split("Not played faithfully yet")[1]


def test_duel_json_is_stable_for_a_seed_and_across_workers(capsys):
    args = ("duel", A, B, "--format", "traditional", "--games", "8", "--seed", "11",
            "--output-format", "json")  # fmt: skip
    one = run(capsys, *args)
    two = run(capsys, *args, "--workers", "2")
    assert one.code == two.code == 0
    data = json.loads(one.out)
    assert data == json.loads(two.out)
    assert data["games"] == 8 and data["a_wins"] + data["b_wins"] + data["draws"] == 8
    assert data["by_going_first"]["a_first"]["games"] == 4
    low, high = data["a_win_rate_wilson95"]
    assert 0 <= low <= data["a_win_rate"] <= high <= 1
    assert all(row["issues"] for row in data["coverage"])


def test_an_invalid_deck_stops_the_duel_with_its_report(capsys):
    r = run(capsys, "duel", INVALID, B, "--format", "tcg", "--games", "2")
    assert r.code == 1
    assert "DC301" in r.out and "no duel" in r.err
    ok = run(capsys, "duel", INVALID, B, "--no-validate", "--games", "2")
    assert ok.code == 0


def test_bad_duel_options_are_usage_errors(capsys):
    assert run(capsys, "duel", A, B, "--no-validate", "--agents", "clever").code == 2
    assert run(capsys, "duel", A, B, "--no-validate", "--games", "0").code == 2
    assert run(capsys, "duel", A, B, "--no-validate", "--workers", "100000").code == 2
    assert run(capsys, "duel", A, B, "--no-validate", "--profile", "goat").code == 2
    assert run(capsys, "duel", A, "missing.ydk", "--no-validate").code == 2
    unknown = run(capsys, "duel", A, str(DECKS / "AI_Neko.ydk"), "--no-validate")
    assert unknown.code == 2 and "not in the card data" in unknown.err


def test_logs_replay_and_a_changed_log_fails(capsys, tmp_path):
    logs = tmp_path / "logs"
    r = run(capsys, "duel", A, B, "--no-validate", "--games", "2", "--seed", "5",
            "--log", str(logs))  # fmt: skip
    assert r.code == 0
    first = logs / "game-00001.jsonl"
    assert sorted(p.name for p in logs.iterdir()) == ["game-00001.jsonl", "game-00002.jsonl"]
    good = run(capsys, "replay", str(first))
    assert good.code == 0 and "replay matches" in good.out
    lines = first.read_text().splitlines()
    n = next(i for i, line in enumerate(lines) if '"damage"' in line)
    event = json.loads(lines[n])
    event["event"][2] += 100
    lines[n] = json.dumps(event)
    changed = tmp_path / "changed.jsonl"
    changed.write_text("\n".join(lines) + "\n")
    bad = run(capsys, "replay", str(changed))
    assert bad.code == 1 and f"line {n + 1} differs" in bad.out
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    assert run(capsys, "replay", str(junk)).code == 2


def test_scenario_run_passes_and_fails(capsys, tmp_path):
    good = run(capsys, "scenario", "run", str(SCENARIOS / "RC-DC-001.yaml"),
               str(SCENARIOS / "RC-LP-002.yaml"))  # fmt: skip
    assert good.code == 0 and "3 passed, 0 failed" in good.out
    wrong = tmp_path / "wrong.yaml"
    src = (SCENARIOS / "RC-DC-007.yaml").read_text().replace("lp: 6200", "lp: 6000")
    wrong.write_text(src)
    bad = run(capsys, "scenario", "run", str(wrong))
    assert bad.code == 1 and "lp: expected 6000, got 6200" in bad.out
    broken = tmp_path / "broken.yaml"
    broken.write_text("turn: [\n")
    assert run(capsys, "scenario", "run", str(broken)).code == 2
    assert run(capsys, "scenario", "run", str(tmp_path / "none")).code == 2


def duel_into(capsys, logs, games, *more):
    return run(capsys, "duel", A, B, "--no-validate", "--games", str(games), "--log", str(logs),
               *more)  # fmt: skip


def test_logs_of_two_runs_never_mix(capsys, tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()  # the legal edge: an existing empty folder
    assert duel_into(capsys, logs, 3, "--seed", "1").code == 0
    old = (logs / "game-00001.jsonl").read_text()
    # the first illegal step: a folder with anything in it, here a shorter run's logs
    again = duel_into(capsys, logs, 1, "--seed", "2")
    assert again.code == 2
    assert "the folder is not empty" in again.err and "--force" in again.err
    assert len(list(logs.iterdir())) == 3 and (logs / "game-00001.jsonl").read_text() == old
    (logs / "notes.txt").write_text("mine")
    (logs / "game-00009.jsonl").write_text("not a log\n")
    (logs / "kept").mkdir()
    (tmp_path / "game-00004.jsonl").write_text(old)  # beside the folder, not in it
    forced = duel_into(capsys, logs, 1, "--seed", "2", "--force")
    assert forced.code == 0, forced.err
    names = sorted(p.name for p in logs.iterdir())
    assert names == ["game-00001.jsonl", "game-00009.jsonl", "kept", "notes.txt"]
    assert (logs / "game-00001.jsonl").read_text() != old
    assert (tmp_path / "game-00004.jsonl").read_text() == old
    assert run(capsys, "replay", str(logs / "game-00001.jsonl")).code == 0


def test_force_keeps_a_file_with_a_log_name_that_is_not_a_log(capsys, tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "game-00001.jsonl").write_text("my own notes\n")
    r = duel_into(capsys, logs, 1, "--force")
    assert r.code == 2 and "game-00001.jsonl is not a duel log" in r.err
    assert (logs / "game-00001.jsonl").read_text() == "my own notes\n"


def test_play_at_the_terminal(capsys, monkeypatch, tmp_path):
    # a bad answer first, then always the first option, until the duel ends
    monkeypatch.setattr(sys, "stdin", io.StringIO("99\n" + "1\n" * 5000))
    log = tmp_path / "mine.jsonl"
    r = run(capsys, "play", A, B, "--no-validate", "--seed", "2", "--log", str(log))
    assert r.code == 0, r.err
    assert "type a number from 1 to" in r.out and "-- main: choose one" in r.out
    last = r.out.rstrip().splitlines()[-1]
    assert re.fullmatch(r"Result: you (won|lost) in \d+ turns: .*", last), last
    assert run(capsys, "replay", str(log)).code == 0


def test_play_refuses_an_existing_log_before_the_duel_unless_forced(capsys, monkeypatch, tmp_path):
    log = tmp_path / "mine.jsonl"
    log.write_text("keep me\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5000))
    r = run(capsys, "play", A, B, "--no-validate", "--seed", "2", "--log", str(log))
    assert r.code == 2 and "already exists; use --force" in r.err
    assert "choose one" not in r.out and log.read_text() == "keep me\n"
    forced = run(capsys, "play", A, B, "--no-validate", "--seed", "2", "--log", str(log),
                 "--force")  # fmt: skip
    assert forced.code == 0 and "Result: you" in forced.out
    assert run(capsys, "replay", str(log)).code == 0


def test_play_leaves_cleanly_when_input_ends(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    log = tmp_path / "mine.jsonl"
    r = run(capsys, "play", A, B, "--no-validate", "--seed", "2", "--log", str(log))
    assert r.code == 0 and "Traceback" not in r.err
    assert r.out.rstrip().endswith("Input ended: you left the duel on turn 1; no log written.")
    assert not log.exists()


@pytest.mark.parametrize("seed", ["-3", str(2**64 + 5)])
def test_any_play_seed_writes_a_log_that_replays(capsys, monkeypatch, tmp_path, seed):
    # seed -3 also has the human choose a Synchro monster's position (that crashed)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5000))
    log = tmp_path / "mine.jsonl"
    r = run(capsys, "play", A, B, "--no-validate", "--seed", seed, "--log", str(log))
    assert r.code == 0, r.err
    assert run(capsys, "replay", str(log)).code == 0


def test_a_corrupted_log_or_scenario_is_exit_2_naming_the_line_or_field(capsys, tmp_path):
    logs = tmp_path / "logs"
    assert duel_into(capsys, logs, 1).code == 0
    lines = (logs / "game-00001.jsonl").read_text().splitlines()
    head = json.loads(lines[0])
    head["first"] = 5  # an IndexError deep in the engine before
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    r = run(capsys, "replay", str(bad))
    assert r.code == 2 and "Traceback" not in r.err
    assert f"{bad}:1: header: first: should be less than or equal to 1" in r.err
    scenario = tmp_path / "bad.yaml"
    scenario.write_text("turn: 2\nphase: {}\n")  # unhashable, a TypeError before
    r = run(capsys, "scenario", "run", str(scenario))
    assert r.code == 2 and f"{scenario}: phase: should be 'draw'" in r.err
