"""Effects as the engine runs them: compiled once per process from checked card files.

The spell speed is derived (rulebook 9: Spell Speed 1 for Ignition, Trigger and Flip
effects and for Normal, Continuous, Field, Equip and Ritual Spells; 2 for Quick effects,
Quick-Play Spells and Normal and Continuous Traps; 3 for Counter Traps). The categories of
an effect (draw, search, destroy...) are derived from its operations, for effects that
respond to "an activation that includes ..." (Ash Blossom & Joyous Spring).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.cards.filters import Filter, parse_filter, parse_filters
from deckcheck.engine.effects import schema as sch

DEFAULT_RANGE = {
    "ignition": ("monster",),
    "quick": ("monster",),
    "trigger": ("monster",),
    "flip": ("monster",),
    "continuous": ("monster",),
    "procedure": ("hand",),
    "replace": ("monster",),
}
EMPTY_FILTER = Filter(())
ANYWHERE = ("hand", "monster", "spell", "graveyard", "banished", "deck", "extra")


MOVES = ("destroyed", "to_graveyard", "to_hand", "to_deck", "to_banished", "to_extra")
MOVE_ON = {
    "sent_to_graveyard": ("to_graveyard",),
    "banished": ("to_banished",),
    "returned_to_hand": ("to_hand",),
    "added_to_hand": ("to_hand",),
    "leaves_field": ("to_graveyard", "to_hand", "to_deck", "to_banished", "to_extra"),
}
# the kinds of event each trigger event may answer: triggers.collect asks event_matches
# only for these (a screen, never a verdict; kept in step with event_matches)
ANSWERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        ("summoned", "normal_summoned", "flip_summoned", "special_summoned"),
        ("summon", "flip_summon"),
    ),
    "summoning": ("summoning",),
    **dict.fromkeys(("attack_declared", "attack_targeted"), ("attack", "retarget")),
    **MOVE_ON,
    "discarded": MOVES,
    "drawn": ("draw",),
    "flipped": ("flip", "flip_summon"),
    **dict.fromkeys(("damage", "battle_damage", "effect_damage"), ("damage",)),
    **dict.fromkeys(
        ("battled", "before_damage", "damage_step_end", "damage_step_start", "damage_calculation"),
        ("step",),
    ),
    "battle_phase_end": ("phase", "step"),
    **dict.fromkeys(("standby_phase", "end_phase"), ("phase",)),
    **dict.fromkeys(("activated", "would_be_destroyed"), ()),  # answered elsewhere
}


@dataclass(frozen=True, slots=True)
class Select:
    of: str
    filter: Filter
    count: int = 1
    min: int = 1
    chooser: str = "you"
    other: bool = False
    random: bool = False
    highest: str | None = None
    among: str | None = None
    same_name: bool | None = None  # sharing (true) or not (false) a name with previous
    atk_within_lp: bool = False
    declared: bool | None = None  # with (true) or without (false) the declared value
    count_of: Filter | None = None  # choose: at most as many as the cards it matches
    graveyard_race: bool = False
    level_within: str | None = None
    same_race: str | None = None  # targets: the original Type of the first target
    other_name: str | None = None  # targets: not the original name of the first target
    also: Filter | None = None  # choose/all: cards matching this filter count as well
    reaches_atk: bool = False
    atk_below: str | None = None  # self/event: ATK lower than that card's ATK
    each: tuple[Filter, ...] = ()  # choose: one card for each of these
    level_sum: int | None = None  # choose: the chosen cards' Levels add up to this
    def_below: str | None = None  # self/event: DEF lower than that card's ATK
    count_previous: bool = False  # choose: at most as many as the previous operation's cards
    atk_within_previous: bool = False  # ATK at most that of the previous operation's card
    leave: tuple[Filter, int] | None = None  # choose: all but as many as these match + n
    pointed: bool = False  # only monsters in the zones this Link card points to
    same_level: bool = False  # only monsters with the Level of the previous op's card
    one_name: bool = False  # choose: the chosen cards share a name (a set, as each/level_sum)
    different_names: bool = False  # choose: no two chosen cards share a name (a set too)

    @property
    def sets(self) -> bool:
        """Whether a ``choose`` takes its cards as one set that must fit together."""
        if self.count_activated is not None or self.min < self.count:
            # "up to" / "any number": different names one pick at a time
            return bool(self.each) or self.level_sum is not None or self.one_name
        return (
            bool(self.each) or self.level_sum is not None or self.one_name or self.different_names
        )

    atk_at_most: str | None = None  # self: ATK at most this card's ATK (Scarlight)
    points_here: bool = False  # only Link monsters that point to this card
    unlike: Filter | None = None  # only cards whose name no card matching this has
    kind_of: Filter | None = None  # only cards of a kind a card matching this has
    same_kind: bool = False  # only cards of the kind of the previous operation's cards
    also_if: Cond | None = None  # also: only while this condition holds
    count_others: bool = False  # count_of: this card is not counted
    count_materials: Filter | None = None  # choose: at most as many of its summon's materials
    count_activated: Filter | None = None  # choose: at most as many cards activated since
    unbound: bool = False  # not the cards bound to this card (Prohibition's spared ones)
    seen: bool = False  # the filter reads face-down cards too: the effect looked at them
    level_within_names: Filter | None = None  # Level at most the names among these cards
    attacked: bool | None = None  # declared (or not) an attack this turn


@dataclass(frozen=True, slots=True)
class Op:
    do: str
    cards: Select | None
    spec: sch.Op  # the checked arguments (frozen)
    effect: Effect | None = None  # create_floating: the effect it creates
    counting: Filter | None = None  # only these of the previous operation's cards count
    condition: Cond | None = None  # only if this holds when the operation is reached
    deck_materials_if: Filter | None = None  # fusion_summon: Deck materials while it matches
    grave_tributes: Filter | None = None  # ritual_summon: GY monsters banished as Tributes
    pointed_by: Filter | None = None  # special_summon: zones Link monsters like this point to


@dataclass(frozen=True, slots=True)
class Trig:
    on: str
    filter: Filter
    self: bool
    by: str
    how: frozenset[str]
    from_: frozenset[str]
    categories: frozenset[str]
    kinds: frozenset[str]
    card_activation: bool | None
    cause: frozenset[str] = frozenset()
    bound: bool = False
    equipped: bool = False  # the event is about the monster this card equips
    pointed: bool = False  # the event's card is in a zone this Link card points to
    destroys_at_least: int = 0
    destroys_yours: bool = False  # destroys_at_least counts only this card's controller's
    on_field: bool | None = None
    effect_by: str | None = None
    face_up: bool | None = None  # moves: the card was face-up where it was
    sent: bool = False  # battle_destroyed_other: once the monster is sent to the GY
    other_source: bool = False  # not from an effect of a card of this card's name
    own_source: bool = False  # from an effect of a card of this card's name
    targets: Filter | None = None  # activated: it targets a card matching this
    source: Filter | None = None  # from the resolving effect of a card matching this
    sole_target: bool = False  # activated: it targets exactly one card
    others: bool = False  # summons of other monsters, this card on the field before them


@dataclass(frozen=True, slots=True)
class Cond:
    spec: sch.Condition
    exists: Filter | None
    none: tuple[Filter, ...]  # no card may match any of them
    summoned_only: tuple[Filter, ...] | None = None  # special_summoned_only (any of them)
    this_card: Filter | None = None
    not_attacked: Filter | None = None
    battle_opponent: Filter | None = None
    any_of: tuple[Filter, ...] = ()  # some card matches one of them
    materials_include: Filter | None = None  # a material of its last summon matched
    attached: Filter | None = None  # an Xyz Material attached to it matches, as printed
    all_of: tuple[Filter, ...] = ()  # each of them matches some card
    equipped: Filter | None = None  # the monster this card equips matches it
    excavated: Filter | None = None  # a card the effect excavated matches it, as printed
    summoned_with: Filter | None = None  # the monster it was material for matches it


@dataclass(frozen=True, slots=True)
class Effect:
    index: int
    kind: str
    label: str
    speed: int
    trigger: Trig | None
    mandatory: bool
    when: bool
    range: tuple[str, ...]
    condition: Cond | None
    cost: tuple[Op, ...]
    target: tuple[Select, ...]
    ops: tuple[Op, ...]
    once: sch.Once | None
    damage_step: bool
    before_calculation: bool
    opponent_turn: bool | None
    main_phase: bool
    from_hand: bool
    categories: frozenset[str]
    applies: sch.Applies | None = None
    applies_to: Select | None = None
    stat_change: bool = False  # changes ATK/DEF (may be used in the Damage Step)
    negates_activation: bool = False
    remains: bool = False  # a Normal Spell/Trap that stays on the field after resolving
    xyz_on: Filter | None = None  # an Xyz Summon using 1 monster matching it (procedure)
    # the opponent cannot respond to its activation; "monster_effects": no player may with
    # a monster effect
    no_response: bool | str = False
    per_card: Filter | None = None  # applies: atk/def once for each card this matches
    stats_of_attached: Filter | None = None  # applies: the attached materials matching this
    atk_of_pointed: Filter | None = None  # applies: the pointed monsters matching this
    recheck: bool = False  # the condition is checked again at resolution
    cannot_be_negated: bool = False  # continuous: it applies while its card is negated
    set_turn_if: Cond | None = None  # a Trap activated the turn it was Set while this holds
    to_opponent: bool = False  # procedure: the monster goes to the opponent's field
    contact: str | None = None  # procedure: its materials sent from the field (you/both)
    # the kinds of event it may answer as a trigger or flip effect (None: any)
    answers: frozenset[str] | None = frozenset()


@dataclass(frozen=True, slots=True)
class CardEffects:
    """Everything a card file says, compiled."""

    effects: tuple[Effect, ...] = ()
    hatch: str | None = None
    summon: str | None = None
    triggers: tuple[Effect, ...] = field(default=())  # trigger and flip effects
    continuous: tuple[Effect, ...] = field(default=())
    # effects a player activates (not triggers, flips or continuous effects) and every
    # place they can be activated from: timing.activations skips a card anywhere else
    activated: tuple[Effect, ...] = field(default=())
    where: frozenset[str] = field(default=frozenset())
    procedures: tuple[Effect, ...] = field(default=())  # summoning procedures (main_phase.py)
    special_summon_once: bool = False  # only one Special Summon of its name per turn
    summoned_by: frozenset[str] = field(default=frozenset())  # only these cards summon it
    # you can only control 1 of this card's name ("field": there can only be 1 on the field)
    unique: bool | str = False
    # every place its trigger and flip effects answer from: triggers.collect skips a card
    # anywhere else (unless the event moves it: "when this card is destroyed")
    trigger_where: frozenset[str] = field(default=frozenset())
    replacements: tuple[Effect, ...] = field(default=())  # "... instead" (effects/replace.py)
    # procedures for a Normal Summon or Set without Tributes (main_phase.py)
    no_tribute: tuple[Effect, ...] = field(default=())
    # the phases its Synchro/Xyz/Link Summon by the rules may happen in (empty: any)
    procedure_phases: frozenset[str] = field(default=frozenset())
    # its Ritual Summon cannot Tribute a monster matching this (Nekroz of Gungnir)
    ritual_without: Filter | None = None
    # a Tuner that may be a non-Tuner Synchro Material for these monsters (Mathmech Sigma)
    synchro_non_tuner: Filter | None = None


def _up_to(spec: sch.Cards) -> bool:
    """A ``choose`` of "up to" a number worked out when it happens: at least 1 by default."""
    return (
        spec.count_of is not None
        or spec.count_previous
        or spec.count_materials is not None
        or spec.count_activated is not None
    )


def select(spec: sch.Cards) -> Select:
    return Select(
        spec.of,
        parse_filter(spec.filter) if spec.filter else EMPTY_FILTER,
        spec.count,
        (1 if _up_to(spec) else spec.count) if spec.min is None else spec.min,
        spec.chooser,
        spec.other,
        spec.random,
        spec.highest,
        spec.among,
        spec.same_name,
        spec.atk_within_lp,
        spec.declared,
        parse_filter(spec.count_of) if spec.count_of is not None else None,
        graveyard_race=spec.graveyard_race,
        level_within=spec.level_within,
        same_race=spec.same_race,
        other_name=spec.other_name,
        count_previous=spec.count_previous,
        atk_within_previous=spec.atk_within_previous,
        also=parse_filter(spec.also) if spec.also else None,
        reaches_atk=spec.reaches_atk,
        atk_below=spec.atk_below,
        each=tuple(parse_filter(f) for f in spec.each),
        level_sum=spec.level_sum,
        def_below=spec.def_below,
        leave=(parse_filter(spec.leave.count_of), spec.leave.plus) if spec.leave else None,
        pointed=spec.pointed,
        same_level=spec.same_level,
        one_name=spec.one_name,
        different_names=spec.different_names,
        atk_at_most=spec.atk_at_most,
        points_here=spec.points_here,
        unlike=parse_filter(spec.unlike) if spec.unlike is not None else None,
        kind_of=parse_filter(spec.kind_of) if spec.kind_of is not None else None,
        same_kind=spec.same_kind,
        also_if=condition(spec.also_if) if spec.also_if is not None else None,
        count_others=spec.count_others,
        count_materials=parse_filter(spec.count_materials) if spec.count_materials else None,
        count_activated=parse_filter(spec.count_activated) if spec.count_activated else None,
        unbound=spec.unbound,
        seen=spec.seen,
        attacked=spec.attacked,
        level_within_names=(
            parse_filter(spec.level_within_names) if spec.level_within_names else None
        ),
    )


def op(spec: sch.Op, card_kind: str = "monster") -> Op:
    nested = None
    if spec.effect is not None:
        nested = compile_effect(-1, spec.effect, card_kind, None)
    counting = parse_filter(spec.counting) if spec.counting is not None else None
    cond = condition(spec.condition) if spec.condition is not None else None
    deck_if = parse_filter(spec.deck_materials_if) if spec.deck_materials_if else None
    cards = select(spec.cards) if spec.cards else None
    grave = parse_filter(spec.grave_tributes) if spec.grave_tributes else None
    by = parse_filter(spec.pointed_by) if spec.pointed_by else None
    return Op(spec.do, cards, spec, nested, counting, cond, deck_if, grave, by)


CATEGORY_OF = {
    "draw": "draw",
    "destroy": "destroy",
    "banish": "banish",
    "special_summon": "special_summon",
    "fusion_summon": "special_summon",
    "fusion_summon_using": "special_summon",
    "summon_self_as_monster": "special_summon",
    "ritual_summon": "special_summon",
    "synchro_summon": "special_summon",
    "negate_activation": "negate",
    "negate_effect": "negate",
    "negate_summon": "negate",
    "negate_effects": "negate",
    "damage": "damage",
    "gain_lp": "recover",
    "return_to_hand": "to_hand",
    "return_to_deck": "to_deck",
    "change_position": "position",
    "take_control": "control",
    "create_tokens": "tokens",
    "place_counters": "counter",
    "equip": "equip",
    "discard": "discard",
    "mill": "mill",
    "send_to_graveyard": "to_graveyard",
}


def categories(ops: tuple[Op, ...], target: tuple[Select, ...] = ()) -> frozenset[str]:
    """What an effect's resolution includes, for effects that respond to such activations:
    adding from the Deck to the hand is a search, summoning from the Deck a deck summon,
    sending from the Deck to the Graveyard a mill; taking cards out of the Graveyard (to
    the hand, Deck, field or banishment) is leaves_graveyard. Operations on the targets
    read the targets' locations."""
    out: set[str] = set()
    for o in ops:
        cat = CATEGORY_OF.get(o.do)
        if cat:
            out.add(cat)
        where = _locations(o.cards)
        if o.cards is not None and o.cards.of == "targets":
            where = {w for t in target for w in _locations(t)}
        if "graveyard" in where and o.do in GRAVEYARD_OUT:
            out.add("leaves_graveyard")
        if o.do == "add_to_hand":
            out.add("to_hand")
            if "deck" in where:
                out.add("search")
        if o.do == "special_summon" and "deck" in where:
            out.add("deck_summon")
        if o.do == "send_to_graveyard" and "deck" in where:
            out.add("mill")
    return frozenset(out)


GRAVEYARD_OUT = ("add_to_hand", "return_to_hand", "return_to_deck", "special_summon", "banish")


def _locations(sel: Select | None) -> set[str]:
    if sel is None:
        return set()
    for t in sel.filter.terms:
        if t.field == "location" and not t.negate:
            return set(t.values)
    return set()


def condition(c: sch.Condition) -> Cond:
    return Cond(
        c,
        parse_filter(c.exists) if c.exists is not None else None,
        parse_filters(c.none) if c.none is not None else (),
        parse_filters(c.special_summoned_only) if c.special_summoned_only else None,
        parse_filter(c.this_card) if c.this_card else None,
        parse_filter(c.not_attacked) if isinstance(c.not_attacked, dict) else None,
        parse_filter(c.battle_opponent) if c.battle_opponent else None,
        tuple(parse_filter(x) for x in c.any_of),
        parse_filter(c.materials_include) if c.materials_include else None,
        parse_filter(c.attached) if c.attached else None,
        tuple(parse_filter(x) for x in c.all_of),
        parse_filter(c.equipped) if c.equipped else None,
        parse_filter(c.excavated) if c.excavated else None,
        parse_filter(c.summoned_with) if c.summoned_with else None,
    )


def speed(kind: str, card_kind: str, spell_property: str | None) -> int:
    if kind == "activate":
        if card_kind == "trap":
            return 3 if spell_property == "counter" else 2
        return 2 if spell_property == "quickplay" else 1
    if card_kind == "spell":  # a Spell's effects in the GY or face-up on the field (002:626)
        return 1
    return 2 if kind == "quick" else 1


def compile_effect(n: int, e: sch.EffectSpec, card_kind: str, spell_property: str | None) -> Effect:
    ops = tuple(op(o, card_kind) for o in e.ops)
    trig = None
    if e.trigger is not None:
        t = e.trigger
        trig = Trig(
            t.event,
            parse_filter(t.filter) if t.filter else EMPTY_FILTER,
            t.self,
            t.by,
            frozenset(t.how),
            frozenset(t.from_),
            frozenset(t.categories),
            frozenset(t.kind),
            t.card_activation,
            frozenset(t.cause),
            t.bound,
            equipped=t.equipped,
            pointed=t.pointed,
            destroys_at_least=t.destroys_at_least or 0,
            destroys_yours=t.destroys_yours,
            on_field=t.on_field,
            effect_by=t.effect_by,
            face_up=t.face_up,
            sent=t.sent,
            targets=parse_filter(t.targets) if t.targets else None,
            other_source=t.other_source,
            own_source=t.own_source,
            source=parse_filter(t.source) if t.source else None,
            others=t.others,
            sole_target=t.sole_target,
        )
    cond = condition(e.condition) if e.condition is not None else None
    rng = tuple(e.range) or _default_range(e.kind, card_kind, e.from_hand)
    if not e.range and e.trigger is not None and e.trigger.self:
        rng = ANYWHERE  # "if this card is sent to the GY": wherever the event leaves it
    rng = tuple(x for r in rng for x in (("monster", "spell") if r == "field" else (r,)))
    applies_to = None
    if e.applies is not None and e.applies.to is not None:
        applies_to = select(e.applies.to)
    return Effect(
        answers=answered(e.kind, trig),
        index=n,
        kind=e.kind,
        label=e.label or f"effect {n + 1}",
        speed=e.speed or speed(e.kind, card_kind, spell_property),
        trigger=trig,
        mandatory=e.mandatory,
        when=e.when,
        range=rng,
        condition=cond,
        cost=tuple(op(o, card_kind) for o in e.cost),
        target=tuple(select(t) for t in e.target),
        ops=ops,
        once=e.once,
        damage_step=e.damage_step,
        before_calculation=e.before_calculation,
        opponent_turn=e.opponent_turn,
        main_phase=e.main_phase,
        from_hand=e.from_hand,
        categories=categories(ops, tuple(select(t) for t in e.target)),
        applies=e.applies,
        applies_to=applies_to,
        stat_change=any(o.do in ("change_atk", "change_def", "set_atk", "set_def") for o in ops),
        negates_activation=any(o.do == "negate_activation" for o in ops),
        remains=e.remains,
        xyz_on=parse_filter(e.xyz_on) if e.xyz_on else None,
        no_response=e.no_response,
        per_card=parse_filter(e.applies.per_card) if e.applies and e.applies.per_card else None,
        stats_of_attached=(
            parse_filter(e.applies.stats_of_attached)
            if e.applies and e.applies.stats_of_attached
            else None
        ),
        atk_of_pointed=(
            parse_filter(e.applies.atk_of_pointed)
            if e.applies and e.applies.atk_of_pointed
            else None
        ),
        recheck=e.recheck,
        cannot_be_negated=e.cannot_be_negated,
        set_turn_if=condition(e.set_turn_if) if e.set_turn_if is not None else None,
        to_opponent=e.to_opponent,
        contact=e.contact,
    )


def answered(kind: str, t: Trig | None) -> frozenset[str] | None:
    """The kinds of event a trigger or flip effect may answer (None: any)."""
    if kind == "flip":
        return frozenset(("flip", "flip_summon"))
    if t is None:
        return frozenset()
    if t.on.startswith("destroyed") or t.on == "battle_destroyed_other":
        return frozenset(("to_graveyard",) if t.sent else ("destroyed",))
    found = ANSWERS.get(t.on)
    return None if found is None else frozenset(found)


def compile_effects(spec: sch.CardFile, card_kind: str, spell_property: str | None) -> CardEffects:
    all_ = tuple(
        compile_effect(n, e, card_kind, spell_property) for n, e in enumerate(spec.effects)
    )
    activated = tuple(
        e for e in all_ if e.kind not in ("trigger", "flip", "continuous", "procedure", "replace")
    )
    triggers = tuple(
        e for e in all_ if e.kind in ("trigger", "flip") or (e.kind == "continuous" and e.trigger)
    )
    return CardEffects(
        all_,
        spec.hatch,
        spec.summon,
        triggers,
        tuple(e for e in all_ if e.kind == "continuous" and e.applies is not None),
        activated,
        frozenset(r for e in activated for r in e.range),
        tuple(
            e
            for e, x in zip(all_, spec.effects, strict=True)
            if e.kind == "procedure" and not x.without_tributes
        ),
        spec.special_summon_once,
        frozenset(spec.summoned_by),
        replacements=tuple(e for e in all_ if e.kind == "replace"),
        no_tribute=tuple(e for e, x in zip(all_, spec.effects, strict=True) if x.without_tributes),
        unique=spec.unique,
        procedure_phases=frozenset(spec.procedure_phases),
        ritual_without=parse_filter(spec.ritual_without) if spec.ritual_without else None,
        synchro_non_tuner=(
            parse_filter(spec.synchro_non_tuner) if spec.synchro_non_tuner else None
        ),
        trigger_where=frozenset(r for e in triggers for r in e.range),
    )


def _default_range(kind: str, card_kind: str, from_hand: bool) -> tuple[str, ...]:
    if kind == "activate":
        if card_kind == "trap":
            return ("spell", "hand") if from_hand else ("spell",)
        return ("hand", "spell")
    return DEFAULT_RANGE.get(kind, ("monster",))
