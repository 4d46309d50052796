"""The checker's one pass over a deck, and what it keeps per format and day so that the pass
is a few dict look-ups per distinct card.

A ``Table`` belongs to one format on one day (with its list in force). For each passcode
seen it keeps the card, its name keys, each with the fewest copies that trip a unit's name
screen (``Unit.names``), and which units' card screens (``Unit.card``) the card trips in each
section. ``scan`` counts a deck's sections, looks each distinct passcode up once
and says which units the deck concerns; the units then run only where they may speak.
"""

from __future__ import annotations

import threading
from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Container, Iterable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from deckcheck.cards.cache import BoundedCache
from deckcheck.decks.model import SECTIONS, Deck, Section
from deckcheck.validation.report import Violation

if TYPE_CHECKING:
    from deckcheck.cards.model import Card
    from deckcheck.validation.context import Context
    from deckcheck.validation.rule import Unit

MAX_ENTRIES = 4096  # passcodes and names kept per table (the card data has ~14,000)
NO_CAP = 1 << 62  # a name no unit counts
MAX_QUICK = 2 * MAX_ENTRIES  # passcodes the quick pass sees, known and unknown

# card, its first name key and that key's cap, (key, cap) for its other name keys (most cards
# have none), the unit bits it trips in main, extra and side
Entry = tuple["Card", str, int, tuple[tuple[str, int], ...], tuple[int, int, int]]


class Scan(NamedTuple):
    # copies of each passcode per section; None: worked out by the Context when asked
    counts: dict[Section, dict[int, int]] | None
    cards: dict[int, Card | None] | None  # each distinct passcode's card (None: unknown)
    totals: dict[str, int]  # copies per name key across Main+Extra+Side
    unknown: bool  # a passcode the card data does not have, or a slot without one
    named: bool  # a slot without a passcode (a name the card data did not know)
    mask: int  # the units the deck concerns, as bits of Table.units
    sizes: dict[Section, int]  # cards per section
    entries: Mapping[int, Entry | None]  # the table's entries (the cards, when asked)
    missing: Container[int]  # passcodes the card data does not have (the deck's among them)


EMPTY_SCAN = Scan(
    {"main": {}, "extra": {}, "side": {}},
    {},
    {},
    False,
    False,
    0,
    {"main": 0, "extra": 0, "side": 0},
    {},
    frozenset(),
)
UNKNOWN = object()  # Quick.keys' mark of a passcode the card data does not have


class Quick:
    """What the quick pass sees of a table's entries. Emptied by replacing the whole
    object, so a scan that took it once reads parts that agree, whatever another thread
    registers or clears meanwhile (the service checks in threads too)."""

    __slots__ = ("keys", "missing", "flagged", "low", "at_high", "high")

    def __init__(self) -> None:
        self.keys: dict[int, object] = {}  # passcode -> its one name key, or UNKNOWN
        self.missing: set[int] = set()  # the passcodes of ``keys`` that are UNKNOWN
        # per section: passcode -> the unit bits it trips there, for those that trip any
        self.flagged: tuple[dict[int, int], dict[int, int], dict[int, int]] = ({}, {}, {})
        self.low: dict[str, int] = {}  # the keys seen whose cap is below ``high``, with it
        self.at_high: set[str] = set()  # the keys seen whose cap is ``high``
        self.high = -1  # the highest cap of the keys seen


def counted(codes: list[int | None]) -> dict[int | None, int]:
    """Copies of each passcode (None: slots without one)."""
    here: dict[int | None, int] = {}
    # Counter's C loop, on a plain dict (a third fewer instructions than a Python loop;
    # constructing a Counter costs more than it saves)
    _count_elements(here, codes)
    return here


def count_sections(deck: Deck) -> dict[Section, dict[int, int]]:
    """Copies of each passcode per section (slots without one left out)."""
    counts: dict[Section, dict[int, int]] = {}
    for section in SECTIONS:
        here = counted(deck.codes(section))
        here.pop(None, None)
        counts[section] = here  # type: ignore[assignment]
    return counts


class _Entries(BoundedCache[int, "Entry | None"]):
    """The table's entries by passcode; a passcode not seen yet is worked out by the table
    (a subscript reaches ``__missing__`` in C, cheaper than a ``get`` call per card)."""

    def __init__(self, table: Table) -> None:
        super().__init__(MAX_ENTRIES)
        self.table = table

    def __missing__(self, code: int) -> Entry | None:
        return self.table.entry(code)


class Table:
    """Per-card and per-name answers for one format and day; ``day`` is its Context."""

    def __init__(self, day: Context, units: tuple[Unit, ...]) -> None:
        self.day = day
        self.units = units
        self.entries = _Entries(self)
        # passcodes the card data does not have (each would be a query again)
        self.unknown: BoundedCache[int, None] = BoundedCache(MAX_ENTRIES)
        self.caps: BoundedCache[str, int] = BoundedCache(MAX_ENTRIES)
        bits = [1 << i for i in range(len(units))]
        self.card_screens = [(b, u.card) for b, u in zip(bits, units, strict=True) if u.card]
        self.name_screens = [u.names for u in units if u.names]
        self.deck_screens = [(b, u.deck) for b, u in zip(bits, units, strict=True) if u.deck]
        self.names_bit = sum(b for b, u in zip(bits, units, strict=True) if u.names)
        self.always = sum(b for b, u in zip(bits, units, strict=True) if not u.screened)
        self.renames = 1 << len(units)  # a card whose name changes by effect (a note)
        self.ordered = list(zip(bits, units, strict=True))
        # the finds of the units a mask says run, in report order (few masks occur)
        self.finds: BoundedCache[int, list[Callable[[Context], Iterable[Violation]]]]
        self.finds = BoundedCache(MAX_ENTRIES)
        self.quick = Quick()
        self._registering = threading.Lock()

    def entry(self, code: int) -> Entry | None:
        """The passcode's entry, worked out on first sight (unknown passcodes are kept
        apart, at most MAX_ENTRIES of them: a client can send any number)."""
        if code in self.unknown:
            return None
        day = self.day
        card = day.db.get(code)
        if card is None:
            self.unknown[code] = None
            return None
        flags = []
        for section in SECTIONS:
            bits = sum(bit for bit, screen in self.card_screens if screen(day, card, section))
            flags.append(bits | self.renames if card.effect_name_changes else bits)
        caps = self.caps
        named = [(key, caps[key] if key in caps else self.cap(key)) for key in card.name_keys]
        key, cap = named[0]
        found: Entry = (card, key, cap, tuple(named[1:]), (flags[0], flags[1], flags[2]))
        self.entries[code] = found
        return found

    def cap(self, key: str) -> int:
        caps = [c for screen in self.name_screens if (c := screen(self.day, key)) is not None]
        found = self.caps[key] = min(caps, default=NO_CAP)
        return found

    def _register(self, code: int, entry: Entry | None) -> None:
        """Let the quick pass see this passcode (its entry worked out). One thread at a
        time; a passcode's key is written last, so a scan that finds the key finds its bits
        and cap already there."""
        with self._registering:
            quick = self.quick
            if len(quick.keys) >= MAX_QUICK:
                quick = self.quick = Quick()
            if entry is None:
                quick.missing.add(code)
                quick.keys[code] = UNKNOWN
                return
            card, key, cap, more, flags = entry
            if more:
                return  # a card with names by rule: its decks take the full pass
            for flagged, bits in zip(quick.flagged, flags, strict=True):
                if bits:
                    flagged[code] = bits
            high = quick.high
            if cap > high:
                for other in quick.at_high:
                    quick.low[other] = high
                quick.at_high = {key}
                quick.high = cap
            elif cap == high:
                quick.at_high.add(key)
            else:
                quick.low[key] = cap
            quick.keys[code] = key

    def scan(self, deck: Deck) -> Scan:
        """The quick pass: each card's name key counted in C, the unit bits and caps of the
        few passcodes and names that have any. A deck with a passcode not seen yet, a card
        with names by rule or a slot without a passcode takes the full pass."""
        main, extra, side = deck.codes("main"), deck.codes("extra"), deck.codes("side")
        quick = self.quick  # taken once: its parts agree (Quick)
        totals: dict[str, int] = {}
        # the order of first sight, as the full pass gives it
        _count_elements(totals, map(quick.keys.get, main + extra + side))
        if None in totals:
            return self.full_scan(deck)
        unknown = UNKNOWN in totals
        if unknown:
            del totals[UNKNOWN]  # type: ignore[call-overload]
        mask = 0
        flag_main, flag_extra, flag_side = quick.flagged  # one pass in C a section
        if not flag_main.keys().isdisjoint(main):
            for code in flag_main.keys() & main:
                mask |= flag_main[code]
        if not flag_extra.keys().isdisjoint(extra):
            for code in flag_extra.keys() & extra:
                mask |= flag_extra[code]
        if not flag_side.keys().isdisjoint(side):
            for code in flag_side.keys() & side:
                mask |= flag_side[code]
        if totals:
            if max(totals.values()) > quick.high:
                mask |= self.names_bit  # that name's cap is at most ``high``
            elif quick.low:
                low = quick.low
                for key in filter(low.__contains__, totals):
                    if totals[key] > low[key]:
                        mask |= self.names_bit
                        break
        sizes: dict[Section, int] = {"main": len(main), "extra": len(extra), "side": len(side)}
        return Scan(None, None, totals, unknown, False, mask, sizes, self.entries, quick.missing)

    def full_scan(self, deck: Deck) -> Scan:
        """One pass over each section's distinct passcodes (what the quick pass cannot
        take); it lets the quick pass see the passcodes it meets."""
        entries = self.entries
        keys = self.quick.keys
        names_bit = self.names_bit
        cards: dict[int, Card | None] = {}
        totals: dict[str, int] = {}
        counts: dict[Section, dict[int, int]] = {}
        sizes: dict[Section, int] = {}
        missing: set[int] = set()
        mask = 0
        unknown = named = False
        for index, section in enumerate(SECTIONS):
            codes = deck.codes(section)
            sizes[section] = len(codes)
            here = counted(codes)
            if here.pop(None, 0):
                unknown = named = True
            counts[section] = here  # type: ignore[assignment]
            for code, n in here.items():
                entry = entries[code]
                if code not in keys:
                    self._register(code, entry)
                if entry is None:
                    cards[code] = None
                    missing.add(code)
                    unknown = True
                    continue
                card, key, cap, more, flags = entry
                cards[code] = card
                mask |= flags[index]
                # a name's total is checked as it grows, not in a pass of its own
                total = totals[key] = totals.get(key, 0) + n
                if total > cap:
                    mask |= names_bit
                for key, cap in more:  # a card with names by rule
                    total = totals[key] = totals.get(key, 0) + n
                    if total > cap:
                        mask |= names_bit
        return Scan(counts, cards, totals, unknown, named, mask, sizes, entries, missing)

    def violations(self, ctx: Context) -> list[Violation]:
        """The violations of the units the deck concerns, in report order."""
        mask = ctx.scan.mask | self.always
        for bit, screen in self.deck_screens:
            if not mask & bit and screen(ctx):
                mask |= bit
        finds = self.finds.get(mask)
        if finds is None:
            finds = self.finds[mask] = [unit.find for bit, unit in self.ordered if mask & bit]
        found: list[Violation] = []
        for find in finds:
            found.extend(find(ctx))
        return found
