"""The card layer: plays the effects of card files through the hooks of base.py.

It is one object with no state of its own (everything is in ``State``), shared by every
duel whose template has a card with effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.engine.actions import Action, EffectChoice
from deckcheck.engine.carddefs.files import VERSION
from deckcheck.engine.effects import chain  # noqa: F401  (registers the frames' handlers)
from deckcheck.engine.effects.continuous import adjust, end_turn
from deckcheck.engine.effects.timing import activations, forced_answer
from deckcheck.engine.effects.triggers import WATCHED, collect

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.events import Event
    from deckcheck.engine.processor import Handler
    from deckcheck.engine.state import Frame

# windows in which triggers wait: a summon that may still be negated; in the Damage Step
# until damage calculation is over (a FLIP effect of a monster flipped by an attack
# activates after it, RC-DS-006)
HOLD_TRIGGERS = ("summoning", "before_damage", "damage_calculation")


class CardLayer:
    live = True
    version = VERSION
    watches: frozenset[str] = WATCHED

    def responses(self, duel: Duel, player: int, timing: str) -> tuple[Action, ...]:
        if timing in ("main", "battle_step"):  # a decision with the game open: a
            adjust(duel)  # position set up face-up (a scenario) is in step before it
        return tuple(activations(duel, player, timing))

    def forced(self, duel: Duel, window: Frame) -> tuple[int, tuple[Action, ...]] | None:
        found = forced_answer(duel, window)
        return None if found is None else (found[0], tuple(found[1]))

    def activate(self, duel: Duel, player: int, action: Action) -> None:
        if not isinstance(action, EffectChoice):
            raise ValueError(f"not an activation: {action}")
        chain.start_activation(duel, player, action.card, action.effect)

    def resolve(self, duel: Duel, window: Frame) -> None:
        if duel.state.chain:
            chain.start_chain(duel, window)

    def handler(self, kind: str, step: str) -> Handler | None:
        return None  # the layer's frames register with the processor (chain.py)

    def triggers(self, duel: Duel, event: Event, index: int) -> list[Any]:
        return collect(duel, event, index)

    def opens(self, duel: Duel, window: Frame) -> bool:
        s = duel.state
        data = window.data
        since, until, before = s.mark, len(s.history), len(s.frames)
        adjust(duel, ask=True)
        if len(s.frames) > before:
            return True  # control comes back first (a zone is asked); then this again
        data["since"], data["until"] = since, until
        s.mark = until
        if not s.pending or s.chain:
            return False
        held: list[Any] = []
        if data["timing"] in HOLD_TRIGGERS:
            # triggers that answer "before damage calculation" or "during damage
            # calculation" itself go on the chain now (Reflect Bounder, Mathmech
            # Billionblade Nayuta); the others wait
            now = [p for p in s.pending if _answers_step(s, p, data["timing"])]
            if not now:
                return False
            held, s.pending = [p for p in s.pending if p not in now], now
        before = len(s.frames)
        chain.start_triggers(duel)
        s.pending = held + s.pending
        return len(s.frames) > before

    def end_turn(self, duel: Duel) -> None:
        end_turn(duel)


def _answers_step(s: Any, p: dict[str, Any], timing: str) -> bool:  # noqa: ANN401 - State
    """Whether the pending trigger answers this Damage Step timing itself."""
    from deckcheck.engine.effects.context import effect_of

    if timing not in ("before_damage", "damage_calculation"):
        return False
    t = effect_of(s, p["card"], p["effect"]).trigger
    return t is not None and t.on == timing


CARD_LAYER = CardLayer()
