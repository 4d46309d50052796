"""``main`` imports only the module of the command being run; the map it uses must name
every command and group, each with the module that registers it."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from deckcheck.cli import COMMANDS, common, load_commands


def _registered() -> dict[str, str]:
    load_commands([])
    found = {}
    for info in common.app.registered_commands:
        assert info.callback is not None
        name = info.name or info.callback.__name__.replace("_", "-")
        found[name] = info.callback.__module__.rsplit(".", 1)[1]
    for info in common.app.registered_groups:
        modules = {
            module
            for module in set(COMMANDS.values())
            if info.typer_instance in vars(import_module(f"deckcheck.cli.{module}")).values()
        }
        assert len(modules) == 1, info.name
        assert info.name is not None
        found[info.name] = modules.pop()
    return found


def test_the_command_map_names_every_command_with_its_module():
    assert _registered() == COMMANDS


def test_a_command_runs_with_only_its_own_module_loaded():
    # a fresh interpreter: `check` alone is registered, and it is still a subcommand
    code = (
        "import sys; from deckcheck.cli import main;"
        "sys.argv = ['deckcheck', 'check', '--help']; main()"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Usage: deckcheck check [OPTIONS] [inputs]..." in done.stdout
    probe = (
        "import sys; from deckcheck.cli import load_commands, common;"
        "load_commands(['check']);"
        "print(sorted(m for m in sys.modules if m.startswith('deckcheck.cli.')))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert loaded.stdout.strip() == "['deckcheck.cli.check', 'deckcheck.cli.common']"


def test_version(capsys):
    from importlib.metadata import version

    from tests.cli.helpers import run

    result = run(capsys, "--version")
    assert result.code == 0
    assert result.out == f"deckcheck {version('deckcheck')}\n"


def _imported(*args: str) -> tuple[str, set[str]]:
    """What `python -m deckcheck ARGS` prints, and every module it imported (-X importtime)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "deckcheck", *args],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return done.stdout, modules


def test_version_loads_no_command_typer_or_pydantic():
    from importlib.metadata import version

    out, modules = _imported("--version")
    assert out == f"deckcheck {version('deckcheck')}\n"
    assert "deckcheck.cli" in modules  # the probe sees deckcheck's own imports
    heavy = {m for m in modules if m.startswith(("deckcheck.cli.", "typer", "pydantic", "click"))}
    assert heavy == set()


def test_the_app_itself_answers_version_with_the_same_line(capsys, monkeypatch):
    # embedded use (deckcheck.cli.app) and --version after other words take Typer's option
    from deckcheck.cli import common, version_line

    monkeypatch.setattr(sys, "argv", ["deckcheck", "--version"])
    with pytest.raises(SystemExit) as exit_:
        common.run(common.app)
    assert exit_.value.code == 0
    assert capsys.readouterr().out == version_line() + "\n"


EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "blue-eyes.ydk")


def _check_loads(cwd: Path) -> set[str]:
    """Every module `python -m deckcheck check EXAMPLE` imports when run in ``cwd``."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "deckcheck", "check", EXAMPLE],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    assert done.returncode in (0, 1), done.stderr
    return {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def test_a_one_deck_check_loads_the_configuration_models_only_for_a_file(tmp_path):
    # issue 15: what a one-deck check loads beyond its Typer floor is start-up time
    bare = _check_loads(tmp_path)
    assert "deckcheck.validation.checker" in bare  # the probe sees the check's own imports
    assert "deckcheck.cli.config_schema" not in bare
    (tmp_path / "deckcheck.toml").write_text('format = "tcg"\n')
    assert "deckcheck.cli.config_schema" in _check_loads(tmp_path)


def test_the_check_path_gives_typer_annotations_it_need_not_compile():
    """Typer evaluates string annotations at every start (issue 15: about 3 M instructions
    of a one-deck check); the root callback's and check's are objects."""
    from deckcheck.cli import check

    for function in (common._root, check.check):
        hints = function.__annotations__
        assert hints and not any(isinstance(hint, str) for hint in hints.values())
