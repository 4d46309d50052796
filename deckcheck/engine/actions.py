"""Prompts and actions: every decision in a duel is a prompt listing its legal actions.

An action is a plain tuple whose first item is its kind, so it compares, hashes and goes
to JSON (as a list) without help:

- first: ("first",) ("second",)
- main: ("summon", card) ("set", card) ("flip", card) ("position", card)
  ("set_card", card) ("scale", card) ("pendulum",) ("synchro", card) ("xyz", card)
  ("link", card) ("battle",) ("end",)
- battle: ("attack", attacker, target or -1 for a direct attack) ("end_battle",)
- replay: ("attack", attacker, target) ("cancel",)
- tributes: ("tributes", (card, ...)); materials: ("materials", (card, ...))
- pendulum: ("pick", card) ("done",)
- zone: ("zone", n): 0-4 Main Monster / Spell & Trap Zones, 5 the Field Zone or the left
  Extra Monster Zone, 6 the right Extra Monster Zone (or, under arc-v, a Pendulum Zone)
- position: ("attack",) ("defense",)
- discard: ("discard", card)
- respond: ("pass",) and, with card effects, activations

``card`` is the card's id in the duel (its index in ``State.cards``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Action = tuple[Any, ...]

PASS: Action = ("pass",)
FIRST: Action = ("first",)
SECOND: Action = ("second",)
ATTACK: Action = ("attack",)
DEFENSE: Action = ("defense",)
DONE: Action = ("done",)
CANCEL: Action = ("cancel",)
TO_BATTLE: Action = ("battle",)
TO_END: Action = ("end",)
END_BATTLE: Action = ("end_battle",)


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision for ``player``: pick one of ``options``."""

    player: int
    kind: str
    options: tuple[Action, ...]
    card: int = -1  # the card the decision is about (a zone or position for it), if any

    @property
    def default(self) -> Action:
        """The choice of a player who declines: pass where passing is possible, else the
        first option."""
        for quiet in (PASS, CANCEL, DONE, END_BATTLE):
            if quiet in self.options:
                return quiet
        return self.options[0]


def as_action(value: Any) -> Action:
    """An action read back from JSON (lists) as the tuples the engine compares."""
    if isinstance(value, list | tuple):
        return tuple(as_action(v) for v in value)
    return value
