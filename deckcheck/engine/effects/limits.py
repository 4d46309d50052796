"""Once-per-turn limits (seed 000, 1.3.2 and its notes; 002): per copy ("soft": a card that
left the field and came back is a new card), per name ("hard": every copy the player
controls, even after it left and returned), per duel, per chain, or once while the card is
face-up on the field.

Keys live in ``State.used`` with the turn in them, so nothing needs resetting between
turns; per-chain keys are dropped when the chain ends. A negated activation of a Spell or
Trap card does not count against "you can only activate 1 per turn" (RC-MISC-006); any
other activation counts once made (RC-MISC-007, RC-TURN-014).
"""

from __future__ import annotations

from deckcheck.engine.effects.model import Effect
from deckcheck.engine.query import add_lasting, has_flag
from deckcheck.engine.state import State


def key(s: State, player: int, card: int, e: Effect) -> str | None:
    once = e.once
    if once is None:
        return None
    c = s.cards[card]
    what = once.key or str(e.index)
    if once.per in ("copy", "protected"):  # protected: replace.py adds the protected card
        return f"t{s.turn}:c{card}.{c.gen}:{what}"
    if once.per == "name":
        return f"t{s.turn}:p{player}:{c.d.name}:{what}"
    if once.per == "face_up":  # kept on the card (available, use)
        return None
    if once.per == "player":  # shared by every card naming the key (the Mulcharmy monsters)
        return f"t{s.turn}:p{player}:{what}"
    if once.per == "duel":
        return f"duel:p{player}:{c.d.name}:{what}"
    return f"chain:p{player}:{c.d.name}:{what}"


def _face_up_mark(e: Effect) -> str:
    """face_up limits: a flag on the card itself, which ends as every effect on it does when
    it leaves the field or is turned face-down (a new card then)."""
    assert e.once is not None
    return f"once:{e.once.key or e.index}"


def available(s: State, player: int, card: int, e: Effect) -> bool:
    if e.once is not None and e.once.per == "face_up":
        return not has_flag(s, card, _face_up_mark(e))
    k = key(s, player, card, e)
    if k is None:
        return True
    assert e.once is not None
    return s.used.get(k, 0) < e.once.count


def use(s: State, player: int, card: int, e: Effect) -> str | None:
    if e.once is not None and e.once.per == "face_up":  # nothing to refund: it counts
        add_lasting(s, card, "flag", "add", _face_up_mark(e), False, card)
        return None
    k = key(s, player, card, e)
    if k is not None:
        s.used[k] = s.used.get(k, 0) + 1
    return k


def refund(s: State, k: str) -> None:
    n = s.used.get(k, 0) - 1
    if n > 0:
        s.used[k] = n
    else:
        s.used.pop(k, None)


def chain_over(s: State) -> None:
    if s.used:
        for k in [k for k in s.used if k.startswith("chain:")]:
            del s.used[k]
