"""The scenario file schema (tests/scenarios/README.md) as strict models: a scenario is
checked field by field before anything is built from it, so a bad field is one message
naming its path (``players[0].monsters[1].zone``) and the file."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr, model_validator

from deckcheck.decks.common import MAX_CARDS, MAX_PASSCODE
from deckcheck.engine.untrusted import Player, ProfileName, Seed, Strict, Text, checked

Phase = Literal["draw", "standby", "main1", "battle", "main2", "end"]
Position = Literal["attack", "defense", "set"]
Zone = Annotated[StrictInt, Field(ge=0, le=7)]  # Spell & Trap, Field and Pendulum Zones
MonsterZone = Annotated[StrictInt, Field(ge=0, le=6)]  # 5 and 6: the Extra Monster Zones
Count = Annotated[StrictInt, Field(ge=0, le=100_000)]
Points = Annotated[StrictInt, Field(ge=0, le=2**31 - 1)]
CardRef = Annotated[StrictInt, Field(ge=1, le=MAX_PASSCODE)] | Annotated[Text, Field(min_length=1)]


class CardPick(Strict):
    """``{card: X}``, ``{card: X, zone: N}`` (one of several copies) or ``{card: X, copies: N}``."""

    card: CardRef
    zone: Zone | None = None
    copies: Annotated[StrictInt, Field(ge=1, le=100)] | None = None


Cards = list[CardRef | CardPick]


class Monster(Strict):
    card: CardRef
    zone: MonsterZone
    position: Position = "attack"
    materials: Cards = []
    summoned_this_turn: StrictBool = False
    # how it came to the field (materials that ask: "1 Normal Summoned/Set monster");
    # "set": Normal Set, since flipped face-up or not
    summon: (
        Literal["normal", "tribute", "set", "special", "synchro", "xyz", "link", "fusion", "ritual"]
        | None
    ) = None
    # Special Summoned from the Extra Deck: always so for Extra Deck monsters; a Pendulum
    # monster from the face-up Extra Deck says true
    from_extra: StrictBool | None = None
    attacked: StrictBool = False
    changed_position: StrictBool = False


class Spell(Strict):
    card: CardRef
    zone: Zone
    face_down: StrictBool = True


class Scale(Strict):
    card: CardRef
    zone: Literal["left", "right"]


class PlayerSetup(Strict):
    lp: Points | None = None
    deck: Cards = []
    hand: Cards = []
    monsters: list[Monster] = []
    spells: list[Spell] = []
    field: CardRef | None = None
    graveyard: Cards = []
    banished: Cards = []
    extra: Cards = []
    extra_face_up: Cards = []
    pendulum: list[Scale] = []
    summoned: StrictBool = False

    @model_validator(mode="after")
    def _a_deck_of_cards(self) -> PlayerSetup:
        piles = (self.deck, self.hand, self.graveyard, self.banished, self.extra)
        cards = [c for pile in (*piles, self.extra_face_up) for c in pile]
        cards += [m for monster in self.monsters for m in monster.materials]
        count = sum((c.copies or 1) if isinstance(c, CardPick) else 1 for c in cards)
        count += len(self.monsters) + len(self.spells) + len(self.pendulum)
        if count > MAX_CARDS:
            raise ValueError(f"{count} cards; a player has at most {MAX_CARDS}")
        return self


class ExpectedMonster(Strict):
    card: CardRef
    zone: MonsterZone | None = None
    position: Position | None = None
    atk: StrictInt | None = None
    def_: StrictInt | None = Field(None, alias="def")
    level: StrictInt | None = None  # its current Level
    materials: Cards = []


class ExpectedSpell(Strict):
    card: CardRef
    zone: Zone
    face_up: StrictBool | None = None


class ExpectedLink(Strict):
    """A chain link: its card, who activated it, and (after resolution) what became of it."""

    card: CardRef
    player: Player | None = None
    negated: Literal["activation", "effect", "no"] | None = None


class ExpectedCounter(Strict):
    card: CardRef
    counter: Text
    count: Count


PILES = ("hand", "deck", "graveyard", "banished", "extra")
PLAYER_KEYS = frozenset(
    {"lp", "face_up_extra", "monsters", "monsters_contains", "spells", "counters"}
    | {f"{pile}{tail}" for pile in PILES for tail in ("", "_count", "_contains")}
)


class Expect(Strict):
    turn: Count | None = None
    turn_player: Player | None = None
    phase: Phase | None = None
    winner: Player | Literal["draw"] | None = None
    reason: Text | None = None
    events: list[Text] = []
    events_absent: list[Text] = []
    player: Player | None = None
    lp: Points | None = None
    hand: Cards = []
    hand_count: Count | None = None
    hand_contains: Cards = []
    deck: Cards = []
    deck_count: Count | None = None
    deck_contains: Cards = []
    graveyard: Cards = []
    graveyard_count: Count | None = None
    graveyard_contains: Cards = []
    banished: Cards = []
    banished_count: Count | None = None
    banished_contains: Cards = []
    extra: Cards = []
    extra_count: Count | None = None
    extra_contains: Cards = []
    face_up_extra: Cards = []
    monsters: list[ExpectedMonster] = []
    monsters_contains: list[ExpectedMonster] = []
    spells: list[ExpectedSpell] = []
    # (ext, card effects) the chain being built, the last chain resolved, counters
    chain: list[ExpectedLink] | None = None
    last_chain: list[ExpectedLink] | None = None
    counters: list[ExpectedCounter] = []
    prompt: Text | None = None  # the kind of decision the duel waits for (respond, main...)
    prompt_player: Player | None = None

    @model_validator(mode="after")
    def _player_named(self) -> Expect:
        about = sorted(PLAYER_KEYS & self.model_fields_set)
        if about and self.player is None:
            raise ValueError(f"{', '.join(about)} needs player: 0 or 1")
        return self


ActionKind = Literal[
    "normal_summon", "tribute_summon", "flip_summon", "change_position", "set_spell_trap",
    "place_scale", "special_summon", "next_phase", "enter_phase", "attack", "discard",
    "go_first", "end_turn", "activate", "pass", "choose", "answer", "trigger", "decline",
    "declare", "resolve",
]  # fmt: skip
COMMON = {"player", "do", "illegal", "expect"}
TAKES: dict[str, set[str]] = {
    "normal_summon": {"card", "position", "tributes", "zone"},
    "tribute_summon": {"card", "position", "tributes", "zone"},
    "flip_summon": {"card"},
    "change_position": {"card"},
    "set_spell_trap": {"card", "zone"},
    "place_scale": {"card", "zone"},
    "special_summon": {"card", "method", "materials", "zone", "position", "cards", "zones", "cost"},
    "next_phase": set(),
    "enter_phase": {"phase"},
    "attack": {"attacker", "target"},
    "discard": {"cards"},
    "go_first": {"first"},
    "end_turn": set(),
    # (ext, card effects)
    "activate": {"card", "effect", "zone", "cost", "targets", "cards", "value"},
    "pass": set(),
    "resolve": set(),
    "choose": {"cards", "zone", "zones", "position"},
    "answer": {"yes"},
    "trigger": {"card", "effect", "cost", "targets", "value"},
    "decline": set(),
    "declare": {"value"},
}


class Action(Strict):
    do: ActionKind
    player: Player = 0
    illegal: StrictBool = False
    expect: list[Expect] = []
    card: CardRef | CardPick | None = None
    position: Position | None = None
    zone: Zone | Literal["left", "right"] | None = None
    tributes: Cards = []
    method: Literal["synchro", "xyz", "link", "pendulum", "procedure"] | None = None
    materials: Cards = []
    cards: Cards = []
    zones: list[Zone] = []
    phase: Literal["battle", "main2", "end"] | None = None
    attacker: CardRef | CardPick | None = None
    target: CardRef | CardPick | None = None
    first: StrictBool = True
    effect: Annotated[StrictInt, Field(ge=0, le=20)] | Text | None = None  # index or label
    cost: Cards = []
    targets: Cards = []
    yes: StrictBool = True
    value: Text | None = None

    @model_validator(mode="after")
    def _fields_of_the_action(self) -> Action:
        extra = sorted(self.model_fields_set - COMMON - TAKES[self.do])
        if extra:
            raise ValueError(f"{self.do} does not take {', '.join(extra)}")
        if (self.do == "place_scale") != isinstance(self.zone, str) and self.zone is not None:
            raise ValueError("zone is left or right for place_scale only, else a number")
        return self


class CustomCard(Strict):
    """(ext) A card defined in the scenario, for rule cases that need a generic effect: its
    facts, and effects in the card-file vocabulary (effects/schema.py)."""

    name: Text
    kind: Literal["monster", "spell", "trap"]
    property: Literal["normal", "quickplay", "continuous", "equip", "field", "ritual",
                      "counter"] | None = None  # fmt: skip
    attribute: Text | None = None
    race: Text | None = None
    level: Annotated[StrictInt, Field(ge=0, le=13)] = 0
    atk: Annotated[StrictInt, Field(ge=0, le=100_000)] = 0
    def_: Annotated[StrictInt, Field(ge=0, le=100_000)] = Field(0, alias="def")
    scale: Annotated[StrictInt, Field(ge=0, le=13)] | None = None  # a Pendulum monster
    effects: list[Any] = []


class Scenario(Strict):
    name: Text | None = None
    case: Text | None = None
    description: Annotated[StrictStr, Field(max_length=10_000)] | None = None
    profile: ProfileName | None = None
    seed: Seed = 0
    turn: Annotated[StrictInt, Field(ge=1, le=100_000)] | None = None
    turn_player: Player = 0
    phase: Phase = "main1"
    first: Player | None = None
    players: Annotated[list[PlayerSetup | None], Field(max_length=2)] = []
    cards: Annotated[list[CustomCard], Field(max_length=50)] = []
    actions: list[Action] = []
    expect: list[Expect] = []


def check_scenario(spec: Any, source: str) -> Scenario:  # noqa: ANN401 - parsed YAML
    """The scenario, or an InputError naming the file and every bad field's path."""
    return checked(Scenario, spec, source)
