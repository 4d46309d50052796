"""What continuous effects read, as one value: ``continuous.adjust`` keeps the value of the
state it left, and when the state shows the same value again nothing it reads has changed,
so it returns at once (it runs after every operation and at every window, and most of the
time finds nothing to do).

The value always holds the field: which cards are in the Monster and Extra Monster Zones,
and in the Spell & Trap Zones those with continuous effects and the Equip Cards, and their
basic fields (all but ``MORE``; materials and counters too), the number of cards, the
modifiers (``State.lasting``) and the effects on players (``State.floating``). What changes
more often and few effects read is in the value only while a card on the field has an
effect that reads it: the other cards of the Spell & Trap Zones (``SPELLS``: Spells and
Traps come and go there at almost every activation), the turn and phase (``TIME``),
the battle (``BATTLE``), the field cards' other fields (``CARDS``: position, how and when
they came, attacks), which cards are in the Graveyards (``GRAVES``: their definitions) and
the ones there that apply from there whole (``GRAVE_CARDS``: while the duel has such a
card), the piles, Life Points and every card (``PILES``), the history (``HISTORY``), the
window and the chain (``WINDOW``). What an effect reads is read off its condition, the cards it
applies to and what it applies, clause by clause (the tables below); a clause they do not
name counts as reading everything (``ALL``: no value is kept and adjust runs), and
tests/engine/test_steady.py fails until it is named.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import MISSING, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from deckcheck.cards.filters import STATE_FIELDS
from deckcheck.engine.effects import schema as sch
from deckcheck.engine.effects.model import Select
from deckcheck.engine.select import _kept, able, stats_read
from deckcheck.engine.state import EMPTY, GRAVE, Battle, Inst, Side, State, plain_copy

if TYPE_CHECKING:
    from deckcheck.cards.filters import Filter
    from deckcheck.engine.carddefs.compile import CardDef
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.effects.model import Effect
    from deckcheck.engine.template import DuelTemplate

TIME, BATTLE, CARDS, GRAVES = "time", "battle", "cards", "graves"
GRAVE_CARDS, PILES, HISTORY, WINDOW, ALL = "grave cards", "piles", "history", "window", "all"
SPELLS = "spells"
Reads = frozenset[str]
NOTHING: Reads = frozenset()

# condition clauses (schema.Condition) -> what they read beyond the field; the filter
# clauses read the piles when their filter may match there
COND_READS: dict[str, tuple[str, ...]] = {
    "min": (), "max": (), "distinct": (),
    "lp_at_least": (PILES,), "lp_at_most": (PILES,), "lp_vs_opponent": (PILES,),
    "not_special_summoned": (HISTORY,), "not_summoned": (HISTORY,),
    "special_summoned_only": (HISTORY, PILES), "start_of_main1": (HISTORY,),
    "no_battle_phase_yet": (TIME, HISTORY),
    "your_turn": (TIME,), "phase": (TIME,), "chain_empty": (WINDOW,),
    "in_damage_step": (BATTLE,), "battle_involves_self": (BATTLE,),
    "deck_at_least": (PILES,), "hand_at_least": (PILES,), "opponent_deck_at_least": (PILES,),
    "not_sent_this_turn": (TIME, CARDS), "set_this_turn": (TIME, CARDS),
    "battle_sent_since_standby": (TIME, CARDS, HISTORY), "attacked_this_turn": (TIME, CARDS),
    "points_to_monster": (), "no_cards_but_self": (SPELLS,), "fewer_monsters": (),
    "not_attacked": (TIME, CARDS, HISTORY, PILES),
    "counters_at_least": (), "co_linked": (), "chain_at_least": (WINDOW,),
    "opponent_controls_more": (PILES,), "no_normal_summon": (PILES,),
    "deck_more_than_opponent": (PILES,), "summoned_this_turn": (TIME, CARDS),
    "battled_this_turn": (HISTORY,), "name_not_in_chain": (WINDOW,),
    "attack_target_self": (BATTLE,), "attacker_self": (BATTLE,), "step": (WINDOW,),
    "opponent_attacks": (BATTLE,), "direct_attack": (BATTLE,),
    "flipped_by_attack": (BATTLE, HISTORY),
    "replaced_this_turn": (HISTORY,), "one_race_in_graveyard": (GRAVES,),
    "no_materials": (), "opponent_holds_more": (PILES,), "summoned_how": (CARDS,),
    "equipped_monster": (), "zone_free": (), "materials_include": (HISTORY,),
    "this_card": (), "battle_opponent": (BATTLE,), "attached": (),
    "excavated": (), "summoned_with": (HISTORY, CARDS),
}  # fmt: skip
# read from their compiled filters: where they look, what of the cards' state they read
COND_FILTERS = ("exists", "any_of", "all_of", "none", "this_card", "battle_opponent", "equipped")

# what a continuous effect applies (schema.Applies) -> what it reads beyond the field;
# ``to`` and ``per_card`` are read from the compiled effect (applies_to, per_card)
APPLIES_READS: dict[str, tuple[str, ...]] = {
    "to": (), "per_card": (), "player": (), "atk": (), "defense": (), "flags": (),
    "atk_becomes": (), "per_counter": (), "per_material": (), "distinct": (),
    "except_archetype": (), "archetype": (), "name": (), "draw_per_name": (),
    "damage_counter": (), "atk_of": (BATTLE,), "swap_original": (),
    "against": (BATTLE, CARDS), "attacks_of_materials": (HISTORY, CARDS), "only": (),
    "control": (), "per_pointed": (), "stats_of_attached": (),
    "atk_of_pointed": (), "also_attribute": (),
}  # fmt: skip

# a selection of the cards an effect applies to reads only the field when it is one of
# these and its filter looks only there; of the other fields of Select, these read more
SELECT_KINDS = ("all", "choose", "self", "equipped", "bound")  # bonds: State.floating
SELECT_READS: dict[str, tuple[str, ...]] = {
    "of": (), "filter": (), "count": (), "min": (), "chooser": (), "other": (),
    "highest": (), "graveyard_race": (GRAVES,), "atk_within_lp": (PILES,), "seen": (),
    "level_within_names": (ALL,), "attacked": (TIME, CARDS),
}  # fmt: skip
ON_FIELD = frozenset(("monster", "spell", "spell_trap", "overlay"))
IN_SPELL_ZONES = frozenset(("spell", "spell_trap"))  # a filter that looks there: SPELLS
# filter terms on where a card is (select.py) -> what they read beyond the field's cards'
# basic fields (``MORE``: the cards' other fields)
TERM_READS: dict[str, tuple[str, ...]] = {
    "location": (), "face_up": (), "controller": (), "zone": (), "co_linked": (),
    "linked": (), "summonable": (), "position": (CARDS,), "battling": (BATTLE,),
    "attacking": (BATTLE,), "pointed_to": (), "has_materials": (),
    "from_extra": (CARDS,), "summoned": (CARDS,), "special_summoned": (CARDS,),
}  # fmt: skip


def _default(model: Any, name: str) -> Any:  # noqa: ANN401 - a pydantic field's default
    return model.model_fields[name].default


def _filter_reads(flt: Filter | None, on_field: bool = False) -> Reads:
    """What of the cards' state the filter's terms read, and the piles when it may match a
    card off the field (no location term, a negated one, or one naming a pile) unless the
    card it is asked about is on the field (``on_field``)."""
    if flt is None:
        return NOTHING
    out: set[str] = set()
    where = None
    for t in flt.terms:
        if t.field in STATE_FIELDS:
            out.update(TERM_READS.get(t.field, (ALL,)))
        if t.field == "location" and where is None:
            where = t.values if not t.negate else frozenset()
    if not on_field and (where is None or not where or not where <= ON_FIELD):
        out.add(PILES)
    if not on_field and where and not where.isdisjoint(IN_SPELL_ZONES):
        out.add(SPELLS)
    return frozenset(out)


def _select_reads(sel: Select) -> Reads:
    if sel.of not in SELECT_KINDS:
        return frozenset((ALL,))
    out: set[str] = set()
    for f in fields(Select):
        if f.default is MISSING or getattr(sel, f.name) != f.default:
            out.update(SELECT_READS.get(f.name, (ALL,)))
    if sel.of in ("all", "choose"):
        out |= _filter_reads(sel.filter)
    return frozenset(out)


def effect_reads(e: Effect) -> Reads:
    """What a continuous effect reads beyond the field (see the module's docstring)."""
    out: set[str] = set()
    cond = e.condition
    if cond is not None:
        spec = cond.spec
        for name in type(spec).model_fields:
            if getattr(spec, name) == _default(sch.Condition, name):
                continue
            if name not in COND_FILTERS:
                out.update(COND_READS.get(name, (ALL,)))
        for flt in (cond.exists, *cond.none, *cond.any_of, *cond.all_of):
            out |= _filter_reads(flt)
        for flt in (cond.this_card, cond.battle_opponent, cond.equipped):  # on the field
            out |= _filter_reads(flt, on_field=True)
    a = e.applies
    if a is not None:
        for name in type(a).model_fields:
            if getattr(a, name) != _default(sch.Applies, name):
                out.update(APPLIES_READS.get(name, (ALL,)))
    if e.applies_to is not None:
        out |= _select_reads(e.applies_to)
    if e.per_card is not None:
        out |= _filter_reads(e.per_card)
    return frozenset(out)


_BY_TEMPLATE: dict[int, tuple[DuelTemplate, frozenset[int]]] = {}
_BY_DEF: dict[int, tuple[CardDef, Reads]] = {}
MAX_DEFS = 4096


def card_reads(d: CardDef) -> Reads:
    """What the card's continuous effects read beyond the field, kept per definition (the
    entry holds the definition, so its id is not reused while it is kept; bounded)."""
    found = _BY_DEF.get(id(d))
    if found is None:
        if len(_BY_DEF) >= MAX_DEFS:
            _BY_DEF.clear()
        reads: set[str] = set()
        if d.fx is not None:
            for e in d.fx.continuous:
                reads |= effect_reads(e)
        found = _BY_DEF[id(d)] = (d, frozenset(reads))
    return found[1]


def template_reads(template: DuelTemplate) -> Reads:
    """The Graveyards' cards when a card of the duel applies from there (which cards apply
    then depends on what is there, and so what they read)."""
    return frozenset((GRAVE_CARDS,)) if grave_appliers(template) else NOTHING


def grave_appliers(template: DuelTemplate) -> frozenset[int]:
    """The cards with a continuous effect that applies from the Graveyard: the only ones
    there that ``adjust`` reads (others only through effects that read the piles); kept
    per template (bounded)."""
    found = _BY_TEMPLATE.get(id(template))
    if found is None:
        if len(_BY_TEMPLATE) >= MAX_DEFS:
            _BY_TEMPLATE.clear()
        defs = template.defs
        ids = frozenset(
            i
            for i in template.continuous_cards
            if any(GRAVE in e.range for e in defs[i].fx.continuous)  # type: ignore[union-attr]
        )
        found = _BY_TEMPLATE[id(template)] = (template, ids)
    return found[1]


# a card's fields that change as it is played on the field and that few effects read
# (``CARDS``); the value always holds every other field but its definition (fixed)
MORE = ("in_def", "placed", "changed", "attacked", "attacks", "summon", "proper", "prev")
MORE += ("summoning", "prev_face_up", "prev_negated")
CONTAINERS = ("overlay", "counters")
_BASIC = attrgetter(*[f.name for f in fields(Inst) if f.name not in ("d", *MORE, *CONTAINERS)])
_MORE = attrgetter(*MORE)
_ALL = attrgetter(*[f.name for f in fields(Inst) if f.name not in ("d", *CONTAINERS)])
_BATTLE = attrgetter(*[f.name for f in fields(Battle)])
_SIDE = [f.name for f in fields(Side)]


# a filter that looks only at the Monster Zones reads these state terms of the cards there
# (all in their basic fields, ``_BASIC``); a selection "all" reads only these of its fields
MONSTER_TERMS = frozenset(("location", "face_up", "controller", "zone"))
MONSTER_SELECT = frozenset(("of", "filter", "count", "min", "chooser", "graveyard_race"))
MONSTER_COND = frozenset(("exists", "none", "any_of", "min", "max", "distinct"))
MONSTER_COND |= {"one_race_in_graveyard"}
# of those, the clauses that read the Graveyard of the effect's controller (Solidarity)
OWN_GRAVE = frozenset(("graveyard_race", "one_race_in_graveyard"))
Monsters = tuple[tuple["Filter", ...], bool]
_MONSTER_ONLY: dict[int, tuple[Effect, Monsters | None]] = {}


def _monsters_only(flt: Filter) -> bool:
    where = [t for t in flt.terms if t.field == "location"]
    if len(where) != 1 or where[0].negate or not where[0].values <= {"monster"}:
        return False
    return all(t.field in MONSTER_TERMS for t in flt.terms if t.field in STATE_FIELDS)


def monster_filters(e: Effect) -> Monsters | None:
    """The filters of the effect's condition and of the cards it applies to, when those
    read nothing but the monsters on the field (``monsters``): conditions of filters on the
    Monster Zones, a selection of all the monsters a filter matches there; and whether they
    read its controller's Graveyard too (``OWN_GRAVE``: the cards there, as printed). Else
    None. Kept per effect (the entry holds it, so its id is not reused while it is kept;
    bounded)."""
    found = _MONSTER_ONLY.get(id(e))
    if found is None:
        flts: list[Filter] = []
        ok, grave = True, False
        cond = e.condition
        if cond is not None:
            spec = cond.spec
            named = [n for n in type(spec).model_fields
                     if getattr(spec, n) != _default(sch.Condition, n)]  # fmt: skip
            ok = all(name in MONSTER_COND for name in named)
            grave = not OWN_GRAVE.isdisjoint(named)
            flts += [f for f in (cond.exists, *cond.none, *cond.any_of) if f is not None]
        sel = e.applies_to
        if sel is not None:
            ok = ok and sel.of == "all"
            named = [f.name for f in fields(Select)
                     if f.default is MISSING or getattr(sel, f.name) != f.default]  # fmt: skip
            ok = ok and all(name in MONSTER_SELECT for name in named)
            grave = grave or not OWN_GRAVE.isdisjoint(named)
            flts.append(sel.filter)
        ok = ok and bool(flts) and all(_monsters_only(f) for f in flts)
        if len(_MONSTER_ONLY) >= MAX_DEFS:
            _MONSTER_ONLY.clear()
        found = _MONSTER_ONLY[id(e)] = (e, (tuple(flts), grave) if ok else None)
    return found[1]


def modifiers(s: State) -> tuple[Any, ...]:
    """What of the modifiers may change what a filter sees of a card (select.matching: any
    but flags, and "negated", which stops a card's own ones, query.view), and the number of
    cards (Tokens): with these the same, ``able`` and ``select.few`` answer the same."""
    mods = [m for m in s.lasting if m.stat != "flag" or m.value == "negated"]
    return (len(s.cards), tuple(mods))


Plan = tuple[tuple[tuple[frozenset[int] | None, frozenset[str] | None], ...], frozenset[str]]


def plan(flts: tuple[Filter, ...], defs: tuple[CardDef, ...]) -> Plan:
    """For each filter, the cards whose printed definition its card terms pass (None: it
    has none; ``select.able``) and the controllers its controller term names (None: any);
    and the characteristics their card terms read (``select.stats_read``)."""

    out = []
    for flt in flts:
        ctrl = [t for t in flt.terms if t.field == "controller" and not t.negate]
        out.append((able(_kept(flt), defs), ctrl[0].values if len(ctrl) == 1 else None))
    return tuple(out), frozenset().union(*map(stats_read, flts))


def monsters(s: State, kept: Plan, player: int, n: int, mods: tuple[Any, ...]) -> list[Any]:
    """The value of what filters with this ``plan`` read (``monster_filters``), asked for
    ``player``: of the ``modifiers``, those of a characteristic their card terms read (and
    "negated"); and the monsters on the field that may match one of them, with what of
    them ``MONSTER_TERMS`` and a hidden card read (where, whose, face-up). A card a
    filter's card terms reject as printed, unmodified in what they read and not a Token (an
    id from ``n`` on), or of a controller its controller term rejects, matches it nowhere
    (select.matching reads only those modifiers too)."""
    fits, stats = kept
    seen: tuple[Any, ...] = ()
    modded: Container[int] = ()
    if stats:  # no card terms: no modifier changes what they see
        seen = tuple([m for m in mods[1] if m.stat in stats or m.stat == "flag"])
        modded = {m.card for m in seen if m.stat != "flag"}
    cards = s.cards
    a, b = s.sides
    out: list[Any] = [mods[0], seen]
    for i in (*a.mzone, *b.mzone, *s.emz):
        if i == EMPTY:
            continue
        c = cards[i]
        mine = "you" if c.ctrl == player else "opponent"
        for fit, who in fits:
            if (fit is None or i in fit or i >= n or i in modded) and (who is None or mine in who):
                out.append((i, c.ctrl, c.loc, c.seq, c.face_up))
                break
    return out


def on_field(s: State) -> list[int]:
    """The cards in the Monster, Spell & Trap and Extra Monster Zones, in zone order."""
    a, b = s.sides
    return [i for i in (*a.mzone, *a.szone, *b.mzone, *b.szone, *s.emz) if i != EMPTY]


def field(duel: Duel) -> tuple[Any, ...]:
    """The value of the field: what every continuous effect may read (of the Spell & Trap
    Zones, the cards with continuous effects and the Equip Cards; the others: SPELLS). The
    cards by id in zone order, each with its basic fields (where it is among them): equal
    values have the same cards in the same zones."""
    s = duel.state
    cards = s.cards
    a, b = s.sides
    kept = duel.template.continuous_set
    ids = [i for i in (*a.mzone, *b.mzone, *s.emz) if i != EMPTY]
    ids += [i for i in (*a.szone, *b.szone)
            if i in kept or i != EMPTY and cards[i].equip != EMPTY]  # fmt: skip
    # plain data: equal reprs are equal values (a dict's order aside, which only costs a
    # run of adjust)
    floating = repr(s.floating) if s.floating else ""
    return (len(cards), tuple(ids), tuple(s.lasting), floating, *_cards(cards, ids))


# the quick check's first look (``snapshot``, ``still``): the zones, the modifiers, the
# effects on players and the field's cards' basic fields, materials and counters, compared
# as they are, with no value built
Snapshot = tuple[list[int], list[int], list[Any], list[Any], int, list[Any]]


def _looks(cards: list[Inst], ids: list[int]) -> list[Any]:
    """The basic fields (``_BASIC``), materials and counters of these cards: written out,
    as an attrgetter of many names costs twice as much a card (test_steady checks that
    each field counts)."""
    return [
        (c.owner, c.ctrl, c.loc, c.seq, c.face_up, c.destroyed, c.gen, c.equip, c.trap_zone,
         c.overlay, c.counters)
        for c in map(cards.__getitem__, ids)
    ]  # fmt: skip


def snapshot(duel: Duel) -> Snapshot | None:
    """The field as it is now, for ``still``; None while a card on the field has materials
    (the value reads the materials' fields too: ``field`` decides then)."""
    s = duel.state
    cards = s.cards
    a, b = s.sides
    zones = [*a.mzone, *a.szone, *b.mzone, *b.szone, *s.emz]
    ids = [i for i in zones if i != EMPTY]
    looks = _looks(cards, ids)
    if any(look[-2] for look in looks):
        return None
    looks = [(*look[:-2], [], dict(look[-1])) for look in looks]  # copies of the containers
    return zones, ids, s.lasting[:], plain_copy(s.floating), len(cards), looks


def still(duel: Duel, kept: Snapshot) -> bool:
    """Whether the field is as ``snapshot`` found it: every zone holds the same card, with
    the same basic fields, materials and counters, and the modifiers and the effects on
    players are equal (plain data). Then ``field``'s value is the same too (it reads
    nothing else), at the cost of a few comparisons the interpreter makes in C."""
    s = duel.state
    a, b = s.sides
    zones, ids, lasting, floating, n, looks = kept
    return (
        [*a.mzone, *a.szone, *b.mzone, *b.szone, *s.emz] == zones
        and s.lasting == lasting
        and s.floating == floating
        and len(s.cards) == n
        and _looks(s.cards, ids) == looks
    )


def _cards(cards: list[Inst], ids: Iterable[int]) -> list[Any]:
    """The basic fields of these cards (EMPTY slots skipped), their materials and counters."""
    on = [cards[i] for i in ids if i != EMPTY]
    out: list[Any] = [*map(_BASIC, on)]
    for c in on:
        if c.overlay:  # materials and counters, tagged
            out.append(("overlay", tuple(c.overlay)))
            out.extend([_ALL(cards[m]) for m in c.overlay])
        if c.counters:
            out.append(("counters", tuple(c.counters.items())))
    return out


def reads(duel: Duel) -> Reads | None:
    """What the continuous effects that may apply now read beyond the field; None when one
    of them may read anything, or a floating effect applies to cards (by a selection of
    its own, continuous._floating_applies)."""
    s = duel.state
    if s.floating and any(f.get("kind") == "floating" for f in s.floating):
        return None
    cards = s.cards
    out = set(template_reads(duel.template))
    for i in on_field(s):
        if cards[i].d.fx is not None:
            out |= card_reads(cards[i].d)
    return None if ALL in out else frozenset(out)


def beyond(duel: Duel, what: Reads) -> tuple[Any, ...]:
    """The value of what ``reads`` named beyond the field."""
    if not what:
        return ()
    s = duel.state
    cards = s.cards
    out: list[Any] = []
    if SPELLS in what:
        slots = (*s.sides[0].szone, *s.sides[1].szone)
        out.append(slots)
        out.extend(_cards(cards, slots))
    if TIME in what:
        out.append((s.turn, s.turn_player, s.phase))
    if BATTLE in what:
        out.append(_BATTLE(s.battle) if s.battle is not None else None)
    if CARDS in what:
        out.extend([_MORE(cards[i]) for i in on_field(s)])
    if PILES not in what and (GRAVES in what or GRAVE_CARDS in what):
        out.extend([tuple(side.grave) for side in s.sides])
        if GRAVE_CARDS in what:
            appliers = grave_appliers(duel.template)
            out.extend([_ALL(cards[i]) for side in s.sides for i in side.grave if i in appliers])
    if PILES in what:
        out.extend([(_ALL(c), tuple(c.overlay), tuple(c.counters.items())) for c in cards])
        out.extend(repr([getattr(side, n) for n in _SIDE]) for side in s.sides)
    if HISTORY in what:
        out.append(len(s.history))
    if WINDOW in what:
        timing = s.frames[-1].data.get("timing") if s.frames else None
        out.append((timing, tuple([link["card"] for link in s.chain])))
    return tuple(out)
