"""The checker's one pass over a deck, and what it keeps per format and day so that the pass
is a few dict look-ups per distinct card.

A ``Table`` belongs to one format on one day (with its list in force). For each passcode
seen it keeps the card, its name keys and which units' card screens (``Unit.card``) the
card trips in each section; for each name, the fewest copies that trip a unit's name screen
(``Unit.names``). ``scan`` counts a deck's sections, looks each distinct passcode up once
and says which units the deck concerns; the units then run only where they may speak.
"""

from __future__ import annotations

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

# card, name keys, the unit bits it trips in main, extra and side
Entry = tuple["Card", tuple[str, ...], tuple[int, int, int]]


class Scan(NamedTuple):
    counts: dict[Section, dict[int, int]]  # copies of each passcode per section
    cards: dict[int, Card | None]  # each distinct passcode's card (None: unknown)
    totals: dict[str, int]  # copies per name key across Main+Extra+Side
    unknown: bool  # a passcode the card data does not have, or a slot without one
    mask: int  # the units the deck concerns, as bits of Table.units
    sizes: dict[Section, int]  # cards per section


EMPTY_SCAN = Scan(
    {"main": {}, "extra": {}, "side": {}}, {}, {}, False, 0, {"main": 0, "extra": 0, "side": 0}
)


class Table:
    """Per-card and per-name answers for one format and day; ``day`` is its Context."""

    def __init__(self, day: Context, units: tuple[Unit, ...]) -> None:
        self.day = day
        self.units = units
        self.entries: BoundedCache[int, Entry] = BoundedCache(MAX_ENTRIES)
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
        found: Entry = (card, keys, (flags[0], flags[1], flags[2]))
        self.entries[code] = found
        return found

    def cap(self, key: str) -> int:
        caps = [c for screen in self.name_screens if (c := screen(self.day, key)) is not None]
        found = self.caps[key] = min(caps, default=NO_CAP)
        return found

    def scan(self, deck: Deck) -> Scan:
        entries = self.entries
        cards: dict[int, Card | None] = {}
        totals: dict[str, int] = {}
        counts: dict[Section, dict[int, int]] = {}
        sizes: dict[Section, int] = {}
        mask = 0
        unknown = False
        for index, section in enumerate(SECTIONS):
            here: dict[int, int] = {}
            get = here.get
            codes = deck.codes(section)
            sizes[section] = len(codes)
            for code in codes:
                here[code] = get(code, 0) + 1  # type: ignore[index]
            if None in here:
                del here[None]  # type: ignore[arg-type]
                unknown = True
            counts[section] = here
            for code, n in here.items():
                entry = entries.get(code) or self.entry(code)
                if entry is None:
                    cards[code] = None
                    unknown = True
                    continue
                card, keys, flags = entry
                cards[code] = card
                for key in keys:
                    totals[key] = totals.get(key, 0) + n
                mask |= flags[index]
        caps = self.caps
        for key, total in totals.items():
            cap = caps.get(key)
            if total > (cap if cap is not None else self.cap(key)):
                mask |= self.names_bit
                break
        return Scan(counts, cards, totals, unknown, mask, sizes)

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
