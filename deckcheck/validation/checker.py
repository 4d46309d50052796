"""The validator: every rule over one deck, every violation reported, never just the first."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from deckcheck.cards.db import CardDB
from deckcheck.decks.model import Deck
from deckcheck.formats.model import Format
from deckcheck.validation import banlist, construction, copies, fast, pool
from deckcheck.validation.context import Context
from deckcheck.validation.report import CardDataInfo, DeckInfo, FormatInfo, Report, Violation

if TYPE_CHECKING:
    from deckcheck.banlist.model import Banlist
    from deckcheck.banlist.store import BanlistStore

# per-format, per-list and per-day answers kept across checks (see Checker._day)
MAX_CACHED = 512

RuleCheck = Callable[[Context], Iterable[Violation]]


@dataclass(frozen=True, slots=True)
class Day:
    """A format on one day: the list in force, the report's format block, and the verdicts
    the fast path keeps (None where it does not apply)."""

    format: Format
    on: date
    banlist: Banlist | None
    info: FormatInfo
    verdicts: dict[int, fast.Verdict | None] | None


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
        # report parts are built from checked values, without validation (start-up)
        self._card_data = CardDataInfo.model_construct(version=self.db.version)
        self._banlists = banlists
        self._formats = formats
        self._cache: dict[tuple[object, ...], Any] = {}

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
            from deckcheck.formats.registry import list_format

            # an imported series no format uses is a format of its own (kept: few exist)
            found = list_format(self.banlists, format_id)
            if found is not None:
                self._formats = {**self._formats, found.id: found}
                return found
            from deckcheck.io.errors import InputError

            known = ", ".join(sorted(self._formats))
            raise InputError(f"unknown format {format_id!r}; known formats: {known}")
        return found

    def _day(self, fmt: Format, day: date) -> Day:
        """The format on that day, worked out once (kept with the per-day answers)."""
        key = ("day", fmt.id, day)
        found = self._cache.get(key)
        # a caller's own Format may share an id with a registered one: equal or recomputed
        if found is not None and (found.format is fmt or found.format == fmt):
            return found
        problem = fmt.date_problem(day)
        if problem:
            from deckcheck.io.errors import InputError

            raise InputError(problem)
        if len(self._cache) >= MAX_CACHED:
            # most entries are per day: a long-running service asked about many days would
            # otherwise grow without bound; everything here can be worked out again
            self._cache.clear()
        listed = self.banlists.for_format(fmt, day) if fmt.banlist else None
        info = FormatInfo.model_construct(
            id=fmt.id, date=day.isoformat(), banlist=listed.name if listed else None
        )
        found = self._cache[key] = Day(fmt, day, listed, info, fast.verdict_table(fmt, listed))
        return found

    def context(
        self,
        deck: Deck,
        format_id: str | Format = "tcg",
        on: date | None = None,
        points_cap: float | None = None,
    ) -> Context:
        """What the rules see for this deck, format and day (default today)."""
        return self._context(deck, format_id, on, points_cap)[0]

    def _context(
        self, deck: Deck, format_id: str | Format, on: date | None, points_cap: float | None
    ) -> tuple[Context, Day]:
        fmt = self.format(format_id)
        day = self._day(fmt, on or date.today())
        ctx = Context(
            deck=deck,
            format=fmt,
            on=day.on,
            db=self.db,
            banlist=day.banlist,
            points_cap=points_cap,
            cache=self._cache,
        )
        return ctx, day

    def check(
        self,
        deck: Deck,
        format_id: str | Format = "tcg",
        on: date | None = None,
        points_cap: float | None = None,
    ) -> Report:
        ctx, day = self._context(deck, format_id, on, points_cap)
        notes = fast.accept(ctx, day.verdicts) if self.fast_accept else None
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
            format=day.info,
            card_data=self._card_data,
            valid=not any(v.severity == "error" for v in violations),
            violations=violations,
            notes=notes,
            error=None,
        )
