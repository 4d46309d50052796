"""Where bundled and user data live.

Bundled data (card snapshot, banlists) ships inside the wheel as ``deckcheck/_data``; in a
source checkout it is read from the top-level ``card_data/`` and ``banlists/`` folders.
User data (updates, imported lists, registrations) lives in the user's data directory.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # deckcheck/, this file is in deckcheck/io/


def _bundled(name: str) -> Path:
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def card_data_dir() -> Path:
    return _bundled("card_data")


def banlists_dir() -> Path:
    return _bundled("banlists")


def user_data_dir() -> Path:
    """DECKCHECK_HOME wins (tests, containers); otherwise the platform's user data dir."""
    env = os.environ.get("DECKCHECK_HOME")
    if env:
        return Path(env)
    xdg = _xdg_data_home()
    if xdg is not None:
        return Path(xdg, "deckcheck")
    from platformdirs import user_data_path

    return user_data_path("deckcheck", appauthor=False)


def _xdg_data_home() -> str | None:
    """On Linux, platformdirs' user data folder by the XDG rule: $XDG_DATA_HOME when it is
    absolute, else ~/.local/share under an absolute $HOME. Importing platformdirs costs a
    one-deck check about 10 M instructions (issue 15); None leaves every other case
    (Android, a relative or missing $HOME, other systems) to it."""
    if sys.platform != "linux" or "ANDROID_DATA" in os.environ or "ANDROID_ROOT" in os.environ:
        return None
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg.startswith("/"):
        return xdg
    if os.environ.get("HOME", "").startswith("/"):
        return os.path.expanduser("~/.local/share")
    return None
