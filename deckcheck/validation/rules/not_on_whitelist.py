"""not-on-whitelist (DC303): a whitelist format (Speed Duel) and the card is not listed, or is
listed as not legal."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.banlist.model import Banlist
from deckcheck.cards.model import Card
from deckcheck.decks.model import Section
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

NOT_ON_WHITELIST = Rule("not-on-whitelist", "DC303", "Card not on the format's whitelist", "format")


def find(ctx: Context) -> Iterator[Violation]:
    banlist = ctx.banlist
    if banlist is None or not banlist.whitelist:
        return
    for used in ctx.used:
        if listed(banlist, used.card):
            continue
        how = (
            "marked not legal on"
            if any(c in banlist.entries for c in used.card.passcodes)
            else "not on"
        )
        message = f"{used.card.name} is {how} the {ctx.format.name} list {banlist.name}"
        yield ctx.card_violation(NOT_ON_WHITELIST, used, message)


def listed(banlist: Banlist, card: Card) -> bool:
    """Some printing of the card is on the whitelist as legal."""
    entries = [banlist.entries[c] for c in card.passcodes if c in banlist.entries]
    return any(e.limit is None or e.limit >= 0 for e in entries)


def concerns(day: Context, card: Card, section: Section) -> bool:
    banlist = day.banlist
    return banlist is not None and banlist.whitelist and not listed(banlist, card)


UNIT = Unit((NOT_ON_WHITELIST,), find, card=concerns)
