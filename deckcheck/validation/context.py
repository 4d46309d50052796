"""What every rule sees: the deck, its cards resolved once, the format, the date, the list."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from typing import Any, NamedTuple

from deckcheck.banlist.model import Banlist
from deckcheck.cards.db import CardDB
from deckcheck.cards.model import Card
from deckcheck.decks.model import SECTIONS, Deck, Section, Slot
from deckcheck.formats.model import Format


class Placed(NamedTuple):
    """One slot of the deck with its card (a tuple: made for every slot of every check)."""

    section: Section
    slot: Slot
    card: Card | None


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
    def placed(self) -> list[Placed]:
        get = self.db.get
        return [
            Placed(section, slot, get(slot.passcode) if slot.passcode is not None else None)
            for section in SECTIONS
            for slot in self.deck.section(section)
        ]

    @cached_property
    def known(self) -> list[Placed]:
        return [p for p in self.placed if p.card is not None]

    @cached_property
    def section_counts(self) -> dict[Section, Counter[int]]:
        return {section: self.deck.counts(section) for section in SECTIONS}

    @cached_property
    def copies(self) -> Counter[int]:
        """Copies of each passcode across Main+Extra+Side."""
        counts: Counter[int] = Counter()
        for section_counts in self.section_counts.values():
            counts.update(section_counts)
        return counts

    @cached_property
    def cards(self) -> dict[int, Card | None]:
        """Each distinct passcode's card, looked up once."""
        get = self.db.get
        return {code: get(code) for code in self.copies}

    @cached_property
    def has_unknown(self) -> bool:
        # a slot without a passcode is the one thing the section counts leave out
        named_only = any(
            len(self.deck.section(section)) != self.section_counts[section].total()
            for section in SECTIONS
        )
        return named_only or any(card is None for card in self.cards.values())

    @cached_property
    def name_counts(self) -> dict[str, dict[int, int]]:
        """Copies per name key across Main+Extra+Side, split by passcode."""
        counts: dict[str, dict[int, int]] = {}
        cards = self.cards
        for code, n in self.copies.items():
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

    def card(self, passcode: int) -> Card:
        found = self.db.get(passcode)
        assert found is not None
        return found

    def first_line(self, passcodes: set[int] | list[int]) -> int | None:
        wanted = set(passcodes)
        lines = [p.slot.line for p in self.placed if p.slot.passcode in wanted and p.slot.line]
        return min(lines) if lines else None
