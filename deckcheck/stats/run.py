"""One call from paths to figures: what ``deckcheck hands`` does, for library users too."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from deckcheck.cards.db import CardDB
from deckcheck.io.progress import progress
from deckcheck.stats.analysis import Going, HandStats, Method, analyse_hands
from deckcheck.stats.categories import CategorySet, load_categories


def hands_for_paths(
    deck: str,
    db: CardDB,
    categories: Path | str | None = None,
    compare: str | None = None,
    going: Sequence[Going] = ("first", "second"),
    turns: int = 3,
    samples: int = 100_000,
    seed: int = 0,
    method: Method = "auto",
) -> tuple[HandStats, HandStats | None]:
    """Load the deck (and the one to compare) and the categories file, then analyse."""
    from deckcheck.decks.codecs import load_deck

    groups = load_categories(categories, db) if categories is not None else CategorySet()

    def analyse(path: str) -> HandStats:
        return analyse_hands(load_deck(path, db), db, groups, going, turns, samples, seed, method)

    # many samples, or conditions counted by enumeration, can take a while
    with progress("counting opening hands"):
        return analyse(deck), (analyse(compare) if compare is not None else None)
