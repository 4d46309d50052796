"""A card's legality in each format on a day, from the validator itself: the card is checked
alone (in the section it belongs to) against the list in force and the card pool, and every
rule except the deck-size rules speaks. ``cards show`` and the service's card look-ups both
use this; the card data's own legality field is never read here.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING

from pydantic import BaseModel

from deckcheck.cards.model import Card
from deckcheck.formats.model import Format
from deckcheck.validation.rules.deck_size import SIZE_RULES

if TYPE_CHECKING:
    from deckcheck.validation import Checker

SIZE_CODES = frozenset(rule.code for rule in SIZE_RULES.values())


class Reason(BaseModel):
    rule: str
    code: str
    message: str


class FormatLegality(BaseModel):
    # False: the format did not exist yet on the day (see ``starts``); nothing else applies
    exists: bool = True
    # the format's first day
    starts: date | None = None
    legal: bool
    # forbidden, limited, semi-limited, unlimited or (whitelists) illegal; None: no list
    status: str | None = None
    # copies a deck may hold (the format's copy limit, or less under the list)
    copies: int
    # the list in force that day (its name, e.g. "2026.07")
    banlist: str | None = None
    points: float | None = None
    reasons: list[Reason] = []


def card_legality(
    checker: Checker, card: Card, on: date, formats: Iterable[Format]
) -> dict[str, FormatLegality]:
    """Each format's verdict on ``card`` on ``on``; formats that did not exist yet are
    marked (``exists`` false) instead of failing the whole answer."""
    return {fmt.id: format_legality(checker, card, on, fmt) for fmt in formats}


def format_legality(checker: Checker, card: Card, on: date, fmt: Format) -> FormatLegality:
    from deckcheck.decks.model import Deck
    from deckcheck.validation.rules.points_cap import points_of

    if fmt.date_problem(on):
        return FormatLegality(exists=False, starts=fmt.legal_from, legal=False, copies=0)
    code = card.passcode
    if code is None:
        reason = Reason(
            rule="not-a-deck-card",
            code="DC113",
            message=f"{card.name} has no passcode and cannot be put in a deck",
        )
        return FormatLegality(starts=fmt.legal_from, legal=False, copies=0, reasons=[reason])
    if card.is_extra_deck_monster:
        deck = Deck.from_passcodes([], [code], source=card.name)
    else:
        deck = Deck.from_passcodes([code], source=card.name)
    report = checker.check(deck, fmt, on)
    reasons = [
        Reason(rule=v.rule, code=v.code, message=_without_count(v.rule, v.message))
        for v in report.violations
        if v.code not in SIZE_CODES and v.severity == "error"
    ]
    banlist = checker.context(deck, fmt, on).banlist
    limit = banlist.limit_of(code) if banlist else None
    copies = fmt.copy_limit if limit is None else max(0, min(limit, fmt.copy_limit))
    return FormatLegality(
        starts=fmt.legal_from,
        legal=not reasons,
        status=banlist.status_of(code) if banlist else None,
        copies=0 if reasons else copies,
        banlist=banlist.name if banlist else None,
        points=(points_of(banlist, card) or None) if banlist else None,
        reasons=reasons,
    )


def _without_count(rule: str, message: str) -> str:
    """A list's verdict without "; the deck has 1": a look-up has no deck to count."""
    if rule in ("forbidden", "limited"):
        return message.replace("; the deck has 1", "", 1)
    return message
