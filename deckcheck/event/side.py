"""Side-deck swaps between the games of a match (rulebook 1.2.3).

Between games a player exchanges cards between the Side Deck and the Main/Extra Deck.
Afterwards the three section sizes must be as registered and the 75 cards must be the same
cards. Whether two printings of one card (alternate-art passcodes) count as the same card
is a setting: by default they do; ``strict`` compares passcodes as YGOPro does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from deckcheck.decks.model import SECTIONS, Deck, Section, Slot
from deckcheck.event.side_plan import Plan, PlanRefused, apply_plan, load_plan, read_plan
from deckcheck.validation.report import Report, Violation

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB
    from deckcheck.validation import Checker

__all__ = [
    "Change",
    "Identity",
    "Plan",
    "PlanRefused",
    "apply_plan",
    "changes",
    "check_side",
    "default_checker",
    "load_plan",
    "read_plan",
    "summary",
    "swap_violations",
    "with_violations",
]

TITLES: dict[Section, str] = {"main": "Main", "extra": "Extra", "side": "Side"}  # changes


class Identity:
    """Which slots hold "the same card": one Card (any printing) or, strictly, one passcode."""

    def __init__(self, db: CardDB, strict: bool = False) -> None:
        self.db = db
        self.strict = strict
        self._names: dict[str, str] = {}

    def key(self, slot: Slot) -> str:
        if slot.passcode is None:
            key = "?" + (slot.text or "")
            self._names.setdefault(key, slot.text or "an unreadable entry")
            return key
        card = self.db.get(slot.passcode)
        if card is None:
            key = f"#{slot.passcode}"
            self._names.setdefault(key, f"unknown passcode {slot.passcode}")
            return key
        if self.strict:
            key = f"#{slot.passcode}"
            label = card.name if len(card.passcodes) < 2 else f"{card.name} [{slot.passcode}]"
        else:
            key, label = card.uid, card.name
        self._names.setdefault(key, label)
        return key

    def name(self, key: str) -> str:
        return self._names.get(key, key)


@dataclass
class Tally:
    """Per-section counts of one deck by identity key, with where each key was first seen."""

    counts: dict[Section, Counter[str]] = field(default_factory=dict)
    lines: dict[tuple[Section, str], int | None] = field(default_factory=dict)
    # passcodes seen per key, keys in order of first appearance
    codes: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, deck: Deck, ident: Identity) -> Tally:
        tally = cls()
        for section in SECTIONS:
            counter: Counter[str] = Counter()
            for slot in deck.section(section):
                key = ident.key(slot)
                counter[key] += 1
                tally.lines.setdefault((section, key), slot.line)
                codes = tally.codes.setdefault(key, [])
                if slot.passcode is not None and slot.passcode not in codes:
                    codes.append(slot.passcode)
            tally.counts[section] = counter
        return tally

    def total(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for counter in self.counts.values():
            out.update(counter)
        return out

    def first_section(self, key: str) -> Section | None:
        return next((s for s in SECTIONS if self.counts[s][key]), None)


@dataclass(frozen=True)
class Change:
    """``delta`` copies of a card went into (+) or out of (-) a section."""

    section: Section
    name: str
    delta: int
    passcodes: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{self.delta:+d} {self.name} ({TITLES[self.section]})"


def _ordered_keys(before: Tally, after: Tally) -> list[str]:
    return list(dict.fromkeys([*before.codes, *after.codes]))


def changes(registered: Deck, current: Deck, db: CardDB, strict: bool = False) -> list[Change]:
    """What moved, section by section, removals before additions.

    Side Deck lines are kept only for cards that entered or left the 75: for a proper swap
    they just mirror the Main/Extra lines and would double the summary.
    """
    ident = Identity(db, strict)
    before, after = Tally.of(registered, ident), Tally.of(current, ident)
    was, now = before.total(), after.total()
    changed_75 = {k for k in _ordered_keys(before, after) if was[k] != now[k]}
    out: list[Change] = []
    for section in SECTIONS:
        deltas = []
        for key in _ordered_keys(before, after):
            delta = after.counts[section][key] - before.counts[section][key]
            if delta and (section != "side" or key in changed_75):
                codes = tuple(after.codes.get(key) or before.codes.get(key) or ())
                deltas.append(Change(section, ident.name(key), delta, codes))
        out += [c for c in deltas if c.delta < 0] + [c for c in deltas if c.delta > 0]
    return out


def summary(found: list[Change]) -> str:
    """One judge-readable line, e.g.
    "-2 Ash Blossom & Joyous Spring (Main), +2 Droll & Lock Bird (Main)"."""
    return ", ".join(str(c) for c in found) if found else "no changes"


def swap_violations(
    registered: Deck,
    current: Deck,
    db: CardDB,
    strict: bool = False,
    cards_rule: str = "side-swap-cards",
) -> list[Violation]:
    """DC601 for each section whose size changed; ``cards_rule`` (DC602 by default, DC603 for
    a registration check) for each card that entered or left the 75 (the rule unit
    deckcheck/validation/rules/side_swap.py)."""
    from deckcheck.validation.rules.side_swap import UNIT, Swap

    ident = Identity(db, strict)
    before, after = Tally.of(registered, ident), Tally.of(current, ident)
    swap = Swap(
        registered, current, before, after, ident.name, cards_rule == "registration-mismatch"
    )
    return list(UNIT.find(swap))


def with_violations(report: Report, extra: list[Violation], notes: Sequence[str] = ()) -> Report:
    """The report plus more violations and notes, its verdict recomputed."""
    violations = [*report.violations, *extra]
    valid = not any(v.severity == "error" for v in violations)
    return report.replaced(violations=violations, valid=valid, notes=[*report.notes, *notes])


def default_checker(db: CardDB, checker: Checker | None = None) -> Checker:
    if checker is not None:
        return checker
    from deckcheck.validation import Checker

    return Checker(db)


def check_side(
    registered: Deck,
    current: Deck,
    db: CardDB,
    format_id: str = "tcg",
    on: date | None = None,
    strict: bool = False,
    checker: Checker | None = None,
) -> Report:
    """The current (sided) deck checked as a deck, then against the registered one."""
    report = default_checker(db, checker).check(current, format_id, on)
    extra = swap_violations(registered, current, db, strict)
    note = "Changes from the registered deck: " + summary(changes(registered, current, db, strict))
    return with_violations(report, extra, [note])
