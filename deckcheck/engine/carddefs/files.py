"""The card files: one YAML file per card under ``carddefs/cards/``, named
``<passcode>-<name>.yaml``, in the vocabulary of effects/schema.py (docs/card-effects.md).

Files are found by passcode from their names without being read; a file is read, checked
and compiled the first time a duel needs its card, and kept for the life of the process
(there is one per defined card: the set is fixed and small).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from deckcheck.engine.effects.schema import CardFile, parse
from deckcheck.io import yamlsafe
from deckcheck.io.errors import InputError

FOLDER = Path(__file__).parent / "cards"
VERSION = 1  # the effect layer's version: bump when a definition or a verb changes play


@cache
def index() -> dict[int, Path]:
    """Passcode -> card file."""
    out: dict[int, Path] = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        head = path.name.split("-", 1)[0]
        if head.isdigit():
            out[int(head)] = path
    return out


@cache
def load(code: int) -> CardFile | None:
    """The checked card file of a passcode, or None if the card has none."""
    path = index().get(code)
    if path is None:
        return None
    text = path.read_text(encoding="utf-8")
    spec = parse(yamlsafe.load(text, str(path)), str(path))
    if spec.card != code:
        raise InputError(f"{path}: the file is named for {code} but defines card {spec.card}")
    return spec


def defined() -> list[int]:
    """Every passcode that has a card file."""
    return sorted(index())
