"""What comes back in a phase without a chain: cards banished until a later phase, and
monsters whose control was taken until the End Phase (seed 000, 4.3.3.4.4.1 and 4.3.3.4.7).

They are handled by a ``returns`` frame, pushed by the phase that brings them back before
anyone gets priority in it. A monster goes to a Main Monster Zone its controller chooses,
whatever zone it had before (002:5072, 002:102); with fewer free zones than monsters
coming back to a player, that player chooses which come back (002:8835). With none free,
a banished monster goes to the Graveyard (000, 4.3.3.4.4.1) and a monster whose control
returns is destroyed, not by an effect (000, 4.3.3.4.7; 002:833)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.engine.actions import ZONE_CHOICES, Prompt, card_choice
from deckcheck.engine.events import MoveEvent
from deckcheck.engine.moves import lift, place_monster, to_pile
from deckcheck.engine.processor import handles, pop, push
from deckcheck.engine.state import BANISHED, GRAVE, HAND, MZONE, Frame
from deckcheck.engine.zones import free_main

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel


def _due_banished(duel: Duel, end: bool) -> list[dict[str, Any]]:
    """The cards banished until this phase: in the Standby Phase of the player who banished
    them "until your next Standby Phase" (the second one for Gold Sarcophagus), in the End
    Phase of the turn they were banished "until the End Phase". Taken off the list."""
    s = duel.state
    if end:
        mine = [f for f in s.floating if f.get("kind") == "banished_until"
                and f.get("end") and s.turn == f["turn"]]  # fmt: skip
    else:
        mine = [f for f in s.floating if f.get("kind") == "banished_until" and not f.get("end")
                and f["player"] == s.turn_player and s.turn > f["turn"]]  # fmt: skip
    for f in mine:  # this Standby Phase counts: the second one for Gold Sarcophagus
        f["standbys"] -= 1
    due = [f for f in mine if f["standbys"] <= 0]
    if due:
        s.floating = [f for f in s.floating if all(f is not d for d in due)]
    return [
        {"card": f["card"], "gen": f["gen"], "to": f["ctrl"], "how": "banished",
         "hand": f["from"] == HAND, "monster": f["from"] == MZONE,
         "up": f.get("up", True), "def": f.get("def", False)}
        for f in due
    ]  # fmt: skip


def _due_control(duel: Duel) -> list[dict[str, Any]]:
    """The monsters whose control was taken until the End Phase of this turn. Taken off the
    list."""
    s = duel.state
    turn = s.turn
    due = [f for f in s.floating
           if f.get("kind") == "control" and f.get("until") and f["until"] <= turn]  # fmt: skip
    if due:
        s.floating = [f for f in s.floating if all(f is not d for d in due)]
    return [{"card": f["card"], "gen": f["gen"], "to": f["player"], "how": "control"}
            for f in due]  # fmt: skip


def bring_back(duel: Duel, phase: str) -> bool:
    """Push the frame that brings back what returns now: ``standby`` (banished until the
    Standby Phase), ``end`` (banished until the End Phase, control until the End Phase:
    in the End Phase, not at the end of the turn, 002:665) or ``turn_end`` (control
    taken during the End Phase itself, given back as the turn ends). True if it did.

    In the End Phase these returns and the effects that apply there without a chain (a
    floating "during the End Phase" effect: Card of Demise, Rescue Rabbit) are carried
    out in the order the turn player chooses (002:6577), in an ``end_order`` frame."""
    s = duel.state
    if phase == "end" and s.pending:
        now = len(s.history) - 1  # the End Phase's own event
        effects = [p for p in s.pending if p.get("immediate") and p["event"] == now]
    else:
        effects = []
    items: list[dict[str, Any]] = []
    if s.floating:
        items = _due_banished(duel, phase == "end") if phase != "turn_end" else []
        if phase != "standby":
            items += _due_control(duel)
    if len(effects) + bool(items) > 1:
        s.pending = [p for p in s.pending if all(p is not e for e in effects)]
        push(duel, "end_order", "next", items=items, effects=effects)
        return True
    if items:
        push(duel, "returns", "next", items=items)
    return bool(items)


@handles("end_order", "next", "picked")
def end_order(duel: Duel, f: Frame) -> Prompt | None:
    """The turn player picks what is carried out next: the returns (all of them, in a
    ``returns`` frame: the players whose cards come back choose their zones), or one of
    the End Phase effects, by its card (002:6577)."""
    from deckcheck.engine.effects.chain import apply_immediate, apply_now

    s = duel.state
    data = f.data
    items, effects = data["items"], data["effects"]
    if f.step == "picked":
        f.step = "next"
        card = f.answer.card
        if items and card == items[0]["card"]:
            data["items"] = []
            push(duel, "returns", "next", items=items)
            return None
        p = next(e for e in effects if e["card"] == card)
        effects.remove(p)
        apply_now(duel, p)
        apply_immediate(duel)  # what it made happen that applies at once, too
        return None
    first = [items[0]["card"]] if items else []
    cards = list(dict.fromkeys([*first, *(e["card"] for e in effects)]))
    if not cards:
        pop(duel, f)
        return None
    f.step = "picked"
    if len(cards) == 1:
        f.answer = card_choice("pick", cards[0])
        return None
    return Prompt(s.turn_player, "select", tuple(card_choice("pick", c) for c in cards))


def _still(duel: Duel, it: dict[str, Any]) -> bool:
    """Whether the card is still the one to bring back: one that moved meanwhile is a new
    card and stays where it is (000, 4.3.3.4.4.1)."""
    c = duel.state.cards[it["card"]]
    if c.gen != it["gen"]:
        return False
    if it["how"] == "control":
        return c.loc == MZONE and c.ctrl != it["to"]
    return c.loc == BANISHED


@handles("returns", "next")
def next_return(duel: Duel, f: Frame) -> Prompt | None:
    s = duel.state
    items: list[dict[str, Any]] = f.data["items"]
    items[:] = [it for it in items if _still(duel, it)]
    if not items:
        pop(duel, f)
        return None
    it = items[0]
    if it["how"] == "banished" and not it["monster"]:  # a card from the hand, or the GY
        items.pop(0)
        to_pile(duel, it["card"], HAND if it["hand"] else GRAVE, "returned")
        return None
    p = it["to"]
    free = free_main(s, p)
    if not free:
        items.pop(0)
        _no_zone(duel, it)
        return None
    rivals = [x["card"] for x in items if x["to"] == p and _to_zone(x)]
    if len(rivals) > len(free):  # not all of them fit: the player chooses which come back
        f.step = "picked"
        return Prompt(p, "select", tuple(card_choice("pick", i) for i in rivals))
    return _ask_zone(f, items, it["card"], free)


@handles("returns", "picked")
def picked(duel: Duel, f: Frame) -> Prompt | None:
    items = f.data["items"]
    card = f.answer.card
    return _ask_zone(f, items, card, free_main(duel.state, items[0]["to"]))


def _ask_zone(f: Frame, items: list[dict[str, Any]], card: int, free: list[int]) -> Prompt | None:
    it = next(x for x in items if x["card"] == card)
    items.remove(it)
    items.insert(0, it)
    f.step = "placed"
    if len(free) == 1:
        f.answer = ZONE_CHOICES[free[0]]
        return None
    return Prompt(it["to"], "zone", tuple(ZONE_CHOICES[z] for z in free), card)


@handles("returns", "placed")
def placed(duel: Duel, f: Frame) -> None:
    from deckcheck.engine.effects.ops import move_control

    s = duel.state
    it = f.data["items"].pop(0)
    iid, p, zone = it["card"], it["to"], f.answer.zone
    f.step = "next"
    if it["how"] == "control":
        move_control(duel, iid, p, zone)
        return
    c = s.cards[iid]
    lift(s, iid)
    place_monster(s, iid, p, zone, it["up"], it["def"])
    c.placed = s.turn
    duel.emit(MoveEvent("to_" + MZONE, p, iid, "returned"))


def _to_zone(it: dict[str, Any]) -> bool:
    return it["how"] == "control" or it["monster"]


def _no_zone(duel: Duel, it: dict[str, Any]) -> None:
    if it["how"] == "control":
        destroyed_by_rule(duel, it["card"])
    else:
        to_pile(duel, it["card"], GRAVE, "no_zone")


def destroyed_by_rule(duel: Duel, iid: int) -> None:
    """The monster is destroyed and sent to the GY by the rules, not by an effect: control
    that cannot move for want of a zone (000, 4.3.3.4.7; 002:833), a Trap Monster whose new
    controller has no Spell & Trap Zone for it (002:1193)."""
    duel.emit(MoveEvent("destroyed", duel.state.cards[iid].ctrl, iid, "rule"))
    to_pile(duel, iid, GRAVE, "destroyed")
