"""The ``deckcheck`` command: a thin Typer layer over the library.

Each command module registers its commands on ``app``; modules import heavy libraries
inside the command functions so that ``deckcheck check`` starts fast. For the same reason
``main`` imports only the module of the command being run (Typer inspects every registered
command on each start); ``deckcheck --help``, unknown names and ``deckcheck.cli.app`` get them
all.
``deckcheck --version`` is answered here, before Typer, pydantic or any command is loaded.
"""

from __future__ import annotations

import gc
import os
import sys
from importlib import import_module

from deckcheck import __version__

# deckcheck uses no pydantic plugins; looking for them scans every installed distribution
# at the first model definition, a large share of the command's start-up time
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

# top-level command or group -> the module that registers it (a test keeps this complete)
COMMANDS = {
    "check": "check",
    "convert": "decks",
    "duel": "engine",
    "play": "engine",
    "replay": "engine",
    "scenario": "engine",
    "goldfish": "engine",
    "gauntlet": "engine",
    "smoke": "engine",
    "register": "event",
    "verify": "event",
    "sheet": "event",
    "rule": "rules",
    "side": "event",
    "hands": "hands",
    "serve": "serve",
    "banlist": "banlist",
    "cards": "cards",
}

__all__ = ["COMMANDS", "app", "collector_on", "load_commands", "main", "version_line"]
_collector_off = False  # main() turned the garbage collector off for start-up


def load_commands(args: list[str]) -> None:
    """Register the command ``args`` starts with, or every command when it names none."""
    wanted = COMMANDS.get(args[0]) if args else None
    for module in [wanted] if wanted else sorted(set(COMMANDS.values())):
        import_module(f"deckcheck.cli.{module}")


def __getattr__(name: str) -> object:
    if name == "app":  # the whole command tree, for embedding and documentation
        from deckcheck.cli import common

        load_commands([])
        return common.app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--version"]:
        print(version_line())
        return
    # start-up makes thousands of objects that live as long as the process: the garbage
    # collector's passes over them while Typer and the command are loaded cost a one-deck
    # check about 13 M instructions (issue 15). Off until the root callback turns it on
    # again, before any command runs, with those objects frozen (and here, however the run
    # ends).
    global _collector_off
    _collector_off = gc.isenabled()
    gc.disable()
    try:
        from deckcheck.cli import common

        load_commands(args)
        common.run(common.app)
    finally:
        collector_on()


def collector_on() -> None:
    """The garbage collector on again, if main() turned it off for start-up, with what
    start-up made frozen (``gc.freeze``, as the service and long batches do): the passes
    while the command runs and the final ones at exit then walk only what the command
    makes (a one-deck check: 55 M instructions fewer, issue 15). The few cycles start-up
    left as garbage stay until the process ends."""
    global _collector_off
    if _collector_off:
        _collector_off = False
        gc.freeze()
        gc.enable()


def version_line() -> str:
    return f"deckcheck {__version__}"
