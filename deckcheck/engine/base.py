"""Pieces every processor step uses: damage, winning, prompt helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.engine.actions import Action, card_choice, shared
from deckcheck.engine.events import DamageEvent, WinEvent
from deckcheck.engine.query import modified, sameness
from deckcheck.engine.state import DRAW

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel


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
    duel.emit(shared(DamageEvent, "damage", player, amount, kind))


def distinct(duel: Duel, ids: list[int], kind: str) -> tuple[Action, ...]:
    """One option per distinct card and location: copies of a card in the same place are
    interchangeable."""
    seen: set[tuple[object, str]] = set()
    out = []
    s = duel.state
    lasting = s.lasting
    touched = modified(s) if lasting else None
    for iid in ids:
        c = s.cards[iid]
        key = (sameness(s, iid, touched) if lasting else id(c.d), c.loc)
        if key not in seen:
            seen.add(key)
            out.append(card_choice(kind, iid))
    return tuple(out)
