"""The user data folder: DECKCHECK_HOME, else what platformdirs gives (found on Linux by the
same XDG rule without importing it)."""

import subprocess
import sys
from pathlib import Path

import pytest
from platformdirs import user_data_path

from deckcheck.io.paths import user_data_dir

linux = pytest.mark.skipif(sys.platform != "linux", reason="the XDG rule is Linux's")


def test_deckcheck_home_wins(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "/elsewhere")
    assert user_data_dir() == tmp_path


@linux
@pytest.mark.parametrize(
    ("xdg", "home"),
    [
        (None, "/home/ann"),
        ("/data/ann", "/home/ann"),
        ("", "/home/ann"),
        ("relative/share", "/home/ann"),  # not absolute: ignored, as the spec says
        (None, "/home/ann/"),
        (None, "/"),
        ("/data/ann", "relative"),
    ],
)
def test_same_folder_as_platformdirs(monkeypatch, xdg, home):
    monkeypatch.delenv("DECKCHECK_HOME", raising=False)
    monkeypatch.delenv("ANDROID_DATA", raising=False)
    monkeypatch.delenv("ANDROID_ROOT", raising=False)
    monkeypatch.setenv("HOME", home)
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    assert user_data_dir() == user_data_path("deckcheck", appauthor=False)


@linux
def test_a_relative_home_is_left_to_platformdirs(monkeypatch):
    monkeypatch.delenv("DECKCHECK_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", "relative")
    assert user_data_dir() == user_data_path("deckcheck", appauthor=False)


@linux
def test_found_without_importing_platformdirs(tmp_path):
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    code = (
        "import sys; from deckcheck.io.paths import user_data_dir; "
        "print(user_data_dir()); print('platformdirs' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    ).stdout.split()
    assert out == [str(tmp_path / ".local" / "share" / "deckcheck"), "False"]
