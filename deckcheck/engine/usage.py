"""What each card did over test duels, read from the duels' events: how often it was drawn,
activated, summoned, resolved, negated, and how often a drawn copy stayed dead in hand
(never played, summoned, Set or activated before the duel ended or it was discarded).

Counts are per deck and per card name; ``games_drawn`` and ``games_dead`` count games, the
rest count times.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from deckcheck.engine.state import HAND, State

COUNTS = ("drawn", "activated", "resolved", "negated", "summoned", "set")
PLAYED = frozenset({"activate", "summon", "summoning", "set_card", "scale", "material"})


@dataclass
class CardUsage:
    """One deck's cards over some games."""

    games: int = 0
    counts: dict[str, Counter[str]] = field(default_factory=lambda: {k: Counter() for k in COUNTS})
    games_drawn: Counter[str] = field(default_factory=Counter)
    games_dead: Counter[str] = field(default_factory=Counter)

    def add(self, other: CardUsage) -> None:
        self.games += other.games
        for k in COUNTS:
            self.counts[k].update(other.counts[k])
        self.games_drawn.update(other.games_drawn)
        self.games_dead.update(other.games_dead)

    def as_dict(self) -> dict[str, Any]:
        names = sorted(set(self.games_drawn) | {n for c in self.counts.values() for n in c})
        return {
            "games": self.games,
            "cards": [
                {
                    "name": n,
                    **{k: self.counts[k][n] for k in COUNTS},
                    "games_drawn": self.games_drawn[n],
                    "games_dead_in_hand": self.games_dead[n],
                }
                for n in names
            ],
        }


def game_usage(state: State, player: int) -> CardUsage:
    """One finished (or stopped) duel's usage for ``player``'s cards."""
    out = CardUsage(games=1)
    cards = state.cards
    drawn: set[int] = set()
    played: set[int] = set()
    links: dict[int, int] = {}  # chain link number -> card, in the chain being resolved
    negated: set[int] = set()
    counts = out.counts
    for e in state.history:
        kind = e.kind
        if kind == "decide":
            continue
        card = getattr(e, "card", -1)
        mine = 0 <= card < len(cards) and cards[card].owner == player
        if kind == "draw" and mine:
            drawn.add(card)
            counts["drawn"][cards[card].d.name] += 1
        elif kind == "activate":
            links[e.link] = card  # type: ignore[union-attr]
            if mine:
                counts["activated"][cards[card].d.name] += 1
        elif kind in ("negated_activation", "negated_effect"):
            negated.add(e.link)  # type: ignore[union-attr]
        elif kind == "resolve" and mine:
            name = cards[card].d.name
            counts["negated" if e.link in negated else "resolved"][name] += 1  # type: ignore[union-attr]
        elif kind == "chain_end":
            links.clear()
            negated.clear()
        elif kind == "summon" and mine:
            counts["summoned"][cards[card].d.name] += 1
        elif kind == "set_card" and mine:
            counts["set"][cards[card].d.name] += 1
        if kind in PLAYED and mine:
            played.add(card)
    for name in {cards[i].d.name for i in drawn}:
        out.games_drawn[name] += 1
    dead = {cards[i].d.name for i in drawn if i not in played and _unused(state, i)}
    for name in dead:
        out.games_dead[name] += 1
    return out


def _unused(state: State, iid: int) -> bool:
    """Still in the hand at the end, or sent from it by a discard without being played."""
    c = state.cards[iid]
    return c.loc == HAND or c.prev == HAND
