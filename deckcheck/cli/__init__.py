"""The ``deckcheck`` command: a thin Typer layer over the library.

Each command module registers its commands on ``app``; modules import heavy libraries
inside the command functions so that ``deckcheck check`` starts fast.
"""

from __future__ import annotations

from deckcheck.cli.common import app, run

# command modules register themselves on import
# (each: from deckcheck.cli import NAME as _NAME)

__all__ = ["app", "main"]


def main() -> None:
    run(app)
