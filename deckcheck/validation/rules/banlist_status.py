"""forbidden (DC301), limited (DC302): the Forbidden / Limited / Semi-Limited status of the
list in force, applied per name, and the Speed Duel group limits ("Limited N": all cards of
group N together at most N copies), reported as ``limited``.

A status on any printing of a name applies to the name (and so to every card that has that
name by rule).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from deckcheck.banlist.model import STATUS_BY_LIMIT
from deckcheck.cards.model import Card
from deckcheck.validation.context import Context, Used
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit
from deckcheck.validation.rules.copy_limit import breakdown, explain

FORBIDDEN = Rule("forbidden", "DC301", "A Forbidden card", "banlist")
LIMITED = Rule(
    "limited", "DC302", "More copies than a Limited/Semi-Limited status allows", "banlist"
)


# by name: the lowest limit of the list this format applies (None: no status), and the
# names of those whose status caps their copies (a limit under 3)
Limits = tuple[dict[str, int | None], dict[str, int]]


def list_limits(ctx: Context) -> Limits:
    """The limits by name worked out so far (kept across checks; the format is part of the
    key because Traditional reads a list differently)."""
    banlist = ctx.banlist
    assert banlist is not None
    key = ("limits", ctx.format.id, banlist.series, banlist.name)
    found = ctx.cache.get(key)
    if found is None:
        found = ctx.cache[key] = ({}, {})
    return found  # type: ignore[no-any-return]


def name_limit(ctx: Context, key: str, limits: Limits | None = None) -> int | None:
    """The lowest limit any printing of any card with name ``key`` has in the list."""
    known, capped = list_limits(ctx) if limits is None else limits
    if key in known:
        return known[key]
    banlist = ctx.banlist
    assert banlist is not None
    found = min(
        (
            entry.limit
            for card in ctx.db.with_name_key(key)
            for code in card.passcodes
            if (entry := banlist.entries.get(code)) is not None
            and entry.limit is not None
            and entry.limit >= 0
        ),
        default=None,
    )
    if found is not None and found < 3:
        capped[key] = found
    known[key] = found
    return found


def find(ctx: Context) -> list[Violation]:
    banlist = ctx.banlist
    if banlist is None:
        return []
    found = statuses(ctx)
    if banlist.groups():  # lists with groups are few (Speed Duel)
        found.extend(group_limits(ctx))
    return found


def statuses(ctx: Context) -> list[Violation]:
    """Built as a list, not yielded: the report takes them all."""
    found: list[Violation] = []
    banlist = ctx.banlist
    if banlist is None or banlist.whitelist and not banlist.entries:
        return found
    limits = list_limits(ctx)
    known, capped = limits
    totals = ctx.name_totals
    if not known.keys() >= totals.keys():  # names not asked about yet (the scan asks)
        for key in totals:
            if key not in known:
                name_limit(ctx, key, limits)
    over: dict[str, int] = {}  # the names over their status's limit, with it
    for key in filter(capped.__contains__, totals):  # in C, in the deck's order
        limit = capped[key]
        if limit == 0 or totals[key] > limit:
            over[key] = limit
    if not over:
        return found
    name_counts = ctx.name_counts_of(over.keys())
    # every name key counts; one card with two names is reported once, at its strictest.
    # A passcode's copies are the deck's whatever the name, so names over the same passcodes
    # have the same counts (in the same order). Each card has one name key when the keys'
    # copies add up to the deck's cards (all known): then no two names share a passcode
    scan = ctx.scan
    if len(over) > 1 and (scan.unknown or sum(totals.values()) != sum(scan.sizes.values())):
        strictest: dict[tuple[int, ...], tuple[int, str]] = {}
        for key, limit in over.items():
            signature = tuple(name_counts[key])
            if signature not in strictest or limit < strictest[signature][0]:
                strictest[signature] = (limit, key)
        over = {key: limit for limit, key in strictest.values()}
    for key, limit in over.items():
        counts = name_counts[key]
        rule = FORBIDDEN if limit == 0 else LIMITED
        found.append(
            rule.later(
                _status_detail,
                (ctx, key, counts, limit),
                sorted(counts),
                name=key,
                count=totals[key],
                limit=limit,
            )
        )
    return found


def _status_detail(ctx: Context, key: str, counts: dict[int, int], limit: int) -> dict[str, Any]:
    """The message and first line of a status violation (worked out when first read)."""
    banlist = ctx.banlist
    assert banlist is not None
    label = f"the {ctx.format.name} list {banlist.name}"
    total = sum(counts.values())
    why = explain(ctx, key, counts)
    detail = f" ({breakdown(ctx, key, counts)})" if len(counts) > 1 or why else ""
    reason = ("; " + "; ".join(why)) if why else ""
    status = "Forbidden" if limit == 0 else f"{STATUS_BY_LIMIT[limit].title()} ({limit})"
    message = f"{key} is {status} in {label}; the deck has {total}{detail}{reason}"
    return {"message": message, "line": ctx.first_line(set(counts))}


def group_limits(ctx: Context) -> Iterator[Violation]:
    """A group with a single name over its own limit is left to the status rule."""
    banlist = ctx.banlist
    if banlist is None:
        return
    groups = banlist.groups()
    if not groups:
        return
    members: dict[int, list[Used]] = {}
    for used in ctx.used:
        for code in used.card.passcodes:
            entry = banlist.entries.get(code)
            if entry is not None and entry.group is not None:
                members.setdefault(entry.group, []).append(used)
                break
    for group, uses in sorted(members.items()):
        limit = banlist.group_limit(group)
        total = sum(u.count for u in uses)
        if total <= limit or len(uses) < 2:
            continue
        names = ", ".join(f"{u.card.name} x{u.count}" for u in sorted(uses, key=_by_name))
        message = (
            f'{total} cards of the "Limited {group}" group ({names}); the {ctx.format.name} '
            f"list {banlist.name} allows {limit} of that group in total"
        )
        codes = sorted({c for u in uses for c in u.codes})
        lines = [line for u in uses if (line := ctx.first_line(u.codes)) is not None]
        yield LIMITED.violation(
            message,
            cards=codes,
            count=total,
            limit=limit,
            line=min(lines, default=None),
            name=f"Limited {group}",
        )


def _by_name(used: Used) -> str:
    return used.card.name


def status_cap(day: Context, key: str) -> int | None:
    """The copies of ``key`` its status allows, when statuses() would count them."""
    banlist = day.banlist
    if banlist is None or banlist.whitelist and not banlist.entries:
        return None
    limit = name_limit(day, key)
    return None if limit is None or limit >= 3 else limit


def in_group(day: Context, card: Card, section: str) -> bool:
    """Some printing of the card is in a group of the list (group_limits())."""
    banlist = day.banlist
    if banlist is None:
        return False
    entries = banlist.entries
    return any((e := entries.get(c)) is not None and e.group is not None for c in card.passcodes)


UNIT = Unit((FORBIDDEN, LIMITED), find, card=in_group, names=status_cap)
