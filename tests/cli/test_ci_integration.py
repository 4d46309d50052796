"""The pre-commit hook and the GitHub Action, run locally on a fixture repository of real
decks: the hook's entry with the files pre-commit would pass, the action's shell steps with
its inputs as GitHub would set them."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from tests.conftest import DATA, DECKS, ROOT

EVENT = ["--format", "ocg", "--date", "2025-11-01"]
EXPRESSION = re.compile(r"\$\{\{\s*([\w.-]+)\s*\}\}")


@pytest.fixture
def repo(tmp_path) -> Path:
    """A deck repository: one deck valid for OCG on 2025-11-01, one that is not."""
    (tmp_path / "decks" / "valid").mkdir(parents=True)
    (tmp_path / "decks" / "bad").mkdir()
    shutil.copyfile(DECKS / "AI_ChainBurn.ydk", tmp_path / "decks/valid/chainburn.ydk")
    shutil.copyfile(DECKS / "AI_Ryzeal.ydk", tmp_path / "decks/bad/ryzeal.ydk")
    (tmp_path / "README.md").write_text("# my decks\n")
    return tmp_path


def environment(**extra: str) -> dict[str, str]:
    """This environment, with the deckcheck command of this Python first on PATH."""
    env = dict(os.environ, **extra)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    return env


def hook() -> dict:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    (found,) = [h for h in hooks if h["id"] == "deckcheck"]
    return found


def run_hook(repo: Path, files: list[str]) -> subprocess.CompletedProcess[str]:
    spec = hook()
    selected = [f for f in files if re.search(spec["files"], f)]
    command = [*shlex.split(spec["entry"]), *EVENT, *selected]
    return subprocess.run(
        command, cwd=repo, env=environment(), capture_output=True, text=True, check=False
    )


def test_hook_definition():
    spec = hook()
    assert spec["language"] == "python" and spec["entry"].startswith("deckcheck ")
    assert re.search(spec["files"], "decks/a.ydk") and not re.search(spec["files"], "README.md")


def test_hook_fails_a_commit_with_an_invalid_deck(repo):
    files = ["README.md", "decks/valid/chainburn.ydk", "decks/bad/ryzeal.ydk"]
    result = run_hook(repo, files)
    assert result.returncode == 1, result.stderr
    assert "decks/bad/ryzeal.ydk: INVALID" in result.stdout
    assert "decks/valid/chainburn.ydk: valid" in result.stdout
    assert "README.md" not in result.stdout


def test_hook_passes_valid_decks(repo):
    result = run_hook(repo, ["README.md", "decks/valid/chainburn.ydk"])
    assert result.returncode == 0, result.stdout + result.stderr


def action() -> dict:
    return yaml.safe_load((ROOT / "action.yml").read_text())


def expand(text: str, inputs: dict[str, str]) -> str:
    """The only expressions the action may use: its inputs and its own path."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == "github.action_path":
            return str(ROOT)
        assert name.startswith("inputs."), f"unexpected expression {name}"
        return inputs[name.removeprefix("inputs.")]

    return EXPRESSION.sub(value, text)


def run_action(repo: Path, tmp_path: Path, **given: str) -> subprocess.CompletedProcess[str]:
    spec = action()
    inputs = {k: str(v.get("default", "")) for k, v in spec["inputs"].items()} | given
    summary = tmp_path / "summary.md"
    result = None
    for step in spec["runs"]["steps"]:
        script = step["run"]
        assert "${{" not in script, "inputs must reach scripts through env, not the script"
        env = {k: expand(str(v), inputs) for k, v in step.get("env", {}).items()}
        if step["name"] == "Install deckcheck":
            # installing here would replace the package under test; check it is sound bash
            subprocess.run(["bash", "-n", "-c", script], check=True)
            assert "pip install" in script and env["DECKCHECK_ACTION_PATH"] == str(ROOT)
            continue
        result = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=repo,
            env=environment(GITHUB_STEP_SUMMARY=str(summary), **env),
            capture_output=True,
            text=True,
            check=False,
        )
    assert result is not None
    return result


def test_action_annotates_writes_sarif_and_fails(repo, tmp_path):
    sarif = repo / "deckcheck.sarif"
    result = run_action(
        repo, tmp_path, paths="decks", format="ocg", date="2025-11-01", **{"sarif-file": str(sarif)}
    )
    assert result.returncode == 1, result.stderr
    errors = [line for line in result.stdout.splitlines() if line.startswith("::error ")]
    assert errors and all(e.startswith("::error file=decks/bad/ryzeal.ydk,line=") for e in errors)
    assert "Abyss Dweller is Forbidden" in result.stdout
    summary = (tmp_path / "summary.md").read_text()
    assert summary.startswith("## :x: deckcheck: 1 of 2 decks invalid")
    data = json.loads(sarif.read_text())
    jsonschema.validate(data, json.loads((DATA / "schemas/sarif-schema-2.1.0.json").read_text()))
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in data["runs"][0]["results"]
    }
    assert uris == {"decks/bad/ryzeal.ydk"}


def test_action_passes_on_valid_decks(repo, tmp_path):
    result = run_action(repo, tmp_path, paths="decks/valid", format="ocg", date="2025-11-01")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "::error" not in result.stdout
    assert "0 of 1 deck invalid" in (tmp_path / "summary.md").read_text()


def test_action_usage_error_is_not_hidden(repo, tmp_path):
    result = run_action(repo, tmp_path, paths="decks", format="no-such-format")
    assert result.returncode == 2 and "unknown format" in result.stderr
    assert not (tmp_path / "summary.md").exists()


def test_action_inputs_are_not_run_as_code(repo, tmp_path):
    run_action(repo, tmp_path, paths="decks/valid $(touch pwned)", format="ocg")
    assert not (repo / "pwned").exists()
