"""Every scenario under tests/scenarios passes; the runner itself reports failures and
refuses malformed files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from deckcheck.engine.scenario import load_file, run_files, run_scenario
from deckcheck.io.errors import InputError
from tests.conftest import SHARED

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios").rglob("*.yaml"))
CASES = {
    json.loads(line)["id"]
    for line in (SHARED / "rule_cases" / "rule_cases.jsonl").read_text().splitlines()
    if line.strip()
}


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path, db):
    results = run_files([path], db)
    failed = [f"{r.source} ({r.name}): {'; '.join(r.problems)}" for r in results if not r.passed]
    assert not failed, "\n".join(failed)


def test_scenario_files_are_named_by_real_rule_cases():
    named = [p.stem for p in SCENARIOS if p.stem.startswith("RC-")]
    assert len(named) >= 40
    assert not [n for n in named if n not in CASES]


def _readme_listed(heading: str) -> set[str]:
    """The rule-case ids of a README section's list lines (``- RC-X-001: why``)."""
    text = (Path(__file__).parents[1] / "scenarios" / "README.md").read_text()
    section = text.split(f"### {heading}", 1)[1].split("\n#", 1)[0]
    heads = [line.split(":", 1)[0] for line in section.splitlines() if line.startswith("- ")]
    return {case for head in heads for case in re.findall(r"RC-[A-Z]+-\d+", head)}


def test_every_rule_case_that_needs_effects_is_a_scenario_or_listed_with_a_reason():
    lines = (SHARED / "rule_cases" / "rule_cases.jsonl").read_text().splitlines()
    cases = [json.loads(line) for line in lines if line.strip()]
    needing = {
        c["id"]
        for c in cases
        if c.get("needs_card_effects") or "[generic effect]" in str(c.get("setup", ""))
    }
    files = {p.stem for p in SCENARIOS if p.stem.startswith("RC-")}
    unit = _readme_listed("Checked by unit tests")
    not_expressible = _readme_listed("Rule cases not expressible")
    assert len(files & needing) >= 100
    assert not sorted(needing - files - unit - not_expressible)
    # the README tells the truth: nothing listed as not expressible has a scenario
    assert not sorted(not_expressible & files)
    assert not sorted((unit | not_expressible) - CASES)


BASE = {
    "turn": 2,
    "turn_player": 0,
    "phase": "battle",
    "players": [
        {"monsters": [{"card": "Vorse Raider", "zone": 2}]},
        {"deck": ["Battle Ox"]},
    ],
    "actions": [{"player": 0, "do": "attack", "attacker": "Vorse Raider", "target": "direct"}],
}


def test_a_wrong_expectation_fails_with_a_readable_difference(db):
    result = run_scenario({**BASE, "expect": [{"player": 1, "lp": 7000}]}, db)
    assert not result.passed
    assert result.problems == ["player 1 lp: expected 7000, got 6100"]
    assert run_scenario({**BASE, "expect": [{"player": 1, "lp": 6100}]}, db).passed


def test_an_illegal_action_that_is_accepted_fails(db):
    act = {**BASE["actions"][0], "illegal": True}
    result = run_scenario({**BASE, "actions": [act]}, db)
    assert not result.passed and "must be refused" in result.problems[0]


def test_a_refused_action_fails_and_names_the_legal_options(db):
    act = {"player": 0, "do": "attack", "attacker": "Vorse Raider", "target": "Battle Ox"}
    result = run_scenario({**BASE, "actions": [act]}, db)
    assert not result.passed
    assert "Attack directly with Vorse Raider" in result.problems[0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"phase": "lunch"}, "phase: should be 'draw', 'standby'"),
        ({"players": [{"hand": ["Vorse Raidr"]}]}, "did you mean Vorse Raider"),
        (
            {"players": [{"monsters": [{"card": "Vorse Raider", "zone": 9}]}]},
            r"players\[0\]\.monsters\[0\]\.zone: should be less",
        ),
        ({"players": [{"monsters": [{"card": "Dark Hole", "zone": 0}]}]}, "not a monster"),
        ({"colour": "red"}, "colour: unknown field"),
        ({"profile": "master-rule-1999"}, "unknown rules profile"),
        ({"actions": [{"do": "dance"}]}, r"actions\[0\]\.do: should be 'normal_summon'"),
        ({"first": 1}, "first applies to a new duel"),
        (
            {
                "players": [
                    {"monsters": [{"card": "Decode Talker", "zone": 1, "position": "defense"}]}
                ]
            },
            "only be in Attack Position",
        ),
        (  # a filter field the vocabulary does not know, deep in an inline card
            {
                "cards": [
                    {
                        "name": "Test Bad Filter",
                        "kind": "spell",
                        "property": "continuous",
                        "effects": [
                            {
                                "kind": "continuous",
                                "range": ["spell"],
                                "applies": {"to": {"of": "all", "filter": {"colour": "red"}}},
                            }
                        ],
                    }
                ]
            },
            r"cards\[0\].*unknown filter field 'colour'",
        ),
    ],
)
def test_malformed_scenarios_are_input_errors(db, change, message):
    with pytest.raises(InputError, match=message):
        run_scenario({**BASE, **change}, db)


def test_files_are_read_safely(tmp_path):
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("a: &x [1, 2]\nb: *x\n")
    with pytest.raises(InputError, match="aliases are not allowed"):
        load_file(bomb)
    (tmp_path / "list.yaml").write_text("- 1\n- 2\n")
    with pytest.raises(InputError, match="not a mapping"):
        load_file(tmp_path / "list.yaml")
    with pytest.raises(InputError, match="cannot read"):
        load_file(tmp_path / "missing.yaml")
