"""Prompts and actions: every decision in a duel is a prompt listing its legal actions.

An action is a small typed record (a NamedTuple) whose first field is its ``kind``; read
its other fields by name (``a.card``, ``a.attacker``, ``a.target``, ``a.cards``,
``a.zone``). Being tuples, actions compare, hash and go to JSON (as lists) unchanged, so
logs keep their format; ``as_action`` turns a JSON list back into the typed action.

- first: ("first",) ("second",)
- main: ("summon", card) ("set", card) ("flip", card) ("position", card)
  ("set_card", card) ("scale", card) ("pendulum",) ("synchro", card) ("xyz", card)
  ("link", card) ("battle",) ("end",)
- battle: ("attack", attacker, target or -1 for a direct attack) ("end_battle",)
- replay: ("attack", attacker, target) ("cancel",)
- tributes: ("tributes", (card, ...)); materials: ("materials", (card, ...))
- pendulum: ("pick", card) ("done",)
- zone: ("zone", n): 0-4 Main Monster / Spell & Trap Zones, 5 the Field Zone or the left
  Extra Monster Zone, 6 the right Extra Monster Zone (or, under arc-v, a Pendulum Zone)
- position: ("attack",) ("defense",)
- discard: ("discard", card)
- respond: ("pass",) and activations ("activate", card, effect)
- trigger: ("trigger", card, effect) to put one on the chain, ("done",) to decline the rest
- select: ("pick", card) and ("done",) once enough are picked; yes/no: ("yes",) ("no",)
- position: also ("face_down",); declare: ("declare", value)

``card`` is the card's id in the duel (its index in ``State.cards``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")


class Choice(NamedTuple):
    """A decision about no card in particular: pass, go first, end the phase..."""

    kind: str

    def __str__(self) -> str:
        return self.kind


class CardChoice(NamedTuple):
    """A decision about one card: summon it, pick it, discard it..."""

    kind: str
    card: int

    def __str__(self) -> str:
        return f"{self.kind} #{self.card}"


class AttackChoice(NamedTuple):
    kind: str  # "attack"
    attacker: int
    target: int  # EMPTY (-1): a direct attack

    def __str__(self) -> str:
        return f"attack #{self.attacker} -> {'direct' if self.target < 0 else f'#{self.target}'}"


class CardsChoice(NamedTuple):
    """A set of cards: tributes or materials."""

    kind: str
    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(f'#{c}' for c in self.cards)}"


class ZoneChoice(NamedTuple):
    kind: str  # "zone"
    zone: int

    def __str__(self) -> str:
        return f"zone {self.zone}"


class EffectChoice(NamedTuple):
    """Activate an effect of a card (``effect``: its index in the card file, as text; a
    floating effect is ``"effect.operation"``), or put a trigger on the chain."""

    kind: str  # activate, trigger
    card: int
    effect: str

    def __str__(self) -> str:
        return f"{self.kind} #{self.card} effect {self.effect}"


class NameChoice(NamedTuple):
    """A declaration: a card name, a Type, an Attribute, a number."""

    kind: str  # declare
    value: str

    def __str__(self) -> str:
        return f"declare {self.value}"


# Actions are immutable, so the rules hand out one shared record per (kind, card) and per
# zone: a lookup in C instead of a NamedTuple's Python-level constructor at every prompt
card_choice = lru_cache(maxsize=8192)(CardChoice)


@lru_cache(maxsize=16384)
def shared(cls: type[T], *fields: Any) -> T:
    """The one shared record of an immutable action or event (``cls`` with ``fields``), for
    those that recur hundreds of times a duel: a NamedTuple's constructor runs Python code
    and costs about three times the lookup."""
    return cls(*fields)


ZONE_CHOICES = tuple(ZoneChoice("zone", z) for z in range(8))

Action = Choice | CardChoice | AttackChoice | CardsChoice | ZoneChoice | EffectChoice | NameChoice

PASS = Choice("pass")
FIRST = Choice("first")
SECOND = Choice("second")
ATTACK = Choice("attack")
DEFENSE = Choice("defense")
DONE = Choice("done")
CANCEL = Choice("cancel")
TO_BATTLE = Choice("battle")
TO_END = Choice("end")
END_BATTLE = Choice("end_battle")
PENDULUM = Choice("pendulum")
YES = Choice("yes")
NO = Choice("no")
FACE_DOWN = Choice("face_down")

CARD_KINDS = ("summon", "set", "flip", "position", "set_card", "scale", "synchro", "xyz")
CARD_KINDS += ("link", "pick", "discard", "procedure")
# (kind, length) -> the type of action it reads back as
_SHAPES: dict[tuple[str, int], type] = {
    **{(k.kind, 1): Choice for k in (PASS, FIRST, SECOND, ATTACK, DEFENSE, DONE, CANCEL)},
    **{(k.kind, 1): Choice for k in (TO_BATTLE, TO_END, END_BATTLE, PENDULUM)},
    **{(k.kind, 1): Choice for k in (YES, NO, FACE_DOWN)},
    ("activate", 3): EffectChoice,
    ("trigger", 3): EffectChoice,
    ("declare", 2): NameChoice,
    **{(k, 2): CardChoice for k in CARD_KINDS},
    ("attack", 3): AttackChoice,
    ("tributes", 2): CardsChoice,
    ("materials", 2): CardsChoice,
    ("zone", 2): ZoneChoice,
}


class Prompt(NamedTuple):
    """A decision for ``player``: pick one of ``options``. Immutable; a NamedTuple rather
    than a frozen dataclass, whose constructor costs twice as much (one per prompt)."""

    player: int
    kind: str
    options: tuple[Action, ...]
    card: int = -1  # the card the decision is about (a zone or position for it), if any

    @property
    def default(self) -> Action:
        """The choice of a player who declines: pass where passing is possible, else the
        first option."""
        for quiet in (PASS, CANCEL, DONE, END_BATTLE, NO):
            if quiet in self.options:
                return quiet
        return self.options[0]


# A NamedTuple's constructor is Python code (about 3,300 instructions, 2,000 this way): the
# prompts built at most decisions (the Main Phase's, the battle step's) are made directly,
# all fields given: new_record(Prompt, (player, kind, options, card))
new_record = tuple.__new__


def as_action(value: Any) -> Any:
    """An action read back from JSON (lists) as the typed action the engine compares; a
    value of no known shape comes back as plain tuples (and is then no legal option)."""
    if not isinstance(value, list | tuple):
        return value
    if isinstance(value, Choice | CardChoice | AttackChoice | CardsChoice | ZoneChoice):
        return value
    if isinstance(value, EffectChoice | NameChoice):
        return value
    items = tuple(as_action(v) for v in value)
    if items and isinstance(items[0], str):
        shape = _SHAPES.get((items[0], len(items)))
        if shape is EffectChoice:
            if type(items[1]) is int and isinstance(items[2], str):
                return shape(*items)
        elif shape is NameChoice:
            if isinstance(items[1], str):
                return shape(*items)
        elif shape is not None and all(_fits(v) for v in items[1:]):
            return shape(*items)
    return items


def _fits(value: Any) -> bool:
    """Action arguments are card ids and zone numbers, or tuples of card ids."""
    if isinstance(value, tuple):
        return all(type(v) is int for v in value)
    return type(value) is int
