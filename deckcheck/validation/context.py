"""What every rule sees: the deck, its cards resolved once, the format, the date, the list.

Everything is worked out on first use and kept for the check: a clean deck pays for the
section counts, its distinct cards and their name keys, and nothing else.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from operator import attrgetter
from typing import Any, NamedTuple

from deckcheck.banlist.model import Banlist
from deckcheck.cards.db import CardDB
from deckcheck.cards.model import Card
from deckcheck.decks.model import SECTIONS, Deck, Section
from deckcheck.formats.model import Format

_passcode = attrgetter("passcode")


@dataclass(slots=True)
class Used:
    """One card of the deck: the passcodes used for it, its copies and the section it is
    first in (a card's printings together)."""

    card: Card
    codes: list[int]
    count: int
    section: str


MISSING = object()  # a passcode not looked up yet


class Scan(NamedTuple):
    cards: dict[int, Card | None]
    distinct: list[Card]
    totals: dict[str, int]
    unknown: bool  # a passcode the card data does not have


@dataclass
class Context:
    deck: Deck
    format: Format
    on: date
    db: CardDB
    banlist: Banlist | None = None
    points_cap: float | None = None
    # shared across checks by the Checker: per-card answers that do not depend on the deck,
    # e.g. (list series, list name, name key) -> limit
    cache: dict[tuple[object, ...], Any] = field(default_factory=dict)

    @cached_property
    def section_counts(self) -> dict[Section, Counter[int]]:
        """Copies of each passcode per section (slots without one left out)."""
        found = {}
        for section in SECTIONS:
            counts = Counter(map(_passcode, self.deck.section(section)))
            if None in counts:
                del counts[None]  # type: ignore[arg-type]
            found[section] = counts
        return found

    @cached_property
    def _scan(self) -> Scan:
        """One pass over the distinct passcodes: what every check needs of its cards."""
        get = self.db.get
        cards: dict[int, Card | None] = {}
        distinct: dict[str, Card] = {}
        totals: dict[str, int] = {}
        unknown = False
        for counts in self.section_counts.values():
            for code, n in counts.items():
                card = cards.get(code, MISSING)
                if card is MISSING:
                    card = cards[code] = get(code)
                    if card is None:
                        unknown = True
                        continue
                    if card.uid not in distinct:
                        distinct[card.uid] = card
                elif card is None:
                    continue
                for key in card.name_keys:
                    totals[key] = totals.get(key, 0) + n
        return Scan(cards, list(distinct.values()), totals, unknown)

    @property
    def cards(self) -> dict[int, Card | None]:
        """Each distinct passcode's card, looked up once."""
        return self._scan.cards

    @property
    def distinct_cards(self) -> list[Card]:
        """The deck's distinct cards, each once (printings together), in the order they
        come: what the rules that judge each card look at."""
        return self._scan.distinct

    @property
    def name_totals(self) -> dict[str, int]:
        """Copies per name key across Main+Extra+Side."""
        return self._scan.totals

    @cached_property
    def has_unknown(self) -> bool:
        # a slot without a passcode is the one thing the section counts leave out
        if self._scan.unknown:
            return True
        counts = self.section_counts
        return any(
            len(self.deck.section(section)) != counts[section].total() for section in SECTIONS
        )

    @cached_property
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

    @cached_property
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

    @cached_property
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

    def fields(self, used: Used) -> dict[str, object]:
        """A violation's fields for one card of the deck."""
        return {
            "cards": sorted(set(used.codes)),
            "name": used.card.name,
            "count": used.count,
            "section": used.section,
            "line": self.first_line(used.codes),
        }

    def card(self, passcode: int) -> Card:
        found = self.db.get(passcode)
        assert found is not None
        return found

    def first_line(self, passcodes: set[int] | list[int]) -> int | None:
        """The first input line of any of ``passcodes`` (looked for only when a violation
        names them)."""
        wanted = set(passcodes)
        lines = [
            slot.line
            for section in SECTIONS
            for slot in self.deck.section(section)
            if slot.passcode in wanted and slot.line
        ]
        return min(lines) if lines else None
