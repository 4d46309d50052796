"""Check what the user named: files, folders and URLs, with one card data load."""

from __future__ import annotations

from datetime import date

from deckcheck.cards.db import CardDB
from deckcheck.inputs import expand
from deckcheck.validation.checker import Checker
from deckcheck.validation.report import Report


def check_inputs(
    inputs: list[str],
    db: CardDB,
    format_id: str = "tcg",
    on: date | None = None,
    points_cap: float | None = None,
    checker: Checker | None = None,
) -> list[Report]:
    from deckcheck.decks.codecs import load_deck

    checker = checker or Checker(db)
    checker.format(format_id)  # an unknown format is a usage error before any reading
    return [
        checker.check(load_deck(source, db), format_id, on, points_cap) for source in expand(inputs)
    ]
