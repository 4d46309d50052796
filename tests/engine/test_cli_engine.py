"""The engine commands end to end: duel, replay, scenario run, play."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

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
    assert "Not played faithfully yet (coverage):" in r.out
    assert "Dark Magical Circle" in r.out or "Dark Magic Veil" in r.out or "Spell" in r.out


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
    again = run(capsys, "duel", A, B, "--no-validate", "--games", "2", "--log", str(logs))
    assert again.code == 2 and "not overwriting" in again.err
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


def test_play_at_the_terminal(capsys, monkeypatch, tmp_path):
    # a bad answer first, then always the first option, until the duel ends
    monkeypatch.setattr(sys, "stdin", io.StringIO("99\n" + "1\n" * 5000))
    log = tmp_path / "mine.jsonl"
    r = run(capsys, "play", A, B, "--no-validate", "--seed", "2", "--log", str(log))
    assert r.code == 0, r.err
    assert "type a number from 1 to" in r.out and "-- main: choose one" in r.out
    assert "Result: winner" in r.out
    assert run(capsys, "replay", str(log)).code == 0


def test_play_stops_quietly_when_input_ends(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    r = run(capsys, "play", A, B, "--no-validate", "--seed", "2")
    assert r.code == 130 and "Traceback" not in r.err
