"""What an effect's costs, targets and operations work with: the chain link (plain data,
``state.chain``) and the cards a selection means.

A link is a dict: ``card`` and ``gen`` (the card and which incarnation of it activated),
``effect`` (its path: "2", or "2.0" for a floating effect an operation created),
``player`` (who activated it), ``speed``, ``targets`` (``[[card, gen], ...]`` per target
group), ``event`` (the cards of the event it answers), ``responds`` (the chain index of the
link it was activated in response to, or -1), ``previous`` (what the last operation acted
on), ``negated`` ("", "activation" or "effect"), ``set`` (activated after being Set),
``field`` (activated on the field), ``declared`` (a declaration), ``link`` (1 first).
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from deckcheck.cards.filters import Filter
from deckcheck.engine.effects.model import Effect, Op, Select
from deckcheck.engine.events import ChainEvent, DamageEvent
from deckcheck.engine.query import atk, declaration, defense, is_declared, level, view, word
from deckcheck.engine.select import few, matches, matching
from deckcheck.engine.state import EMPTY, GRAVE, MZONE, PILES, SZONE, State

if TYPE_CHECKING:
    from deckcheck.engine.carddefs.compile import CardDef
    from deckcheck.engine.duel import Duel

Link = dict[str, Any]
FIELD = (MZONE, SZONE)


def effect_of(s: State, card: int, path: str) -> Effect:
    """The compiled effect a link or pending trigger names."""
    fx = s.cards[card].d.fx
    assert fx is not None, f"card {card} has no effects"
    head, _, tail = path.partition(".")
    e = fx.effects[int(head)]
    if tail:
        nested = effect_ops(e)[int(tail)].effect
        assert nested is not None
        return nested
    return e


def effect_ops(e: Effect) -> tuple[Op, ...]:
    """An effect's operations, then its costs: a nested effect (``create_floating``) is
    named by its index here (a cost may create one: Hot Red Dragon Archfiend's lock)."""
    return (*e.ops, *e.cost)


def new_link(s: State, card: int, path: str, player: int, e: Effect) -> Link:
    c = s.cards[card]
    link = {
        "card": card,
        "gen": c.gen,
        "effect": path,
        "player": player,
        "speed": e.speed,
        "targets": [],
        "event": [],
        "responds": len(s.chain) - 1,
        "previous": [],
        "negated": "",
        "set": c.loc == SZONE and not c.face_up,
        "field": c.loc in FIELD,
        "declared": None,
        "link": len(s.chain) + 1,
    }
    if s.floating:  # what a Continuous card declared as it was activated (Prohibition)
        said = declaration(s, card)
        if said is not None:
            link["declared"], link["declared_what"] = said["value"], said["what"]
    return link


def note_damage(s: State, link: Link, index: int) -> None:
    """The damage of the event the link answers, when it is damage (``event_amount``:
    "equal to the amount of damage you took"; Gorz the Emissary of Darkness)."""
    ev = s.history[index] if 0 <= index < len(s.history) else None
    if isinstance(ev, DamageEvent):
        link["event_amount"] = ev.amount


def activating(s: State) -> set[int]:
    """The Spell/Trap Cards being activated: on the chain (or paying for it) and not yet
    resolving. A Continuous or Field card's effects apply only once its activation resolves:
    Royal Decree as chain link 1 does not negate the Trap of link 2 (002:11377)."""
    paying = [f.data["link"] for f in s.frames if f.kind == "activate"]
    # the links from the resolving one on (the chain resolves from its last link down)
    started = [f.data["i"] for f in s.frames if f.kind == "chain"]
    waiting = s.chain[: started[-1]] if started else s.chain
    out = set()
    for link in (*waiting, *paying):
        card = link["card"]
        c = s.cards[card]
        if c.d.kind not in ("spell", "trap") or c.gen != link["gen"]:
            continue
        if effect_of(s, card, link["effect"]).kind == "activate":
            out.add(card)
    return out


def pending_activations(s: State) -> frozenset[int]:
    """``activating``, answered at once when no chain is being built or resolved (nor an
    activation paid for)."""
    if s.chain or (s.frames and s.frames[-1].kind == "activate"):
        return frozenset(activating(s))
    return frozenset()


Where = frozenset[str] | tuple[str, ...] | None
Defs = tuple["CardDef", ...]  # a template's definitions, by card id


def _where(flt: Filter, unnamed: Where = FIELD) -> Where:
    """The locations a filter may match: those its location term names, ``unnamed`` (the
    field) when it names none, None (anywhere) for a negated one."""
    for t in flt.terms:
        if t.field == "location":
            if "spell_trap" in t.values and not t.negate:  # both zones: matches() decides
                return t.values | frozenset(FIELD)
            return None if t.negate else t.values
    return unnamed


def may_match(s: State, flt: Filter, defs: Defs | None = None) -> list[int] | range:
    """The cards a filter may match anywhere in the duel, in id order: those in the places
    its location term names (read from the zones and piles), every card when it names none;
    with the template's ``defs``, the few whose card terms may pass, if few (``select.few``)."""
    return _among(s, flt, _where(flt, None), defs)


def _among(s: State, flt: Filter, where: Where, defs: Defs | None) -> list[int] | range:
    """The cards in these places (``placed``), or the few the filter's card terms may pass,
    wherever they are (``select.few``; the caller keeps those in the places)."""
    found = few(s, flt, defs) if defs is not None else None
    return placed(s, where) if found is None else found


def pool(duel: Duel, link: Link, sel: Select) -> list[int]:
    """The cards a selection may mean now, before anyone chooses."""
    s = duel.state
    me = link["player"]
    of = sel.of
    out: list[int]
    if of == "self":
        out = [link["card"]]
    elif of == "targets":
        out = [i for group in link["targets"] for i in live_targets(s, group)]
    elif of == "event":
        out = list(link["event"])
    elif of == "previous":
        out = list(link["previous"])
    elif of == "chain_card":
        r = link["responds"]
        out = [s.chain[r]["card"]] if 0 <= r < len(s.chain) else []
    elif of == "deck_top":  # the top of the Deck is the end of the list
        deck = s.sides[me].deck
        out = deck[len(deck) - min(sel.count, len(deck)) :][::-1]
    elif of == "equipped":
        eq = s.cards[link["card"]].equip
        out = [eq] if eq != EMPTY else []
    elif of == "bound":
        out = bound(s, link["card"])
    elif of == "summoned_with":
        out = summoned_with(s, link["card"])
    elif of == "kept":  # the cards its create_floating kept, each still the same card
        out = live_targets(s, link.get("kept_cards", []))
    elif of == "materials":
        out = fusion_materials(s, link["previous"][:1], me)
    else:  # choose, all
        flt = sel.filter
        where = _where(flt)
        # among: Pot of Duality's excavated cards (previous), Reasoning's (excavated)
        defs = duel.template.defs
        found = link.get(sel.among, []) if sel.among else _among(s, flt, where, defs)
        cards = s.cards
        here = [
            i for i in found if (where is None or cards[i].loc in where) and cards[i].loc != "gone"
        ]
        out = matching(s, here, flt, me, defs, sel.seen)
        if sel.other:
            out = [i for i in out if i != link["card"]]
        if sel.also is not None and (sel.also_if is None or also_holds(duel, link, sel)):
            # "1 Cyber Dragon, or 1 Fusion Monster that lists it"
            from dataclasses import replace

            more = pool(duel, link, replace(sel, filter=sel.also, also=None))
            out = sorted({*out, *more})
        out = _narrow(s, link, sel, out)
        return _highest(s, out, sel.highest) if sel.highest else out
    if sel.filter.terms:
        out = matching(s, out, sel.filter, me, duel.template.defs)
    if sel.other:
        out = [i for i in out if i != link["card"]]
    return _narrow(s, link, sel, out)


def also_holds(duel: Duel, link: Link, sel: Select) -> bool:
    """Whether the selection's ``also_if`` holds now (TB-11: the opponent controls 3+)."""
    from deckcheck.engine.effects.timing import holds

    assert sel.also_if is not None
    return holds(duel, link, sel.also_if)


# the Select fields _narrow reads: terms that read the duel, not the card
NARROWING = ("atk_within_lp", "reaches_atk", "atk_below", "def_below", "atk_at_most",
             "atk_within_previous", "same_level", "pointed", "points_here", "unlike",
             "kind_of", "same_kind", "declared", "level_within", "same_race", "other_name",
             "graveyard_race", "same_name", "attacked", "level_within_names",
             "unbound")  # fmt: skip
_DEFAULTS = {f.name: f.default for f in fields(Select) if f.name in NARROWING}
_NARROWS: dict[int, tuple[Select, bool]] = {}  # by id: the entry holds the selection


def narrows(sel: Select) -> bool:
    """Whether any of NARROWING is set on the selection (kept per selection)."""
    found = _NARROWS.get(id(sel))
    if found is None:
        if len(_NARROWS) >= 4096:
            _NARROWS.clear()
        set_ = any(getattr(sel, n) != _DEFAULTS[n] for n in NARROWING)
        found = _NARROWS[id(sel)] = (sel, set_)
    return found[1]


def _narrow(s: State, link: Link, sel: Select, out: list[int]) -> list[int]:
    """The selection's terms that read the duel, not the card: ATK within its controller's
    LP (Ring of Destruction), the declared name (Mind Crush)."""
    if not narrows(sel):  # most selections have none of them
        return out
    if sel.atk_within_lp:
        out = [i for i in out if atk(s, i) <= s.sides[s.cards[i].ctrl].lp]
    if sel.reaches_atk:  # Cyber Laser Dragon: ATK or DEF at least this card's ATK
        mine = atk(s, link["card"])
        out = [i for i in out if atk(s, i) >= mine or defense(s, i) >= mine]
    if sel.atk_below or sel.def_below:  # lower than this card's or the event card's ATK
        out = _below(s, link, sel, out)
    if sel.atk_at_most:  # Scarlight: "with ATK less than or equal to this card's"
        mine = atk(s, link["card"])
        out = [i for i in out if atk(s, i) <= mine]
    if sel.atk_within_previous:  # Nadir Servant: at most the ATK of the monster it sent
        top = atk(s, link["previous"][0]) if link["previous"] else -1
        out = [i for i in out if atk(s, i) <= top]
    if sel.same_level:  # Graydle Slime Jr.: the Level of the monster it summoned
        lv = level(s, link["previous"][0]) if link["previous"] else 0
        out = [i for i in out if lv and level(s, i) == lv]
    if sel.pointed:  # Relinquished Anima: the monsters this Link card points to
        out = [i for i in out if i in pointed_monsters(s, link["card"])]
    if sel.points_here:  # the Maliss pawns: the Link monsters that point to this card
        me = s.cards[link["card"]]
        from deckcheck.engine.zones import cell

        here = cell(me.ctrl, me.seq) if me.loc == MZONE else None
        out = [i for i in out if here in pointed_cells(s, i)]
    if sel.attacked is not None:  # Red Dragon Archfiend: "that did not declare an attack"
        out = [i for i in out if (s.cards[i].attacked == s.turn) == sel.attacked]
    if sel.level_within_names is not None:  # Minerva: at most the names among them
        flt = sel.level_within_names
        names = {s.cards[i].d.name for i in placed(s, _where(flt))
                 if matches(s, i, flt, link["player"])}  # fmt: skip
        out = [i for i in out if level(s, i) <= len(names)]
    if sel.unlike is not None:  # "a different name from the cards in your GY"
        taken = {s.cards[i].d.name for i in placed(s, _where(sel.unlike))
                 if matches(s, i, sel.unlike, link["player"])}  # fmt: skip
        out = [i for i in out if s.cards[i].d.name not in taken]
    if sel.kind_of is not None or sel.same_kind:  # Maliss in the Mirror: "the same type"
        if sel.kind_of is not None:
            found = placed(s, _where(sel.kind_of))
            ref = [i for i in found if matches(s, i, sel.kind_of, link["player"])]
        else:
            ref = link["previous"]
        kinds = {s.cards[i].d.kind for i in ref}
        out = [i for i in out if s.cards[i].d.kind in kinds]
    if sel.declared is not None:  # Mind Crush's name, Reasoning's Level
        said, what = link.get("declared"), link.get("declared_what")
        out = [i for i in out if is_declared(s, i, said, what) == sel.declared]
    if sel.unbound:  # Prohibition: the cards on the field as it resolved are spared
        spared = bound(s, link["card"])
        out = [i for i in out if i not in spared]
    if sel.level_within and link["targets"]:  # not yet chosen: activation checks the rest
        tops = [level(s, i) for g in link["targets"] for i in live_targets(s, g)]
        out = [i for i in out if tops and 0 < level(s, i) <= tops[0]]
    if (sel.same_race or sel.other_name) and link["targets"]:  # not yet chosen: any
        tops = [i for g in link["targets"] for i in live_targets(s, g)]
        ref = s.cards[tops[0]].d if tops else None
        if sel.same_race:  # Super Team Buddy Force Unite!: the target's original Type
            out = [i for i in out if ref is not None and s.cards[i].d.race == ref.race]
        if sel.other_name:  # ... with a different original name
            out = [i for i in out if ref is not None and ref.names.isdisjoint(s.cards[i].d.names)]
    if sel.graveyard_race:  # Solidarity: the Types of the monsters in your Graveyard
        grave = s.sides[link["player"]].grave
        races = {s.cards[i].d.race for i in grave if s.cards[i].d.kind == "monster"}
        out = [i for i in out if word(s, i, "race") in races]
    if sel.same_name is not None:  # Nobleman of Crossout: the copies of the card it banished
        names = frozenset().union(*(s.cards[i].d.names for i in link["previous"]))
        out = [i for i in out if names.isdisjoint(s.cards[i].d.names) != sel.same_name]
    return out


def pointed_cells(s: State, card: int) -> set[tuple[int, int]]:
    """The cells a Link card in a Monster Zone points to (none elsewhere)."""
    from deckcheck.engine.zones import cell, points_at

    me = s.cards[card]
    if me.loc != MZONE:
        return set()
    return set(points_at(view(s, card), me.ctrl, cell(me.ctrl, me.seq)))


def pointed_monsters(s: State, card: int) -> list[int]:
    """The monsters in the zones a Link card on the field points to (either player's)."""
    from deckcheck.engine.zones import cell

    near = pointed_cells(s, card)
    return [i for i in placed(s, (MZONE,)) if cell(s.cards[i].ctrl, s.cards[i].seq) in near]


def equip_monsters(s: State, card: int) -> list[int]:
    """The monster cards ``card`` equipped to itself by its own effect (``equip`` with
    ``onto: self`` binds them to it), still its Equip Cards (Relinquished Anima's "max. 1"
    and ATK; not a Blast Sphere that equipped itself to it)."""
    held = [i for side in s.sides for i in side.szone if i != EMPTY and s.cards[i].equip == card]
    own = [i for i in held if s.cards[i].d.kind == "monster"]
    return [i for i in own if i in bound(s, card)] if own else own


def _below(s: State, link: Link, sel: Select, out: list[int]) -> list[int]:
    for than, stat in ((sel.atk_below, atk), (sel.def_below, defense)):
        if than is None:
            continue
        ref = [link["card"]] if than == "self" else link["event"]
        if not ref:
            return []
        top = atk(s, ref[0])
        out = [i for i in out if stat(s, i) < top]
    return out


def most(duel: Duel, link: Link, sel: Select) -> int:
    """How many cards a ``choose`` takes at most: ``count``, or with ``count_of`` the number
    of cards that filter matches now (Flip Flop Frog)."""
    if sel.count_previous:  # "up to the number of Lightsworn cards sent"
        return len(link["previous"])
    if sel.leave is not None:  # all but that many (Mulcharmy Fuwalos)
        flt, plus = sel.leave
        keep = count_matching(duel.state, flt, link["player"]) + plus
        return max(0, len(pool(duel, link, sel)) - keep)
    s = duel.state
    if sel.count_activated is not None:  # Multirole: the Sky Striker Spells activated since
        return activated_since(s, link["card"], link["player"], sel.count_activated)
    if sel.count_materials is not None:  # as printed (Graydle Dragon's WATER materials)
        mats = summon_materials(s, link["card"])[1]
        return sum(1 for m in mats if sel.count_materials.matches(s.cards[m].d))
    if sel.count_of is None:
        return sel.count
    return sum(1 for i in placed(s, _where(sel.count_of))
               if matches(s, i, sel.count_of, link["player"])
               and not (sel.count_others and i == link["card"]))  # fmt: skip


def activated_since(s: State, card: int, player: int, flt: Filter) -> int:
    """The Spell/Trap Cards matching ``flt`` (as printed) whose card activations ``player``
    made this turn after ``card``'s own latest activation: while it was face-up on the field
    (Multirole: none made before it was activated counts, 002:5442; its effects negated
    meanwhile, they count all the same, 002:7629)."""
    n = 0
    for e in reversed(s.history):
        if e.kind == "turn":
            break
        if not isinstance(e, ChainEvent) or e.kind != "activate":
            continue
        d = s.cards[e.card].d
        if d.fx is None or d.kind not in ("spell", "trap"):
            continue
        if d.fx.effects[e.effect].kind != "activate":
            continue  # an effect of a card on the field, not a card activation
        if e.card == card:
            break  # its own activation
        if e.player == player and flt.matches(d):
            n += 1
    return n


def count_matching(s: State, flt: Filter, player: int, distinct: bool = False) -> int:
    """How many cards match a filter now, in the places it names (the field otherwise);
    ``distinct``: how many different names they have."""
    found = matching(s, placed(s, _where(flt)), flt, player)
    return len({s.cards[i].d.name for i in found}) if distinct else len(found)


def summoned_with(s: State, card: int) -> list[int]:
    """The monster whose summon used this card as material last, while it is on the field
    as that summon left it (Windwitch - Snow Bell's Synchro Monster)."""
    from deckcheck.engine.events import MaterialEvent, SummonEvent

    history = s.history
    for n in range(len(history) - 1, -1, -1):
        e = history[n]
        if isinstance(e, MaterialEvent) and e.card == card:
            for later in history[n + 1 :]:
                if isinstance(later, SummonEvent) and later.kind == "summon":
                    c = s.cards[later.card]
                    return [later.card] if c.loc == MZONE and c.summon == later.how else []
            return []
    return []


def summon_materials(s: State, card: int) -> tuple[str, list[int]]:
    """How ``card`` was last summoned and the monsters used as its materials then (none for
    a summon without materials), from the duel's history."""
    from deckcheck.engine.events import MaterialEvent, SummonEvent

    history = s.history
    for n in range(len(history) - 1, -1, -1):
        e = history[n]
        if isinstance(e, SummonEvent) and e.kind == "summon" and e.card == card:
            mats = []
            for m in range(n - 1, -1, -1):
                before = history[m]
                if isinstance(before, MaterialEvent) and before.method == e.how:
                    mats.append(before.card)
                elif isinstance(before, MaterialEvent) or (
                    isinstance(before, SummonEvent) and before.card != card
                ):
                    break  # an earlier summon's (its own "summoning" event goes by)
            return e.how, mats
    return "", []


def fusion_materials(s: State, cards: list[int], player: int) -> list[int]:
    """The monsters used for the last Fusion Summon of ``cards[0]`` (the previous
    operation's card), all of them in ``player``'s GY; none if any of them is not
    (De-Fusion)."""
    if not cards:
        return []
    how, mats = summon_materials(s, cards[0])
    if how != "fusion":
        return []
    here = all(s.cards[i].loc == GRAVE and s.cards[i].owner == player for i in mats)
    return sorted(mats) if mats and here else []


def bound(s: State, card: int) -> list[int]:
    """The cards bound to ``card`` (Call of the Haunted's monster), while each is still the
    card it was when bound."""
    return [
        f["target"]
        for f in s.floating
        if f.get("kind") == "bond" and f["card"] == card and s.cards[f["target"]].gen == f["tgen"]
    ]


def _highest(s: State, out: list[int], stat: str) -> list[int]:
    value = atk if stat == "atk" else defense
    top = max((value(s, i) for i in out), default=0)
    return [i for i in out if value(s, i) == top]


def placed(s: State, where: Where, player: int | None = None) -> list[int] | range:
    """The ids of the cards in these locations, in id order (every card for None): read
    from the zones and piles, not by looking at every card of the duel. With ``player``,
    of those only the ones on that player's field and in their piles (and every Xyz
    material): the cards that player controls or, off the field, owns."""
    plan = _plan(where)
    if plan is None:
        return range(len(s.cards))
    piles, zones, monsters, overlay = plan
    out: list[int] = []
    for side in s.sides if player is None else (s.sides[player],):
        for name in piles:
            out += getattr(side, name)
        for name in zones:
            out += [i for i in getattr(side, name) if i != EMPTY]
    if monsters or overlay:
        emz = [i for i in s.emz if i != EMPTY]
        if monsters:
            out += emz if player is None else [i for i in emz if s.cards[i].ctrl == player]
        if overlay:
            cards = s.cards
            for side in s.sides:
                for i in side.mzone:
                    if i != EMPTY:
                        out += cards[i].overlay
            for i in emz:
                out += cards[i].overlay
    out.sort()
    return out


ZONES = {MZONE: "mzone", SZONE: "szone"}
Plan = tuple[tuple[str, ...], tuple[str, ...], bool, bool]
_PLANS: dict[Where, Plan | None] = {}


def _plan(where: Where) -> Plan | None:
    """Where ``placed`` reads: each side's piles, its zones (EMPTY slots skipped), whether
    the Extra Monster Zones count, whether the monsters' Xyz materials do; None: every card.
    A few dozen places are asked (the filters' location terms): kept per place."""
    if where in _PLANS:
        return _PLANS[where]
    plan = None
    if where is not None and all(w in PILES or w in (MZONE, SZONE, "overlay") for w in where):
        piles = tuple(PILES[w] for w in where if w in PILES)
        zones = tuple(ZONES[w] for w in where if w in ZONES)
        plan = (piles, zones, MZONE in where, "overlay" in where)
    if len(_PLANS) >= 256:
        _PLANS.clear()
    _PLANS[where] = plan
    return plan


def live_targets(s: State, group: list[list[int]]) -> list[int]:
    """Targets still where they were when targeted (a card that moved is a new card)."""
    return [iid for iid, gen in group if s.cards[iid].gen == gen]


def controller_of(s: State, iid: int) -> int:
    c = s.cards[iid]
    return c.ctrl if c.loc in FIELD else c.owner


def players(who: str, me: int) -> tuple[int, ...]:
    if who == "you":
        return (me,)
    if who == "opponent":
        return (1 - me,)
    return (me, 1 - me)
