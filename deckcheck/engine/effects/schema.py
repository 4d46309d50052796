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
# replace: a replacement effect, "if ... would be destroyed, ... instead": not activated
Kind = Literal[
    "activate", "ignition", "trigger", "quick", "continuous", "flip", "procedure", "replace"
]
Where = Literal["hand", "monster", "spell", "graveyard", "banished", "deck", "extra", "field"]
Who = Literal["you", "opponent", "both"]
# banish also lasts until your next Standby Phase (or, to the hand, your second one)
Until = Literal[
    "end_of_turn", "end_of_next_turn", "while_face_up", "permanent", "end_of_damage_step",
    "your_next_standby", "your_second_standby", "end_of_your_next_turn", "while_self_face_up",
]  # fmt: skip
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
    "battled", "would_be_destroyed", "before_damage", "damage_step_end", "battle_phase_end",
    "damage_step_start", "damage_calculation",
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
        "deck_top", "bound", "summoned_with", "materials", "kept",
    ]  # fmt: skip
    filter: FilterSpec = {}
    count: Count = 1  # choose: how many (at most)
    min: Count | None = None  # choose: at least (default: count)
    chooser: Literal["you", "opponent"] = "you"
    other: StrictBool = False  # not this card
    random: StrictBool = False  # choose at random
    highest: Literal["atk", "def"] | None = None
    # choose/all: only among the previous op's cards, or the cards the effect excavated
    among: Literal["previous", "excavated"] | None = None
    # only cards sharing (true) or not sharing (false) a name with the previous op's cards
    same_name: StrictBool | None = None
    atk_within_lp: StrictBool = False  # only monsters whose ATK is at most their controller's LP
    # only cards with (true) or without (false) the name or Level the effect declared
    declared: StrictBool | None = None
    # not the cards bound to this card (bind): Prohibition spares the cards with the
    # declared name that were on the field as it resolved
    unbound: StrictBool = False
    also: FilterSpec | None = None  # choose/all: cards matching this filter count as well
    # also: they count only while this condition holds when the cards are looked for, at
    # activation and at resolution ("also from the Extra Deck, if ...": Maliss <C> TB-11)
    also_if: Condition | None = None
    reaches_atk: StrictBool = False  # only monsters whose ATK or DEF is at least this card's ATK
    # only monsters whose Level is at most the number of different names among the cards
    # this filter matches now ("Level less than or equal to the number of Lightsworn
    # monsters with different names in your GY": Minerva, Lightsworn Maiden)
    level_within_names: FilterSpec | None = None
    # only monsters that declared (true) or did not declare (false) an attack this turn
    # ("all other monsters you control that did not declare an attack": Red Dragon Archfiend)
    attacked: StrictBool | None = None
    # the filter reads face-down cards too: the effect looked at them (Crush Card Virus)
    seen: StrictBool = False
    # choose: at most as many as the cards matching this filter now (Flip Flop Frog)
    count_of: FilterSpec | None = None
    # count_of: this card is not counted ("HERO monsters you control, except this card")
    count_others: StrictBool = False
    # choose: at most as many as the materials of this card's last summon matching this
    # filter, as printed ("up to the number of WATER monsters used for its Synchro Summon")
    count_materials: FilterSpec | None = None
    # choose: at most as many as the cards the previous operation acted on (Minerva)
    count_previous: StrictBool = False
    # choose: at most as many as the Spell/Trap Cards matching this filter (as printed) the
    # effect's player activated this turn since this card's own activation (Multirole)
    count_activated: FilterSpec | None = None
    # only cards whose ATK is at most that of the previous operation's card (Nadir Servant)
    atk_within_previous: StrictBool = False
    graveyard_race: StrictBool = False  # only monsters of a Type found in your Graveyard
    # only monsters whose Level is at most the (first) target's (Windwitch - Winter Bell)
    level_within: Literal["targets"] | None = None
    # targets: only monsters with the original Type of the (first) target, and only cards
    # with an original name other than its (Super Team Buddy Force Unite!)
    same_race: Literal["targets"] | None = None
    other_name: Literal["targets"] | None = None
    # only cards whose current ATK (DEF) is lower than the current ATK of this card (self)
    # or of the event's card (event): Black Whirlwind, Silverwind the Ascendant
    atk_below: Literal["self", "event"] | None = None
    # choose: the chosen cards are a set - one for each of these filters, and/or Levels
    # adding up to exactly level_sum ("1 Speedroid Tuner and 1 non-Tuner whose total Levels
    # equal 7"); count is the set's size
    each: list[FilterSpec] = []
    level_sum: Count | None = None
    def_below: Literal["self", "event"] | None = None
    # only cards whose current ATK is at most this card's current ATK (Scarlight)
    atk_at_most: Literal["self"] | None = None
    # choose: all the matching cards but as many as these cards now plus ``plus`` (Mulcharmy
    # Fuwalos: the hand down to the number of cards the opponent controls + 6)
    leave: Leave | None = None
    # only monsters in the zones this Link card points to (Relinquished Anima)
    pointed: StrictBool = False
    # only monsters with the Level of the previous operation's card (Graydle Slime Jr.)
    same_level: StrictBool = False
    # choose: the chosen cards all share a name ("2 ... with the same name": Rescue Rabbit)
    one_name: StrictBool = False
    # choose: no two of the chosen cards share a name (Obedience Schooled)
    different_names: StrictBool = False
    # only Link monsters that point to this card's zone (Maliss <P> Dormouse)
    points_here: StrictBool = False
    # only cards whose name no card matching this filter has (White Rabbit: "with a
    # different name from the cards in your GY")
    unlike: FilterSpec | None = None
    # only cards of a kind (monster, spell, trap) that a card matching this filter has
    kind_of: FilterSpec | None = None
    same_kind: StrictBool = False  # only cards of the kind of the previous operation's cards


class Leave(Strict):
    """Cards.leave: how many of the matching cards a ``choose`` leaves where they are."""

    count_of: FilterSpec = {}  # as many as the cards this matches now
    plus: Count = 0


class MonsterForm(Strict):
    """What a Trap Monster is once it summons itself (summon_self_as_monster): its stats
    are its original ones there (002, 陷阱怪兽)."""

    attribute: Text
    race: Text
    level: Annotated[StrictInt, Field(ge=1, le=12)]
    atk: Amount
    defense: Amount = Field(alias="def")
    effect: StrictBool = False  # an Effect Monster (it has monster effects), else Normal
    trap: StrictBool = True  # "this card is also still a Trap" (false: "NOT treated as")


class FusionFrom(Strict):
    """fusion_summon: more places its materials may come from, banished (Invocation)."""

    fusion: FilterSpec = {}  # only when summoning a Fusion Monster that matches
    # your field; both GYs; your GY only
    from_: list[Literal["monster", "graveyard", "your_graveyard"]] = Field(alias="from")


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
        "to_end_phase", "halve_lp", "dice_duel", "arrange",
        "negate_column", "fusion_summon", "ritual_summon", "bind", "set_level",
        "summon_self_as_monster", "fusion_summon_using", "attach", "place_in_pendulum_zone",
        "change_level", "excavate", "damage_calculation", "set_attribute", "synchro_summon",
    ]  # fmt: skip
    cards: Cards | None = None
    player: Who = "you"
    count: Count | None = None  # draw, mill, discard (random), tokens, counters
    amount: Signed | None = None  # LP, ATK/DEF change
    # fmt: off
    amount_of: (
        Literal[
            "atk", "def", "original_atk", "half_lp", "level", "count", "battle_opponent_atk",
            "kept", "chain_link", "dealt", "total_original_atk", "surplus", "deck_difference",
            "counters_removed", "atk_lost", "total_atk", "link_rating", "original_def",
            "own_original_atk", "event_amount", "declared", "revealed",
        ]
        | None
    ) = None  # battle_opponent_atk: the ATK of the opponent's monster in the current battle
    # fmt: on
    # kept: the number a create_floating worked out when it was created (Power Bond)
    # previous: amount_of reads the previous operation's cards ("the card just sent"), even
    # where this operation acts on its targets or names its own cards; targets: the
    # effect's targets, even where this operation acts on other cards
    amount_from: Literal["previous", "targets"] | None = None
    half: StrictBool = False  # pay half LP; halve ATK/DEF
    face_down: StrictBool = False  # banish face-down
    banish: StrictBool = False  # destroy: the destroyed cards are banished, not sent to the GY
    position: Literal[
        "attack", "defense", "face_down_defense", "any", "any_defense", "flip", "change"
    ] = (
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
    # apply special_summons_only: the monsters the player may still Special Summon
    only: FilterSpec | list[FilterSpec] | None = None  # a list: any of them
    ignore_conditions: StrictBool = False  # special_summon ignoring summoning conditions
    # special_summon: an Extra Deck monster of this kind, "treated as a Synchro Summon"
    as_method: Literal["fusion", "synchro", "xyz", "link"] | None = None
    pointed: StrictBool = False  # special_summon: to a zone this Link card points to
    # special_summon: to a zone a Link monster matching this points to (Jack Jaguar)
    pointed_by: FilterSpec | None = None
    extra_zone: StrictBool = False  # special_summon: to an Extra Monster Zone only
    # special_summon: a monster of the face-down Extra Deck, not summoned properly
    from_extra: StrictBool = False
    if_done: StrictBool = False  # "and if you do": only if the previous operation acted
    unless_done: StrictBool = False  # "or, if you cannot": only if the previous one did not
    # only if every target group still holds its targets ("banish both": S:P Little Knight)
    every_target: StrictBool = False
    # only the previous operation's cards that match count ("if any Lightsworn monsters were
    # sent": if_done; "draw 1 for each": amount_of count)
    counting: FilterSpec | None = None
    # fusion_summon: where its materials come from (default: your hand and Monster Zones),
    # and further places whose materials are banished
    materials_from: list[Literal["hand", "monster", "graveyard"]] = []
    # fusion_summon: monsters in your Deck are materials too while a card matches this
    # ("if your opponent controls a monster Special Summoned from the Extra Deck")
    deck_materials_if: FilterSpec | None = None
    # only if this holds when the operation is reached ("then, if you have 3 or more Spells
    # in your GY, you can draw 1")
    condition: Condition | None = None
    banish_materials: FusionFrom | None = None
    original: StrictBool = False  # set_atk/set_def: the original value changes (Shrink)
    fill_hand: Count | None = None  # draw until the hand holds this many (Card of Demise)
    # "then" / "after that": this operation happens at a later timing than the ones before
    # (so "when ..." triggers of the earlier ones miss it); without it one effect's
    # operations happen at the same time (seed 000, 263-264)
    then: StrictBool = False
    # ritual_summon: the Tributes' Levels must add up to exactly the Ritual Monster's Level
    # (without it: that Level or more, with no Tribute more than needed)
    exact: StrictBool = False
    # ritual_summon: where the Ritual Monster may come from (default: the hand)
    ritual_from: list[Literal["hand", "graveyard"]] = []
    # ritual_summon: monsters in your GY matching this count toward the Levels too, and are
    # banished instead of Tributed ("and/or banish Nekroz monsters from your GY")
    grave_tributes: FilterSpec | None = None
    when_set: StrictBool = False  # only if the card was activated after being Set
    # create_floating: an effect that lasts ``until`` for the player (Maxx "C")
    effect: EffectSpec | None = None
    optional: StrictBool = False  # "you can": the controller may decline this operation
    # attach: this card under the previous op's card; equip: the cards to this card
    onto: Literal["previous", "self", "targets"] | None = None
    # change_position: monsters turned face-up do not activate their Flip effects (Ceasefire)
    no_flip_effects: StrictBool = False
    on_six: Amount | None = None  # dice_duel: the damage when the higher roll is a 6
    # add_to_hand: a card taken from the Deck leaves it unshuffled (Dark Magical Circle)
    keep_order: StrictBool = False
    label: Text | None = None
    monster: MonsterForm | None = None  # summon_self_as_monster: what the Trap becomes
    every: StrictBool = False  # remove_counters: all of them from each card (at least 1)
    max: Count | None = None  # place_counters: only while a card holds fewer than this
    # amount_of total_atk: the cards whose current ATK adds up (less those this acts on)
    total_of: Cards | None = None
    # negate_effects: "that card's effects", not "that monster's": a Trap Monster that is
    # also still a Trap goes back to its Spell & Trap Zone (002:1149)
    card_effects: StrictBool = False
    # set_attribute: the Attribute the cards' becomes
    attribute: Literal["earth", "water", "fire", "wind", "light", "dark", "divine"] | None = None

    @model_validator(mode="after")
    def _needs(self) -> Op:
        needs_cards = {
            "destroy", "banish", "send_to_graveyard", "add_to_hand", "special_summon",
            "change_atk", "change_def", "set_atk", "set_def", "return_to_hand",
            "return_to_deck", "change_position", "equip", "set", "take_control",
            "negate_effects", "negate_summon", "detach", "tribute", "reveal", "look_at",
            "place_counters", "remove_counters", "bind", "set_level", "fusion_summon_using",
            "change_level", "set_attribute",
            "place_in_pendulum_zone",
            "attach", "excavate",
        }  # fmt: skip
        if self.do in needs_cards and self.cards is None:
            raise ValueError(f"{self.do} needs cards")
        amounts = ("damage", "gain_lp", "pay_lp", "change_atk", "change_def", "set_atk")
        if (
            self.do in (*amounts, "set_def", "set_level", "change_level")
            and self.amount is None
            and self.amount_of is None
            and not self.half
        ):
            raise ValueError(f"{self.do} needs amount, amount_of or half")
        if (self.do == "set_attribute") != (self.attribute is not None):
            raise ValueError("set_attribute takes attribute (and only it does)")
        if self.do in ("place_counters", "remove_counters") and not self.counter:
            raise ValueError(f"{self.do} needs counter")
        if self.do == "create_tokens" and self.token is None:
            raise ValueError("create_tokens needs token (the token's passcode)")
        if (self.do == "create_floating") != (self.effect is not None):
            raise ValueError("create_floating takes effect (and only it does)")
        if (self.do == "summon_self_as_monster") != (self.monster is not None):
            raise ValueError("summon_self_as_monster takes monster (and only it does)")
        return self


class Condition(Strict):
    """All given clauses must hold (for the effect's controller, ``you``)."""

    exists: FilterSpec | None = None  # at least ``min`` cards match (default 1)
    any_of: list[FilterSpec] = []  # some card matches one of these filters (an "or")
    # each of these filters matches some card ("1 each from their hand, field and GY")
    all_of: list[FilterSpec] = []
    min: Count = 1
    none: FilterSpec | list[FilterSpec] | None = None  # no card matches (any of them)
    lp_at_least: Amount | None = None
    lp_at_most: Amount | None = None
    lp_vs_opponent: Literal["lower", "higher"] | None = None  # your LP against theirs
    # "you cannot Special Summon (Summon) the turn you activate this card": not yet this turn
    not_special_summoned: StrictBool | None = None
    not_summoned: StrictBool | None = None  # no Normal, Flip or Special Summon (Sets are not)
    # every monster you Special Summoned this turn matches ("except Machine monsters")
    special_summoned_only: FilterSpec | list[FilterSpec] | None = None  # a list: any of them
    start_of_main1: StrictBool | None = None  # nothing has happened yet in Main Phase 1
    # your Battle Phase was not conducted this turn ("you cannot conduct your Battle Phase
    # the turn you activate this card", on a Trap: Heavy Storm Duster)
    no_battle_phase_yet: StrictBool | None = None
    your_turn: StrictBool | None = None
    phase: list[Literal["draw", "standby", "main1", "battle", "main2", "end"]] = []
    chain_empty: StrictBool | None = None
    in_damage_step: StrictBool | None = None
    battle_involves_self: StrictBool | None = None
    deck_at_least: Count | None = None  # cards in your deck
    hand_at_least: Count | None = None
    opponent_deck_at_least: Count | None = None
    not_sent_this_turn: StrictBool | None = None  # not the turn this card arrived in the GY
    # in the GY, destroyed by battle and sent there since your last Standby Phase (Fear Monger)
    battle_sent_since_standby: StrictBool | None = None
    set_this_turn: StrictBool | None = None  # this card was Set in its zone this turn
    points_to_monster: StrictBool | None = None  # this Link card points to a monster
    no_cards_but_self: StrictBool | None = None  # you control no other cards
    fewer_monsters: StrictBool | None = None  # you control fewer monsters than your opponent
    # no monster matching this declared an attack this turn ("cannot attack the turn you
    # activate this"); true: this card has not
    not_attacked: FilterSpec | StrictBool | None = None
    attacked_this_turn: StrictBool | None = None  # this card declared an attack this turn
    counters_at_least: dict[Text, Count] = {}  # this card holds at least these counters
    co_linked: StrictBool | None = None  # this (Link) card is co-linked
    chain_at_least: Count | None = None  # the chain already holds this many links (Chain Strike)
    # the opponent controls more cards than your hand and field hold (Balance of Judgment)
    opponent_controls_more: StrictBool | None = None
    no_normal_summon: StrictBool | None = None  # you have not Normal Summoned or Set this turn
    deck_more_than_opponent: StrictBool | None = None  # your Deck holds more cards than theirs
    summoned_this_turn: StrictBool | None = None  # this card came to the field this turn
    battled_this_turn: StrictBool | None = None  # this card battled (damage calculation) this turn
    name_not_in_chain: StrictBool | None = None  # no link of the chain is a card of this name
    attack_target_self: StrictBool | None = None
    attacker_self: StrictBool | None = None
    # the Damage Step's step now (the window's timing): damage_start, before_damage,
    # damage_calculation, after_damage, damage_end
    step: list[Text] = []
    opponent_attacks: StrictBool | None = None  # the attacking monster is the opponent's
    direct_attack: StrictBool | None = None  # the attack is a direct attack
    flipped_by_attack: StrictBool | None = None  # this card was face-down when attacked
    replaced_this_turn: StrictBool | None = None  # its replacement effect applied this turn
    this_card: FilterSpec | None = None  # this card matches ("while in Attack Position")
    # the monsters in your Graveyard all have one original Type (Solidarity)
    one_race_in_graveyard: StrictBool | None = None
    no_materials: StrictBool | None = None  # this (Xyz) card has no material attached
    # the opponent's hand and field hold more cards than yours (Evilswarm Exciton Knight)
    opponent_holds_more: StrictBool | None = None
    max: Count | None = None  # exists: at most this many match ("exactly 3": min 3, max 3)
    distinct: StrictBool = False  # exists counts different names, not cards
    # this card was summoned one of these ways (synchro, xyz...): on the field, or as it
    # left it ("if this Xyz Summoned card is sent to the GY")
    summoned_how: list[Text] = []
    # the opponent's monster in the current battle with this card matches (Armed Wing)
    battle_opponent: FilterSpec | None = None
    # a monster card is (true) or is not equipped to this card (Relinquished Anima's "max. 1")
    equipped_monster: StrictBool | None = None
    # the monster this card equips matches this now ("if the equipped monster battles":
    # {battling: true}; Mathmech Billionblade Nayuta)
    equipped: FilterSpec | None = None
    # a card this effect excavated (excavate, or reveal of the Deck's top) matches this, as
    # printed ("then, if you excavated a Sky Striker card": Sky Striker Airspace - Area Zero)
    excavated: FilterSpec | None = None
    zone_free: StrictBool | None = None  # you have an unused Main Monster Zone (Reasoning)
    # this card's last summon used a monster matching this as material (S:P Little Knight)
    materials_include: FilterSpec | None = None
    # the monster whose summon last used this card as material matches this, while it is on
    # the field from that summon (Salamangreat Miragestallio: "a Salamangreat monster")
    summoned_with: FilterSpec | None = None
    # an Xyz Material attached to this card matches this, as printed ("an Xyz Material
    # attached that was originally WATER": Cat Shark)
    attached: FilterSpec | None = None


class Trigger(Strict):
    """The event an effect answers (``event``; YAML reads a key ``on`` as true, so the
    word is not used) and what the event's cards must be."""

    event: Event
    filter: FilterSpec = {}  # the event's card(s) (at least one must match)
    self: StrictBool = False  # the event is about this card
    bound: StrictBool = False  # the event is about a card bound to this card (``bind``)
    pointed: StrictBool = False  # the event's card is in a zone this Link card points to
    equipped: StrictBool = False  # the event is about the monster this card equips
    # summons: the event is about another monster, and this card was on the field before
    # it ("if another monster is Special Summoned ..., while this monster is on the field")
    others: StrictBool = False
    by: Who = "both"  # whose card/action it is (relative to this card's controller)
    how: list[Text] = []  # summons: normal, tribute, flip, special, synchro, xyz, link...
    # moves: where the card was; summons: where the monster came from
    from_: list[Where] = Field([], alias="from")
    # moves: why the card moved (battle, destroyed, discard, effect, cost, tribute, material)
    cause: list[Text] = []
    # moves: the card moved during the resolution of an effect of this player's card
    # ("sent to your GY by your opponent's card effect")
    # both: by any card effect ("if this card is sent to the GY by a card effect")
    effect_by: Literal["you", "opponent", "both"] | None = None
    # the event did not come from an effect of a card with this card's name (Dark Room of
    # Nightmare: "except from this card's name")
    other_source: StrictBool = False
    # the event came from an effect of a card with this card's name ("when Summoned this
    # way": Graydle Slime)
    own_source: StrictBool = False
    # the event came from the resolving effect of a card matching this filter, seen from
    # this card's controller ("by the effect of a Lightsworn monster you control": Garoth)
    source: FilterSpec | None = None
    # activated: the activation targets exactly one card ("targets 1 ... (and no other cards)")
    sole_target: StrictBool = False
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
    # activated: the card's kind; moves: the kind of the card whose effect moved it (one
    # by battle always counts: "destroyed by battle or Spell effect and sent to the GY")
    kind: list[Literal["monster", "spell", "trap"]] = []
    card_activation: StrictBool | None = None  # activated: a Spell/Trap card activation
    on_field: StrictBool | None = None  # activated: the card was on the field when it activated
    destroys_at_least: Count | None = None  # activated: it would destroy that many on the field
    # destroys_at_least counts only the cards this card's controller controls (Starlight Road)
    destroys_yours: StrictBool = False
    face_up: StrictBool | None = None  # moves: the card was face-up where it was
    # activated: the activation targets a card matching this ("a card or effect that
    # targets a card you control": Decode Talker)
    targets: FilterSpec | None = None
    # battle_destroyed_other: once the destroyed monster is sent to the Graveyard ("and
    # sends it to the GY"), at the end of the Damage Step
    sent: StrictBool = False

    @model_validator(mode="after")
    def _matchable(self) -> Trigger:
        if self.event == "battle_destroyed_other" and self.self:
            # its event's card is the monster this card destroyed, never this card
            raise ValueError(
                "battle_destroyed_other with self: true can never match: the event is about"
                " the monster this card destroyed; for 'when this card is destroyed by"
                " battle' use event destroyed_by_battle with self: true"
            )
        return self


class Once(Strict):
    """Once per turn (or duel, or chain) limits.

    ``per``: ``copy`` (each copy of the card, soft), ``name`` (the card's name: all copies
    a player controls, "hard"), ``duel`` (per name for the whole duel), ``chain``.
    ``activate``: "you can only activate 1 [card] per turn": a negated activation does not
    count (seed 000, 1.3.2 notes)."""

    # protected: for each card a replacement effect protects ("the first time each card
    # you control would be destroyed each turn")
    # player: one limit for the player under ``key``, shared by every card naming that key
    # ("only 1 other Mulcharmy monster effect the turn you activate this")
    # face_up: "only once while this card is face-up on the field" (not per turn)
    per: Literal["copy", "name", "duel", "chain", "protected", "player", "face_up"] = "copy"
    count: Annotated[StrictInt, Field(ge=1, le=10)] = 1
    key: Text | None = None  # effects that share one limit share a key
    activate: StrictBool = False

    @model_validator(mode="after")
    def _keyed(self) -> Once:
        if self.per == "player" and self.key is None:
            raise ValueError("once per player needs key (the limit the cards share)")
        return self


class Applies(Strict):
    """What a continuous effect does while it applies."""

    to: Cards | None = None  # default: the equipped monster (Equip) or this card
    player: Who | None = None  # player flags: applies to a player
    # player flag special_summons_only: the monsters the player may still Special Summon
    # (Evilswarm Ophion: none of Level 5 or higher); as apply's only
    only: FilterSpec | list[FilterSpec] | None = None
    atk: Signed | None = None
    defense: Signed | None = Field(None, alias="def")
    flags: list[Text] = []
    # the ATK becomes a multiple of the original ATK (Megamorph)
    atk_becomes: Literal["double_original", "half_original"] | None = None
    per_counter: Text | None = None  # atk/def are for each such counter on this card
    per_material: StrictBool = False  # atk/def are for each material attached to this card
    per_pointed: StrictBool = False  # atk/def are for each monster this Link card points to
    # it gains the printed ATK and DEF of the materials attached to it matching this
    # ("equal to the ATK and DEF of all Zoodiac monsters attached": Zoodiac Broadbull)
    stats_of_attached: FilterSpec | None = None
    # it gains the original ATK of each face-up monster it points to matching this
    # (Altergeist Hexstia: of each Altergeist monster it points to)
    atk_of_pointed: FilterSpec | None = None
    per_card: FilterSpec | None = None  # atk/def are for each card this matches (Kagari)
    distinct: StrictBool = False  # per_card: for each different name among them
    # unaffected_by_others: the cards of this archetype still affect it (Final Sigma)
    except_archetype: Text | None = None
    archetype: Text | None = None  # it is also part of this archetype (that name's)
    name: Text | None = None  # the card's name becomes this (Proto-Cyber Dragon)
    # it is also this Attribute (Light and Darkness Dragon: "also DARK")
    also_attribute: Literal["earth", "water", "fire", "wind", "light", "dark", "divine"] | None = (
        None
    )
    # the controller's normal draw takes one card per name among ``to`` (Knightmare Unicorn)
    draw_per_name: StrictBool = False
    # effect damage its controller would take places 1 such counter on this card instead
    damage_counter: Text | None = None
    # ATK change: the current ATK of the opponent's monster this card battles (Crystal Wing)
    # equipped_monster: the printed ATK of the monster card equipped to it (Relinquished Anima)
    atk_of: Literal["battle_opponent", "equipped_monster", "equipped_monster_half"] | None = None
    # the original ATK and DEF are switched (Maliss <Q> Red Ransom)
    swap_original: StrictBool = False
    # the flags hold for a card only while the monster it battles matches this (Aquarium
    # Stage: "cannot be destroyed by battle with a non-WATER monster")
    against: FilterSpec | None = None
    # its attacks each Battle Phase: as many as the materials of its summon matching this
    # (Shooting Quasar Dragon: its non-Tuner Synchro Materials)
    attacks_of_materials: FilterSpec | None = None
    # its controller takes control of the monsters it applies to while it applies (Graydle
    # Alligator: "while equipped by this effect"); they go back when it stops
    control: StrictBool = False


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
    # "your opponent cannot activate cards or effects in response to this effect's activation"
    # monster_effects: "neither player can activate monster effects in response" (Dark Ruler
    # No More)
    no_response: StrictBool | Literal["monster_effects"] = False
    # procedure of an Xyz Monster: "you can also Xyz Summon it using 1 [monster] you control"
    xyz_on: FilterSpec | None = None
    recheck: StrictBool = False  # the condition must hold at resolution too (4.3.1)
    # continuous: "this effect cannot be negated": it applies while its card is negated
    cannot_be_negated: StrictBool = False
    # a Trap that may be activated the turn it was Set while this holds (Shade Brigandine)
    set_turn_if: Condition | None = None
    # procedure: a Normal Summon or Set without Tributes while the condition holds (it uses
    # the Normal Summon), not a Special Summon (Blackwing - Sirocco the Dawn)
    without_tributes: StrictBool = False
    to_opponent: StrictBool = False  # procedure: to the opponent's field (Lava Golem)
    # procedure (range extra): summoned by sending the monsters of its material list to the
    # GY, from your field (you) or also the opponent's face-up monsters (both): "contact"
    contact: Literal["you", "both"] | None = None

    @model_validator(mode="after")
    def _shape(self) -> EffectSpec:
        if self.kind == "trigger" and self.trigger is None:
            raise ValueError("a trigger effect needs trigger")
        if self.kind == "continuous" and self.applies is None and not (self.trigger and self.ops):
            raise ValueError("a continuous effect needs applies, or trigger and do")
        if self.kind == "replace" and (self.trigger is None or self.trigger.event
                                       != "would_be_destroyed"):  # fmt: skip
            raise ValueError("a replace effect needs trigger: {event: would_be_destroyed}")
        # a Continuous or Field card's activation may only put it on the field (Skill Drain);
        # a mandatory replacement may do nothing but keep the card ("it is not destroyed")
        if self.kind not in ("continuous", "activate", "procedure", "replace") and not self.ops:
            raise ValueError(f"a {self.kind} effect needs do")
        return self


class CardFile(Strict):
    card: Annotated[StrictInt, Field(ge=1, le=999_999_999)]
    name: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    effects: list[EffectSpec] = []
    # effects a card has that the vocabulary cannot say: a named escape hatch (hatches.py)
    hatch: Text | None = None
    # facts about summoning written on the card (not effects)
    summon: (
        Literal[
            "normal", "special_only", "by_effect_only", "not_from_deck", "proper_only",
            "not_from_graveyard_this_turn",
        ]
        | None
    ) = None  # fmt: skip
    # "you can only control 1 [this card's name]"; field: "there can only be 1 on the field"
    unique: StrictBool | Literal["field"] = False
    # "cannot be Special Summoned except with X": only effects of cards of these names may
    summoned_by: list[Text] = []
    note: Annotated[StrictStr, Field(max_length=2000)] | None = None
    # what the file does not play yet: the card plays the rest but counts as not supported
    # (coverage names it with this reason): never a partial card without saying so
    missing: Annotated[StrictStr, Field(max_length=500)] | None = None
    # "you can only Special Summon [this card's name] once per turn"
    special_summon_once: StrictBool = False
    # "cannot be Link Summoned, except during Main Phase 2": its Synchro/Xyz/Link Summon by
    # the rules only in these phases
    procedure_phases: list[Literal["main1", "main2"]] = []
    # a Ritual Monster "Ritual Summoned without using any Level 7 monsters": its Ritual
    # Summon cannot Tribute a monster matching this filter (Nekroz of Gungnir)
    ritual_without: FilterSpec | None = None
    # "if this card is used as Synchro Material for a Mathmech monster, you can treat it as
    # a non-Tuner": the Synchro Monsters (a filter) it may be a non-Tuner for
    synchro_non_tuner: FilterSpec | None = None
    # the printed material line of an Extra Deck monster whose card data has none (a fact
    # of the card, as the card data writes it: "3 Level 4 monsters")
    materials: Annotated[StrictStr, Field(max_length=200)] | None = None


def parse(data: Any, source: str) -> CardFile:  # noqa: ANN401 - parsed YAML
    from deckcheck.engine.untrusted import checked

    return checked(CardFile, data, source)


Cards.model_rebuild()
Op.model_rebuild()
