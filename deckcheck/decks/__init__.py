"""Decks: the model (``deckcheck.decks.model``) and codecs (``deckcheck.decks.codecs``).

``read_deck``, ``load_deck``, ``write_deck`` and ``DECK_SUFFIXES`` are re-exported here,
imported on first use so that importing the model stays cheap.
"""

from __future__ import annotations

from typing import Any

_CODECS = ("read_deck", "load_deck", "write_deck", "DECK_SUFFIXES", "FORMATS", "unknown_cards")
__all__ = list(_CODECS)


def __getattr__(name: str) -> Any:
    if name in _CODECS:
        from deckcheck.decks import codecs

        return getattr(codecs, name)
    raise AttributeError(f"module 'deckcheck.decks' has no attribute {name!r}")
