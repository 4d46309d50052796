"""Where bundled and user data live.

Bundled data (card snapshot, banlists) ships inside the wheel as ``deckcheck/_data``; in a
source checkout it is read from the top-level ``card_data/`` and ``banlists/`` folders.
User data (updates, imported lists, registrations) lives in the user's data directory.
"""

from __future__ import annotations

import os
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
    from platformdirs import user_data_path

    return user_data_path("deckcheck", appauthor=False)
