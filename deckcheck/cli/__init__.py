"""The ``deckcheck`` command: a thin Typer layer over the library.

Each command module registers its commands on ``app``; modules import heavy libraries
inside the command functions so that ``deckcheck check`` starts fast.
"""

from __future__ import annotations

import os

# deckcheck uses no pydantic plugins; looking for them scans every installed distribution
# at the first model definition, a large share of the command's start-up time
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

# command modules register themselves on import
# (each: from deckcheck.cli import NAME as _NAME)
from deckcheck.cli import banlist as _banlist  # noqa: E402,F401
from deckcheck.cli import cards as _cards  # noqa: E402,F401
from deckcheck.cli import check as _check  # noqa: E402,F401
from deckcheck.cli import decks as _decks  # noqa: E402,F401
from deckcheck.cli import engine as _engine  # noqa: E402,F401
from deckcheck.cli import event as _event  # noqa: E402,F401
from deckcheck.cli import hands as _hands  # noqa: E402,F401
from deckcheck.cli import serve as _serve  # noqa: E402,F401
from deckcheck.cli.common import app, run

__all__ = ["app", "main"]


def main() -> None:
    run(app)
