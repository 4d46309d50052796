"""Card pool and format rules: release by region and date, never-legal cards, banned card
kinds, points caps, Skill Cards, whitelists and group limits.

Each rule looks at every distinct card of the deck once and reports it once, with the
passcodes used, the copies and the first input line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date

from deckcheck.banlist.model import Banlist
from deckcheck.cards.filters import is_a, traits
from deckcheck.cards.model import Card
from deckcheck.validation.construction import article
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation, violation

REGION_NAMES = {
    "tcg": "TCG",
    "ocg": "OCG",
    "ocg-kr": "Korean OCG",
    "ocg-sc": "Simplified Chinese",
    "masterduel": "Master Duel",
}
# a game with no release dates of its own: its cards come from these regions
GAME_SOURCES = {"masterduel": ("ocg", "tcg")}
KIND_NAMES = {"link": "Link", "pendulum": "Pendulum"}


@dataclass
class Used:
    """One card of the deck: the passcodes used for it, its copies and where it starts."""

    card: Card
    codes: list[int]
    count: int
    section: str
    ctx: Context

    @property
    def line(self) -> int | None:
        return self.ctx.first_line(self.codes)

    def fields(self) -> dict[str, object]:
        return {
            "cards": sorted(set(self.codes)),
            "name": self.card.name,
            "count": self.count,
            "section": self.section,
            "line": self.line,
        }


def used_cards(ctx: Context) -> list[Used]:
    """The deck's distinct cards, computed once per check (kept on the context)."""
    cached = ctx.__dict__.get("_pool_used")
    if cached is None:
        cached = ctx.__dict__["_pool_used"] = _used_cards(ctx)
    return cached


def _used_cards(ctx: Context) -> list[Used]:
    by_uid: dict[str, Used] = {}
    cards = ctx.cards
    for section, counts in ctx.section_counts.items():
        for code, n in counts.items():
            card = cards[code]
            if card is None:
                continue
            found = by_uid.get(card.uid)
            if found is None:
                by_uid[card.uid] = Used(card, [code], n, section, ctx)
                continue
            found.count += n
            if code not in found.codes:
                found.codes.append(code)
    return list(by_uid.values())


def release_problem(card: Card, region: str, cutoff: date, excluded: list[date]) -> str | None:
    """Why ``card`` is outside the pool of ``region`` up to ``cutoff``, or None."""
    where = REGION_NAMES.get(region, region)
    if region in GAME_SOURCES:
        return _game_problem(card, region, cutoff)
    released = card.release.get(region)
    if released is not None:
        if released > cutoff:
            return f"first released in the {where} on {released}, after {cutoff}"
        if released in excluded:
            return f"first released in the {where} on {released}, a release this format excludes"
        return None
    # no release date in the data: trust the region's legality, bounded by any other release
    legality = card.legality.get(region)
    if legality is None or legality.status == "unreleased":
        others = ", ".join(
            f"{REGION_NAMES.get(r, r)} {d}" for r, d in sorted(card.release.items()) if d
        )
        return f"no {where} release in the card data" + (f" (only {others})" if others else "")
    earliest = min(card.release.values(), default=None)
    if earliest is not None and earliest > cutoff:
        return f"first released anywhere on {earliest}, after {cutoff}"
    return None


def _game_problem(card: Card, game: str, cutoff: date) -> str | None:
    """A card is in the game once released in one of its source regions, unless the card
    data's own record for the game says "unreleased" on the day (or does so later, before
    the card's first status there: it was not in the game before that either)."""
    where = REGION_NAMES.get(game, game)
    sources = GAME_SOURCES[game]
    released = [d for region, d in card.release.items() if region in sources and d]
    if not released:
        return f"no {' or '.join(REGION_NAMES[r] for r in sources)} release in the card data"
    if min(released) > cutoff:
        return f"first released on {min(released)}, after {cutoff}"
    legality = card.legality.get(game)
    changes = legality.history if legality else ()
    status = None
    for change in changes:
        if change.date > cutoff:
            if status is None and change.status == "unreleased":
                return f"not yet in {where} on {cutoff} (added later, per the card data)"
            break
        status = change.status
    if status == "unreleased":
        return f"not yet in {where} on {cutoff}, per the card data"
    return None


def distinct_cards(ctx: Context) -> list[Card]:
    """The deck's cards, one per card (printings together), without building ``Used``."""
    seen: dict[str, Card] = {}
    for card in ctx.cards.values():
        if card is not None and card.uid not in seen:
            seen[card.uid] = card
    return list(seen.values())


def used_of(ctx: Context, card: Card) -> Used:
    return next(u for u in used_cards(ctx) if u.card.uid == card.uid)


def not_released(ctx: Context) -> Iterator[Violation]:
    fmt = ctx.format
    if not fmt.region:
        return
    cutoff = min(ctx.on, fmt.pool_until) if fmt.pool_until else ctx.on
    # verdicts per card for this pool and day, kept across checks (keyed by what they
    # depend on: formats with the same pool share them, a caller's own format does not mix)
    excluded = tuple(fmt.pool_exclude_release_dates)
    key = ("release", fmt.region, cutoff, excluded)
    known: dict[str, str | None] = ctx.cache.setdefault(key, {})
    for card in distinct_cards(ctx):
        if card.kind in ("token", "skill"):
            continue  # placement rules speak for these
        uid = card.uid
        if uid in known:
            why = known[uid]
        else:
            why = release_problem(card, fmt.region, cutoff, fmt.pool_exclude_release_dates)
            known[uid] = why
        if why is None:
            continue
        message = f"{card.name} is not in the {fmt.name} card pool on {ctx.on}: {why}"
        yield violation("not-released", message, **used_of(ctx, card).fields())


def never_legal(ctx: Context) -> Iterator[Violation]:
    for card in distinct_cards(ctx):
        if card.illegal:
            message = f"{card.name} is never legal in tournament play"
            yield violation("never-legal", message, **used_of(ctx, card).fields())


def forbidden_card_type(ctx: Context) -> Iterator[Violation]:
    kinds = ctx.format.forbidden_kinds
    if not kinds:
        return
    for used in used_cards(ctx):
        for kind in kinds:
            if is_a(traits(used.card), kind):
                label = KIND_NAMES.get(kind, kind.title())
                message = (
                    f"{used.card.name} is {article(used.card.type_line)}; {ctx.format.name} "
                    f"allows no {label} monsters"
                )
                yield violation("forbidden-card-type", message, **used.fields())
                break


def points_of(banlist: Banlist, card: Card) -> float:
    values = [
        entry.points
        for code in card.passcodes
        if (entry := banlist.entries.get(code)) is not None and entry.points is not None
    ]
    return max(values, default=0.0)


def points_cap(ctx: Context) -> Iterator[Violation]:
    banlist = ctx.banlist
    cap = ctx.points_cap
    if cap is None:
        cap = ctx.format.points_cap
    if cap is None and banlist is not None:
        cap = banlist.points_cap
    if cap is None or banlist is None:
        return
    scored = [(points_of(banlist, u.card) * u.count, u) for u in used_cards(ctx)]
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
    yield violation("points-cap", message, cards=codes, count=int(total), limit=cap)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def skill_card_count(ctx: Context) -> Iterator[Violation]:
    allowed = ctx.format.skill_cards
    if allowed <= 0:
        return  # not-a-deck-card speaks for Skill Cards where a format has none
    skills = [u for u in used_cards(ctx) if u.card.kind == "skill"]
    total = sum(u.count for u in skills)
    if total <= allowed:
        return
    names = ", ".join(f"{u.card.name} x{u.count}" for u in skills)
    message = f"{total} Skill Cards ({names}); {ctx.format.name} allows {allowed}"
    codes = sorted({c for u in skills for c in u.codes})
    line = min((u.line for u in skills if u.line is not None), default=None)
    yield violation("skill-card-count", message, cards=codes, count=total, limit=allowed, line=line)


def not_on_whitelist(ctx: Context) -> Iterator[Violation]:
    banlist = ctx.banlist
    if banlist is None or not banlist.whitelist:
        return
    for used in used_cards(ctx):
        entries = [banlist.entries[c] for c in used.card.passcodes if c in banlist.entries]
        if any(e.limit is None or e.limit >= 0 for e in entries):
            continue
        how = "marked not legal on" if entries else "not on"
        message = f"{used.card.name} is {how} the {ctx.format.name} list {banlist.name}"
        yield violation("not-on-whitelist", message, **used.fields())


def group_limits(ctx: Context) -> Iterator[Violation]:
    """Speed Duel "Limited N": all cards of group N together at most N copies. Reported as
    ``limited``; a group with a single name over its own limit is left to the status rule."""
    banlist = ctx.banlist
    if banlist is None:
        return
    groups = banlist.groups()
    if not groups:
        return
    members: dict[int, list[Used]] = {}
    for used in used_cards(ctx):
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
        line = min((u.line for u in uses if u.line is not None), default=None)
        yield violation(
            "limited",
            message,
            cards=codes,
            count=total,
            limit=limit,
            line=line,
            name=f"Limited {group}",
        )


def _by_name(used: Used) -> str:
    return used.card.name
