"""points-cap (DC502): the deck's points (Genesys: each card's points times its copies,
across Main+Extra+Side) over the cap."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.banlist.model import Banlist
from deckcheck.cards.model import Card
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

POINTS_CAP = Rule("points-cap", "DC502", "Deck points over the format's cap", "format")


def points_of(banlist: Banlist, card: Card) -> float:
    values = [
        entry.points
        for code in card.passcodes
        if (entry := banlist.entries.get(code)) is not None and entry.points is not None
    ]
    return max(values, default=0.0)


def deck_cap(ctx: Context) -> float | None:
    """The cap in force: the check's own, the format's or the list's (None: no cap)."""
    banlist = ctx.banlist
    if banlist is None:
        return None
    cap = ctx.points_cap
    if cap is None:
        cap = ctx.format.points_cap
    if cap is None:
        cap = banlist.points_cap
    return cap


def find(ctx: Context) -> Iterator[Violation]:
    banlist = ctx.banlist
    cap = deck_cap(ctx)
    if cap is None or banlist is None:
        return
    scored = [(points_of(banlist, u.card) * u.count, u) for u in ctx.used]
    scored = [(p, u) for p, u in scored if p > 0]
    total = sum(p for p, _ in scored)
    if total <= cap:
        return
    scored.sort(key=lambda pu: (-pu[0], pu[1].card.name))
    parts = ", ".join(f"{u.card.name} x{u.count} = {_num(p)}" for p, u in scored[:5])
    more = f" and {len(scored) - 5} more" if len(scored) > 5 else ""
    message = (
        f"the deck has {_num(total)} points; {ctx.format.name} allows at most {_num(cap)} "
        f"(list {banlist.name}): {parts}{more}"
    )
    codes = sorted({c for _, u in scored for c in u.codes})
    yield POINTS_CAP.violation(message, cards=codes, count=int(total), limit=cap)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


UNIT = Unit((POINTS_CAP,), find, deck=lambda ctx: deck_cap(ctx) is not None)
