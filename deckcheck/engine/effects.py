"""Where card effects plug into the rules of play.

The processor opens a priority window at every phase, step and timing (rulebook 6.2: the
turn player first, then the opponent; the window closes after two passes in succession).
At each turn of priority it asks the effect layer which activations the holder has; with
none, the holder passes without a prompt. ``NoEffects`` is the layer of this engine
version: no card effect can be activated, so every window closes by itself.

A layer that offers activations implements ``activate``: it performs the activation
(costs, the chain link) and updates ``state.window`` (priority to the opponent, passes
reset) or moves the processor on; the window handler then continues from the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from deckcheck.engine.actions import Action

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel


class EffectLayer(Protocol):
    def responses(self, duel: Duel, player: int, timing: str) -> tuple[Action, ...]:
        """Activations ``player`` may make now, holding priority at ``timing``."""
        ...

    def activate(self, duel: Duel, player: int, action: Action) -> None:
        """Carry out an activation chosen from ``responses``."""
        ...


class NoEffects:
    """No card effects: every priority window closes after both players pass."""

    def responses(self, duel: Duel, player: int, timing: str) -> tuple[Action, ...]:
        return ()

    def activate(self, duel: Duel, player: int, action: Action) -> None:
        raise ValueError(f"no card effect can be activated in this engine version: {action}")


NO_EFFECTS = NoEffects()
