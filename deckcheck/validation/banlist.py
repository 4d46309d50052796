"""Forbidden / Limited / Semi-Limited status from the list in force, applied per name.

A status on any printing of a name applies to the name (and so to every card that has that
name by rule).
"""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.banlist.model import STATUS_BY_LIMIT
from deckcheck.validation.context import Context
from deckcheck.validation.copies import breakdown, explain
from deckcheck.validation.report import Violation, violation


def known_limits(ctx: Context) -> dict[str, int | None]:
    """Limits by name already worked out for the list this format applies (kept across
    checks; the format is part of the key because Traditional reads a list differently)."""
    banlist = ctx.banlist
    assert banlist is not None
    return ctx.cache.setdefault(("limits", ctx.format.id, banlist.series, banlist.name), {})


def name_limit(ctx: Context, key: str) -> int | None:
    """The lowest limit any printing of any card with name ``key`` has in the list."""
    banlist = ctx.banlist
    assert banlist is not None
    known = known_limits(ctx)
    if key in known:
        return known[key]
    limits = [
        entry.limit
        for card in ctx.db.with_name_key(key)
        for code in card.passcodes
        if (entry := banlist.entries.get(code)) is not None
        and entry.limit is not None
        and entry.limit >= 0
    ]
    found = min(limits) if limits else None
    known[key] = found
    return found


def status(ctx: Context) -> Iterator[Violation]:
    if ctx.banlist is None or ctx.banlist.whitelist and not ctx.banlist.entries:
        return
    label = f"the {ctx.format.name} list {ctx.banlist.name}"
    # every name key counts; one card with two names is reported once, at its strictest
    strictest: dict[tuple[tuple[int, int], ...], tuple[int, str]] = {}
    for key, counts in ctx.name_counts.items():
        limit = name_limit(ctx, key)
        if limit is not None and limit < 3 and (limit == 0 or sum(counts.values()) > limit):
            signature = tuple(sorted(counts.items()))
            if signature not in strictest or limit < strictest[signature][0]:
                strictest[signature] = (limit, key)
    for limit, key in strictest.values():
        counts = ctx.name_counts[key]
        total = sum(counts.values())
        why = explain(ctx, key, counts)
        detail = f" ({breakdown(ctx, key, counts)})" if len(counts) > 1 or why else ""
        reason = ("; " + "; ".join(why)) if why else ""
        fields = dict(
            cards=sorted(counts),
            name=key,
            count=total,
            limit=limit,
            line=ctx.first_line(set(counts)),
        )
        if limit == 0:
            yield violation(
                "forbidden",
                f"{key} is Forbidden in {label}; the deck has {total}{detail}{reason}",
                **fields,
            )
        elif total > limit:
            yield violation(
                "limited",
                f"{key} is {STATUS_BY_LIMIT[limit].title()} ({limit}) in {label}; "
                f"the deck has {total}{detail}{reason}",
                **fields,
            )
