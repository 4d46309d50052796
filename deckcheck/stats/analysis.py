"""Opening-hand statistics for a deck: per name key, per category and per condition.

Turn t is the player's own t-th turn: going first the hand holds 5 + (t - 1) cards (no
draw on the first turn), going second 6 + (t - 1).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Literal

from pydantic import BaseModel

from deckcheck.cards.db import CardDB
from deckcheck.cards.model import Card
from deckcheck.decks.model import Deck
from deckcheck.io.errors import InputError
from deckcheck.stats.categories import CategorySet
from deckcheck.stats.exact import (
    DEFAULT_BUDGET,
    HYPERGEOMETRIC,
    MONTE_CARLO,
    Membership,
    exact_condition,
)
from deckcheck.stats.hypergeom import p_at_least

Going = Literal["first", "second"]
Method = Literal["auto", "monte-carlo"]
OPENING: dict[Going, int] = {"first": 5, "second": 6}
MAX_TURNS = 20
MIN_SAMPLES = 100
MAX_SAMPLES = 10_000_000


class CardOdds(BaseModel):
    name: str  # the name key
    passcodes: list[int]
    copies: int
    by_turn: dict[Going, list[float]]


class CategoryOdds(BaseModel):
    name: str
    copies: int
    cards: list[str]
    by_turn: dict[Going, list[float]]
    method: str = HYPERGEOMETRIC


class ConditionOdds(BaseModel):
    name: str
    expression: str
    method: str
    by_turn: dict[Going, list[float]]
    intervals: dict[Going, list[tuple[float, float]]] | None = None  # Monte Carlo only


class DeckInfo(BaseModel):
    source: str
    name: str | None = None
    main: int
    digest: str


class HandStats(BaseModel):
    deck: DeckInfo
    card_data: str
    going: list[Going]
    turns: int
    hand_sizes: dict[Going, list[int]]
    samples: int
    seed: int
    cards: list[CardOdds]
    categories: list[CategoryOdds]
    conditions: list[ConditionOdds]
    notices: list[str]


class _Entry:
    """One distinct card of the Main Deck (or one unknown passcode / text)."""

    def __init__(self, card: Card | None, label: str) -> None:
        self.card = card
        self.label = label
        self.copies = 0
        self.passcodes: list[int] = []


def _entries(deck: Deck, db: CardDB) -> tuple[list[_Entry], list[str]]:
    entries: dict[str, _Entry] = {}
    unknown: list[str] = []
    for slot in deck.main:
        card = db.get(slot.passcode) if slot.passcode is not None else None
        if card is not None:
            key = "card:" + card.uid
            label = card.name
        else:
            label = slot.text or (f"#{slot.passcode}" if slot.passcode is not None else "?")
            key = "unknown:" + label
            unknown.append(label)
        entry = entries.setdefault(key, _Entry(card, label))
        entry.copies += 1
        if slot.passcode is not None and slot.passcode not in entry.passcodes:
            entry.passcodes.append(slot.passcode)
    notices = []
    if unknown:
        shown = ", ".join(sorted(set(unknown))[:10])
        notices.append(
            f"{len(unknown)} Main Deck card(s) not in the card data count as cards of their own: "
            f"{shown}"
        )
    return list(entries.values()), notices


def _check_arguments(deck: Deck, going: Sequence[Going], turns: int, samples: int) -> None:
    if not going or any(g not in OPENING for g in going):
        raise InputError("going must be 'first', 'second' or both")
    if not 1 <= turns <= MAX_TURNS:
        raise InputError(f"turns must be between 1 and {MAX_TURNS}, not {turns}")
    if not MIN_SAMPLES <= samples <= MAX_SAMPLES:
        raise InputError(f"samples must be between {MIN_SAMPLES:,} and {MAX_SAMPLES:,}")
    size = len(deck.main)
    if size == 0:
        raise InputError(f"{deck.source}: the Main Deck is empty")
    need = max(OPENING[g] for g in going) + turns - 1
    if need > size:
        raise InputError(
            f"{deck.source}: the Main Deck has {size} cards but {turns} turn(s) need {need}; "
            "use fewer --turns"
        )


def analyse_hands(
    deck: Deck,
    db: CardDB,
    categories: CategorySet | None = None,
    going: Sequence[Going] = ("first", "second"),
    turns: int = 3,
    samples: int = 100_000,
    seed: int = 0,
    method: Method = "auto",
    budget: int = DEFAULT_BUDGET,
) -> HandStats:
    """Every figure for one deck. Conditions are exact unless too large (or ``method``
    asks for sampling); sampled ones carry 95% intervals."""
    going = [g for g in ("first", "second") if g in going] if going else []
    _check_arguments(deck, going, turns, samples)
    categories = categories or CategorySet()
    entries, notices = _entries(deck, db)
    notices += [f"line {p.line}: {p.message}" if p.line else p.message for p in deck.problems]
    known = [e.card for e in entries if e.card is not None]
    categories.check_archetypes(known, db)
    size = len(deck.main)
    sizes: dict[Going, list[int]] = {g: [OPENING[g] + t for t in range(turns)] for g in going}

    def odds(copies: int) -> dict[Going, list[float]]:
        return {g: [p_at_least(copies, size, n) for n in sizes[g]] for g in going}

    cards = _card_odds(entries, odds)
    members = [
        Membership(e.copies, frozenset(c.name for c in categories.categories if c.matches(e.card)))
        for e in entries
        if e.card is not None
    ]
    members = [m for m in members if m.categories]
    category_rows = []
    for category in categories.categories:
        inside = [e for e in entries if e.card is not None and category.matches(e.card)]
        copies = sum(e.copies for e in inside)
        if not copies:
            notices.append(f"category {category.name!r} matches no card in the Main Deck")
        labels = sorted({k for e in inside for k in e.card.name_keys}) if inside else []
        category_rows.append(
            CategoryOdds(name=category.name, copies=copies, cards=labels, by_turn=odds(copies))
        )
    conditions = _condition_odds(categories, members, size, sizes, samples, seed, method, budget)
    return HandStats(
        deck=DeckInfo(source=deck.source, name=deck.name, main=size, digest=deck.digest()),
        card_data=db.version,
        going=list(going),
        turns=turns,
        hand_sizes=sizes,
        samples=samples,
        seed=seed,
        cards=cards,
        categories=category_rows,
        conditions=conditions,
        notices=notices,
    )


Odds = Callable[[int], dict[Going, list[float]]]


def _card_odds(entries: list[_Entry], odds: Odds) -> list[CardOdds]:
    by_key: dict[str, list[_Entry]] = defaultdict(list)
    for entry in entries:
        keys = entry.card.name_keys if entry.card is not None else (entry.label,)
        for key in keys:
            by_key[key].append(entry)
    rows = []
    for key, group in by_key.items():
        copies = sum(e.copies for e in group)
        passcodes = [p for e in group for p in e.passcodes]
        rows.append(CardOdds(name=key, passcodes=passcodes, copies=copies, by_turn=odds(copies)))
    return rows


def _condition_odds(
    categories: CategorySet,
    members: list[Membership],
    size: int,
    sizes: dict[Going, list[int]],
    samples: int,
    seed: int,
    method: Method,
    budget: int,
) -> list[ConditionOdds]:
    wanted = sorted({n for hands in sizes.values() for n in hands})
    rows: list[ConditionOdds | None] = []
    sampled = []
    for position, named in enumerate(categories.conditions):
        exact = None
        if method == "auto":
            exact = exact_condition(named.condition, members, size, wanted, budget)
        if exact is None:
            sampled.append(position)
            rows.append(None)
            continue
        value = dict(zip(wanted, exact.values, strict=True))
        by_turn = {g: [value[n] for n in hands] for g, hands in sizes.items()}
        rows.append(
            ConditionOdds(
                name=named.name, expression=named.expression, method=exact.method, by_turn=by_turn
            )
        )
    if sampled:
        from deckcheck.stats.montecarlo import estimate_conditions

        chosen = [categories.conditions[i].condition for i in sampled]
        found = estimate_conditions(chosen, members, size, wanted, samples, seed)
        for position, estimates in zip(sampled, found, strict=True):
            named = categories.conditions[position]
            at = dict(zip(wanted, estimates, strict=True))
            rows[position] = ConditionOdds(
                name=named.name,
                expression=named.expression,
                method=MONTE_CARLO,
                by_turn={g: [at[n].value for n in hands] for g, hands in sizes.items()},
                intervals={
                    g: [(at[n].low, at[n].high) for n in hands] for g, hands in sizes.items()
                },
            )
    return [r for r in rows if r is not None]
