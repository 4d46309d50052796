"""The checker's one pass over a deck, and what it keeps per format and day so that the pass
is a few set operations per section and a dict look-up per card that needs attention.

A ``Table`` belongs to one format on one day (with its list in force). For each passcode
seen it keeps the card, its name keys and which units' card screens (``Unit.card``) the
card trips in each section; for each name, the fewest copies that trip a unit's name screen
(``Unit.names``). A passcode whose card trips no card screen in a section, whose one name
no other printing or card shares and whose name screens allow ``floor`` copies or more is
"plain" there: ``scan`` counts a deck's sections, takes the plain passcodes out with a set
difference, looks the rest up once each, and adds up copies per name only for names that
some card outside the plain ones carries (the plain ones need only their own copies, at
most ``floor``). The units then run only where they may speak; the cards and copies per
name they read are worked out when one of them asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.cards.cache import BoundedCache
from deckcheck.decks.model import SECTIONS, Deck, Section
from deckcheck.validation.report import Violation

if TYPE_CHECKING:
    from deckcheck.cards.model import Card
    from deckcheck.validation.context import Context
    from deckcheck.validation.rule import Unit

MAX_ENTRIES = 4096  # passcodes and names kept per table (the card data has ~14,000)
NO_CAP = 1 << 62  # a name no unit counts

# card, name keys, the unit bits it trips in main, extra and side, plain as to its name
Entry = tuple["Card", tuple[str, ...], tuple[int, int, int], bool]


class Scan:
    """What the one pass found: ``counts`` (copies of each passcode per section, in the
    order they come), ``unknown`` (a passcode the card data does not have, or a slot
    without one) and ``mask`` (the units the deck concerns, as bits of Table.units).
    ``cards`` (each distinct passcode's card, None if unknown) and ``totals`` (copies per
    name key across Main+Extra+Side) are worked out on first use."""

    __slots__ = ("counts", "unknown", "mask", "_table", "_cards", "_totals")

    def __init__(
        self,
        counts: dict[Section, dict[int, int]],
        unknown: bool,
        mask: int,
        table: Table | None = None,
    ) -> None:
        self.counts = counts
        self.unknown = unknown
        self.mask = mask
        self._table = table  # None: no cards (the blank scan)
        self._cards: dict[int, Card | None] | None = None if table else {}
        self._totals: dict[str, int] | None = None if table else {}

    @property
    def cards(self) -> dict[int, Card | None]:
        found = self._cards
        if found is None:
            table = self._table
            assert table is not None
            entries, entry = table.entries, table.entry
            found = self._cards = {}
            for here in self.counts.values():
                for code in here:
                    if code not in found:
                        hit = entries.get(code) or entry(code)
                        found[code] = hit[0] if hit is not None else None
        return found

    @property
    def totals(self) -> dict[str, int]:
        found = self._totals
        if found is None:
            cards = self.cards
            found = self._totals = {}
            get = found.get
            for here in self.counts.values():
                for code, n in here.items():
                    card = cards[code]
                    if card is not None:
                        for key in card.name_keys:
                            found[key] = get(key, 0) + n
        return found


EMPTY_SCAN = Scan({"main": {}, "extra": {}, "side": {}}, False, 0)


class Table:
    """Per-card and per-name answers for one format and day; ``day`` is its Context."""

    def __init__(self, day: Context, units: tuple[Unit, ...]) -> None:
        self.day = day
        self.units = units
        self.entries: BoundedCache[int, Entry] = BoundedCache(MAX_ENTRIES)
        # passcodes the card data does not have (each would be a query again)
        self.unknown: BoundedCache[int, None] = BoundedCache(MAX_ENTRIES)
        self.caps: BoundedCache[str, int] = BoundedCache(MAX_ENTRIES)
        # the copies a plain card may have without a name unit speaking: most names'
        # (any value is correct, a deck with more copies of a card only takes longer)
        self.floor = day.format.copy_limit
        # the plain passcodes of each section (at most MAX_ENTRIES each)
        self.plain: tuple[set[int], set[int], set[int]] = (set(), set(), set())
        bits = [1 << i for i in range(len(units))]
        self.card_screens = [(b, u.card) for b, u in zip(bits, units, strict=True) if u.card]
        self.name_screens = [u.names for u in units if u.names]
        self.deck_screens = [(b, u.deck) for b, u in zip(bits, units, strict=True) if u.deck]
        self.names_bit = sum(b for b, u in zip(bits, units, strict=True) if u.names)
        self.always = sum(b for b, u in zip(bits, units, strict=True) if not u.screened)
        self.renames = 1 << len(units)  # a card whose name changes by effect (a note)
        self.ordered = list(zip(bits, units, strict=True))

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
        keys = card.name_keys
        for key in keys:
            if key not in self.caps:
                self.cap(key)
        plain = len(keys) == 1 and self.caps.get(keys[0], 0) >= self.floor
        if plain:
            others = day.db.with_name_key(keys[0])
            plain = card.passcodes == (code,) and [c.uid for c in others] == [card.uid]
        found: Entry = (card, keys, (flags[0], flags[1], flags[2]), plain)
        self.entries[code] = found
        if plain:
            for bits, codes in zip(flags, self.plain, strict=True):
                if not bits:
                    if len(codes) >= MAX_ENTRIES:
                        codes.clear()
                    codes.add(code)
        return found

    def cap(self, key: str) -> int:
        caps = [c for screen in self.name_screens if (c := screen(self.day, key)) is not None]
        found = self.caps[key] = min(caps, default=NO_CAP)
        return found

    def scan(self, deck: Deck) -> Scan:
        entries = self.entries
        floor = self.floor
        counts: dict[Section, dict[int, int]] = {}
        totals: dict[str, int] = {}  # copies of the names that plain cards do not carry
        mask = 0
        unknown = False
        most = 0  # the most copies of one passcode in a section
        for index, section in enumerate(SECTIONS):
            here: dict[int, int] = {}
            get = here.get
            for slot in deck.section(section):
                code = slot.passcode
                here[code] = get(code, 0) + 1  # type: ignore[index]
            if None in here:
                del here[None]  # type: ignore[arg-type]
                unknown = True
            counts[section] = here
            if not here:
                continue
            most = max(most, max(here.values()))
            for code in here.keys() - self.plain[index]:
                entry = entries.get(code) or self.entry(code)
                if entry is None:
                    unknown = True
                    continue
                mask |= entry[2][index]
                if not entry[3]:
                    n = here[code]
                    for key in entry[1]:
                        totals[key] = totals.get(key, 0) + n
        scan = Scan(counts, unknown, mask, self)
        if most > floor or self._shared_over(counts):
            totals = scan.totals  # a plain card may be over its name's cap too: all count
        caps = self.caps
        for key, total in totals.items():
            cap = caps.get(key)
            if total > (cap if cap is not None else self.cap(key)):
                scan.mask |= self.names_bit
                break
        return scan

    def _shared_over(self, counts: dict[Section, dict[int, int]]) -> bool:
        """A passcode in two or three sections with more than ``floor`` copies in all."""
        main, extra, side = counts["main"], counts["extra"], counts["side"]
        shared = (main.keys() & side.keys()) | (extra.keys() & (main.keys() | side.keys()))
        floor = self.floor
        return any(main.get(c, 0) + extra.get(c, 0) + side.get(c, 0) > floor for c in shared)

    def violations(self, ctx: Context) -> list[Violation]:
        """The violations of the units the deck concerns, in report order."""
        mask = ctx.scan.mask | self.always
        for bit, screen in self.deck_screens:
            if not mask & bit and screen(ctx):
                mask |= bit
        found: list[Violation] = []
        for bit, unit in self.ordered:
            if mask & bit:
                found.extend(unit.find(ctx))
        return found
