"""Shared helpers for the hand-statistics tests."""

from __future__ import annotations

from pathlib import Path

from deckcheck.decks.model import Deck
from tests.conftest import DECKS


def ydk_main(path: Path) -> list[int]:
    """The Main Deck passcodes of a .ydk file, read independently of the project's codecs."""
    main: list[int] = []
    in_main = False
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith(("#", "!")):
            in_main = line == "#main"
        elif in_main and line.isdigit():
            main.append(int(line))
    return main


def real_deck(name: str) -> Deck:
    path = DECKS / name
    return Deck.from_passcodes(ydk_main(path), source=str(path))


def code(db, name: str) -> int:
    card = db.find(name)
    assert card is not None, name
    return card.passcodes[0]
