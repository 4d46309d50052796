"""Where card effects plug into the rules of play: the layer protocol, ``NoEffects`` (for
duels whose cards have no effects: every window closes by itself, at no cost) and
``layer_for`` (the layer a template needs).

The processor opens a priority window at every phase, step and timing (rulebook 6.2: the
turn player first, then the opponent; the window closes after two passes in succession).
At each turn of priority it asks the effect layer which activations the holder has; with
none, the holder passes without a prompt. With ``NoEffects`` no card effect can be
activated, so every window closes by itself; ``CardLayer`` (layer.py) plays card files.

A layer that offers activations implements ``activate``: it performs the activation
(costs, the chain link in ``state.chain``); the window then gives priority to the
opponent. When both players have passed, ``resolve`` gets the closed window and may push
frames of its own kinds (processor.py), a chain to resolve, which run before the frame the
window interrupted goes on; ``handler`` supplies the handlers of those frames. Every move
emits a typed event (events.py) into ``state.history``; events of the kinds in
``watches`` go to ``triggers``, whose answers wait in ``state.pending``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from deckcheck.engine.actions import Action

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.events import Event
    from deckcheck.engine.processor import Handler
    from deckcheck.engine.state import Frame


class EffectLayer(Protocol):
    def responses(self, duel: Duel, player: int, timing: str) -> tuple[Action, ...]:
        """Activations ``player`` may make now, holding priority at ``timing``."""
        ...

    def activate(self, duel: Duel, player: int, action: Action) -> None:
        """Carry out an activation chosen from ``responses``."""
        ...

    def resolve(self, duel: Duel, window: Frame) -> None:
        """Both players passed in ``window`` (already closed): push frames to resolve a
        chain, if there is one."""
        ...

    def handler(self, kind: str, step: str) -> Handler | None:
        """The handler for a step of one of the layer's own frame kinds."""
        ...

    @property
    def watches(self) -> frozenset[str]:
        """The event kinds that may trigger an effect (others are not offered)."""
        ...

    def triggers(self, duel: Duel, event: Event, index: int) -> list[Any]:
        """Pending triggers (plain data) for ``event``, ``state.history[index]``; they go
        to ``state.pending`` until the layer puts them on a chain."""
        ...

    # True for a layer that plays effects: summons wait in a window where they may be
    # negated, and windows call ``opens`` first
    live: bool

    def opens(self, duel: Duel, window: Frame) -> bool:
        """A window opens: note the events that just happened; True if it pushed frames
        (triggers going on a chain) that run before anyone gets priority."""
        ...

    def forced(self, duel: Duel, window: Frame) -> tuple[int, tuple[Action, ...]] | None:
        """A player who must activate a mandatory Quick Effect now, with the choices."""
        ...

    def end_turn(self, duel: Duel) -> None:
        """The turn ends: effects that last until the end of the turn end."""
        ...


class NoEffects:
    """No card effects: every priority window closes after both players pass."""

    def responses(self, duel: Duel, player: int, timing: str) -> tuple[Action, ...]:
        return ()

    def activate(self, duel: Duel, player: int, action: Action) -> None:
        raise ValueError(f"no card of this duel has effects to activate: {action}")

    def resolve(self, duel: Duel, window: Frame) -> None:
        return None

    def handler(self, kind: str, step: str) -> Handler | None:
        return None

    watches: frozenset[str] = frozenset()
    live = False

    def triggers(self, duel: Duel, event: Event, index: int) -> list[Any]:
        return []

    def opens(self, duel: Duel, window: Frame) -> bool:
        return False

    def forced(self, duel: Duel, window: Frame) -> tuple[int, tuple[Action, ...]] | None:
        return None

    def end_turn(self, duel: Duel) -> None:
        return None


NO_EFFECTS = NoEffects()


def layer_for(template: Any) -> EffectLayer:  # noqa: ANN401 - a DuelTemplate
    """The effect layer a duel of this template needs: the card layer if any card has a
    card file, else ``NO_EFFECTS``."""
    if any(d.fx is not None for d in template.defs):
        from deckcheck.engine.effects.layer import CARD_LAYER

        return CARD_LAYER
    return NO_EFFECTS
