"""Turn structure (rulebook 6): setup, phases, end of turn, as the steps of the ``duel``
frame at the bottom of the processor's stack (processor.py). The Battle Phase runs in a
frame of its own (battle.py), Main Phase actions in theirs (main_phase.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.engine import battle, main_phase  # noqa: F401  (their handlers register)
from deckcheck.engine.actions import FIRST, SECOND, Prompt, shared
from deckcheck.engine.base import check_win, distinct
from deckcheck.engine.effects.continuous import normal_draws
from deckcheck.engine.effects.ops import skips
from deckcheck.engine.effects.returns import bring_back
from deckcheck.engine.events import PlayerEvent, TurnEvent, phase_event
from deckcheck.engine.moves import draw, to_pile
from deckcheck.engine.processor import handles, open_window, push
from deckcheck.engine.rng import Rng
from deckcheck.engine.state import GRAVE, Frame

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel

# ---- setup (rulebook 6.1) -------------------------------------------------------------------


@handles("duel", "start")
def start(duel: Duel, f: Frame) -> Prompt | None:
    s = duel.state
    rng = Rng(s.rng)
    for side in s.sides:
        rng.shuffle(side.deck)
    s.rng = rng.state
    if s.first >= 0:
        f.step = "opening"
        return None
    s.coin = rng.below(2)
    s.rng = rng.state
    duel.emit(PlayerEvent("coin", s.coin))
    f.step = "chose_first"
    return Prompt(s.coin, "first", (FIRST, SECOND))


@handles("duel", "chose_first")
def chose_first(duel: Duel, f: Frame) -> None:
    s = duel.state
    s.first = s.coin if f.answer == FIRST else 1 - s.coin
    f.step = "opening"


@handles("duel", "opening")
def opening(duel: Duel, f: Frame) -> None:
    s = duel.state
    duel.emit(PlayerEvent("first", s.first))
    for p in (s.first, 1 - s.first):
        draw(duel, p, duel.template.profile.start_hand)
    s.turn, s.turn_player = 0, s.first
    f.step = "turn_start"
    check_win(duel)


# ---- phases (rulebook 6.3) ------------------------------------------------------------------


@handles("duel", "turn_start")
def turn_start(duel: Duel, f: Frame) -> None:
    s = duel.state
    s.turn += 1
    for side in s.sides:
        side.summons = 0
    duel.emit(shared(TurnEvent, "turn", s.turn, s.turn_player))
    f.step = "draw_phase"


@handles("duel", "draw_phase")
def draw_phase(duel: Duel, f: Frame) -> None:
    s = duel.state
    if s.floating and skips(s, s.turn_player, "draw"):  # Reckless Greed
        f.step = "standby"
        return
    s.phase = "draw"
    duel.emit(phase_event("phase", "draw"))
    n = normal_draws(duel, s.turn_player) if duel.template.continuous_cards else 1
    if s.turn > 1 and not draw(duel, s.turn_player, n):  # no draw on the first turn
        check_win(duel)
        return
    open_window(duel, "draw", "standby")


@handles("duel", "standby")
def standby(duel: Duel, f: Frame) -> None:
    duel.state.phase = "standby"
    duel.emit(phase_event("phase", "standby"))
    open_window(duel, "standby", "main1")
    # cards banished "until your next Standby Phase" come back before anyone may act: the
    # frame that brings them back goes on top of the window
    bring_back(duel, "standby")


@handles("duel", "main1", "main2")
def main_phase_start(duel: Duel, f: Frame) -> None:
    duel.state.phase = f.step
    duel.emit(phase_event("phase", f.step))
    f.step = "main"


@handles("duel", "battle_start")
def battle_phase(duel: Duel, f: Frame) -> None:
    f.step = "main2"  # once the Battle Phase frame is done
    push(duel, "battle", "start")


@handles("duel", "end_phase")
def end_phase(duel: Duel, f: Frame) -> None:
    duel.state.phase = "end"
    duel.emit(phase_event("phase", "end"))
    open_window(duel, "end", "hand_limit")
    # cards banished and control taken "until the End Phase" come back in the End Phase,
    # without a chain, before anyone may act in it (000, 4.3.3.4.4.1; 002:665, 6577)
    bring_back(duel, "end")


@handles("duel", "hand_limit", "discarded")
def hand_limit(duel: Duel, f: Frame) -> Prompt | None:
    """At the end of the turn the turn player discards down to the hand limit (RC-END-001);
    the cards go together once all are chosen."""
    s = duel.state
    tp = s.turn_player
    hand = s.sides[tp].hand
    chosen: list[int] = f.data.setdefault("chosen", [])
    if f.step == "discarded":
        chosen.append(f.answer.card)
    if len(chosen) < len(hand) - duel.template.profile.hand_limit:
        left = [i for i in hand if i not in chosen]
        f.step = "discarded"
        return Prompt(tp, "discard", distinct(duel, left, "discard"))
    for iid in chosen:
        to_pile(duel, iid, GRAVE, "discard")
    f.data.clear()
    f.step = "turn_end"
    if duel.state.pending:  # what the discards triggered activates now, in the End Phase;
        open_window(duel, "hand_limit", "turn_end")  # nothing else starts a chain (002:4840)
    return None


@handles("duel", "turn_end")
def turn_end(duel: Duel, f: Frame) -> None:
    s = duel.state
    if bring_back(duel, "turn_end"):
        return  # control taken during the End Phase goes back first; then this step again
    duel.effects.end_turn(duel)  # "until the end of the turn" ends
    s.turn_player = 1 - s.turn_player
    f.step = "turn_start"
