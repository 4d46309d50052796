"""The built wheel installs into a fresh virtual environment and works from any folder."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.conftest import DECKS, ROOT


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("wheel")
    wheels = base / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
        ],
        check=True,
    )
    (wheel,) = wheels.glob("deckcheck-*.whl")
    env_dir = base / "venv"
    # dependencies come from this interpreter's site-packages; deckcheck itself from the wheel
    venv.create(env_dir, system_site_packages=True, with_pip=False)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ],
        check=True,
    )
    return env_dir / "bin"


def test_installed_command_checks_a_deck_from_another_folder(installed, tmp_path):
    where = subprocess.run(
        [str(installed / "python"), "-c", "import deckcheck; print(deckcheck.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(ROOT) not in where and "site-packages" in where
    result = subprocess.run(
        [
            str(installed / "deckcheck"),
            "check",
            str(DECKS / "AI_Zoodiac.ydk"),
            "--format",
            "tcg",
            "--date",
            "2026-06-01",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode in (0, 1), result.stderr
    assert "AI_Zoodiac.ydk" in result.stdout and "list 2026.05" in result.stdout
    show = subprocess.run(
        [str(installed / "deckcheck"), "cards", "show", "Pot of Greed"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "55144522" in show.stdout


def test_installed_package_carries_its_data(installed, tmp_path):
    def run(*args: str) -> str:
        return subprocess.run(
            [str(installed / "deckcheck"), *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    assert "DC201" in run("rule", "copy-limit")  # rule pages
    assert "tcg" in run("banlist", "list")  # the bundled lists and formats
    templates = subprocess.run(
        [
            str(installed / "python"),
            "-c",
            "import deckcheck.service, pathlib; "
            "print(len(list(pathlib.Path(deckcheck.service.__file__).parent.rglob('*.html'))))",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert int(templates) > 0  # the web page's templates
