"""never-legal (DC402): a card that is never legal in tournament play."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

NEVER_LEGAL = Rule("never-legal", "DC402", "Card never legal in tournaments", "format")


def find(ctx: Context) -> Iterator[Violation]:
    for card in ctx.distinct_cards:
        if card.illegal:
            message = f"{card.name} is never legal in tournament play"
            yield ctx.card_violation(NEVER_LEGAL, ctx.used_of(card), message)


UNIT = Unit((NEVER_LEGAL,), find, card=lambda day, card, section: card.illegal)
