"""The card files: one YAML file per card under ``carddefs/cards/``, named
``<passcode>-<name>.yaml``, in the vocabulary of effects/schema.py (docs/card-effects.md).

Files are found by passcode from their names without being read; a file is read, checked
and compiled the first time a duel needs its card, and kept for the life of the process
(there is one per defined card: the set is fixed and small).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from deckcheck.engine.effects.schema import CardFile, parse
from deckcheck.io import yamlsafe
from deckcheck.io.errors import InputError

FOLDER = Path(__file__).parent / "cards"
# the effect layer's version: bump when a verb or a rule of effects changes play (a log
# also carries the digest of its decks' card files: fingerprint, below)
VERSION = 4


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


@cache
def _file_digest(code: int) -> str:
    return hashlib.sha256(index()[code].read_bytes()).hexdigest()


def fingerprint(codes: Iterable[int]) -> str:
    """A digest of the card files of these passcodes (those that have one): a log made with
    other files for its cards would not replay the same ("" when none has a file)."""
    have = sorted(set(codes) & index().keys())
    if not have:
        return ""
    text = ";".join(f"{code}:{_file_digest(code)}" for code in have)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]
