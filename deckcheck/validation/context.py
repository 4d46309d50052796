"""What every rule sees: the deck, its cards resolved once, the format, the date, the list.

The checker's scan (deckcheck/validation/scan.py) gives the section counts, each distinct
passcode's card and the copies per name; everything else is worked out on first use, by
the rules that run because the deck concerns them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from deckcheck.banlist.model import Banlist
from deckcheck.cards.cache import BoundedCache
from deckcheck.cards.db import CardDB
from deckcheck.cards.model import Card
from deckcheck.decks.model import SECTIONS, Deck, Section
from deckcheck.formats.model import Format
from deckcheck.io.record import Record
from deckcheck.validation.scan import EMPTY_SCAN, Scan, count_sections

if TYPE_CHECKING:
    from deckcheck.validation.report import Violation
    from deckcheck.validation.rule import Rule

_passcode = attrgetter("passcode")
_NAMED = ("passcodes named",)  # the key of passcodes_named's answers in the shared cache
MAX_NAMED = 4096
T = TypeVar("T")


class cached(Generic[T]):  # noqa: N801 (a decorator, named like cached_property)
    """functools.cached_property without its lock (Python 3.11 takes one on every first
    read, a cost paid per check here): a Context belongs to one check in one thread."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> T:
        if obj is None:
            return self  # type: ignore[return-value]
        found = obj.__dict__[self.name] = self.func(obj)
        return found


class Used(Record):
    """One card of the deck: the passcodes used for it, its copies and the section it is
    first in (a card's printings together)."""

    __slots__ = ("card", "codes", "count", "section")

    def __init__(self, card: Card, codes: list[int], count: int, section: str) -> None:
        self.card = card
        self.codes = codes
        self.count = count
        self.section = section


class Context:
    """One deck's check; not slotted: what ``cached`` works out is kept in its __dict__."""

    def __init__(
        self,
        deck: Deck,
        format: Format,
        on: date,
        db: CardDB,
        banlist: Banlist | None = None,
        points_cap: float | None = None,
        cache: dict[tuple[object, ...], Any] | None = None,
        scan: Scan = EMPTY_SCAN,
    ) -> None:
        self.deck = deck
        self.format = format
        self.on = on
        self.db = db
        self.banlist = banlist
        self.points_cap = points_cap
        # shared across checks by the Checker: per-card answers that do not depend on the
        # deck, e.g. (list series, list name, name key) -> limit
        self.cache = {} if cache is None else cache
        # the checker's one pass over the deck (deckcheck/validation/scan.py)
        self.scan = scan

    @cached
    def section_counts(self) -> dict[Section, dict[int, int]]:
        """Copies of each passcode per section (slots without one left out)."""
        counts = self.scan.counts
        return count_sections(self.deck) if counts is None else counts

    @cached
    def cards(self) -> dict[int, Card | None]:
        """Each distinct passcode's card (None: unknown), in the order they come."""
        cards = self.scan.cards
        if cards is None:
            cards = {}
            get = self.scan.entries.get  # a dict subclass's subscript is the slow generic path
            for counts in self.section_counts.values():
                for code in counts:  # a passcode in two sections keeps its first place
                    entry = get(code)
                    cards[code] = entry[0] if entry is not None else self._card_of(code)
        return cards

    def _card_of(self, code: int) -> Card | None:
        """An unknown passcode's None, or a card the table has dropped since the scan."""
        entry = self.scan.entries[code]
        return None if entry is None else entry[0]

    @cached
    def distinct_cards(self) -> list[Card]:
        """The deck's distinct cards, each once (printings together), in the order they
        come: what the rules that judge each card look at."""
        distinct: dict[str, Card] = {}
        for card in self.cards.values():
            if card is not None and card.uid not in distinct:
                distinct[card.uid] = card
        return list(distinct.values())

    @property
    def name_totals(self) -> dict[str, int]:
        """Copies per name key across Main+Extra+Side."""
        return self.scan.totals

    @property
    def has_unknown(self) -> bool:
        """A passcode the card data does not have, or a slot without a passcode."""
        return self.scan.unknown

    @cached
    def name_counts(self) -> dict[str, dict[int, int]]:
        """Copies per name key across Main+Extra+Side, split by passcode (for messages)."""
        counts: dict[str, dict[int, int]] = {}
        cards = self.cards
        for section_counts in self.section_counts.values():
            for code, n in section_counts.items():
                card = cards[code]
                if card is None:
                    continue
                for key in card.name_keys:
                    per = counts.get(key)
                    if per is None:
                        counts[key] = {code: n}
                    else:
                        per[code] = per.get(code, 0) + n
        return counts

    def name_counts_of(self, keys: Iterable[str]) -> dict[str, dict[int, int]]:
        """``name_counts`` for these keys (at least): the same copies in the same order,
        from each name's passcodes in the card data rather than a pass over the deck."""
        found = self.__dict__.get("name_counts")
        if found is not None:
            return found  # type: ignore[no-any-return]
        totals = self.name_totals
        named = self.cache.get(_NAMED) or {}  # passcodes_named's answers, read in place
        counts: dict[str, dict[int, int]] = {}
        order: list[int | None] | None = None  # the deck's passcodes, when a name has several
        for key in keys:  # loops, not comprehensions: each of those is a call on 3.11
            codes = named.get(key)
            if codes is None:
                codes = self.passcodes_named(key)
            if len(codes) == 1:  # one passcode has the name: the name's copies are its own
                counts[key] = {codes[0]: totals[key]} if key in totals else {}
                continue
            if order is None:
                order = self._order()
            per = counts[key] = {}
            for code in codes:  # each passcode's copies counted in C
                n = order.count(code)
                if n:
                    per[code] = n
            if len(per) > 1:  # the order the deck first has them in, as in name_counts
                counts[key] = {code: per[code] for code in sorted(per, key=order.index)}
        return counts

    def _order(self) -> list[int | None]:
        """The deck's passcodes, Main then Extra then Side (first sight is the order of a
        deck's cards)."""
        deck = self.deck
        return deck.codes("main") + deck.codes("extra") + deck.codes("side")

    def passcodes_named(self, key: str) -> tuple[int, ...]:
        """Every passcode of every card whose name keys include ``key`` (kept across
        checks, at most MAX_NAMED names)."""
        known = self.cache.get(_NAMED)
        if known is None:
            known = self.cache[_NAMED] = BoundedCache(MAX_NAMED)
        found = known.get(key)
        if found is None:
            cards = self.db.with_name_key(key)  # by normalised name: keep the exact key's
            found = tuple(c for card in cards if key in card.name_keys for c in card.passcodes)
            known[key] = found
        return found  # type: ignore[no-any-return]

    @cached
    def distinct_names(self) -> list[tuple[str, dict[int, int]]]:
        """Name keys with their copies; a key whose copies are exactly another's (a card
        that also has a name by rule, alone in the deck) is folded into the first key."""
        seen: set[tuple[tuple[int, int], ...]] = set()
        out = []
        for key, counts in self.name_counts.items():
            signature = tuple(sorted(counts.items()))
            if signature not in seen:
                seen.add(signature)
                out.append((key, counts))
        return out

    @cached
    def used(self) -> list[Used]:
        """The deck's distinct cards (printings together), in the order they come."""
        by_uid: dict[str, Used] = {}
        cards = self.cards
        for section, counts in self.section_counts.items():
            for code, n in counts.items():
                card = cards[code]
                if card is None:
                    continue
                found = by_uid.get(card.uid)
                if found is None:
                    by_uid[card.uid] = Used(card, [code], n, section)
                    continue
                found.count += n
                if code not in found.codes:
                    found.codes.append(code)
        return list(by_uid.values())

    def used_of(self, card: Card) -> Used:
        return next(used for used in self.used if used.card.uid == card.uid)

    def card_violation(self, rule: Rule, used: Used, message: str) -> Violation:
        """A violation of ``rule`` by one card of the deck; its first line is looked for
        when first read."""
        return rule.later(
            self._at_first_line,
            (message, used.codes),
            sorted(set(used.codes)),
            name=used.card.name,
            count=used.count,
            section=used.section,
        )

    def _at_first_line(self, message: str, codes: list[int]) -> dict[str, object]:
        return {"message": message, "line": self.first_line(codes)}

    def card(self, passcode: int) -> Card:
        found = self.db.get(passcode)
        assert found is not None
        return found

    def first_line(self, passcodes: set[int] | list[int]) -> int | None:
        """The first input line of any of ``passcodes`` (looked for only when a violation
        names them)."""
        first = self._first_lines
        return min((first[c] for c in set(passcodes) if c in first), default=None)

    @cached
    def _first_lines(self) -> dict[int | None, int]:
        """Each passcode's first input line, found in one pass over the slots."""
        first: dict[int | None, int] = {}
        deck = self.deck
        for section in SECTIONS:
            for code, line in zip(deck.codes(section), deck.lines(section), strict=True):
                if line and (code not in first or line < first[code]):
                    first[code] = line
        return first
