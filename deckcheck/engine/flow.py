"""Turn structure (rulebook 6): setup, phases, end of turn; the processor loop.

Processor steps are either plain (no decision: a function) or asking (a generator that
yields prompts). See duel.py for why an asking step must not change the state before its
last prompt is answered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from deckcheck.engine import battle, main_phase
from deckcheck.engine.actions import FIRST, SECOND, Prompt
from deckcheck.engine.base import Asking, check_win, distinct, open_window, window
from deckcheck.engine.events import PhaseEvent, PlayerEvent, TurnEvent
from deckcheck.engine.moves import draw, to_pile
from deckcheck.engine.rng import Rng
from deckcheck.engine.state import GRAVE, NO_WINNER

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel


def run(duel: Duel) -> Asking:
    """The processor: run steps until the duel has a winner."""
    s = duel.state
    while s.winner == NO_WINNER:
        step = s.step
        plain = PLAIN.get(step)
        if plain is not None:
            plain(duel)
        else:
            asking = ASKING.get(step) or duel.effects.handler(step)
            if asking is None:
                raise RuntimeError(f"no handler for processor step {step!r}")
            yield from asking(duel)
        duel.step_done()


# ---- setup (rulebook 6.1) -------------------------------------------------------------------


def start(duel: Duel) -> None:
    s = duel.state
    rng = Rng(s.rng)
    for side in s.sides:
        rng.shuffle(side.deck)
    if s.first < 0:
        s.coin = rng.below(2)
        duel.emit(PlayerEvent("coin", s.coin))
        s.step = "choose_first"
    else:
        s.step = "opening"
    s.rng = rng.state


def choose_first(duel: Duel) -> Asking:
    s = duel.state
    choice = yield Prompt(s.coin, "first", (FIRST, SECOND))
    s.first = s.coin if choice == FIRST else 1 - s.coin
    s.step = "opening"


def opening(duel: Duel) -> None:
    s = duel.state
    duel.emit(PlayerEvent("first", s.first))
    for p in (s.first, 1 - s.first):
        draw(duel, p, duel.template.profile.start_hand)
    s.turn, s.turn_player = 0, s.first
    s.step = "turn_start"
    check_win(duel)


# ---- phases (rulebook 6.3) ------------------------------------------------------------------


def turn_start(duel: Duel) -> None:
    s = duel.state
    s.turn += 1
    for side in s.sides:
        side.summons = 0
    duel.emit(TurnEvent("turn", s.turn, s.turn_player))
    s.step = "draw_phase"


def draw_phase(duel: Duel) -> None:
    s = duel.state
    s.phase = "draw"
    duel.emit(PhaseEvent("phase", "draw"))
    if s.turn > 1 and not draw(duel, s.turn_player, 1):  # no draw on the first turn
        check_win(duel)
        return
    open_window(duel, "draw", "standby")


def standby(duel: Duel) -> None:
    duel.state.phase = "standby"
    duel.emit(PhaseEvent("phase", "standby"))
    open_window(duel, "standby", "main1")


def main1(duel: Duel) -> None:
    duel.state.phase = "main1"
    duel.emit(PhaseEvent("phase", "main1"))
    duel.state.step = "main"


def main2(duel: Duel) -> None:
    duel.state.phase = "main2"
    duel.emit(PhaseEvent("phase", "main2"))
    duel.state.step = "main"


def end_phase(duel: Duel) -> None:
    duel.state.phase = "end"
    duel.emit(PhaseEvent("phase", "end"))
    open_window(duel, "end", "hand_limit")


def hand_limit(duel: Duel) -> Asking:
    """At the end of the turn the turn player discards down to the hand limit (RC-END-001)."""
    s = duel.state
    tp = s.turn_player
    hand = s.sides[tp].hand
    excess = len(hand) - duel.template.profile.hand_limit
    chosen: list[int] = []
    while len(chosen) < max(excess, 0):
        left = [i for i in hand if i not in chosen]
        options = distinct(duel, left, "discard")
        choice = yield Prompt(tp, "discard", options)
        chosen.append(choice.card)
    for iid in chosen:
        to_pile(duel, iid, GRAVE, "discard")
    s.step = "turn_end"


def turn_end(duel: Duel) -> None:
    s = duel.state
    s.turn_player = 1 - s.turn_player
    s.step = "turn_start"


PLAIN: dict[str, Callable[[Duel], None]] = {
    "start": start,
    "opening": opening,
    "turn_start": turn_start,
    "draw_phase": draw_phase,
    "standby": standby,
    "main1": main1,
    "main2": main2,
    "end_phase": end_phase,
    "turn_end": turn_end,
    **battle.PLAIN,
}
ASKING: dict[str, Callable[[Duel], Asking]] = {
    "choose_first": choose_first,
    "window": window,
    "hand_limit": hand_limit,
    "main": main_phase.main,
    **battle.ASKING,
}
