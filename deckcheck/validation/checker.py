"""The validator: every rule over one deck, every violation reported, never just the first."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from typing import TYPE_CHECKING, Any

from deckcheck.cards.db import CardDB
from deckcheck.decks.model import Deck
from deckcheck.formats.model import Format
from deckcheck.validation import banlist, construction, copies, fast, pool
from deckcheck.validation.context import Context
from deckcheck.validation.report import CardDataInfo, DeckInfo, FormatInfo, Report, Violation

if TYPE_CHECKING:
    from deckcheck.banlist.store import BanlistStore

# per-format, per-list and per-day answers kept across checks (see Checker.context)
MAX_CACHED = 512

RuleCheck = Callable[[Context], Iterable[Violation]]

# in report order; other rule families register here
CHECKS: list[RuleCheck] = [
    construction.parse_errors,
    construction.unknown_cards,
    construction.sizes,
    construction.placement,
    copies.copy_limit,
    banlist.status,
    pool.group_limits,
    pool.not_on_whitelist,
    pool.not_released,
    pool.never_legal,
    pool.forbidden_card_type,
    pool.points_cap,
    pool.skill_card_count,
]


class Checker:
    """Holds the card data, formats and banlists once; checks any number of decks."""

    def __init__(
        self,
        db: CardDB | None = None,
        banlists: BanlistStore | None = None,
        formats: dict[str, Format] | None = None,
        fast_accept: bool = True,
    ) -> None:
        self.db = db if db is not None else CardDB.open()  # len(db) would count every card
        self.fast_accept = fast_accept
        self._card_data = CardDataInfo(version=self.db.version)
        self._banlists = banlists
        self._formats = formats
        self._cache: dict[tuple[str, ...], Any] = {}

    @property
    def banlists(self) -> BanlistStore:
        if self._banlists is None:
            from deckcheck.banlist.store import BanlistStore

            self._banlists = BanlistStore.open()
        return self._banlists

    def format(self, format_id: str | Format) -> Format:
        if isinstance(format_id, Format):
            return format_id
        if self._formats is None:
            from deckcheck.formats.registry import load_formats

            self._formats = load_formats()
        found = self._formats.get(format_id.lower())
        if found is None:
            from deckcheck.errors import InputError

            known = ", ".join(sorted(self._formats))
            raise InputError(f"unknown format {format_id!r}; known formats: {known}")
        return found

    def context(
        self,
        deck: Deck,
        format_id: str | Format = "tcg",
        on: date | None = None,
        points_cap: float | None = None,
    ) -> Context:
        fmt = self.format(format_id)
        day = on or date.today()
        if fmt.legal_from and day < fmt.legal_from:
            from deckcheck.errors import InputError

            raise InputError(
                f"{fmt.name} starts on {fmt.legal_from.isoformat()}; "
                f"there is no {fmt.id} card pool or list on {day.isoformat()}"
            )
        key = ("list", fmt.id, day.isoformat())
        if key not in self._cache and len(self._cache) >= MAX_CACHED:
            # most entries are per day: a long-running service asked about many days would
            # otherwise grow without bound; everything here can be worked out again
            self._cache.clear()
        if key not in self._cache:
            self._cache[key] = self.banlists.for_format(fmt, day) if fmt.banlist else None
        banlist_in_force = self._cache[key]
        return Context(
            deck=deck,
            format=fmt,
            on=day,
            db=self.db,
            banlist=banlist_in_force,
            points_cap=points_cap,
            cache=self._cache,
        )

    def _format_info(self, ctx: Context) -> FormatInfo:
        listed = ctx.banlist.name if ctx.banlist else None
        key = ("format-info", ctx.format.id, ctx.on.isoformat(), listed or "")
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = FormatInfo(
                id=ctx.format.id, date=ctx.on.isoformat(), banlist=listed
            )
        return found

    def check(
        self,
        deck: Deck,
        format_id: str | Format = "tcg",
        on: date | None = None,
        points_cap: float | None = None,
    ) -> Report:
        ctx = self.context(deck, format_id, on, points_cap)
        notes = fast.accept(ctx) if self.fast_accept else None
        violations = []
        if notes is None:
            violations = [v for rule in CHECKS for v in rule(ctx)]
            notes = [*deck.notices, *copies.effect_name_notes(ctx)]
        sizes = deck.sizes()
        # every field is built here from checked values: skip re-validation (a hot path)
        return Report.model_construct(
            deck=DeckInfo.model_construct(
                source=deck.source, digest=deck.digest(ctx.section_counts), **sizes
            ),
            format=self._format_info(ctx),
            card_data=self._card_data,
            valid=not any(v.severity == "error" for v in violations),
            violations=violations,
            notes=notes,
            error=None,
        )
