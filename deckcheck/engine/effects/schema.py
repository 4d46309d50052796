"""The card-file vocabulary (docs/card-effects.md): what a card does, as data.

A card file is YAML: the card's passcode and name, and its effects. Each effect says its
kind, when it may be activated (an event, a condition, where the card is), what it costs,
what it targets, and the operations it performs, in deckcheck's own words. Everything is
checked here, field by field, when the file is loaded; the engine compiles the checked
model once per process (model.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr, model_validator

from deckcheck.engine.untrusted import Strict, Text

# procedure: a summoning procedure written on the card ("you can Special Summon this card
# from your hand if ..."): a Main Phase action, not an effect; it starts no chain
Kind = Literal["activate", "ignition", "trigger", "quick", "continuous", "flip", "procedure"]
Where = Literal["hand", "monster", "spell", "graveyard", "banished", "deck", "extra", "field"]
Who = Literal["you", "opponent", "both"]
Until = Literal[
    "end_of_turn", "end_of_next_turn", "while_face_up", "permanent", "end_of_damage_step"
]
Count = Annotated[StrictInt, Field(ge=0, le=100)]
Amount = Annotated[StrictInt, Field(ge=0, le=1_000_000)]
Signed = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)]
FilterValue = StrictStr | StrictInt | StrictBool | list[StrictStr | StrictInt]
# a filter in the one filter language (cards/filters.py): field -> value or values;
# ``not_<field>`` negates
FilterSpec = dict[StrictStr, FilterValue]

EVENTS = (
    "summoned", "normal_summoned", "flip_summoned", "special_summoned", "summoning",
    "attack_declared", "attack_targeted", "destroyed", "destroyed_by_battle",
    "destroyed_by_effect", "sent_to_graveyard", "leaves_field", "discarded", "banished",
    "returned_to_hand", "drawn", "flipped", "activated", "damage", "battle_damage",
    "effect_damage", "standby_phase", "end_phase", "battle_destroyed_other", "added_to_hand",
    "battled",
)  # fmt: skip
Event = Literal[EVENTS]  # type: ignore[valid-type]


class Cards(Strict):
    """Which cards an operation acts on.

    ``of``: ``self`` (this card), ``targets`` (the targets chosen at activation), ``event``
    (the cards of the event that triggered it), ``previous`` (what the previous operation
    acted on), ``chain_card`` (the card of the chain link this effect responds to),
    ``equipped`` (the monster this card equips), ``choose`` (chosen at resolution by
    ``chooser``), ``all`` (every card matching ``filter``), ``deck_top`` (the top ``count``
    cards of your Deck). ``highest``: only the cards with the highest current ATK or DEF
    among those the filter matches (Smashing Ground)."""

    of: Literal[
        "self", "targets", "event", "previous", "chain_card", "equipped", "choose", "all",
        "deck_top", "bound",
    ]  # fmt: skip
    filter: FilterSpec = {}
    count: Count = 1  # choose: how many (at most)
    min: Count | None = None  # choose: at least (default: count)
    chooser: Literal["you", "opponent"] = "you"
    other: StrictBool = False  # not this card
    random: StrictBool = False  # choose at random
    highest: Literal["atk", "def"] | None = None
    among: Literal["previous"] | None = None  # choose/all: only among the previous op's cards
    same_name: StrictBool = False  # only cards sharing a name with the previous op's cards
    atk_within_lp: StrictBool = False  # only monsters whose ATK is at most their controller's LP
    declared: StrictBool = False  # only cards with the name the effect declared


class Op(Strict):
    """One operation verb with its arguments (see the vocabulary page for each verb)."""

    do: Literal[
        "draw", "destroy", "banish", "send_to_graveyard", "add_to_hand", "special_summon",
        "negate_activation", "negate_effect", "negate_summon", "negate_attack",
        "negate_effects", "change_atk", "change_def", "set_atk", "set_def", "damage",
        "gain_lp", "pay_lp", "return_to_hand", "return_to_deck", "change_position",
        "equip", "set", "create_tokens", "place_counters", "remove_counters",
        "take_control", "discard", "mill", "shuffle", "declare", "look_at", "apply",
        "end_battle_phase", "skip", "detach", "tribute", "reveal", "create_floating",
        "negate_column", "fusion_summon", "ritual_summon", "bind",
    ]  # fmt: skip
    cards: Cards | None = None
    player: Who = "you"
    count: Count | None = None  # draw, mill, discard (random), tokens, counters
    amount: Signed | None = None  # LP, ATK/DEF change
    amount_of: (
        Literal["atk", "def", "original_atk", "half_lp", "level", "count", "battle_opponent_atk"]
        | None
    ) = None  # battle_opponent_atk: the ATK of the opponent's monster in the current battle
    half: StrictBool = False  # pay half LP; halve ATK/DEF
    face_down: StrictBool = False  # banish face-down
    banish: StrictBool = False  # destroy: the destroyed cards are banished, not sent to the GY
    position: Literal["attack", "defense", "face_down_defense", "any", "flip", "change"] = (
        "any"
    )  # fmt: skip
    to: Literal["owner", "you", "opponent"] = "you"  # special_summon: whose field
    where: Literal["top", "bottom", "shuffle"] = "shuffle"  # return_to_deck
    until: Until = "permanent"
    counter: Text | None = None
    token: Annotated[StrictInt, Field(ge=1, le=999_999_999)] | None = None
    what: Literal["card_name", "type", "attribute", "level", "number", "monster_type"] | None = (
        None  # monster_type: Ritual, Fusion, Synchro, Xyz or Pendulum
    )
    flags: list[Text] = []  # apply: player/card flags (see the vocabulary page)
    ignore_conditions: StrictBool = False  # special_summon ignoring summoning conditions
    pointed: StrictBool = False  # special_summon: to a zone this Link card points to
    if_done: StrictBool = False  # "and if you do": only if the previous operation acted
    unless_done: StrictBool = False  # "or, if you cannot": only if the previous one did not
    original: StrictBool = False  # set_atk/set_def: the original value changes (Shrink)
    fill_hand: Count | None = None  # draw until the hand holds this many (Card of Demise)
    # "then" / "after that": this operation happens at a later timing than the ones before
    # (so "when ..." triggers of the earlier ones miss it); without it one effect's
    # operations happen at the same time (seed 000, 263-264)
    then: StrictBool = False
    # ritual_summon: the Tributes' Levels must add up to exactly the Ritual Monster's Level
    # (without it: that Level or more, with no Tribute more than needed)
    exact: StrictBool = False
    when_set: StrictBool = False  # only if the card was activated after being Set
    # create_floating: an effect that lasts ``until`` for the player (Maxx "C")
    effect: EffectSpec | None = None
    optional: StrictBool = False  # "you can": the controller may decline this operation
    label: Text | None = None

    @model_validator(mode="after")
    def _needs(self) -> Op:
        needs_cards = {
            "destroy", "banish", "send_to_graveyard", "add_to_hand", "special_summon",
            "change_atk", "change_def", "set_atk", "set_def", "return_to_hand",
            "return_to_deck", "change_position", "equip", "set", "take_control",
            "negate_effects", "negate_summon", "detach", "tribute", "reveal", "look_at",
            "place_counters", "remove_counters", "bind",
        }  # fmt: skip
        if self.do in needs_cards and self.cards is None:
            raise ValueError(f"{self.do} needs cards")
        amounts = ("damage", "gain_lp", "pay_lp", "change_atk", "change_def", "set_atk")
        if (
            self.do in (*amounts, "set_def")
            and self.amount is None
            and self.amount_of is None
            and not self.half
        ):
            raise ValueError(f"{self.do} needs amount, amount_of or half")
        if self.do in ("place_counters", "remove_counters") and not self.counter:
            raise ValueError(f"{self.do} needs counter")
        if self.do == "create_tokens" and self.token is None:
            raise ValueError("create_tokens needs token (the token's passcode)")
        if (self.do == "create_floating") != (self.effect is not None):
            raise ValueError("create_floating takes effect (and only it does)")
        return self


class Condition(Strict):
    """All given clauses must hold (for the effect's controller, ``you``)."""

    exists: FilterSpec | None = None  # at least ``min`` cards match (default 1)
    min: Count = 1
    none: FilterSpec | None = None  # no card matches
    lp_at_least: Amount | None = None
    lp_at_most: Amount | None = None
    lp_vs_opponent: Literal["lower", "higher"] | None = None  # your LP against theirs
    # "you cannot Special Summon (Summon) the turn you activate this card": not yet this turn
    not_special_summoned: StrictBool | None = None
    not_summoned: StrictBool | None = None  # no Normal, Flip or Special Summon (Sets are not)
    start_of_main1: StrictBool | None = None  # nothing has happened yet in Main Phase 1
    your_turn: StrictBool | None = None
    phase: list[Literal["draw", "standby", "main1", "battle", "main2", "end"]] = []
    chain_empty: StrictBool | None = None
    in_damage_step: StrictBool | None = None
    battle_involves_self: StrictBool | None = None
    deck_at_least: Count | None = None  # cards in your deck
    hand_at_least: Count | None = None
    opponent_deck_at_least: Count | None = None
    not_sent_this_turn: StrictBool | None = None  # not the turn this card arrived in the GY
    no_cards_but_self: StrictBool | None = None  # you control no other cards
    fewer_monsters: StrictBool | None = None  # you control fewer monsters than your opponent
    attack_target_self: StrictBool | None = None
    attacker_self: StrictBool | None = None
    # the Damage Step's step now (the window's timing): damage_start, before_damage,
    # damage_calculation, after_damage, damage_end
    step: list[Text] = []
    opponent_attacks: StrictBool | None = None  # the attacking monster is the opponent's
    direct_attack: StrictBool | None = None  # the attack is a direct attack
    flipped_by_attack: StrictBool | None = None  # this card was face-down when attacked


class Trigger(Strict):
    """The event an effect answers (``event``; YAML reads a key ``on`` as true, so the
    word is not used) and what the event's cards must be."""

    event: Event
    filter: FilterSpec = {}  # the event's card(s) (at least one must match)
    self: StrictBool = False  # the event is about this card
    bound: StrictBool = False  # the event is about a card bound to this card (``bind``)
    by: Who = "both"  # whose card/action it is (relative to this card's controller)
    how: list[Text] = []  # summons: normal, tribute, flip, special, synchro, xyz, link...
    from_: list[Where] = Field([], alias="from")  # sent_to_graveyard, leaves_field, destroyed
    # moves: why the card moved (battle, destroyed, discard, effect, cost, tribute, material)
    cause: list[Text] = []
    categories: list[
        Literal[
            "draw",
            "search",
            "deck_summon",
            "mill",
            "special_summon",
            "destroy",
            "banish",
            "negate",
            "damage",
            "recover",
            "to_hand",
            "to_deck",
            "position",
            "control",
            "tokens",
            "counter",
            "equip",
            "discard",
            "attack",
            "leaves_graveyard",
        ]
    ] = []  # fmt: skip  (activated: the activation includes one of these)
    kind: list[Literal["monster", "spell", "trap"]] = []  # activated: the card's kind
    card_activation: StrictBool | None = None  # activated: a Spell/Trap card activation
    on_field: StrictBool | None = None  # activated: the card was on the field when it activated
    destroys_at_least: Count | None = None  # activated: it would destroy that many on the field


class Once(Strict):
    """Once per turn (or duel, or chain) limits.

    ``per``: ``copy`` (each copy of the card, soft), ``name`` (the card's name: all copies
    a player controls, "hard"), ``duel`` (per name for the whole duel), ``chain``.
    ``activate``: "you can only activate 1 [card] per turn": a negated activation does not
    count (seed 000, 1.3.2 notes)."""

    per: Literal["copy", "name", "duel", "chain"] = "copy"
    count: Annotated[StrictInt, Field(ge=1, le=10)] = 1
    key: Text | None = None  # effects that share one limit share a key
    activate: StrictBool = False


class Applies(Strict):
    """What a continuous effect does while it applies."""

    to: Cards | None = None  # default: the equipped monster (Equip) or this card
    player: Who | None = None  # player flags: applies to a player
    atk: Signed | None = None
    defense: Signed | None = Field(None, alias="def")
    flags: list[Text] = []
    # the ATK becomes a multiple of the original ATK (Megamorph)
    atk_becomes: Literal["double_original", "half_original"] | None = None
    per_counter: Text | None = None  # atk/def are for each such counter on this card


class EffectSpec(Strict):
    kind: Kind
    label: Text | None = None
    trigger: Trigger | None = None
    mandatory: StrictBool = False
    when: StrictBool = False  # "when ... you can": misses the timing
    range: list[Where] = []  # where the card is when it activates (default by kind)
    condition: Condition | None = None
    cost: list[Op] = []
    target: list[Cards] = []
    ops: list[Op] = Field([], alias="do")
    once: Once | None = None
    damage_step: StrictBool = False  # may be activated in the Damage Step
    before_calculation: StrictBool = False  # ATK/DEF change: until before damage calc
    opponent_turn: StrictBool | None = None  # quick effects only in this player's turn
    main_phase: StrictBool = False  # quick effects only in a Main Phase
    from_hand: StrictBool = False  # a Trap that may be activated from the hand
    speed: Literal[1, 2, 3] | None = None  # override (rare)
    applies: Applies | None = None  # continuous
    remains: StrictBool = False  # activate: a Normal Spell that stays on the field (Swords)

    @model_validator(mode="after")
    def _shape(self) -> EffectSpec:
        if self.kind == "trigger" and self.trigger is None:
            raise ValueError("a trigger effect needs trigger")
        if self.kind == "continuous" and self.applies is None and not (self.trigger and self.ops):
            raise ValueError("a continuous effect needs applies, or trigger and do")
        # a Continuous or Field card's activation may only put it on the field (Skill Drain)
        if self.kind not in ("continuous", "activate", "procedure") and not self.ops:
            raise ValueError(f"a {self.kind} effect needs do")
        return self


class CardFile(Strict):
    card: Annotated[StrictInt, Field(ge=1, le=999_999_999)]
    name: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    effects: list[EffectSpec] = []
    # effects a card has that the vocabulary cannot say: a named escape hatch (hatches.py)
    hatch: Text | None = None
    # facts about summoning written on the card (not effects)
    summon: Literal["normal", "special_only", "by_effect_only"] | None = None
    note: Annotated[StrictStr, Field(max_length=2000)] | None = None
    # what the file does not play yet: the card plays the rest but counts as not supported
    # (coverage names it with this reason): never a partial card without saying so
    missing: Annotated[StrictStr, Field(max_length=500)] | None = None


def parse(data: Any, source: str) -> CardFile:  # noqa: ANN401 - parsed YAML
    from deckcheck.engine.untrusted import checked

    return checked(CardFile, data, source)


Op.model_rebuild()
