"""The duel state: plain data only (ints, strings, lists), copied field by field.

Every card in a duel is an ``Inst`` with a fixed index (its id for the whole duel). Zones
hold ids; ``EMPTY`` marks a free zone. Decks keep their top card at the END of the list.

Monster zone numbers are per player: 0-4 Main Monster Zones left to right as that player
sees them, 5-6 the Extra Monster Zones (left, right as that player sees them). The two
Extra Monster Zones are shared: ``State.emz`` holds them as player 0 sees them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from deckcheck.engine.actions import Prompt, as_action
from deckcheck.engine.carddefs import CardDef
from deckcheck.engine.events import Event, from_list
from deckcheck.engine.query import Lasting

EMPTY = -1
NO_WINNER = -1
DRAW = 2

# locations
DECK = "deck"
HAND = "hand"
MZONE = "monster"
SZONE = "spell"  # Spell & Trap Zones 0-4, Field Zone 5, separate Pendulum Zones 6-7
GRAVE = "graveyard"
BANISHED = "banished"
EXTRA = "extra"
OVERLAY = "overlay"  # attached to an Xyz monster as material
TOKEN_GONE = "gone"  # a token that left the field: it no longer exists
# the piles: each location off the field -> the Side list that holds it
PILES = {DECK: "deck", HAND: "hand", GRAVE: "grave", BANISHED: "banished", EXTRA: "extra"}
FIELD_ZONE = 5
PZONE_BASE = 6  # separate Pendulum Zones (arc-v): spell zones 6 and 7


@dataclass(slots=True)
class Inst:
    """One physical card in the duel."""

    d: CardDef
    owner: int
    ctrl: int
    loc: str
    seq: int = EMPTY
    face_up: bool = False
    in_def: bool = False  # Defense Position (face-down monsters are always in defense)
    placed: int = 0  # turn it was last summoned or Set onto the field (0: never)
    changed: int = 0  # turn its battle position was last changed by its controller
    attacked: int = 0  # turn of its last attack declaration
    attacks: int = 0  # attack declarations in turn ``attacked``
    summon: str = ""  # how it came to the field: normal, tribute, set, synchro, ...
    proper: bool = False  # properly summoned (lifts the revival limit)
    destroyed: bool = False  # confirmed destroyed by battle, leaves at end of damage step
    prev: str = ""  # where it was before its last move (for "sent from the field")
    gen: int = 0  # bumped at every move: a card that moves is a new card (rulebook 4.3.3.10)
    equip: int = EMPTY  # the monster this card is equipped to
    summoning: bool = False  # being summoned: the summon may still be negated
    overlay: list[int] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)
    # a Trap Monster that is also still a Trap: the Spell & Trap Zone it came from, unusable
    # while it is a monster and where it is Set again if turned face-down (4.3.3.11)
    trap_zone: int = EMPTY
    prev_face_up: bool = False  # face-up where it was before its last move (Eternal Soul)
    # its effects were negated where it was before its last move, on the field: what it
    # does as it leaves does not apply (002:10115)
    prev_negated: bool = False

    def copy(self) -> Inst:
        return Inst(
            self.d,
            self.owner,
            self.ctrl,
            self.loc,
            self.seq,
            self.face_up,
            self.in_def,
            self.placed,
            self.changed,
            self.attacked,
            self.attacks,
            self.summon,
            self.proper,
            self.destroyed,
            self.prev,
            self.gen,
            self.equip,
            self.summoning,
            self.overlay[:],
            dict(self.counters) if self.counters else {},
            self.trap_zone,
            self.prev_face_up,
            self.prev_negated,
        )


@dataclass(slots=True)
class Side:
    """One player's life points, zones and per-turn counters."""

    lp: int
    deck: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    grave: list[int] = field(default_factory=list)
    banished: list[int] = field(default_factory=list)
    extra: list[int] = field(default_factory=list)
    mzone: list[int] = field(default_factory=lambda: [EMPTY] * 5)
    szone: list[int] = field(default_factory=lambda: [EMPTY] * 8)
    summons: int = 0  # Normal Summons and Sets this turn
    pendulum_turn: int = 0  # turn of the last Pendulum Summon
    # bumped whenever a monster enters or leaves this player's field: a change during the
    # battle step causes a replay (rulebook 6.3.4.2.1), even if the count ends up the same
    field_changes: int = 0
    deck_out: bool = False  # had to draw from an empty deck

    def copy(self) -> Side:
        return Side(
            self.lp,
            self.deck[:],
            self.hand[:],
            self.grave[:],
            self.banished[:],
            self.extra[:],
            self.mzone[:],
            self.szone[:],
            self.summons,
            self.pendulum_turn,
            self.field_changes,
            self.deck_out,
        )


@dataclass(slots=True)
class Frame:
    """One unit of work of the rules processor (processor.py): its kind (duel, battle,
    window, an action being carried out, or an effect layer's own), the step it continues
    at, its data (plain values) and the answer to the prompt it asked last."""

    kind: str
    step: str
    data: dict[str, Any] = field(default_factory=dict)
    answer: Any = None

    def copy(self) -> Frame:
        return Frame(self.kind, self.step, plain_copy(self.data), self.answer)


@dataclass(slots=True)
class Battle:
    """The attack being processed."""

    attacker: int
    target: int  # EMPTY: direct attack
    watch: int  # defender's field_changes at declaration (replay check)
    damage_step: bool = False
    live: bool = True  # False once the battle stopped (no damage calculation)

    def copy(self) -> Battle:
        return Battle(self.attacker, self.target, self.watch, self.damage_step, self.live)


@dataclass(slots=True)
class State:
    cards: list[Inst]
    sides: list[Side]
    rng: int  # PRNG state (see rng.Rng)
    emz: list[int] = field(default_factory=lambda: [EMPTY, EMPTY])  # as player 0 sees them
    turn: int = 0
    turn_player: int = 0
    first: int = EMPTY  # who goes first, EMPTY until decided
    coin: int = EMPTY  # winner of the opening coin toss
    phase: str = "setup"
    # the processor's stack of frames, the current one last; empty once the duel is over
    frames: list[Frame] = field(default_factory=lambda: [Frame("duel", "start")])
    prompt: Prompt | None = None  # the decision the duel waits for
    battle: Battle | None = None
    winner: int = NO_WINNER  # 0, 1, DRAW
    reason: str = ""
    # the chain being built or resolved: links as plain data, owned by the effect layer
    chain: list[Any] = field(default_factory=list)
    # events and decisions in the order they happened (events.py); the duel's log
    history: list[Event] = field(default_factory=list)
    # triggers waiting for the next chance to go on a chain: plain data of the effect layer
    pending: list[Any] = field(default_factory=list)
    # modifiers of characteristics (query.py) and the last stamp given to one
    lasting: list[Lasting] = field(default_factory=list)
    stamps: int = 0
    # once-per-turn keys used (effects/limits.py) -> times used
    used: dict[str, int] = field(default_factory=dict)
    # effects on players that last (a floating "each time..." or "this turn..."): plain data
    floating: list[Any] = field(default_factory=list)
    # history index where the events "that just happened" for the next window start
    mark: int = 0
    # game actions so far, and the one of the last event: "when" triggers of an earlier
    # action miss the timing (effects/triggers.py)
    steps: int = 0
    last_step: int = 0

    def copy(self) -> State:
        return State(
            [c.copy() for c in self.cards],
            [s.copy() for s in self.sides],
            self.rng,
            self.emz[:],
            self.turn,
            self.turn_player,
            self.first,
            self.coin,
            self.phase,
            [f.copy() for f in self.frames],
            self.prompt,  # immutable
            self.battle.copy() if self.battle else None,
            self.winner,
            self.reason,
            plain_copy(self.chain),
            self.history[:],  # events are immutable: a shallow copy is a copy
            plain_copy(self.pending),
            self.lasting[:],
            self.stamps,
            plain_copy(self.used) if self.used else {},
            plain_copy(self.floating) if self.floating else [],
            self.mark,
            self.steps,
            self.last_step,
        )

    # ---- field geometry helpers -------------------------------------------------------

    def monster_at(self, player: int, seq: int) -> int:
        if seq < 5:
            return self.sides[player].mzone[seq]
        iid = self.emz[emz_index(player, seq)]
        return iid if iid != EMPTY and self.cards[iid].ctrl == player else EMPTY

    def monsters(self, player: int) -> list[int]:
        """Monsters a player controls, Main Monster Zones first, then Extra Monster Zones."""
        # the five zones and two Extra Monster Zones unrolled, not looped over: asked about
        # 390 times a vanilla duel, and a loop's steps cost a third of the call
        a, b, c, d, e = self.sides[player].mzone
        out = []
        if a != EMPTY:
            out.append(a)
        if b != EMPTY:
            out.append(b)
        if c != EMPTY:
            out.append(c)
        if d != EMPTY:
            out.append(d)
        if e != EMPTY:
            out.append(e)
        left, right = self.emz
        if left != EMPTY and self.cards[left].ctrl == player:
            out.append(left)
        if right != EMPTY and self.cards[right].ctrl == player:
            out.append(right)
        return out

    def count_cards(self) -> int:
        total = 0
        for s in self.sides:
            total += len(s.deck) + len(s.hand) + len(s.grave) + len(s.banished) + len(s.extra)
            total += sum(1 for i in s.mzone if i != EMPTY)
            total += sum(1 for i in s.szone if i != EMPTY)
        total += sum(1 for i in self.emz if i != EMPTY)
        total += sum(len(c.overlay) for c in self.cards if c.loc == MZONE)
        return total

    # ---- serialisation ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data; cards are written by passcode (or uid) with their per-duel state."""
        return {
            "cards": [
                {
                    "card": c.d.code or c.d.uid,
                    **{k: getattr(c, k) for k in _INST_FIELDS},
                    "overlay": c.overlay[:],
                    "counters": dict(c.counters),
                }
                for c in self.cards
            ],
            "sides": [{k: _plain(getattr(s, k)) for k in _SIDE_FIELDS} for s in self.sides],
            "rng": self.rng,
            "emz": self.emz[:],
            **{k: getattr(self, k) for k in _STATE_FIELDS},
            "frames": [_jsonable(_slots_dict(f)) for f in self.frames],
            "prompt": _jsonable(self.prompt._asdict()) if self.prompt else None,
            "battle": _slots_dict(self.battle),
            "chain": plain_copy(self.chain),
            "history": [_jsonable(e) for e in self.history],
            "pending": plain_copy(self.pending),
            "lasting": [list(m) for m in self.lasting],
            "used": dict(self.used),
            "floating": plain_copy(self.floating),
        }

    @classmethod
    def from_dict(
        cls, data: dict[str, Any], defs: list[CardDef], tokens: dict[int, CardDef] | None = None
    ) -> State:
        """Rebuild a state written by ``to_dict``; ``defs`` gives each card's definition
        (the template's), ``tokens`` those of the Tokens effects created, by passcode: they
        are cards of the duel after the template's."""
        written = data["cards"]
        if len(written) < len(defs) or (len(written) > len(defs) and tokens is None):
            raise ValueError(f"the state has {len(written)} cards, the template {len(defs)}")
        made = [tokens[c["card"]] for c in written[len(defs) :]] if tokens else []
        cards = [
            Inst(
                d,
                **{k: c[k] for k in _INST_FIELDS},
                overlay=list(c["overlay"]),
                counters=dict(c.get("counters", {})),
            )
            for d, c in zip([*defs, *made], written, strict=True)
        ]
        sides = [Side(**{k: _copy_list(s[k]) for k in _SIDE_FIELDS}) for s in data["sides"]]
        frames = [
            Frame(f["kind"], f["step"], f["data"], as_action(f["answer"])) for f in data["frames"]
        ]
        p = data["prompt"]
        prompt = None
        if p is not None:
            options = tuple(as_action(o) for o in p["options"])
            prompt = Prompt(p["player"], p["kind"], options, p["card"])
        battle = Battle(**data["battle"]) if data["battle"] else None
        return cls(
            cards,
            sides,
            data["rng"],
            list(data["emz"]),
            **{k: data[k] for k in _STATE_FIELDS},
            frames=frames,
            prompt=prompt,
            battle=battle,
            chain=plain_copy(data.get("chain", [])),
            history=[from_list(e) for e in data.get("history", [])],
            pending=plain_copy(data.get("pending", [])),
            lasting=[Lasting(*m) for m in data.get("lasting", [])],
            used=dict(data.get("used", {})),
            floating=plain_copy(data.get("floating", [])),
        )


_INST_FIELDS = [f.name for f in fields(Inst) if f.name not in ("d", "overlay", "counters")]
_SIDE_FIELDS = [f.name for f in fields(Side)]
_STATE_FIELDS = [
    f.name
    for f in fields(State)
    if f.name
    not in (
        "cards",
        "sides",
        "rng",
        "emz",
        "frames",
        "prompt",
        "battle",
        "chain",
        "history",
        "pending",
        "lasting",
        "used",
        "floating",
    )
]


def plain_copy(value: Any) -> Any:
    """A copy of nested lists and dicts of plain values."""
    if isinstance(value, list):
        return [plain_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    return value


def _plain(value: Any) -> Any:
    return value[:] if isinstance(value, list) else value


def _copy_list(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def _slots_dict(obj: Any) -> dict[str, Any] | None:
    if obj is None:
        return None
    return {k: getattr(obj, k) for k in obj.__slots__}


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


def emz_index(player: int, seq: int) -> int:
    """Index into ``State.emz`` of a player's Extra Monster Zone 5 (left) or 6 (right)."""
    left = seq == 5
    return (0 if left else 1) if player == 0 else (1 if left else 0)


def emz_seq(player: int, index: int) -> int:
    """The zone number (5 or 6) a player uses for ``State.emz[index]``."""
    if player == 0:
        return 5 + index
    return 6 - index
