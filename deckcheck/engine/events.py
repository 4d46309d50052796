"""Events: typed records of what happened, kept in ``State.history`` with the decisions.

Each event is a NamedTuple whose first field is its ``kind``, so it goes to the JSON log
as the same list it always was (``["summon", 0, 12, 2, "normal", "attack"]``) and is read
back with ``from_list``. The field names are the schema: ``player`` (or ``winner``) is a
player, ``card``, ``attacker`` and ``target`` are card ids; the renderer and the log rely
on them. Events feed the effect layer's pending-trigger queue (``Duel.emit``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from deckcheck.engine.actions import Action, as_action


class PlayerEvent(NamedTuple):
    kind: str  # coin (won the toss), first (goes first), deck_out
    player: int


class TurnEvent(NamedTuple):
    kind: str  # turn
    turn: int
    player: int


class PhaseEvent(NamedTuple):
    kind: str  # phase (draw, standby, main1, battle, main2, end) or step (battle steps)
    name: str


# one shared record per phase or step name (events are immutable; hundreds a duel)
phase_event = lru_cache(maxsize=256)(PhaseEvent)


class WinEvent(NamedTuple):
    kind: str  # win
    winner: int  # 0, 1 or 2 (a draw)
    reason: str


class CardEvent(NamedTuple):
    kind: str  # draw, flip_summon, flip, replay, attack_stopped, attack_cancelled
    player: int
    card: int


class PlaceEvent(NamedTuple):
    kind: str  # set_card, scale, set_by_effect, trap_back
    player: int
    card: int
    zone: int


class SummonEvent(NamedTuple):
    kind: str  # summon
    player: int
    card: int
    zone: int
    how: str  # normal, tribute, set, tribute_set, pendulum, synchro, xyz, link
    position: str  # attack, defense, set


class PositionEvent(NamedTuple):
    kind: str  # position
    player: int
    card: int
    position: str


class MaterialEvent(NamedTuple):
    kind: str  # material
    player: int
    card: int
    method: str


class AttackEvent(NamedTuple):
    kind: str  # attack, retarget
    player: int
    attacker: int
    target: int  # -1: a direct attack


class DamageEvent(NamedTuple):
    kind: str  # damage
    player: int
    amount: int
    cause: str


class MoveEvent(NamedTuple):
    kind: str  # destroyed (by battle, still on the field), to_graveyard, to_hand, ...
    player: int  # the controller (destroyed) or the owner (moves)
    card: int
    cause: str


class ChainEvent(NamedTuple):
    kind: str  # activate (a chain link), resolve, negated_activation, negated_effect
    player: int
    card: int
    link: int  # chain link number, 1 first
    effect: int  # the effect's index in its card file


class CounterEvent(NamedTuple):
    kind: str  # counter (placed), counter_removed
    player: int
    card: int
    counter: str
    count: int


class EquipEvent(NamedTuple):
    kind: str  # equip; replaced (card: the replacement effect's card, target: the card
    # it kept from being destroyed)
    player: int
    card: int
    target: int


class DeclareEvent(NamedTuple):
    kind: str  # declare
    player: int
    what: str
    value: str


class Decision(NamedTuple):
    """A player's answer to a prompt, recorded among the events in the order it came."""

    kind: str  # decide
    player: int
    prompt: str
    action: Action


Event = (
    PlayerEvent | TurnEvent | PhaseEvent | WinEvent | CardEvent | PlaceEvent | SummonEvent
    | PositionEvent | MaterialEvent | AttackEvent | DamageEvent | MoveEvent | ChainEvent
    | CounterEvent | EquipEvent | DeclareEvent | Decision
)  # fmt: skip

DECIDE = "decide"
MOVES = ("to_graveyard", "to_hand", "to_deck", "to_banished", "to_extra")
# moves as the card lands: to_banished with the card face-down says so in its cause
TYPES: dict[str, type] = {
    "coin": PlayerEvent, "first": PlayerEvent, "deck_out": PlayerEvent, "turn": TurnEvent,
    "phase": PhaseEvent, "step": PhaseEvent, "win": WinEvent, "draw": CardEvent,
    "flip_summon": CardEvent, "flip": CardEvent, "replay": CardEvent,
    "attack_stopped": CardEvent, "attack_cancelled": CardEvent, "set_card": PlaceEvent,
    "scale": PlaceEvent, "summon": SummonEvent, "position": PositionEvent,
    "material": MaterialEvent, "attack": AttackEvent, "retarget": AttackEvent,
    "damage": DamageEvent, "destroyed": MoveEvent, **{k: MoveEvent for k in MOVES},
    DECIDE: Decision,
    # card effects
    "summoning": SummonEvent, "summon_negated": CardEvent, "control": CardEvent,
    "attack_negated": CardEvent, "chain_end": PhaseEvent, "recover": DamageEvent,
    "lp_cost": DamageEvent, "lp_lost": DamageEvent, "activate": ChainEvent, "resolve": ChainEvent,
    "negated_activation": ChainEvent, "negated_effect": ChainEvent, "fizzle": ChainEvent,
    "counter": CounterEvent, "counter_removed": CounterEvent, "equip": EquipEvent,
    "declare": DeclareEvent, "reveal": CardEvent, "shuffle": PlayerEvent,
    "set_by_effect": PlaceEvent, "token_gone": CardEvent, "replaced": EquipEvent,
    "trap_back": PlaceEvent,  # a Trap Monster back face-up in its zone (4.3.3.11)
}  # fmt: skip
PLAYER_FIELDS = frozenset({"player", "winner"})
CARD_FIELDS = frozenset({"card", "attacker", "target"})


def from_list(value: list[Any] | tuple[Any, ...]) -> Event:
    """An event or decision read back from its JSON list."""
    kind = value[0] if value else None
    cls = TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None or len(value) != len(cls._fields):
        raise ValueError(f"not an event: {list(value)!r}")
    if cls is Decision:
        return Decision(DECIDE, value[1], value[2], as_action(value[3]))
    return cls(*value)


def private(event: Event) -> bool:
    """Whether the card of this event is hidden from the other player (a draw, a Set)."""
    kind = event.kind
    if kind in ("draw", "set_card"):
        return True
    return isinstance(event, SummonEvent) and event.position == "set"
