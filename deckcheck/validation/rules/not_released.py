"""not-released (DC401): a card not in the format's card pool on the date: not released in
its region by then (or after the format's pool ends, or on a release day it excludes).
Covers OCG-only cards in TCG formats and the reverse."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from deckcheck.cards.model import Card
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

NOT_RELEASED = Rule(
    "not-released", "DC401", "Card not released in the format's region by the date", "format"
)
REGION_NAMES = {
    "tcg": "TCG",
    "ocg": "OCG",
    "ocg-kr": "Korean OCG",
    "ocg-sc": "Simplified Chinese",
    "masterduel": "Master Duel",
}
# a game with no release dates of its own: its cards come from these regions
GAME_SOURCES = {"masterduel": ("ocg", "tcg")}
NOT_YET = object()  # a card not judged yet (a verdict is None or a reason)


def find(ctx: Context) -> Iterator[Violation]:
    fmt = ctx.format
    if not fmt.region:
        return
    known = _verdicts(ctx)  # looked up once per deck, not per card
    get = known.get
    for card in ctx.distinct_cards:
        why = get(card.uid, NOT_YET)  # a judged card's verdict without a call (most are)
        if why is NOT_YET:
            why = verdict(ctx, card, known)
        if why is not None:
            message = f"{card.name} is not in the {fmt.name} card pool on {ctx.on}: {why}"
            yield ctx.card_violation(NOT_RELEASED, ctx.used_of(card), message)


def verdict(ctx: Context, card: Card, known: dict[str, str | None] | None = None) -> str | None:
    """Why the card is outside the format's pool on the day, or None. ``known``: the
    verdicts of ``_verdicts(ctx)``, when the caller has them."""
    fmt = ctx.format
    if not fmt.region or card.kind in ("token", "skill"):
        return None  # placement rules speak for tokens and skills
    if known is None:
        known = _verdicts(ctx)
    why = known.get(card.uid, NOT_YET)
    if why is NOT_YET:
        cutoff = min(ctx.on, fmt.pool_until) if fmt.pool_until else ctx.on
        why = known[card.uid] = release_problem(
            card, fmt.region, cutoff, fmt.pool_exclude_release_dates
        )
    return why  # type: ignore[return-value]


def _verdicts(ctx: Context) -> dict[str, str | None]:
    """Verdicts per card for this pool and day, kept across checks (keyed by what they
    depend on: formats with the same pool share them, a caller's own format does not mix)."""
    fmt = ctx.format
    cutoff = min(ctx.on, fmt.pool_until) if fmt.pool_until else ctx.on
    excluded = tuple(fmt.pool_exclude_release_dates)
    return ctx.cache.setdefault(("release", fmt.region, cutoff, excluded), {})  # type: ignore[no-any-return]


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


UNIT = Unit((NOT_RELEASED,), find, card=lambda day, card, section: verdict(day, card) is not None)
