"""copy-limit (DC201): more copies of one card name than the format allows across
Main+Extra+Side, names by rule included (rulebook 1.2.1, 1.2.1.1). Also the note on names a
card takes only by effect, which do not count."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from deckcheck.cards.model import Card
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

COPY_LIMIT = Rule("copy-limit", "DC201", "More copies of one card name than allowed", "1.2.1")


def breakdown(ctx: Context, key: str, counts: dict[int, int]) -> str:
    """ "Harpie Lady 1 x2, Harpie Lady x2" with why each counts under ``key``."""
    by_card: dict[str, int] = Counter()
    for passcode, n in counts.items():
        by_card[ctx.card(passcode).name] += n
    parts = [f"{name} x{n}" for name, n in sorted(by_card.items())]
    return ", ".join(parts)


def explain(ctx: Context, key: str, counts: dict[int, int]) -> list[str]:
    """Why these cards share the name ``key``: names by rule and alternate artworks."""
    reasons = []
    cards: dict[str, Card] = {}
    printings: dict[str, set[int]] = {}
    for passcode in counts:
        card = ctx.card(passcode)
        cards[card.uid] = card
        printings.setdefault(card.uid, set()).add(passcode)
    for card in sorted(cards.values(), key=lambda c: c.name):
        if card.name != key and key in card.rule_names:
            also = " also" if card.rule_names_also_own else ""
            reasons.append(f"{card.name} is{also} always treated as {key}")
        if len(printings[card.uid]) > 1:
            codes = " and ".join(str(c) for c in sorted(printings[card.uid]))
            reasons.append(f"{codes} are artworks of one card, {card.name}")
    return reasons


def find(ctx: Context) -> Iterable[Violation]:
    limit = ctx.format.copy_limit
    totals = ctx.name_totals
    if not totals or max(totals.values()) <= limit:  # no name over: no loop over the names
        return ()
    return _over(ctx, totals, limit)


def _over(ctx: Context, totals: dict[str, int], limit: int) -> Iterator[Violation]:
    for key, total in totals.items():
        if total <= limit:
            continue
        counts = ctx.name_counts[key]
        if (key, counts) not in ctx.distinct_names:
            continue
        args = (ctx, key, counts, total, limit)
        yield COPY_LIMIT.later(_detail, args, sorted(counts), name=key, count=total, limit=limit)


def _detail(
    ctx: Context, key: str, counts: dict[int, int], total: int, limit: int
) -> dict[str, Any]:
    """The message and first line of a copy-limit violation (worked out when first read)."""
    why = explain(ctx, key, counts)
    message = f"{total} copies of {key} (at most {limit} per name)"
    if len(counts) > 1 or why:
        message += f": {breakdown(ctx, key, counts)}"
    if why:
        message += "; " + "; ".join(why)
    return {"message": message, "line": ctx.first_line(set(counts))}


def effect_name_notes(ctx: Context) -> Iterator[str]:
    """Say why a card whose name changes only by effect counts on its own."""
    cards = [card for card in ctx.cards.values() if card is not None and card.effect_name_changes]
    if not cards:
        return
    names = ctx.name_totals
    seen: set[tuple[str, str]] = set()
    for card in cards:
        for other in card.effect_name_changes:
            if other in names and other not in card.name_keys and (card.name, other) not in seen:
                seen.add((card.name, other))
                yield rename_note(card.name, other)


def rename_note(name: str, other: str) -> str:
    return (
        f"{name} and {other} count as different names: {name} takes "
        f"the name {other} only through its own effect (rulebook 1.2.1.1)"
    )


UNIT = Unit((COPY_LIMIT,), find, names=lambda day, key: day.format.copy_limit)
