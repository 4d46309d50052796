"""Moving cards between locations; every move keeps the zones and the card in step.

Rules applied here: a Pendulum monster card sent from the field to the Graveyard goes
face-up to its owner's Extra Deck instead (rulebook 3.2.1.5); Xyz materials go to the
Graveyard when their monster leaves the field; cards go to their owner's piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.engine.actions import shared
from deckcheck.engine.events import CardEvent, MoveEvent, PlayerEvent
from deckcheck.engine.query import drop_lasting, has_flag
from deckcheck.engine.state import (
    BANISHED,
    DECK,
    EMPTY,
    EXTRA,
    GRAVE,
    HAND,
    MZONE,
    OVERLAY,
    SZONE,
    TOKEN_GONE,
    State,
    emz_index,
)

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel


def lift(state: State, iid: int) -> None:
    """Take a card out of wherever it is (the card's own fields are left to the caller)."""
    c = state.cards[iid]
    loc = c.loc
    if state.lasting and loc in (MZONE, SZONE):
        drop_lasting(state, iid)  # leaving the field ends what applied to the card there
    if loc == MZONE:
        side = state.sides[c.ctrl]
        if c.seq < 5:
            side.mzone[c.seq] = EMPTY
        else:
            state.emz[emz_index(c.ctrl, c.seq)] = EMPTY
        side.field_changes += 1
    elif loc == SZONE:
        state.sides[c.ctrl].szone[c.seq] = EMPTY
    elif loc == OVERLAY:
        for host in state.cards:
            if iid in host.overlay:
                host.overlay.remove(iid)
                break
    elif loc != TOKEN_GONE:  # a new Token comes from nowhere
        pile = _pile(state, c.owner, loc)
        pile.remove(iid)
    c.seq = EMPTY


def _pile(state: State, player: int, loc: str) -> list[int]:
    side = state.sides[player]
    if loc == DECK:
        return side.deck
    if loc == HAND:
        return side.hand
    if loc == GRAVE:
        return side.grave
    if loc == BANISHED:
        return side.banished
    return side.extra


def _reset(state: State, iid: int) -> None:
    c = state.cards[iid]
    c.ctrl = c.owner
    c.in_def = False
    c.destroyed = False
    c.equip = EMPTY
    c.summoning = False
    c.trap_zone = EMPTY  # a Trap Monster that leaves the field is a Trap card again
    if c.counters:
        c.counters = {}


def _negated(state: State, iid: int) -> bool:
    return continuous.negated(state, iid)


def _no_grave(state: State, flag: str = "banish_from_hand_deck") -> bool:
    """Monsters sent from the hand or Main Deck to the GY are banished instead (with
    ``banish_sent``: any card sent to the GY)."""
    return any(flag in f.get("flags", ()) for f in state.floating)


def to_pile(duel: Duel, iid: int, loc: str, why: str) -> None:
    """Send a card to its owner's Graveyard, hand, deck top, banishment or Extra Deck.

    A Pendulum monster card leaving the field for the Graveyard goes face-up to the Extra
    Deck. Extra Deck monsters returning to hand or deck go to the Extra Deck.
    """
    state = duel.state
    c = state.cards[iid]
    from_field = c.loc in (MZONE, SZONE)
    face_up = loc != DECK and loc != HAND
    if loc == GRAVE and from_field and c.d.pendulum:
        loc = EXTRA
    elif loc in (HAND, DECK) and c.d.extra:
        loc, face_up = EXTRA, False
    if from_field and state.lasting and has_flag(state, iid, "banish_on_leave"):
        loc, face_up = BANISHED, True  # "banish it when it leaves the field" (Battle Fader)
    if loc == GRAVE and c.loc in (HAND, DECK) and c.d.kind == "monster" and _no_grave(state):
        loc = BANISHED  # Herald of the Arc Light: banished instead
    if loc == GRAVE and state.floating and _no_grave(state, "banish_sent"):
        loc = BANISHED  # any card sent to the GY is banished instead (Dimension Shifter)
    if c.loc == MZONE:
        for mat in c.overlay[:]:
            to_pile(duel, mat, GRAVE, "detached")
    prev, was_up = c.loc, c.face_up
    was_negated = from_field and bool(state.lasting or state.floating) and _negated(state, iid)
    if c.summon == "negated":  # its summon was negated: it was never on the field (RC-FLIP-004)
        prev, c.summon = "negated", ""
    lift(state, iid)
    _reset(state, iid)
    c.prev, c.gen, c.prev_face_up, c.prev_negated = prev, c.gen + 1, was_up, was_negated
    if c.d.kind == "token":  # a token that leaves the field ceases to exist (rulebook 3.2.3)
        c.loc, c.face_up = TOKEN_GONE, False
        duel.emit(shared(MoveEvent, "to_" + loc, c.owner, iid, why))
        return
    c.loc = loc
    if loc == GRAVE:
        c.placed = state.turn  # "except the turn it was sent to the GY"
    c.face_up = face_up if loc != EXTRA else face_up and from_field
    if loc in (HAND, DECK):
        c.proper = False
    _pile(state, c.owner, loc).append(iid)
    duel.emit(shared(MoveEvent, "to_" + loc, c.owner, iid, why))


def place_monster(
    state: State, iid: int, player: int, seq: int, face_up: bool, in_def: bool
) -> None:
    """Put a card (already lifted) into a Monster Zone of ``player``."""
    c = state.cards[iid]
    side = state.sides[player]
    if seq < 5:
        side.mzone[seq] = iid
    else:
        state.emz[emz_index(player, seq)] = iid
    side.field_changes += 1
    if c.loc != MZONE:
        c.prev, c.gen, c.prev_negated = c.loc, c.gen + 1, False
    c.loc, c.seq, c.ctrl = MZONE, seq, player
    c.face_up, c.in_def = face_up, in_def
    c.placed = state.turn
    c.destroyed = False


def place_spell(state: State, iid: int, player: int, seq: int, face_up: bool) -> None:
    """Put a card (already lifted) into a Spell & Trap, Field or Pendulum Zone."""
    c = state.cards[iid]
    state.sides[player].szone[seq] = iid
    if c.loc != SZONE:
        c.prev, c.gen, c.prev_negated = c.loc, c.gen + 1, False
    c.loc, c.seq, c.ctrl, c.face_up, c.in_def = SZONE, seq, player, face_up, False
    c.placed = state.turn


def attach(state: State, host: int, iid: int) -> None:
    """Attach a card (already lifted) to an Xyz monster as material."""
    c = state.cards[iid]
    c.loc, c.seq, c.face_up, c.in_def, c.ctrl = OVERLAY, EMPTY, True, False, c.owner
    state.cards[host].overlay.append(iid)


def draw(duel: Duel, player: int, count: int) -> bool:
    """Draw ``count`` cards; False (and the deck-out flag) if the deck runs out."""
    state = duel.state
    side = state.sides[player]
    for _ in range(count):
        if not side.deck:
            side.deck_out = True
            duel.emit(PlayerEvent("deck_out", player))
            return False
        iid = side.deck.pop()
        c = state.cards[iid]
        c.loc = HAND
        side.hand.append(iid)
        duel.emit(shared(CardEvent, "draw", player, iid))
    return True


# continuous moves cards itself (it imports this module): bound here, once all of this
# module is defined, and read at call time (tests/engine/test_hot_imports.py)
from deckcheck.engine.effects import continuous  # noqa: E402
