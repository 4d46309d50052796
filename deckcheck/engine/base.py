"""Pieces every processor step uses: priority windows, damage, winning, prompt helpers."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from deckcheck.engine.actions import PASS, Action, CardChoice, Prompt
from deckcheck.engine.events import DamageEvent, WinEvent
from deckcheck.engine.query import sameness
from deckcheck.engine.state import DRAW, Window

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel

Asking = Generator[Prompt, Action, None]


def open_window(duel: Duel, timing: str, then: str, holder: int = -1, passes: int = 0) -> None:
    """Open a priority window (the turn player first unless ``holder`` says otherwise)."""
    s = duel.state
    s.window = Window(timing, s.turn_player if holder < 0 else holder, passes, then)
    s.step = "window"


def window(duel: Duel) -> Asking:
    s = duel.state
    w = s.window
    assert w is not None
    holder, passes = w.holder, w.passes
    layer = duel.effects
    while True:
        options = layer.responses(duel, holder, w.timing)
        if options:
            choice = yield Prompt(holder, "respond", (*options, PASS))
            if choice != PASS:
                w.holder, w.passes = holder, passes
                layer.activate(duel, holder, choice)
                return
        passes += 1
        if passes >= 2:
            break
        holder = 1 - holder
    s.window = None
    if not layer.resolve(duel, w):
        s.step = w.then


def check_win(duel: Duel) -> bool:
    """Decide the duel if a player is at 0 LP or had to draw from an empty deck; both at
    once is a draw (rulebook 1.4)."""
    s = duel.state
    lost = []
    for p, side in enumerate(s.sides):
        if side.lp <= 0:
            lost.append((p, "lp"))
        elif side.deck_out:
            lost.append((p, "deck_out"))
    if not lost:
        return False
    if len(lost) == 2:
        s.winner = DRAW
        reasons = {r for _, r in lost}
        s.reason = reasons.pop() if len(reasons) == 1 else "lp+deck_out"
    else:
        s.winner = 1 - lost[0][0]
        s.reason = lost[0][1]
    duel.emit(WinEvent("win", s.winner, s.reason))
    return True


def damage(duel: Duel, player: int, amount: int, kind: str) -> None:
    """LP never go below 0 (rulebook 1.4, RC-LP-002)."""
    if amount <= 0:
        return
    side = duel.state.sides[player]
    side.lp = max(0, side.lp - amount)
    duel.emit(DamageEvent("damage", player, amount, kind))


def distinct(duel: Duel, ids: list[int], kind: str) -> tuple[Action, ...]:
    """One option per distinct card and location: copies of a card in the same place are
    interchangeable."""
    seen: set[tuple[object, str]] = set()
    out = []
    s = duel.state
    for iid in ids:
        key = (sameness(s, iid), s.cards[iid].loc)
        if key not in seen:
            seen.add(key)
            out.append(CardChoice(kind, iid))
    return tuple(out)
