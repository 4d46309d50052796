"""Where card effects plug into the rules of play.

The processor opens a priority window at every phase, step and timing (rulebook 6.2: the
turn player first, then the opponent; the window closes after two passes in succession).
At each turn of priority it asks the effect layer which activations the holder has; with
none, the holder passes without a prompt. ``NoEffects`` is the layer of this engine
version: no card effect can be activated, so every window closes by itself.

A layer that offers activations implements ``activate``: it performs the activation
(costs, the chain link in ``state.chain``) and updates ``state.window`` (priority to the
opponent, passes reset); the window handler then continues from the state. When both
players have passed, ``resolve`` may take over (to resolve the chain) and set
``state.step`` itself; ``handler`` supplies the layer's own processor steps (generators
that may yield prompts, under the same rule as every step: ask first, then change the
state). Every move emits a typed event (events.py) into ``state.history``; events of the
kinds in ``watches`` go to ``triggers``, whose answers wait in ``state.pending``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any, Protocol

from deckcheck.engine.actions import Action, Prompt

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.events import Event
    from deckcheck.engine.state import Window

Asking = Generator[Prompt, Action, None]


class EffectLayer(Protocol):
    def responses(self, duel: Duel, player: int, timing: str) -> tuple[Action, ...]:
        """Activations ``player`` may make now, holding priority at ``timing``."""
        ...

    def activate(self, duel: Duel, player: int, action: Action) -> None:
        """Carry out an activation chosen from ``responses``."""
        ...

    def resolve(self, duel: Duel, window: Window) -> bool:
        """Both players passed in ``window``: True if the layer moved the processor on."""
        ...

    def handler(self, step: str) -> Callable[[Duel], Asking] | None:
        """The layer's handler for a processor step it set, if it is one of its own."""
        ...

    @property
    def watches(self) -> frozenset[str]:
        """The event kinds that may trigger an effect (others are not offered)."""
        ...

    def triggers(self, duel: Duel, event: Event, index: int) -> list[Any]:
        """Pending triggers (plain data) for ``event``, ``state.history[index]``; they go
        to ``state.pending`` until the layer puts them on a chain."""
        ...


class NoEffects:
    """No card effects: every priority window closes after both players pass."""

    def responses(self, duel: Duel, player: int, timing: str) -> tuple[Action, ...]:
        return ()

    def activate(self, duel: Duel, player: int, action: Action) -> None:
        raise ValueError(f"no card effect can be activated in this engine version: {action}")

    def resolve(self, duel: Duel, window: Window) -> bool:
        return False

    def handler(self, step: str) -> Callable[[Duel], Asking] | None:
        return None

    watches: frozenset[str] = frozenset()

    def triggers(self, duel: Duel, event: Event, index: int) -> list[Any]:
        return []


NO_EFFECTS = NoEffects()
