"""The validator: every rule over one deck, every violation reported, never just the first."""

from __future__ import annotations

from datetime import date
from functools import partial
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from deckcheck.cards.cache import BoundedCache
from deckcheck.cards.db import CardDB
from deckcheck.decks.model import Deck, digest_of
from deckcheck.formats.model import Format
from deckcheck.io.record import Frozen
from deckcheck.validation.context import Context
from deckcheck.validation.report import CardDataInfo, DeckInfo, FormatInfo, Report
from deckcheck.validation.rules import DECK_UNITS
from deckcheck.validation.rules.copy_limit import effect_name_notes
from deckcheck.validation.scan import Table

if TYPE_CHECKING:
    from deckcheck.banlist.model import Banlist
    from deckcheck.banlist.store import BanlistStore

_severity = attrgetter("severity")
# per-format, per-list and per-day answers kept across checks (see Checker._day)
MAX_CACHED = 512
MAX_DAYS = 16  # formats on days with their tables (each up to 2 x 4,096 entries)


class Day(Frozen):
    """A format on one day: the list in force, the report's format block and the table of
    per-card and per-name answers (deckcheck/validation/scan.py)."""

    __slots__ = ("format", "on", "banlist", "info", "table")

    def __init__(
        self, format: Format, on: date, banlist: Banlist | None, info: FormatInfo, table: Table
    ) -> None:
        self._fields(format, on, banlist, info, table)


class Checker:
    """Holds the card data, formats and banlists once; checks any number of decks."""

    def __init__(
        self,
        db: CardDB | None = None,
        banlists: BanlistStore | None = None,
        formats: dict[str, Format] | None = None,
    ) -> None:
        self.db = db if db is not None else CardDB.open()  # len(db) would count every card
        self._card_data = CardDataInfo(self.db.version)
        self._banlists = banlists
        self._formats = formats
        self._cache: dict[tuple[object, ...], Any] = {}
        self._days: BoundedCache[tuple[str, date], Day] = BoundedCache(MAX_DAYS)

    @property
    def banlists(self) -> BanlistStore:
        if self._banlists is None:
            from deckcheck.banlist.store import BanlistStore

            self._banlists = BanlistStore.open()
        return self._banlists

    def format(self, format_id: str | Format) -> Format:
        if not isinstance(format_id, str):  # a str test is cheaper than a model class's
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
        key = (fmt.id, day)
        found = self._days.get(key)
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
        info = FormatInfo(fmt.id, day.isoformat(), listed.name if listed else None)
        # the table asks the units' screens with a context that has no deck
        blank = Context(Deck(), fmt, day, self.db, listed, None, self._cache)
        found = self._days[key] = Day(fmt, day, listed, info, Table(blank, DECK_UNITS))
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
        scan = day.table.scan(deck)
        ctx = Context(deck, fmt, day.on, self.db, day.banlist, points_cap, self._cache, scan)
        return ctx, day

    def check(
        self,
        deck: Deck,
        format_id: str | Format = "tcg",
        on: date | None = None,
        points_cap: float | None = None,
    ) -> Report:
        """Every rule over the deck: the report with every violation, never just the first.

        The verdicts are worked out here; the digest, the notes and the violations'
        messages and lines when first read (deckcheck/validation/report.py)."""
        ctx, day = self._context(deck, format_id, on, points_cap)
        violations = day.table.violations(ctx)
        scan = ctx.scan
        sizes = scan.sizes
        if scan.named:  # the digest spells what was written for unknown names: now
            info = DeckInfo(
                deck.source,
                sizes["main"],
                sizes["extra"],
                sizes["side"],
                deck.digest(ctx.section_counts),
            )
        else:
            info = DeckInfo.later(
                deck.source, sizes["main"], sizes["extra"], sizes["side"], _digest, (ctx,)
            )
        valid = not violations or "error" not in map(_severity, violations)  # in C
        if scan.mask & day.table.renames:
            notes = partial(_notes, [*deck.notices], ctx)
            return Report(info, day.info, self._card_data, valid, violations, later_notes=notes)
        return Report(info, day.info, self._card_data, valid, violations, [*deck.notices])


def _digest(ctx: Context) -> str:
    return digest_of(ctx.section_counts)


def _notes(notices: list[str], ctx: Context) -> list[str]:
    return [*notices, *effect_name_notes(ctx)]
