"""not-on-whitelist (DC303): a whitelist format (Speed Duel) and the card is not listed, or is
listed as not legal."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

NOT_ON_WHITELIST = Rule("not-on-whitelist", "DC303", "Card not on the format's whitelist", "format")


def find(ctx: Context) -> Iterator[Violation]:
    banlist = ctx.banlist
    if banlist is None or not banlist.whitelist:
        return
    for used in ctx.used:
        entries = [banlist.entries[c] for c in used.card.passcodes if c in banlist.entries]
        if any(e.limit is None or e.limit >= 0 for e in entries):
            continue
        how = "marked not legal on" if entries else "not on"
        message = f"{used.card.name} is {how} the {ctx.format.name} list {banlist.name}"
        yield NOT_ON_WHITELIST.violation(message, **ctx.fields(used))


UNIT = Unit((NOT_ON_WHITELIST,), find)
