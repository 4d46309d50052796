"""Operation verbs: what costs and resolutions do, written once for every card.

A verb is two functions. ``ask(duel, link, op, ans)`` returns the next question for the
player (a Prompt) or None once everything is known; answers are kept in ``ans``, a plain
dict of the frame (``picks``, ``done``, ``zones``, ``positions``, ``yes``, ``declared``).
``act(duel, link, op, ans)`` then does it and returns the cards it acted on (the next
operation's ``previous``). Nothing changes the state before the last answer, so a copy of
the duel at a question is the duel at that question.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from deckcheck.cards.filters import parse_filter
from deckcheck.engine.actions import (
    ATTACK,
    DEFENSE,
    DONE,
    FACE_DOWN,
    YES,
    Action,
    NameChoice,
    Prompt,
    ZoneChoice,
)
from deckcheck.engine.base import check_win, damage, distinct
from deckcheck.engine.effects import replace
from deckcheck.engine.effects.context import (
    FIELD,
    Link,
    controller_of,
    effect_of,
    effect_ops,
    live_targets,
    most,
    players,
    pointed_cells,
    pool,
)
from deckcheck.engine.effects.model import Op
from deckcheck.engine.effects.negation import unnegatable
from deckcheck.engine.effects.returns import destroyed_by_rule
from deckcheck.engine.events import (
    AttackEvent,
    CardEvent,
    CounterEvent,
    DamageEvent,
    DeclareEvent,
    EquipEvent,
    MaterialEvent,
    MoveEvent,
    PlaceEvent,
    PlayerEvent,
    PositionEvent,
    SummonEvent,
)
from deckcheck.engine.moves import attach, draw, lift, place_monster, place_spell, to_pile
from deckcheck.engine.query import (
    add_lasting,
    atk,
    defense,
    drop_lasting,
    has_flag,
    lent_monsters,
    level,
    original,
    printed,
    restricted,
    spared,
    unaffected,
    unusable,
    view,
)
from deckcheck.engine.rng import Rng
from deckcheck.engine.select import matches
from deckcheck.engine.state import (
    BANISHED,
    DECK,
    EMPTY,
    EXTRA,
    GRAVE,
    HAND,
    MZONE,
    OVERLAY,
    SZONE,
    Inst,
    State,
)
from deckcheck.engine.zones import cell, extra_deck_zones, free_main, free_spell

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel

Ask = Callable[["Duel", Link, Op, dict[str, Any]], Prompt | None]
Act = Callable[["Duel", Link, Op, dict[str, Any]], list[int]]
VERBS: dict[str, tuple[Ask, Act]] = {}


def verb(*names: str) -> Callable[[Act], Act]:
    """Register ``act`` for verbs whose only questions are the choice of cards."""

    def register(fn: Act) -> Act:
        for n in names:
            VERBS[n] = (ask_cards, fn)
        return fn

    return register


def verb_asking(ask: Ask, *names: str) -> Callable[[Act], Act]:
    def register(fn: Act) -> Act:
        for n in names:
            VERBS[n] = (ask, fn)
        return fn

    return register


# ---- choosing cards ---------------------------------------------------------------------------


def chooser(link: Link, op: Op) -> int:
    me = link["player"]
    return 1 - me if op.cards is not None and op.cards.chooser == "opponent" else me


def candidates(duel: Duel, link: Link, op: Op) -> list[int]:
    sel = op.cards
    if sel is None:
        return []
    found = pool(duel, link, sel)
    if op.do == "tribute" and duel.state.lasting:
        found = sorted({*found, *lent(duel, link, op)})
    check = ELIGIBLE.get(op.do)
    return [i for i in found if check(duel, link, op, i)] if check else found


def lent(duel: Duel, link: Link, op: Op) -> list[int]:
    """The opponent's monsters lent by Soul Exchange that a ``tribute`` of chosen cards may,
    and must, take: those its filter would take if their player controlled them (002:10650:
    one that does not fit is not taken, and the Tribute is paid as usual)."""
    s = duel.state
    sel = op.cards
    if sel is None or sel.of != "choose":
        return []
    found = [i for i in lent_monsters(s, link["player"]) if _tributable(duel, link, op, i)]
    return [i for i in found if matches(s, i, sel.filter, s.cards[i].ctrl)]


def ask_cards(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """A ``choose`` selection: one card at a time, ``done`` once the minimum is met."""
    sel = op.cards
    if sel is None or sel.of != "choose" or sel.random or ans.get("done"):
        return None
    picked = ans.setdefault("picks", [])
    if len(picked) >= most(duel, link, sel):
        return None
    left = [i for i in candidates(duel, link, op) if i not in picked]
    if op.do == "tribute" and duel.state.lasting:  # Soul Exchange: the lent monster first
        owed = [i for i in lent(duel, link, op) if i not in picked]
        left = [i for i in left if i in owed] or left
    whole = len(picked) >= sel.min
    if sel.different_names and not sel.sets:  # "up to N with different names": one by one
        s = duel.state
        taken = [s.cards[i].d.names for i in picked]
        left = [i for i in left if all(s.cards[i].d.names.isdisjoint(n) for n in taken)]
    if sel.sets:  # only cards that still complete a set
        sets = [c for c in card_sets(duel, link, op) if set(picked) <= set(c)]
        left = [i for i in left if any(i in c for c in sets)]
        whole = any(set(c) == set(picked) for c in sets)
    if not left:
        return None
    options: tuple[Action, ...] = distinct(duel, left, "pick")
    if whole:
        options += (DONE,)
    return Prompt(chooser(link, op), "select", options)


def card_sets(duel: Duel, link: Link, op: Op) -> list[tuple[int, ...]]:
    """The sets a ``choose`` with ``each``, ``level_sum``, ``one_name`` or
    ``different_names`` may take: ``count`` cards, one matching each filter of ``each``,
    whose Levels add up to ``level_sum``, that share a name, or no two of which do."""
    from itertools import permutations

    s = duel.state
    sel = op.cards
    assert sel is not None
    me = link["player"]
    out = []
    for combo in combinations(candidates(duel, link, op), len(sel.each) or sel.count):
        if sel.level_sum is not None and sum(level(s, i) for i in combo) != sel.level_sum:
            continue
        if sel.one_name and not frozenset.intersection(*(s.cards[i].d.names for i in combo)):
            continue
        if sel.different_names and any(
            not s.cards[a].d.names.isdisjoint(s.cards[b].d.names) for a, b in combinations(combo, 2)
        ):
            continue
        if sel.each and not any(all(matches(s, i, f, me) for i, f in zip(p, sel.each, strict=True))
                                for p in permutations(combo)):  # fmt: skip
            continue
        out.append(combo)
    return out


def chosen(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """The cards an operation acts on, once every question is answered."""
    sel = op.cards
    if sel is None:
        return []
    if sel.of != "choose":
        return candidates(duel, link, op)
    if sel.random:
        left = candidates(duel, link, op)
        rng = Rng(duel.state.rng)
        picks = []
        for _ in range(min(most(duel, link, sel), len(left))):
            picks.append(left.pop(rng.below(len(left))))
        duel.state.rng = rng.state
        return picks
    return list(ans.get("picks", []))


def record(ans: dict[str, Any], kind: str, action: Action) -> None:
    """Keep an answer where ``ask`` looks for it."""
    if kind == "select":
        if action == DONE:
            ans["done"] = True
        else:
            ans.setdefault("picks", []).append(action.card)
    elif kind == "zone":
        ans.setdefault("zones", []).append(action.zone)
    elif kind == "position":
        ans.setdefault("positions", []).append(action.kind)
    elif kind == "yes_no":
        ans["yes"] = action == YES
    elif kind == "declare":
        ans["declared"] = action.value
    elif kind == "replace":
        ans.setdefault("replaced", []).append(replace.answer(action))


def can_do(duel: Duel, link: Link, op: Op) -> bool:
    """Whether a cost can be paid (or a required operation has something to act on)."""
    s = duel.state
    me = link["player"]
    spec = op.spec
    if op.do == "pay_lp":
        return spec.half or s.sides[me].lp >= (spec.amount or 0)
    if op.do == "draw":
        who = players(spec.player, me)
        if s.floating and any(player_flag(s, p, "no_effect_draw") for p in who):
            return False
        return all(0 < draws(s, link, op, p) <= len(s.sides[p].deck)
                   for p in players(spec.player, me))  # fmt: skip
    if op.do in ("discard",) and op.cards is None:
        return len(s.sides[me].hand) >= (spec.count or 1)
    if op.do == "fusion_summon":
        return bool(fusions(duel, me, op))
    if op.do == "ritual_summon":
        return bool(rituals(duel, link, op))
    if op.do == "synchro_summon":
        return bool(synchros(duel, link, op))
    if op.do == "mill":
        return all(len(s.sides[p].deck) >= (spec.count or 1) for p in players(spec.player, me))
    if op.do == "remove_counters":
        cards = candidates(duel, link, op)
        return any(s.cards[i].counters.get(spec.counter or "", 0) >= (spec.count or 1)
                   for i in cards)  # fmt: skip
    if op.do == "detach":
        return any(len(s.cards[i].overlay) >= (spec.count or 1) for i in candidates(duel, link, op))
    if op.cards is None:
        return True
    need = op.cards.min if op.cards.of == "choose" else 1
    sel = op.cards
    counted = sel.count_of is not None or sel.count_materials is not None
    if (counted or sel.count_activated is not None) and most(duel, link, sel) < need:
        return False  # "up to the number of ...": none when that number is 0
    if op.cards.sets:
        return bool(card_sets(duel, link, op))
    if op.cards.of == "deck_top":  # "the top 10 cards": all of them must be there
        need = op.cards.count
    return len(candidates(duel, link, op)) >= need


# ---- eligibility: which cards a verb can act on -------------------------------------------------


def _on_field(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    return duel.state.cards[iid].loc in FIELD


def _destroyable(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    """Only cards on the field can be destroyed (RC-ZONE-002), and cards in the hand or the
    Deck by an effect that says so ("destroy 1 Dinosaur monster in your hand or face-up
    field"; Crush Card Virus: "up to 3 monsters ... in their Deck")."""
    loc = duel.state.cards[iid].loc
    return loc in FIELD or loc in (HAND, DECK) and _names_place(op, loc)


def _names_place(op: Op, loc: str) -> bool:
    """Whether the operation's selection names ``loc`` as a place its cards may be."""
    sel = op.cards
    return sel is not None and any(
        t.field == "location" and not t.negate and loc in t.values for t in sel.filter.terms
    )


def _to_hand_ok(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    s = duel.state
    c = s.cards[iid]
    if c.loc == DECK and s.floating and player_flag(s, c.owner, "no_deck_to_hand"):
        return False  # Droll & Lock Bird
    return c.loc != HAND and c.d.kind != "token"


def _not_token_cost(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    """A Token cannot be sent to the GY or returned to the Deck for a cost (RC-COST-007)."""
    if duel.state.cards[iid].d.kind != "token":
        return True
    return not any(o is op for o in effect_of(duel.state, link["card"], link["effect"]).cost)


def _tributable(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    """A monster with ``no_tribute`` cannot be Tributed (Sky Striker Ace Token)."""
    return not has_flag(duel.state, iid, "no_tribute")


def named_summoner(s: State, iid: int, link: Link) -> bool | None:
    """For a monster "Special Summoned only with X": whether this link's card is an X (None:
    the monster has no such condition)."""
    fx = s.cards[iid].d.fx
    if fx is None or not fx.summoned_by:
        return None
    return not s.cards[link["card"]].d.names.isdisjoint(fx.summoned_by)


def _summonable(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    return _may_summon(duel, link, op, iid) and bool(_zones(duel, link, op, iid, []))


def _may_summon(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    """Whether the operation may Special Summon the card, a zone for it aside."""
    s = duel.state
    sel = op.cards
    if sel is not None and sel.of == "self" and s.cards[iid].gen != link["gen"]:
        return False  # it moved since (banished in answer): no longer "this card"
    if s.floating and summon_locked(s, link["player"]):
        return False
    me = link["player"]
    if s.floating and s.cards[iid].loc == HAND and hand_toll(s, me) > s.sides[me].lp:
        return False  # Chain Energy: the LP to summon it from the hand
    named = named_summoner(duel.state, iid, link)
    if named is False:
        return False
    ignore = op.spec.ignore_conditions or bool(named) or _as_its_method(s, iid, op)
    extra = op.spec.from_extra
    return can_special(duel.state, iid, ignore, link["player"], extra)


LEAVING = ("banish", "send_to_graveyard", "tribute", "return_to_hand", "return_to_deck")


def summon_room(duel: Duel, link: Link, e: Any, op: Op) -> bool:  # noqa: ANN401 - an Effect
    """Activation needs the Main Monster Zones a summon must fill (002, 特殊召唤): one for
    "Special Summon this card" (also after "and if you do" or "then": March Hare), and as
    many as a summon of several cards needs at least (Rescue Rabbit's 2, Obedience
    Schooled's 3), counting the zones its cost empties (Rescue Rabbit banishing itself).
    Cards from the Extra Deck have zones of their own: each is checked as it is chosen."""
    s = duel.state
    sel = op.cards
    if sel is None or e.mandatory or op.spec.optional or op.spec.unless_done:
        return True  # a mandatory effect is activated even if it cannot summon
    if op.condition is not None:
        return True
    if sel.of == "self":
        iid = link["card"]
        if s.cards[iid].loc == EXTRA:  # a face-up Pendulum monster: the Extra Deck's zones
            return _summonable(duel, link, op, iid)
        if not _may_summon(duel, link, op, iid):
            return False
        if op.pointed_by is not None:  # only the zones those Link monsters point to
            return bool(_zones(duel, link, op, iid, []))
        need = 1
    elif sel.of == "choose" and sel.min > 1 and not (op.spec.if_done or op.spec.then):
        if any(s.cards[i].loc == EXTRA for i in candidates(duel, link, op)):
            return True
        need = sel.min
    else:
        return True
    p = 1 - link["player"] if op.spec.to == "opponent" else link["player"]
    return len(free_main(s, p)) + _emptied(duel, link, e, p) >= need


def _room_now(duel: Duel, link: Link, op: Op) -> bool:
    """At resolution, an effect that Special Summons a fixed number of monsters (2 or more,
    not "up to") summons none of them when fewer Main Monster Zones are free (002:1814,
    002:1820); with enough it goes on."""
    sel = op.cards
    if sel is None or sel.of != "choose" or sel.min < 2 or sel.min != sel.count:
        return True
    s = duel.state
    if any(s.cards[i].loc == EXTRA for i in candidates(duel, link, op)):
        return True
    p = 1 - link["player"] if op.spec.to == "opponent" else link["player"]
    return len(free_main(s, p)) >= sel.min


def _emptied(duel: Duel, link: Link, e: Any, p: int) -> int:  # noqa: ANN401 - an Effect
    """At most how many of player ``p``'s Main Monster Zones the effect's cost empties."""
    s = duel.state
    n = 0
    for o in e.cost:
        if o.do not in LEAVING or o.cards is None:
            continue
        cards = [s.cards[i] for i in candidates(duel, link, o)]
        mine = [c for c in cards if c.loc == MZONE and c.ctrl == p and c.seq < 5]
        n += min(len(mine), o.cards.count) if o.cards.of == "choose" else len(mine)
    return n


def _face_up_monster(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    c = duel.state.cards[iid]
    return c.loc == MZONE and c.face_up


def _controllable(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    """A Trap Monster that is also a Trap needs a Spell & Trap Zone of the new controller to
    hold its bond (002:1190)."""
    c = duel.state.cards[iid]
    return c.loc == MZONE and (c.trap_zone == EMPTY or bool(free_spell(duel.state, link["player"])))


def _position_ok(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    c = duel.state.cards[iid]
    if c.loc != MZONE:
        return False
    to = op.spec.position
    if to == "face_down_defense":  # tokens and Link monsters cannot be face-down
        return c.face_up and c.d.kind != "token" and not c.d.link
    if to == "flip":
        return not c.face_up
    return not c.d.link


def _banishable(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    c = duel.state.cards[iid]
    if op.spec.face_down and c.d.kind == "token":
        return False
    return c.loc != BANISHED


def _equippable(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    """A face-up monster; one to equip to this card (``onto: self``) is another monster,
    on the field or a monster card in a Graveyard (Borreload Savage Dragon), and this
    card's controller has a free Spell & Trap Zone for it."""
    c = duel.state.cards[iid]
    from_grave = op.spec.onto == "self" and c.loc == GRAVE and c.d.kind == "monster"
    if not from_grave and not _face_up_monster(duel, link, op, iid):
        return False
    if op.spec.onto != "self":
        return True
    return iid != link["card"] and bool(free_spell(duel.state, link["player"]))


def _attachable(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    """A card that cannot be used (Prohibition's name) becomes no Xyz Material by an effect
    either, from the hand, Deck or GY (000 4.3.3.14; 002:6793)."""
    return not (duel.state.lasting and unusable(duel.state, iid))


ELIGIBLE: dict[str, Callable[[Duel, Link, Op, int], bool]] = {
    "destroy": _destroyable,
    "add_to_hand": _to_hand_ok,
    "return_to_hand": _to_hand_ok,
    "special_summon": _summonable,
    "change_atk": _face_up_monster,
    "change_def": _face_up_monster,
    "set_atk": _face_up_monster,
    "set_def": _face_up_monster,
    "negate_effects": _on_field,
    "change_position": _position_ok,
    "take_control": _controllable,  # a face-down monster too (Change of Heart)
    "banish": _banishable,
    "equip": _equippable,
    "place_in_pendulum_zone": lambda duel, link, op, iid: _pendulum_ok(duel, link, iid),
    "set_level": _face_up_monster,
    "change_level": _face_up_monster,
    "set_attribute": _face_up_monster,
    "send_to_graveyard": _not_token_cost,
    "return_to_deck": _not_token_cost,
    "tribute": _tributable,
    "attach": _attachable,
}


def targetable(duel: Duel, link: Link, e: Any, sel: Any) -> list[int]:  # noqa: ANN401
    """Cards a target group may choose: the selection's pool, less the cards the
    operations on the targets could not act on (a monster Monster Reborn cannot revive)."""
    found = pool(duel, link, sel)
    # a monster destroyed by battle waits for the GY: no longer a target (RC-DS-013)
    found = [i for i in found if not duel.state.cards[i].destroyed]
    if duel.state.lasting:  # "your opponent cannot target" (Dark Magician the Dragon Knight)
        found = [i for i in found if not _shielded(duel.state, i, link, "untargetable_by_opponent")]
        # "neither player can target" (Honeybot)
        found = [i for i in found if not has_flag(duel.state, i, "untargetable")]
    for o in e.ops:
        if o.cards is not None and o.cards.of == "targets":
            check = ELIGIBLE.get(o.do)
            if check is None:
                continue
            # an operation on some of the targets only (its filter) checks only those
            flt = o.cards.filter
            found = [i for i in found if check(duel, link, o, i)
                     or flt.terms and not matches(duel.state, i, flt, link["player"])]  # fmt: skip
    return found


def targets_possible(duel: Duel, link: Link, e: Any) -> bool:  # noqa: ANN401 - an Effect
    """Whether every target group can get its minimum, one card targeted once: each group
    alone, and all of them together from different cards (exact for two groups)."""
    found: set[int] = set()
    need = 0
    for sel in e.target:
        pool_ = targetable(duel, link, e, sel)
        if len(pool_) < sel.min:  # min 0: "target 1 monster (if possible)"
            return False
        if sel.count_materials is not None and most(duel, link, sel) < 1:
            return False  # "up to the number of WATER materials": none of them
        found.update(pool_)
        need += sel.min
    return len(found) >= need


def _shielded(s: State, iid: int, link: Link, flag: str) -> bool:
    """A card with ``flag`` is out of reach of its controller's opponent's effects."""
    return s.cards[iid].ctrl != link["player"] and has_flag(s, iid, flag)


MONSTER_TYPES = ("Fusion", "Pendulum", "Ritual", "Synchro", "Xyz")


def declared_type(s: State, iid: int, flag: str) -> bool:
    """Whether a player flag ``flag`` given with a declared monster type (Dimensional
    Barrier: ``no_special_summon_declared``, ``negate_declared``) covers this card."""
    for f in s.floating:
        if f.get("kind") != "flags" or flag not in f["flags"] or not f.get("declared"):
            continue
        if matches(s, iid, parse_filter({"frame": str(f["declared"]).lower()}), 0):
            return True
    return False


def summon_forbidden(s: State, iid: int, player: int | None = None) -> bool:
    """A monster that no player may Special Summon now, or that ``player`` (default: its
    owner) may not: a ``special_summons_only`` flag spares only the monsters it names."""
    if declared_type(s, iid, "no_special_summon_declared"):
        return True
    who = s.cards[iid].owner if player is None else player
    for f in s.floating:
        if f.get("kind") != "flags" or "special_summons_only" not in f["flags"]:
            continue
        if f["player"] == who and f.get("only") is not None:
            from deckcheck.engine.select import only_names

            if not only_names(s, f, iid, who):
                return True
    return False


def can_special(
    s: State, iid: int, ignore: bool, player: int | None = None, from_extra: bool = False
) -> bool:
    """Whether a monster may be Special Summoned by an effect: monsters that must first be
    summoned properly (Extra Deck and Special-Summon-only monsters) only once they were
    (rulebook 3.2.3, RC-SS-003, RC-SS-009), or from the face-down Extra Deck by an effect
    that names it (``from_extra``: Maliss <C> TB-11)."""
    c = s.cards[iid]
    d = c.d
    if d.kind != "monster" or c.loc == MZONE:
        return False
    if s.floating and summon_forbidden(s, iid, player):
        return False
    if d.fx is not None and d.fx.special_summon_once:
        from deckcheck.engine.effects.timing import once_summoned

        if once_summoned(s, c.owner if player is None else player, iid):
            return False
    if ignore:
        return True
    if d.fx is not None and d.fx.summon in ("normal", "proper_only"):  # "cannot be SS'd"
        return False
    if d.fx is not None and d.fx.summon == "not_from_deck" and c.loc == DECK:
        return False  # "cannot be Special Summoned from the Deck"
    sent_now = c.loc == GRAVE and c.placed == s.turn
    if sent_now and d.fx is not None and d.fx.summon == "not_from_graveyard_this_turn":
        return False  # "... from the GY the turn this card was sent to the GY"
    if player is not None and unique_taken(s, player, iid):
        return False  # "you can only control 1"
    if d.extra:
        if c.loc == EXTRA and not c.face_up:
            return from_extra
        return c.proper and c.loc != EXTRA or (c.loc == EXTRA and c.face_up and d.pendulum)
    if not d.summonable:  # "must be Special Summoned by a card effect": any effect may
        return c.proper or (d.fx is not None and d.fx.summon == "by_effect_only")
    return True


# ---- moving cards -------------------------------------------------------------------------------


def _cards(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    src = link["card"]
    picked = [i for i in chosen(duel, link, op, ans) if s.cards[i].loc != "gone"]
    if any(o is op for o in effect_of(s, src, link["effect"]).cost):
        # a cost, a summoning procedure's too, is not an effect: a monster unaffected by
        # card effects can still pay it (002:2459; Lava Golem Tributing Eternal Soul's
        # Dark Magicians)
        return picked
    return [i for i in picked if not unaffected(s, i, src)]


def _to_destroy(
    duel: Duel, link: Link, op: Op, ans: dict[str, Any], use: bool = False
) -> list[int]:
    """The cards the operation destroys (``use``: it does now, so a protection that works
    once is used up)."""
    s = duel.state
    out = []
    for iid in _cards(duel, link, op, ans):
        if not _destroyable(duel, link, op, iid) or has_flag(s, iid, "no_effect_destroy"):
            continue
        if _shielded(s, iid, link, "no_opponent_effect_destroy"):
            continue
        if s.lasting and has_flag(s, iid, "no_destroy_once") and spared(s, iid, use, "spared"):
            continue  # "once during this turn, it cannot be destroyed" (Stardust Spark Dragon)
        out.append(iid)
    return out


def _ask_destroy(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """The cards, then whether a replacement effect applies instead (effects/replace.py)."""
    p = ask_cards(duel, link, op, ans)
    if p is not None or (op.cards is not None and op.cards.random):
        return p  # random picks are made when it acts: nothing to ask about them first
    victims = _to_destroy(duel, link, op, ans)
    return replace.plan(duel, victims, "effect", ans.get("replaced", []), link["card"])[1]


def _remember_atk(s: State, link: Link, iid: int) -> None:
    """A monster about to leave the field: "the ATK it had on the field", for an amount
    read after it left (the move makes it a new card: gen + 1)."""
    if s.cards[iid].loc == MZONE:
        link.setdefault("known_atk", []).append([iid, s.cards[iid].gen + 1, atk(s, iid)])


@verb_asking(_ask_destroy, "destroy")
def destroy(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    victims = _to_destroy(duel, link, op, ans, use=True)
    uses, _ = replace.plan(duel, victims, "effect", ans.get("replaced", []), link["card"])
    saved = replace.carry_out(duel, uses) if uses else []
    out = [i for i in victims if i not in saved and _destroyable(duel, link, op, i)]
    for iid in out:
        duel.emit(MoveEvent("destroyed", s.cards[iid].ctrl, iid, "effect"))
        _remember_atk(s, link, iid)
    for iid in out:  # "destroy it, and if you do, banish it": straight to banishment
        to_pile(duel, iid, BANISHED if op.spec.banish else GRAVE, "destroyed")
    return out


@verb("banish")
def banish(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    out = []
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        was, ctrl = c.loc, c.ctrl
        # it comes back in the position it had, face-down if banished face-down (4.3.3.4.4.1)
        up = c.face_up and not op.spec.face_down
        in_def = c.in_def or not up
        to_pile(duel, iid, BANISHED, "banished_face_down" if op.spec.face_down else "effect")
        if op.spec.face_down:
            c.face_up = False
        later = op.spec.until in ("your_next_standby", "your_second_standby", "end_of_turn")
        if later and c.loc == BANISHED:  # it comes back (or, the second time, to the hand)
            second = op.spec.until == "your_second_standby"
            s.floating.append({"kind": "banished_until", "player": link["player"],
                               "turn": s.turn, "card": iid, "gen": c.gen,
                               "from": HAND if second else was, "ctrl": ctrl,
                               "standbys": 2 if second else 1, "up": up, "def": in_def,
                               "end": op.spec.until == "end_of_turn"})  # fmt: skip
        out.append(iid)
    return out


@verb("send_to_graveyard", "tribute")
def send_to_graveyard(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    out = []
    why = "tribute" if op.do == "tribute" else "effect"
    for iid in _cards(duel, link, op, ans):
        _remember_atk(duel.state, link, iid)
        to_pile(duel, iid, GRAVE, why)
        out.append(iid)
    return out


@verb("add_to_hand", "return_to_hand")
def to_hand(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    out = []
    searched = set()
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        if c.loc == DECK:
            if s.floating and player_flag(s, c.owner, "no_deck_to_hand"):
                continue
            if not op.spec.keep_order:
                searched.add(c.owner)
        to_pile(duel, iid, HAND, "effect")
        out.append(iid)
    for p in sorted(searched):  # a Deck that was searched is shuffled
        shuffle(duel, p)
    return out


@verb("return_to_deck")
def to_deck(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    out = []
    for iid in _cards(duel, link, op, ans):
        to_pile(duel, iid, DECK, "effect")
        c = s.cards[iid]
        if c.loc == DECK and op.spec.where == "bottom":
            deck = s.sides[c.owner].deck
            deck.remove(iid)
            deck.insert(0, iid)
        out.append(iid)
    if op.spec.where == "shuffle":
        for p in sorted({s.cards[i].owner for i in out if s.cards[i].loc == DECK}):
            shuffle(duel, p)
    return out


def shuffle(duel: Duel, player: int) -> None:
    s = duel.state
    rng = Rng(s.rng)
    rng.shuffle(s.sides[player].deck)
    s.rng = rng.state
    duel.emit(PlayerEvent("shuffle", player))


@verb("shuffle")
def shuffle_op(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    for p in players(op.spec.player, link["player"]):
        shuffle(duel, p)
    return []


@verb("draw")
def draw_op(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    out = []
    for p in players(op.spec.player, link["player"]):
        before = len(s.sides[p].hand)
        n = draws(s, link, op, p)
        if n and not (s.floating and player_flag(s, p, "no_effect_draw")):
            draw(duel, p, n)
        out.extend(s.sides[p].hand[before:])
    return out


def surplus(s: State, me: int) -> int:
    """The cards the opponent controls beyond those in your hand and on your field (Balance
    of Judgment); never below 0."""
    return max(0, on_field(s, 1 - me) - on_field(s, me) - len(s.sides[me].hand))


def on_field(s: State, p: int) -> int:
    """How many cards player ``p`` controls on the field."""
    side = s.sides[p]
    return sum(1 for i in (*side.mzone, *side.szone) if i != EMPTY) + sum(
        1 for i in s.emz if i != EMPTY and s.cards[i].ctrl == p
    )


def draws(s: State, link: Link, op: Op, player: int) -> int:
    """How many cards a draw takes: ``count``, or up to ``fill_hand`` cards in the hand (the
    activated card itself, still in the hand when activation is checked, not counted)."""
    if op.spec.amount_of == "count":  # one for each card the previous operation counted
        prev = link["previous"]
        if op.spec.player == "both":  # each player by their own cards (Card Destruction)
            prev = [i for i in prev if s.cards[i].owner == player]
        return len(prev) * (op.spec.amount or 1)
    if op.spec.amount_of == "surplus":  # "draw cards equal to their surplus"
        return surplus(s, player)
    if op.spec.fill_hand is None:
        return op.spec.count or 1
    hand = [i for i in s.sides[player].hand if i != link["card"]]
    return max(0, op.spec.fill_hand - len(hand))


@verb("mill")
def mill(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    out = []
    for p in players(op.spec.player, link["player"]):
        deck = s.sides[p].deck
        n = op.spec.count or 1
        if op.spec.amount_of == "deck_difference":  # down to the opponent's Deck size
            n = max(0, len(deck) - len(s.sides[1 - p].deck))
        for _ in range(min(n, len(deck))):
            iid = deck[-1]
            to_pile(duel, iid, GRAVE, "effect")
            out.append(iid)
    return out


def _ask_discard(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    if op.cards is not None:
        return ask_cards(duel, link, op, ans)
    return None


@verb_asking(_ask_discard, "discard")
def discard(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Discard chosen cards, or ``count`` cards at random from each player's hand."""
    s = duel.state
    if op.cards is not None:
        ids = [i for i in _cards(duel, link, op, ans) if s.cards[i].loc == HAND]
    else:
        rng = Rng(s.rng)
        ids = []
        for p in players(op.spec.player, link["player"]):
            hand = s.sides[p].hand[:]
            for _ in range(min(op.spec.count or 1, len(hand))):
                ids.append(hand.pop(rng.below(len(hand))))
        s.rng = rng.state
    for iid in ids:
        to_pile(duel, iid, GRAVE, "discard")
    return ids


def _ask_detach(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """The Xyz Monsters first (when chosen), then, from each that has more materials than
    it detaches, the ones the player detaches, one at a time."""
    if "hosts" not in ans:
        p = ask_cards(duel, link, op, ans)
        if p is not None:
            return p
        ans["hosts"] = _cards(duel, link, op, ans)
        ans["mats_from"] = len(ans.get("picks", []))
    s = duel.state
    n = op.spec.count or 1
    taken = ans.get("picks", [])[ans["mats_from"] :]
    for host in ans["hosts"]:
        mats = s.cards[host].overlay
        if len(mats) <= n or sum(m in mats for m in taken) >= n:
            continue
        left = [m for m in mats if m not in taken]
        return Prompt(link["player"], "select", distinct(duel, left, "pick"), host)
    return None


@verb_asking(_ask_detach, "detach")
def detach(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Detach ``count`` materials from each Xyz monster (they go to the Graveyard): the ones
    the player chose, or all it has when it has no more than that."""
    s = duel.state
    n = op.spec.count or 1
    taken = ans.get("picks", [])[ans.get("mats_from", 0) :]
    out = []
    for iid in ans.get("hosts", _cards(duel, link, op, ans)):
        mats = s.cards[iid].overlay
        for mat in [m for m in taken if m in mats] if len(mats) > n else mats[:]:
            to_pile(duel, mat, GRAVE, "detached")
            out.append(mat)
    return out


# ---- summoning ----------------------------------------------------------------------------------


def _to_player(link: Link, op: Op, s: State, iid: int) -> int:
    if op.spec.to == "owner":
        return s.cards[iid].owner
    return link["player"] if op.spec.to == "you" else 1 - link["player"]


def _zones(duel: Duel, link: Link, op: Op, iid: int, taken: list[int]) -> list[int]:
    s = duel.state
    p = _to_player(link, op, s, iid)
    c = s.cards[iid]
    if c.loc == EXTRA:
        zones = extra_deck_zones(s, duel.template.profile, p, view(s, iid))
    else:
        zones = free_main(s, p)
    if op.spec.pointed:  # only zones this (Link) card points to
        near = pointed_cells(s, link["card"])
        zones = [z for z in zones if cell(p, z) in near]
    if op.pointed_by is not None:  # "to your zone your Salamangreat Link Monster points to"
        me = link["player"]
        links = [i for i in s.monsters(me) if matches(s, i, op.pointed_by, me)]
        near = set().union(*(pointed_cells(s, i) for i in links))
        zones = [z for z in zones if cell(p, z) in near]
    if op.spec.extra_zone:  # "to the Extra Monster Zone" (Sky Striker Ace - Raye)
        zones = [z for z in zones if z >= 5]
    return [z for z in zones if z not in taken]


def _positions(op: Op, d: Any) -> tuple[Action, ...]:  # noqa: ANN401 - a CardDef
    pos = op.spec.position
    if d.link or pos == "attack":
        return (ATTACK,)
    if pos == "defense":
        return (DEFENSE,)
    if pos == "face_down_defense":
        return (FACE_DOWN,)
    if pos == "any_defense":  # "in face-up or face-down Defense Position"
        return (DEFENSE, FACE_DOWN)
    return (ATTACK, DEFENSE)


def ask_summon(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    if "room" not in ans:
        ans["room"] = _room_now(duel, link, op)
    if not ans["room"]:
        return None
    p = ask_cards(duel, link, op, ans)
    if p is not None:
        return p
    s = duel.state
    cards = chosen(duel, link, op, ans) if not (op.cards and op.cards.random) else []
    zones = ans.setdefault("zones", [])
    positions = ans.setdefault("positions", [])
    for n, iid in enumerate(cards):
        if n >= len(zones):
            free = _zones(duel, link, op, iid, zones)
            if not free:
                zones.append(EMPTY)  # no zone: it stays where it is (RC-SS-008)
                positions.append("none")
                continue
            return Prompt(_to_player(link, op, s, iid), "zone",
                          tuple(ZoneChoice("zone", z) for z in free), iid)  # fmt: skip
        if n >= len(positions):
            return Prompt(link["player"], "position", _positions(op, s.cards[iid].d), iid)
    return None


@verb_asking(ask_summon, "special_summon")
def special_summon(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    out = []
    if not ans.get("room", True):
        return out  # a fixed number of monsters that do not all find a zone: none (002:1814)
    cards = chosen(duel, link, op, ans)
    zones, positions = ans.get("zones", []), ans.get("positions", [])
    if op.cards is not None and op.cards.of in ("targets", "self", "event"):
        for iid in pool(duel, link, op.cards):
            c = s.cards[iid]
            if c.loc not in (GRAVE, MZONE, "gone") and not _zones(duel, link, op, iid, []):
                # the card to summon was fixed and finds no zone: to the GY (002:1805)
                to_pile(duel, iid, GRAVE, "no_zone")
    for iid, zone, pos in zip(cards, zones, positions, strict=False):
        named = named_summoner(s, iid, link)
        ignore = op.spec.ignore_conditions or bool(named) or _as_its_method(s, iid, op)
        extra = op.spec.from_extra
        if (
            zone == EMPTY
            or named is False
            or not can_special(s, iid, ignore, link["player"], extra)
        ):
            continue
        if zone not in _zones(duel, link, op, iid, []):
            continue
        how = op.spec.as_method or "special"
        # from the Extra Deck without its own method it is not summoned properly (3.2.3)
        proper = not (extra and s.cards[iid].loc == EXTRA and not _as_its_method(s, iid, op))
        summon_to(duel, iid, _to_player(link, op, s, iid), zone, pos, how, proper)
        if iid == link["card"]:  # summoned by its own effect: still "this card" after it
            link["gen"] = s.cards[iid].gen
        out.append(iid)
    return out


def _as_its_method(s: State, iid: int, op: Op) -> bool:
    """An Extra Deck monster Special Summoned "treated as a Synchro Summon" (its own kind):
    it comes out of the Extra Deck as if summoned properly."""
    c = s.cards[iid]
    return op.spec.as_method is not None and c.loc == EXTRA and c.d.method == op.spec.as_method


def summon_to(
    duel: Duel,
    iid: int,
    player: int,
    zone: int,
    pos: str,
    how: str = "special",
    proper: bool = True,
) -> None:
    s = duel.state
    c = s.cards[iid]
    if c.loc == MZONE:
        return
    pay_toll(duel, player, iid)
    face_up = pos != "face_down"
    lift(s, iid)
    place_monster(s, iid, player, zone, face_up, pos != "attack")
    c.summon, c.proper = how, proper
    shown = "set" if not face_up else ("defense" if c.in_def else "attack")
    duel.emit(SummonEvent("summon", player, iid, zone, how, shown))


# ---- Trap Monsters ------------------------------------------------------------------------


def _ask_self_monster(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """The Monster Zone, then the position (face-up) of a Trap that summons itself."""
    s = duel.state
    me = link["player"]
    free = free_main(s, me)
    if not free or not _self_monster_ok(duel, link):
        return None
    if not ans.get("zones"):
        return Prompt(me, "zone", tuple(ZoneChoice("zone", z) for z in free), link["card"])
    if not ans.get("positions"):
        pos = op.spec.position
        options = (DEFENSE,) if pos == "defense" else (ATTACK,) if pos == "attack" else None
        return Prompt(me, "position", options or (ATTACK, DEFENSE), link["card"])
    return None


def _self_monster_ok(duel: Duel, link: Link) -> bool:
    s = duel.state
    c = s.cards[link["card"]]
    if c.loc != SZONE or c.gen != link["gen"] or not c.face_up:
        return False  # the card left, or was Set again: it is not summoned (002:1170)
    return not (s.floating and summon_locked(s, link["player"]))


@verb_asking(_ask_self_monster, "summon_self_as_monster")
def summon_self_as_monster(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """This Trap leaves its Spell & Trap Zone and is Special Summoned as the monster its
    ``monster`` says (seed 000, 4.3.3.11). One that is also still a Trap keeps its bond to
    that zone: the zone stays unusable, and the card stays the same card (an effect that
    targeted it as a Trap still applies, 002:1179); one that is not becomes a new card."""
    s = duel.state
    card, me = link["card"], link["player"]
    zones, positions = ans.get("zones", []), ans.get("positions", [])
    if not zones or not positions or not _self_monster_ok(duel, link):
        return []
    if zones[0] not in free_main(s, me):
        return []
    c = s.cards[card]
    spell_zone, gen = c.seq, c.gen
    summon_to(duel, card, me, zones[0], positions[0])
    form = c.d.as_monster
    if form is not None and "trap" in form.frames:
        c.trap_zone, c.gen = spell_zone, gen
    return [card]


def set_trap_back(duel: Duel, iid: int) -> None:
    """A Trap Monster that is also still a Trap turned face-down: Set in the Spell & Trap
    Zone it came from, as a card Set this turn (seed 000, 4.3.3.11; 002:1170); still the
    same card, so what targeted it still applies (002:1173)."""
    _trap_back(duel, iid, False)
    duel.state.cards[iid].counters = {}  # a face-down card holds no counters (4.3.3.12)


def return_trap_monster(duel: Duel, iid: int) -> None:
    """A Trap Monster that is also still a Trap whose Trap effects (or card effects) are
    negated: back face-up in the Spell & Trap Zone it came from, a Continuous Trap that
    stays there even once the negation ends (seed 000, 4.3.3.11; 002:1147-1153). The same
    card: what negates it still applies."""
    s = duel.state
    kept = [m for m in s.lasting if m.card == iid and not m.derived]
    _trap_back(duel, iid, True)
    s.lasting += kept


def _trap_back(duel: Duel, iid: int, face_up: bool) -> None:
    s = duel.state
    c = s.cards[iid]
    zone, player, gen = c.trap_zone, c.ctrl, c.gen
    lift(s, iid)
    place_spell(s, iid, player, zone, face_up)
    c.trap_zone, c.summon, c.gen = EMPTY, "", gen
    duel.emit(PlaceEvent("set_by_effect" if not face_up else "trap_back", player, iid, zone))


def return_negated_trap_monsters(duel: Duel) -> bool:
    """Return the Trap Monsters that a ``trap_negated`` flag reaches (Royal Decree)."""
    s = duel.state
    cards = s.cards
    found = {
        m.card
        for m in s.lasting
        if m.value == "trap_negated" and cards[m.card].loc == MZONE and cards[m.card].face_up
    }
    # one whose destruction by battle is already confirmed goes to the GY (002:11377)
    found = {iid for iid in found if cards[iid].trap_zone != EMPTY and not cards[iid].destroyed}
    for iid in sorted(found):
        return_trap_monster(duel, iid)
    return bool(found)


# ---- Fusion Summon (Polymerization) ------------------------------------------------------


def fusion_sets(duel: Duel, me: int, fusion: int, op: Op | None = None) -> list[tuple[int, ...]]:
    """Material sets from ``me``'s hand and field (or where the operation says) that fit
    the Fusion Monster's materials and leave it a zone."""
    return list(_fusion_combos(duel, me, fusion, op))


def _banishes_materials(duel: Duel, me: int, fusion: int, op: Op | None) -> bool:
    """Whether this summon may also take materials banished from other places."""
    from deckcheck.cards.filters import parse_filter
    from deckcheck.engine.select import matches

    more = op.spec.banish_materials if op is not None else None
    return more is not None and matches(duel.state, fusion, parse_filter(more.fusion), me)


def _material_pool(duel: Duel, me: int, fusion: int, op: Op | None) -> list[int]:
    s = duel.state
    where = (op.spec.materials_from if op is not None else None) or ["hand", "monster"]
    pool = []
    if "hand" in where:
        pool += [i for i in s.sides[me].hand if s.cards[i].d.kind == "monster"]
    if "monster" in where:
        pool += s.monsters(me)
    if op is not None and op.deck_materials_if is not None:  # Shaddoll Fusion
        from deckcheck.engine.effects.context import count_matching

        if count_matching(s, op.deck_materials_if, me):
            pool += [i for i in s.sides[me].deck if s.cards[i].d.kind == "monster"]
    # "cannot be used as Fusion Material" (Chimeratech Fortress Dragon), not an effect
    pool = [i for i in pool if not restricted(s, i, "no_fusion_material")]
    if s.lasting:  # a card that cannot be used is no material either (000 4.3.3.14)
        pool = [i for i in pool if not unusable(s, i)]
    if op is not None and op.spec.banish_materials and _banishes_materials(duel, me, fusion, op):
        more = op.spec.banish_materials.from_
        if "monster" in more:
            pool += [i for i in s.monsters(me) if i not in pool]
        if "graveyard" in more:  # either player's Graveyard
            pool += [i for side in s.sides for i in side.grave if s.cards[i].d.kind == "monster"]
        elif "your_graveyard" in more:  # "from your field or your GY" (Miracle Fusion)
            pool += [i for i in s.sides[me].grave if s.cards[i].d.kind == "monster"]
    return pool


def _fusion_combos(
    duel: Duel, me: int, fusion: int, op: Op | None = None
) -> Iterator[tuple[int, ...]]:
    from deckcheck.engine.procedures import _size_bounds, fits_groups

    s = duel.state
    d = s.cards[fusion].d
    if not d.groups:
        return
    pool = _material_pool(duel, me, fusion, op)
    defs = {i: view(s, i) for i in pool}
    # only cards some group accepts; each group needs enough of them (a cheap rejection)
    pool = [i for i in pool if any(g.accepts(defs[i]) for g in d.groups)]
    if any(sum(1 for i in pool if g.accepts(defs[i])) < g.min for g in d.groups):
        return
    low, high = _size_bounds(d.groups)
    for size in range(max(low, 1), min(high, len(pool)) + 1):
        for combo in combinations(pool, size):
            if fits_groups(d.groups, [defs[i] for i in combo]) and extra_deck_zones(
                s, duel.template.profile, me, d, combo
            ):
                yield combo


def contact_only(d: Any) -> bool:  # noqa: ANN401 - a CardDef
    """A Fusion Monster summoned only by its "contact" procedure, never by a Fusion Summon
    ("you do not use Polymerization": Chimeratech Fortress Dragon)."""
    return d.fx is not None and any(e.contact for e in d.fx.procedures)


def fusions(duel: Duel, me: int, op: Op | None = None) -> list[int]:
    """Fusion Monsters in ``me``'s Extra Deck that a Fusion Summon could bring out now (only
    those the operation's filter names: Power Bond's Machine Fusion Monsters)."""
    from deckcheck.engine.select import matches

    s = duel.state
    if s.floating and summon_locked(s, me):
        return []
    flt = op.cards.filter if op is not None and op.cards is not None else None
    return [i for i in s.sides[me].extra if s.cards[i].d.method == "fusion"
            and not contact_only(s.cards[i].d)
            and (flt is None or matches(s, i, flt, me))
            and not s.cards[i].face_up and not (s.floating and summon_forbidden(s, i, me))
            and not unusable(s, i)
            and next(_fusion_combos(duel, me, i, op), None) is not None]  # fmt: skip


def _in_damage_step(s: State) -> bool:
    """No summon is performed in the Damage Step: an effect that would perform one there
    does not (002:3071)."""
    return s.battle is not None and s.battle.damage_step


def _zone_then_position(
    me: int, monster: int, ans: dict[str, Any], zones: Callable[[], list[int]]
) -> Prompt | None:
    """The last questions of a summon an effect makes: the monster's zone, then its
    position (the zones worked out only when asked)."""
    if "zones" not in ans:
        return Prompt(me, "zone", tuple(ZoneChoice("zone", z) for z in zones()), monster)
    if "positions" not in ans:
        return Prompt(me, "position", (ATTACK, DEFENSE), monster)
    return None


def _ask_fusion(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """The Fusion Monster first, then its materials, then its zone and position."""
    s = duel.state
    if _in_damage_step(s):
        return None  # no summon is performed in the Damage Step (002:3071)
    me = link["player"]
    prof = duel.template.profile
    return _ask_summon_set(
        duel, me, ans,
        lambda: fusions(duel, me, op),
        lambda fusion: fusion_sets(duel, me, fusion, op),
        lambda fusion, mats: extra_deck_zones(s, prof, me, s.cards[fusion].d, mats),
    )  # fmt: skip


def _ask_summon_set(
    duel: Duel,
    me: int,
    ans: dict[str, Any],
    monsters: Callable[[], list[int]],
    sets_of: Callable[[int], list[tuple[int, ...]]],
    zones_of: Callable[[int, list[int]], list[int]],
) -> Prompt | None:
    """A summon by an effect that uses a set of cards (Fusion Materials, Ritual Tributes):
    the monster first, then the cards one by one (only those that still complete a set;
    ``done`` once a set is whole and a larger one could go on), then its zone and
    position."""
    picks = ans.setdefault("picks", [])
    if not picks:
        found = monsters()
        return Prompt(me, "select", distinct(duel, found, "pick")) if found else None
    monster, used = picks[0], picks[1:]
    sets = [c for c in sets_of(monster) if set(used) <= set(c)]
    whole = any(set(c) == set(used) for c in sets)
    left = sorted({i for c in sets for i in c if i not in used})
    if left and not (whole and ans.get("done")):
        options: tuple[Action, ...] = distinct(duel, left, "pick")
        return Prompt(me, "select", options + ((DONE,) if whole else ()))
    return _zone_then_position(me, monster, ans, lambda: zones_of(monster, used))


@verb_asking(_ask_fusion, "fusion_summon")
def fusion_summon(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Send the materials to the Graveyard, then Fusion Summon the monster (properly: it
    may be revived later)."""
    picks = ans.get("picks", [])
    if len(picks) < 2 or not ans.get("zones") or not ans.get("positions"):
        return []
    me, fusion = link["player"], picks[0]
    if not any(set(c) == set(picks[1:]) for c in fusion_sets(duel, me, fusion, op)):
        return []
    banish = _banishes_materials(duel, me, fusion, op)
    for m in picks[1:]:
        duel.emit(MaterialEvent("material", me, m, "fusion"))
        away = banish and duel.state.cards[m].loc != HAND  # Invocation: banished instead
        to_pile(duel, m, BANISHED if away else GRAVE, "material")
    duel.state.steps += 1  # the materials went first
    s = duel.state
    if s.floating and player_flag(s, me, "fusion_unanswerable"):  # Magical Meltdown
        s.floating.append({"kind": "no_response", "player": 1 - me, "mark": len(s.history),
                           "until": s.turn})  # fmt: skip
    summon_to(duel, fusion, me, ans["zones"][0], ans["positions"][0], "fusion")
    return [fusion]


def fusion_unnegatable(s: State, link: Link) -> bool:
    """The activation of an effect that Fusion Summons, under its player's Magical
    Meltdown, cannot be negated."""
    if not s.floating or not player_flag(s, link["player"], "fusion_unnegatable"):
        return False
    e = effect_of(s, link["card"], link["effect"])
    return any(o.do.startswith("fusion_summon") for o in e.ops)


def listing(duel: Duel, me: int, mat: int) -> list[int]:
    """Fusion Monsters in ``me``'s Extra Deck whose material list names ``mat`` (by a name
    it has now) and that it alone could bring out to a zone (The Eye of Timaeus)."""
    s = duel.state
    if s.floating and summon_locked(s, me):
        return []
    names = view(s, mat).names
    out = []
    for i in s.sides[me].extra:
        d = s.cards[i].d
        if d.method != "fusion" or s.cards[i].face_up or not d.groups or contact_only(d):
            continue
        if s.floating and summon_forbidden(s, i, me):
            continue
        named = not names.isdisjoint(material_names(d))
        if named and extra_deck_zones(s, duel.template.profile, me, d, (mat,)):
            out.append(i)
    return out


def material_names(d: Any) -> set[str]:  # noqa: ANN401 - a CardDef
    """The card names an Extra Deck monster's material list names."""
    groups = d.groups or ()
    return {v for g in groups for t in g.filter.terms if t.field == "name" and not t.negate
            for v in t.values}  # fmt: skip


def _lists_it(duel: Duel, link: Link, op: Op, iid: int) -> bool:
    return duel.state.cards[iid].loc == MZONE and bool(listing(duel, link["player"], iid))


ELIGIBLE["fusion_summon_using"] = _lists_it


def _ask_using(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """The Fusion Monster, then its zone and position; the material is already known."""
    s = duel.state
    me = link["player"]
    mats = candidates(duel, link, op)[:1]
    if not mats or _in_damage_step(s):
        return None
    picks = ans.setdefault("picks", [])
    if not picks:
        found = listing(duel, me, mats[0])
        return Prompt(me, "select", distinct(duel, found, "pick")) if found else None
    made, profile = picks[0], duel.template.profile
    return _zone_then_position(
        me, made, ans, lambda: extra_deck_zones(s, profile, me, s.cards[made].d, mats)
    )


@verb_asking(_ask_using, "fusion_summon_using")
def fusion_summon_using(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Fusion Summon a Fusion Monster that names the card, with that card alone as its
    Fusion Material (it goes to the Graveyard first)."""
    picks = ans.get("picks", [])
    mats = candidates(duel, link, op)[:1]
    if not picks or not mats or not ans.get("zones") or not ans.get("positions"):
        return []
    me, fusion = link["player"], picks[0]
    if fusion not in listing(duel, me, mats[0]):
        return []
    duel.emit(MaterialEvent("material", me, mats[0], "fusion"))
    to_pile(duel, mats[0], GRAVE, "material")
    duel.state.steps += 1  # the material went first
    summon_to(duel, fusion, me, ans["zones"][0], ans["positions"][0], "fusion")
    return [fusion]


# ---- Synchro Summon by an effect, using this card ---------------------------------------------


def synchro_sets(duel: Duel, link: Link, synchro: int) -> list[tuple[int, ...]]:
    """The material sets of a Synchro Monster that use this card (T.G. Wonder Magician)."""
    from deckcheck.engine.procedures import material_sets

    s = duel.state
    me = link["player"]
    sets = material_sets(s, duel.template.profile, me, view(s, synchro))
    return [c for c in sets if link["card"] in c]


def synchros(duel: Duel, link: Link, op: Op) -> list[int]:
    """The Synchro Monsters in your Extra Deck this card can be a material for now; from
    the GY (``materials_from``): those whose Level, at most ``amount``, the Levels of a
    Tuner and non-Tuners in your GY can make up."""
    s = duel.state
    me = link["player"]
    if s.floating and summon_locked(s, me):
        return []
    grave = "graveyard" in op.spec.materials_from
    if not grave and s.cards[link["card"]].loc != MZONE:
        return []
    out = []
    for i in s.sides[me].extra:
        c = s.cards[i]
        if "synchro" not in c.d.frames or c.face_up or unusable(s, i):
            continue
        if grave:
            fits = level(s, i) <= (op.spec.amount or 12) and _grave_fits(s, me, i, [])
        else:
            fits = bool(synchro_sets(duel, link, i))
        if fits:
            out.append(i)
    return out


def _grave_fits(s: State, me: int, synchro: int, picked: list[int]) -> bool:
    """Whether the picked monsters of your GY, and more of them, can be 1 Tuner and any
    number of non-Tuners whose Levels add up to the Synchro Monster's (King's Consonance)."""
    from deckcheck.cards.filters import is_a

    tuners = [i for i in picked if is_a(view(s, i), "tuner")]
    left = level(s, synchro) - sum(level(s, i) for i in picked)
    if len(tuners) > 1 or left < 0:
        return False
    rest = [i for i in s.sides[me].grave if i not in picked and s.cards[i].d.kind == "monster"
            and level(s, i) > 0]  # fmt: skip
    sums = {0}  # the Levels the remaining non-Tuners can add up to
    for i in rest:
        if not is_a(view(s, i), "tuner"):
            sums |= {x + level(s, i) for x in sums if x + level(s, i) <= left}
    if tuners:
        return left in sums
    return any(left - level(s, t) in sums for t in rest if is_a(view(s, t), "tuner"))


def _ask_synchro(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """The Synchro Monster, then its materials with this card among them, its zone and
    position."""
    s = duel.state
    if _in_damage_step(s):
        return None  # no summon is performed in the Damage Step (002:3071)
    me = link["player"]
    if "graveyard" in op.spec.materials_from:
        return _ask_grave_synchro(duel, link, op, ans)
    return _ask_summon_set(
        duel, me, ans,
        lambda: synchros(duel, link, op),
        lambda synchro: synchro_sets(duel, link, synchro),
        lambda synchro, mats: extra_deck_zones(
            s, duel.template.profile, me, view(s, synchro), mats
        ),
    )  # fmt: skip


def _ask_grave_synchro(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """The Synchro Monster, then the monsters of your GY one by one (only those that still
    complete a set), then its zone and position."""
    s = duel.state
    me = link["player"]
    picks = ans.setdefault("picks", [])
    if not picks:
        found = synchros(duel, link, op)
        return Prompt(me, "select", distinct(duel, found, "pick")) if found else None
    synchro, used = picks[0], picks[1:]
    if sum(level(s, i) for i in used) < level(s, synchro):
        left = [i for i in s.sides[me].grave if i not in used and s.cards[i].d.kind == "monster"
                and level(s, i) > 0 and _grave_fits(s, me, synchro, [*used, i])]  # fmt: skip
        return Prompt(me, "select", distinct(duel, left, "pick")) if left else None
    profile = duel.template.profile
    return _zone_then_position(
        me, synchro, ans, lambda: extra_deck_zones(s, profile, me, view(s, synchro), [])
    )


@verb_asking(_ask_synchro, "synchro_summon")
def synchro_summon(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Send the materials to the Graveyard, then Synchro Summon the monster (properly)."""
    picks = ans.get("picks", [])
    if len(picks) < 2 or not ans.get("zones") or not ans.get("positions"):
        return []
    me, synchro = link["player"], picks[0]
    s = duel.state
    if "graveyard" in op.spec.materials_from:  # banished from the GY, "treated as a Synchro"
        used = picks[1:]
        if sum(level(s, i) for i in used) != level(s, synchro):
            return []
        if not _grave_fits(s, me, synchro, used):
            return []
        for m in used:
            to_pile(duel, m, BANISHED, "effect")
        s.steps += 1
        summon_to(duel, synchro, me, ans["zones"][0], ans["positions"][0], "synchro")
        return [synchro]
    if not any(set(c) == set(picks[1:]) for c in synchro_sets(duel, link, synchro)):
        return []
    for m in picks[1:]:
        duel.emit(MaterialEvent("material", me, m, "synchro"))
        to_pile(duel, m, GRAVE, "material")
    duel.state.steps += 1  # the materials went first
    summon_to(duel, synchro, me, ans["zones"][0], ans["positions"][0], "synchro")
    return [synchro]


# ---- Ritual Summon (Ritual Spells) ---------------------------------------------------------------


def ritual_sets(duel: Duel, link: Link, op: Op, ritual: int) -> list[tuple[int, ...]]:
    """Tributes from the hand and field for a Ritual Monster: Levels adding up to its Level
    (exactly, or at least with no Tribute more than needed), leaving it a zone."""
    s = duel.state
    me = link["player"]
    need = level(s, ritual)
    pool = [i for i in s.sides[me].hand if i != ritual and s.cards[i].d.kind == "monster"]
    pool += s.monsters(me)
    if op.grave_tributes is not None:  # banished from the GY instead (Nekroz Mirror)
        pool += [i for i in s.sides[me].grave
                 if i != ritual and matches(s, i, op.grave_tributes, me)]  # fmt: skip
    owed = lent_monsters(s, me) if s.lasting else []  # Soul Exchange, 002:10441
    pool += owed
    pool = [i for i in pool if level(s, i) > 0 and not has_flag(s, i, "no_tribute")]
    fx = s.cards[ritual].d.fx
    if fx is not None and fx.ritual_without is not None:  # "without using any Level 7"
        pool = [i for i in pool if not matches(s, i, fx.ritual_without, me)]
    owed = [i for i in owed if i in pool]
    out = []
    for size in range(1, min(len(pool), 6) + 1):
        for combo in combinations(pool, size):
            if owed and not set(owed[:size]) <= set(combo):
                continue
            levels = [level(s, i) for i in combo]
            total = sum(levels)
            if op.spec.exact:
                ok = total == need
            else:  # enough, and every Tribute needed
                ok = total >= need and all(total - lv < need for lv in levels)
            if ok and free_main(s, me, combo):
                out.append(combo)
    return out


def rituals(duel: Duel, link: Link, op: Op) -> list[int]:
    """Ritual Monsters in the hand, or also the GY (``ritual_from``), matching the
    operation's filter, that can be summoned."""
    s = duel.state
    me = link["player"]
    if s.floating and summon_locked(s, me):
        return []
    flt = op.cards.filter if op.cards is not None else None
    found = []
    side = s.sides[me]
    where = op.spec.ritual_from or ["hand"]
    for i in [*side.hand, *(side.grave if "graveyard" in where else ())]:
        d = s.cards[i].d
        if d.kind != "monster" or "ritual" not in d.frames or unusable(s, i):
            continue
        if flt is not None and flt.terms and not matches(s, i, flt, me):
            continue
        if ritual_sets(duel, link, op, i):
            found.append(i)
    return found


def _ask_ritual(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """The Ritual Monster first, then the Tributes (no more than needed: a whole set is
    never part of a larger one), then its zone and position."""
    if _in_damage_step(duel.state):
        return None  # no summon is performed in the Damage Step (002:3071)
    me = link["player"]
    return _ask_summon_set(
        duel, me, ans,
        lambda: rituals(duel, link, op),
        lambda ritual: ritual_sets(duel, link, op, ritual),
        lambda ritual, tributes: free_main(duel.state, me, tributes),
    )  # fmt: skip


@verb_asking(_ask_ritual, "ritual_summon")
def ritual_summon(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Tribute the monsters, then Ritual Summon the monster from the hand (properly)."""
    picks = ans.get("picks", [])
    if len(picks) < 2 or not ans.get("zones") or not ans.get("positions"):
        return []
    me, ritual = link["player"], picks[0]
    if not any(set(c) == set(picks[1:]) for c in ritual_sets(duel, link, op, ritual)):
        return []
    for m in picks[1:]:  # a monster from the GY is banished (grave_tributes)
        gone = duel.state.cards[m].loc == GRAVE
        to_pile(duel, m, BANISHED if gone else GRAVE, "effect" if gone else "ritual_tribute")
    duel.state.steps += 1  # the Tributes went first
    summon_to(duel, ritual, me, ans["zones"][0], ans["positions"][0], "ritual")
    return [ritual]


def _ask_tokens(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    s = duel.state
    zones = ans.setdefault("zones", [])
    positions = ans.setdefault("positions", [])
    p = link["player"] if op.spec.to != "opponent" else 1 - link["player"]
    count = op.spec.count or 1
    free = [z for z in free_main(s, p) if z not in zones]
    if len(free_main(s, p)) < count:
        return None  # not enough zones: none are summoned
    if len(zones) < count:
        return Prompt(p, "zone", tuple(ZoneChoice("zone", z) for z in free))
    if len(positions) < count and op.spec.position == "any":
        return Prompt(link["player"], "position", (ATTACK, DEFENSE))
    return None


@verb_asking(_ask_tokens, "create_tokens")
def create_tokens(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Special Summon Tokens: new cards of the duel that cease to exist when they leave
    the field."""
    s = duel.state
    d = duel.template.tokens.get(op.spec.token or 0)
    if d is None:
        raise RuntimeError(f"token {op.spec.token} is not in the duel's template")
    p = link["player"] if op.spec.to != "opponent" else 1 - link["player"]
    zones = ans.get("zones", [])
    if len(zones) < (op.spec.count or 1) or summon_locked(s, link["player"]):
        return []
    positions = ans.get("positions") or [op.spec.position] * len(zones)
    out = []
    for zone, pos in zip(zones, positions, strict=False):
        iid = len(s.cards)
        s.cards.append(Inst(d, p, p, "gone"))
        summon_to(duel, iid, p, zone, "attack" if pos == "any" else pos)
        out.append(iid)
    return out


# ---- negation -----------------------------------------------------------------------------------


def _responded(s: State, link: Link) -> Link | None:
    r = link["responds"]
    return s.chain[r] if 0 <= r < len(s.chain) else None


@verb("negate_activation", "negate_effect")
def negate(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Negate the activation (or only the effect) of the link this one responded to."""
    from deckcheck.engine.events import ChainEvent

    s = duel.state
    other = _responded(s, link)
    if other is None or other["negated"]:
        return []
    if has_flag(s, other["card"], "cannot_be_negated") or unnegatable(s, other):
        return []
    if op.do == "negate_activation" and fusion_unnegatable(s, other):
        return []
    other["negated"] = "activation" if op.do == "negate_activation" else "effect"
    kind = "negated_activation" if op.do == "negate_activation" else "negated_effect"
    e = other["effect"]
    duel.emit(ChainEvent(kind, other["player"], other["card"], other["link"], int(e.split(".")[0])))
    card = other["card"]
    return [card] if s.cards[card].gen == other["gen"] or s.cards[card].loc in FIELD else []


@verb("negate_summon")
def negate_summon(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    out = []
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        if c.summoning:
            c.summoning, c.summon = False, "negated"
            duel.emit(CardEvent("summon_negated", c.ctrl, iid))
            out.append(iid)
    return out


@verb("negate_attack")
def negate_attack(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    b = duel.state.battle
    if b is None or not b.live:
        return []
    b.live = False
    duel.emit(CardEvent("attack_negated", duel.state.turn_player, b.attacker))
    return [b.attacker]


@verb("damage_calculation")
def damage_calculation(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """The attack being declared changes its target to the chosen monster of the attacked
    player (none chosen: it keeps its target) and damage calculation is performed now, in
    the resolution (Roulette Spider). The attack ends there: no Damage Step follows, and the
    monsters it destroyed go to the Graveyard once the chain has resolved (002:11377)."""
    from deckcheck.engine.battle import calculate

    s = duel.state
    b = s.battle
    attacker = s.cards[b.attacker] if b is not None else None
    if b is None or not b.live or b.damage_step or attacker is None or attacker.loc != MZONE:
        return []
    new = [i for i in _cards(duel, link, op, ans) if s.cards[i].loc == MZONE]
    new = [i for i in new if s.cards[i].ctrl == 1 - s.turn_player]
    if op.cards is not None and not new:
        return []
    if new and new[0] != b.target:
        b.target = new[0]
        duel.emit(AttackEvent("retarget", s.turn_player, b.attacker, b.target))
    if b.target != EMPTY and s.cards[b.target].loc != MZONE:
        return []
    if b.target != EMPTY and not s.cards[b.target].face_up:
        s.cards[b.target].face_up = True  # flipped face-up, as before damage calculation
        duel.emit(CardEvent("flip", s.cards[b.target].ctrl, b.target))
    calculate(duel)
    b.live = False
    return [b.attacker] if b.target == EMPTY else [b.attacker, b.target]


def _until(s: State, until: str, player: int) -> int:
    if until in ("end_of_turn", "end_of_damage_step"):  # the latter also ends with its battle
        return s.turn
    if until == "end_of_next_turn":
        return s.turn + 1
    if until == "end_of_your_next_turn":  # the effect's player's next turn, not this one
        return s.turn + (2 if s.turn_player == player else 1)
    return 0


def _self_face_up(duel: Duel, link: Link) -> bool:
    """This card is still face-up on the field, the card that activated the effect."""
    c = duel.state.cards[link["card"]]
    return c.loc in FIELD and c.face_up and c.gen == link["gen"]


@verb("negate_effects")
def negate_effects(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """The cards' effects are negated (while they stay face-up, or until the end of the
    turn when ``until`` says so). A Trap Monster whose monster effects are negated stays a
    monster; one whose card effects are (``card_effects``) goes back to its zone."""
    s = duel.state
    out = []
    # "while it and this monster are face-up": it ends as this card leaves the field or is
    # turned face-down too (query.drop_lasting), as what its continuous effects apply
    both = op.spec.until == "while_self_face_up"
    if both and not _self_face_up(duel, link):
        return []
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        if c.loc in FIELD and c.face_up:
            add_lasting(s, iid, "flag", "add", "negated", both, link["card"],
                        _until(s, op.spec.until, link["player"]))  # fmt: skip
            if op.spec.card_effects and c.loc == MZONE and c.trap_zone != EMPTY:
                return_trap_monster(duel, iid)  # a monster's effects only: it stays (002:1151)
            out.append(iid)
    return out


# ---- ATK/DEF, LP ---------------------------------------------------------------------------


def amount(duel: Duel, link: Link, op: Op) -> int:
    s = duel.state
    spec = op.spec
    if spec.amount_of is None:
        return spec.amount or 0
    ref = link["previous"] or [i for g in link["targets"] for i, _ in g] or link["event"]
    if spec.amount_from == "previous":
        ref = link["previous"]
    elif spec.amount_from == "targets":
        ref = [i for g in link["targets"] for i, _ in g]
    elif op.cards is not None and (op.do in ("damage", "gain_lp") or op.cards.of == "targets"):
        # a damage/LP verb reads its own cards, if it names any; a verb on the targets reads
        # them ("its ATK becomes double its original ATK": Cat Shark), not a cost's cards
        ref = pool(duel, link, op.cards)
    if spec.amount_of == "count":
        return len(ref if op.cards is not None else link["previous"]) * (spec.amount or 1)
    if spec.amount_of == "total_original_atk":  # "the combined original ATK"
        return sum(s.cards[i].d.atk for i in ref)
    if spec.amount_of == "half_lp":
        return s.sides[link["player"]].lp // 2
    if spec.amount_of == "chain_link":  # this link's number in the chain (Chain Strike)
        return link["link"] * (spec.amount or 1)
    if spec.amount_of == "dealt":  # the damage the last damage operation inflicted
        return link.get("dealt", 0)
    if spec.amount_of == "event_amount":  # the damage of the event it answers (Gorz)
        return int(link.get("event_amount", 0))
    if spec.amount_of == "declared":  # the number the effect declared (a Level)
        said = link.get("declared")
        return int(said) if isinstance(said, str | int) and str(said).isdigit() else 0
    if spec.amount_of == "kept":  # worked out when the floating effect was created
        return int(link.get("kept", 0))
    if spec.amount_of == "revealed":  # the cards this effect's reveal showed (Madame Verre)
        return int(link.get("revealed", 0)) * (spec.amount or 1)
    if spec.amount_of == "counters_removed":  # by this effect's remove_counters
        return int(link.get("removed", 0)) * (spec.amount or 1)
    if spec.amount_of == "atk_lost":  # the ATK the last ATK change really took away
        return int(link.get("lost", 0))
    if spec.amount_of == "total_atk" and spec.total_of is not None:
        from deckcheck.engine.effects.model import select

        mine = set(pool(duel, link, op.cards)) if op.cards is not None else set()
        # "except itself": the cards it acts on do not count
        return sum(atk(s, i) for i in pool(duel, link, select(spec.total_of)) if i not in mine)
    if spec.amount_of == "battle_opponent_atk":
        b = s.battle
        both = (b.attacker, b.target) if b is not None else ()
        foes = [i for i in both if i >= 0 and s.cards[i].ctrl != link["player"]]
        return atk(s, foes[0]) if foes else 0
    if not ref:
        return 0
    iid = ref[0]
    if spec.amount_of == "atk":
        if s.cards[iid].loc != MZONE:  # a monster the effect destroyed: its ATK on the field
            for card, gen, value in link.get("known_atk", ()):
                if card == iid and gen == s.cards[iid].gen:
                    return int(value) * (spec.amount or 1)
        return atk(s, iid) * (spec.amount or 1)
    if spec.amount_of == "def":
        return defense(s, iid)
    if spec.amount_of == "level":
        return level(s, iid) * (spec.amount or 1)
    if spec.amount_of == "link_rating":
        return printed(s, iid).link * (spec.amount or 1)
    if spec.amount_of == "original_def":  # "double its original DEF": amount 2 (Cat Shark)
        return original(s, iid, "defense") * (spec.amount or 1)
    return original(s, iid, "atk") * (spec.amount or 1)  # original_atk


@verb("change_atk", "change_def", "set_atk", "set_def")
def change_stat(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    stat = "atk" if op.do.endswith("atk") else "defense"
    until = _until(s, op.spec.until, link["player"])
    out = []
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        if c.loc != MZONE or not c.face_up:
            continue
        before = atk(s, iid)
        _change_one(duel, link, op, iid, stat, until)
        if op.spec.until == "end_of_damage_step" and s.battle is not None:
            # "until the end of the Damage Step": it ends with this battle (battle.ds_end)
            s.floating.append({"kind": "battle_change", "stamp": s.lasting[-1].stamp,
                               "battle": True})  # fmt: skip
        if stat == "atk":  # "the ATK lost by this effect" (Black-Winged Dragon)
            link["lost"] = max(0, before - atk(s, iid))
        out.append(iid)
    return out


def _change_one(duel: Duel, link: Link, op: Op, iid: int, stat: str, until: int) -> None:
    s = duel.state
    if op.spec.original:  # the original value becomes it (or half of it)
        base = original(s, iid, stat)
        value = (base + 1) // 2 if op.spec.half else amount(duel, link, op)
        add_lasting(s, iid, stat, "set_base", value, False, link["card"], until)
    elif op.spec.half:  # "becomes half": rounded up (RC-RND-002)
        now = atk(s, iid) if stat == "atk" else defense(s, iid)
        add_lasting(s, iid, stat, "set", (now + 1) // 2, False, link["card"], until)
    elif op.do.startswith("set"):
        add_lasting(s, iid, stat, "set", amount(duel, link, op), False, link["card"], until)
    elif op.spec.amount_of == "own_original_atk":  # "gains ATK equal to its original ATK"
        value = original(s, iid, "atk") * (op.spec.amount or 1)
        add_lasting(s, iid, stat, "add", value, False, link["card"], until)
    else:
        add_lasting(s, iid, stat, "add", amount(duel, link, op), False, link["card"], until)


def summon_locked(s: State, player: int) -> bool:
    """The player cannot Special Summon now (Pot of Duality, Scapegoat; El Shaddoll Winda:
    "only once per turn", after a Special Summon this turn)."""
    if player_flag(s, player, "no_special_summons") or player_flag(s, player, "no_summons"):
        return True
    return player_flag(s, player, "one_special_summon") and special_summoned_now(s, player)


def special_summoned_now(s: State, player: int) -> bool:
    """Whether ``player`` Special Summoned this turn."""
    from deckcheck.engine.effects.timing import summoned_this_turn

    return summoned_this_turn(s, player, special_only=True)


def controls_name(s: State, player: int, iid: int) -> bool:
    """Whether ``player`` controls a face-up card with a name of card ``iid`` (other than it)."""
    names = s.cards[iid].d.names
    return any(i != iid and s.cards[i].face_up and not names.isdisjoint(s.cards[i].d.names)
               for i in s.monsters(player))  # fmt: skip


def unique_taken(s: State, player: int, iid: int) -> bool:
    """Whether a card that must be unique cannot come to ``player``'s field now: they
    control one of its name, or with ``unique: field`` either player does."""
    fx = s.cards[iid].d.fx
    if fx is None or not fx.unique:
        return False
    return (
        controls_name(s, player, iid) or fx.unique == "field" and controls_name(s, 1 - player, iid)
    )


def hand_toll(s: State, player: int) -> int:
    """The LP a player pays for each card they Normal or Special Summon, Set or activate
    from the hand: 500 for each ``hand_toll`` flag on them (Chain Energy)."""
    return 500 * sum(1 for f in s.floating if f.get("kind") == "flags"
                     and f["player"] == player and "hand_toll" in f["flags"])  # fmt: skip


def pay_toll(duel: Duel, player: int, iid: int) -> None:
    """Pay the hand toll for a card leaving the hand to be summoned, Set or activated."""
    s = duel.state
    if not s.floating or s.cards[iid].loc != HAND:
        return
    n = min(hand_toll(s, player), s.sides[player].lp)
    if n > 0:
        s.sides[player].lp -= n
        duel.emit(DamageEvent("lp_cost", player, n, "cost"))
        check_win(duel)  # paying all your LP loses at once (002:454): nothing follows


NORMAL_SUMMONS = "normal_summons:"  # "you can Normal Summon up to N times this turn"


def normal_summons(s: State, player: int, unrestricted: bool = False) -> int:
    """How many Normal Summons (or Sets) the player may make this turn: 1, made 2 by
    ``extra_normal_summon`` (Double Summon) or N by ``normal_summons:N`` (Summon Chain's 3);
    such grants set the count, they do not add up (002:5043). ``unrestricted``: only grants
    without ``only`` (Swap Frog's second summon is of Frogs alone)."""
    n = 1
    for f in s.floating:
        if f.get("kind") != "flags" or f["player"] != player:
            continue
        if unrestricted and f.get("only") is not None:
            continue
        n = max([n, *(_granted(flag) for flag in f["flags"])])
    return n


def _granted(flag: str) -> int:
    """The Normal Summons a player flag allows this turn (0: it grants none)."""
    if flag == "extra_normal_summon":
        return 2
    count = flag[len(NORMAL_SUMMONS) :]
    return int(count) if flag.startswith(NORMAL_SUMMONS) and count.isdigit() else 0


def grants_nothing(s: State, link: Link, op: Op) -> bool:
    """An ``apply`` that only grants Normal Summons, and would not raise the count of any
    player it applies to: its effect would do nothing, so it cannot be activated (a second
    Double Summon, or Double Summon after Summon Chain; 002:5045)."""
    spec = op.spec
    if op.do != "apply" or not spec.flags or spec.only is not None:
        return False
    grants = [_granted(flag) for flag in spec.flags]
    if not all(grants):
        return False  # it does something else too
    grant = max(grants)
    return all(normal_summons(s, p, True) >= grant for p in players(spec.player, link["player"]))


def player_flag(s: State, player: int, flag: str) -> bool:
    for f in s.floating:  # noqa: SIM110
        if f.get("kind") == "flags" and f["player"] == player and flag in f["flags"]:
            return True
    return False


@verb("attach")
def attach_op(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Attach ``cards`` to this card (an Xyz Monster on the field) as material; a monster's
    own materials go to the Graveyard. With ``onto: targets``, under the (first) target
    instead, from wherever ``cards`` are (Zoodiac Barrage: itself, from the GY)."""
    s = duel.state
    host = link["card"]
    h = s.cards[host]
    cards = _cards(duel, link, op, ans)
    if op.spec.onto == "previous":  # under the monster just summoned (Xyz Reborn: itself)
        host = (link["previous"] or [host])[0]
        h = s.cards[host]
    elif op.spec.onto == "targets":
        live = [x for group in link["targets"] for x in live_targets(s, group)]
        if not live:
            return []
        host, h = live[0], s.cards[live[0]]
    elif h.gen != link["gen"]:
        return []
    if h.loc != MZONE or not h.d.rank:
        return []
    out = []
    anywhere = op.spec.onto == "targets"
    for iid in cards:
        c = s.cards[iid]
        if iid == host or c.loc not in FIELD and not anywhere or c.d.kind == "token":
            continue
        if c.loc in (DECK, EXTRA, OVERLAY) or not _attachable(duel, link, op, iid):
            continue
        for mat in c.overlay[:]:
            to_pile(duel, mat, GRAVE, "detached")
        drop_lasting(s, iid)
        lift(s, iid)
        attach(s, host, iid)
        duel.emit(MaterialEvent("material", link["player"], iid, "attach"))
        out.append(iid)
    return out


@verb("set_level", "change_level")
def set_level(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """The Level of face-up monsters that have one becomes ``amount`` (``until``), or with
    ``change_level`` goes up by it (Diviner of the Herald)."""
    s = duel.state
    until = _until(s, op.spec.until, link["player"])
    how = "add" if op.do == "change_level" else "set"
    out = []
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        if c.loc == MZONE and c.face_up and c.d.level:
            add_lasting(s, iid, "level", how, amount(duel, link, op), False, link["card"], until)
            out.append(iid)
    return out


@verb("set_attribute")
def set_attribute(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """The Attribute of face-up monsters becomes ``attribute`` (``until``): the new one
    replaces it, a card never has two (seed 000:70, 74)."""
    s = duel.state
    until = _until(s, op.spec.until, link["player"])
    out = []
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        if c.loc == MZONE and c.face_up and op.spec.attribute:
            add_lasting(s, iid, "attribute", "set", op.spec.attribute, False, link["card"], until)
            out.append(iid)
    return out


@verb("damage")
def damage_op(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    n = amount(duel, link, op)
    if op.spec.half:  # "half the combined ATK": rounded up (001, 4.1)
        n = (n + 1) // 2
    link["dealt"] = 0
    for p in players(op.spec.player, link["player"]):
        if n > 0 and _damage_to_counter(duel, p):
            continue
        if not player_flag(s, p, "no_effect_damage"):
            damage(duel, p, n, "effect")
            link["dealt"] = max(link["dealt"], n)
    # "if you do": it acted only if it inflicted some damage (seed 002:8066)
    return [link["card"]] if link["dealt"] > 0 else []


def _damage_to_counter(duel: Duel, player: int) -> bool:
    """Effect damage ``player`` would take places a counter on a face-up monster of theirs
    whose continuous effect says so, instead (Black-Winged Dragon's Black Feather Counters)."""
    s = duel.state
    for iid in duel.template.counter_cards:  # most templates have none: no import to pay
        c = s.cards[iid]
        if c.loc != MZONE or c.ctrl != player or not c.face_up:
            continue
        from deckcheck.engine.effects.continuous import negated

        if negated(s, iid):
            continue
        fx = c.d.fx
        assert fx is not None
        for e in fx.continuous:
            name = e.applies.damage_counter if e.applies is not None else None
            if name:
                c.counters[name] = c.counters.get(name, 0) + 1
                duel.emit(CounterEvent("counter", c.ctrl, iid, name, 1))
                return True
    return False


@verb("gain_lp")
def gain_lp(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    n = amount(duel, link, op)
    for p in players(op.spec.player, link["player"]):
        if n > 0:
            s.sides[p].lp += n
            duel.emit(DamageEvent("recover", p, n, "effect"))
    return []


@verb("pay_lp")
def pay_lp(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """A cost: never more than the player has; half is rounded down (RC-RND-003)."""
    s = duel.state
    side = s.sides[link["player"]]
    n = side.lp // 2 if op.spec.half else amount(duel, link, op)
    n = min(n, side.lp)
    if n > 0:
        side.lp -= n
        duel.emit(DamageEvent("lp_cost", link["player"], n, "cost"))
    return []


# ---- positions, control, equips, Sets ---------------------------------------------------------


@verb("change_position")
def change_position(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    out = []
    to = op.spec.position
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        if c.loc != MZONE:
            continue
        was_down = not c.face_up
        if to == "face_down_defense" and c.trap_zone != EMPTY and c.face_up:
            set_trap_back(duel, iid)
            out.append(iid)
            continue
        if to == "face_down_defense":
            if not c.face_up or c.d.kind == "token":
                continue
            c.face_up, c.in_def = False, True
            drop_lasting(s, iid)
            c.counters = {}
            if s.floating:  # no longer what a card bound (Call of the Haunted: 000:431)
                s.floating = [f for f in s.floating
                              if not (f.get("kind") == "bond" and f["target"] == iid)]  # fmt: skip
        elif to == "attack":
            c.face_up, c.in_def = True, False
        elif to == "defense":
            c.face_up, c.in_def = True, True
        elif to == "flip":
            c.face_up = True
        else:  # change: Attack <-> Defense, face-up
            c.face_up, c.in_def = True, not c.in_def
        shown = "set" if not c.face_up else "defense" if c.in_def else "attack"
        duel.emit(PositionEvent("position", c.ctrl, iid, shown))
        if was_down and c.face_up and not op.spec.no_flip_effects:
            duel.emit(CardEvent("flip", c.ctrl, iid))
        out.append(iid)
    return out


def _ask_control(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    p = ask_cards(duel, link, op, ans)
    if p is not None:
        return p
    s = duel.state
    zones = ans.setdefault("zones", [])
    for n, iid in enumerate(chosen(duel, link, op, ans)):
        if n >= len(zones):
            free = free_main(s, link["player"])
            free = [z for z in free if z not in zones]
            if not free or s.cards[iid].ctrl == link["player"]:
                zones.append(EMPTY)
                continue
            return Prompt(link["player"], "zone", tuple(ZoneChoice("zone", z) for z in free), iid)
    # then, for a Trap Monster that is also a Trap, the Spell & Trap Zone the new controller
    # holds for it (002:1191); these answers follow the Monster Zones in ``zones``
    cards = chosen(duel, link, op, ans)
    for n, iid in enumerate(cards):
        if len(cards) + n >= len(zones):
            held = zones[len(cards) :]
            free = [z for z in free_spell(s, link["player"]) if z not in held]
            if zones[n] == EMPTY or s.cards[iid].trap_zone == EMPTY or len(free) < 2:
                zones.append(free[0] if free and zones[n] != EMPTY else EMPTY)
                continue
            return Prompt(link["player"], "zone", tuple(ZoneChoice("zone", z) for z in free), iid)
    return None


@verb_asking(_ask_control, "take_control")
def take_control(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Take control of monsters; with no free zone the monster is destroyed by the rules,
    not by an effect (000, 4.3.3.4.7; 002:833; RC-CTRL-002)."""
    s = duel.state
    me = link["player"]
    out = []
    cards = chosen(duel, link, op, ans)
    zones = ans.get("zones", [])
    held = zones[len(cards) :]
    if op.cards is not None and op.cards.of == "targets" and not free_spell(s, me):
        # a targeted Trap Monster that is also a Trap, no zone left to hold for it: it is
        # destroyed and sent to the GY (002:1193)
        for iid in pool(duel, link, op.cards):
            c = s.cards[iid]
            bound = c.loc == MZONE and c.ctrl != me and c.trap_zone != EMPTY
            if bound and not unaffected(s, iid, link["card"]):
                destroyed_by_rule(duel, iid)
    for n, (iid, zone) in enumerate(zip(cards, zones, strict=False)):
        c = s.cards[iid]
        if c.loc != MZONE or c.ctrl == me:
            continue
        if zone == EMPTY:  # no zone: destroyed, not by an effect (000, 4.3.3.4.7; 002:833)
            destroyed_by_rule(duel, iid)
            continue
        move_control(duel, iid, me, zone, held[n] if n < len(held) else EMPTY)
        if op.spec.until != "permanent":
            s.floating.append(
                {
                    "kind": "control",
                    "card": iid,
                    "gen": c.gen,
                    "player": 1 - me,
                    "until": _until(s, op.spec.until, link["player"]),
                }  # fmt: skip
            )
        out.append(iid)
    return out


def move_control(duel: Duel, iid: int, player: int, zone: int, held: int = EMPTY) -> None:
    """Give the monster to ``player`` in Monster Zone ``zone``; a Trap Monster that is also
    a Trap binds the Spell & Trap Zone ``held`` of theirs (the first free one if that is
    not free)."""
    s = duel.state
    c = s.cards[iid]
    face_up, in_def, gen = c.face_up, c.in_def, c.gen
    spell = free_spell(s, player) if c.trap_zone != EMPTY else []
    if held in spell:
        spell = [held]
    if c.trap_zone != EMPTY and not spell:  # no zone for a Trap Monster's bond (002:1193)
        destroyed_by_rule(duel, iid)
        return
    lift(s, iid)
    place_monster(s, iid, player, zone, face_up, in_def)
    c.gen = gen  # the same card on another field: its targets and limits stay
    if spell:
        c.trap_zone = spell[0]
    duel.emit(CardEvent("control", player, iid))


@verb("equip")
def equip(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Equip this card (on the field, or taken there) to the chosen face-up monster; with
    ``onto: self`` the chosen monster to this card instead."""
    s = duel.state
    card = link["card"]
    if op.spec.onto == "self":
        return _equip_to_self(duel, link, _cards(duel, link, op, ans))
    c = s.cards[card]
    targets = _cards(duel, link, op, ans)
    if not targets or c.loc not in (SZONE, MZONE, HAND, GRAVE, DECK):
        return []
    target = targets[0]
    if c.loc != SZONE:
        free = free_spell(s, link["player"])
        if not free:
            return []
        lift(s, card)
        place_spell(s, card, link["player"], free[0], True)
        link["gen"] = c.gen  # equipped by its own effect: still "this card" after it
    c.face_up = True
    c.equip = target
    duel.emit(EquipEvent("equip", link["player"], card, target))
    return [target]


def _equip_to_self(duel: Duel, link: Link, cards: list[int]) -> list[int]:
    """A face-up monster on the field (or a monster card in a Graveyard) becomes an Equip
    Card of this face-up monster, in a Spell & Trap Zone of this card's controller, who
    takes control of it (000 4.3.3.8)."""
    s = duel.state
    card, me = link["card"], link["player"]
    host = s.cards[card]
    live = [i for i in cards if i != card and (s.cards[i].loc == MZONE and s.cards[i].face_up
            or s.cards[i].loc == GRAVE and s.cards[i].d.kind == "monster")]  # fmt: skip
    free = free_spell(s, me)
    if not live or not free or host.loc != MZONE or not host.face_up:
        return []
    target = live[0]
    for mat in s.cards[target].overlay[:]:  # an Xyz Monster's materials stay only under it
        to_pile(duel, mat, GRAVE, "detached")  # as a monster on the field
    lift(s, target)
    place_spell(s, target, me, free[0], True)
    s.cards[target].equip = card
    # bound to this card: what its effects say of "the equipped monster" means this one
    s.floating.append({"kind": "bond", "card": card, "target": target,
                       "tgen": s.cards[target].gen})  # fmt: skip
    duel.emit(EquipEvent("equip", me, target, card))
    return [target]


def _pendulum_zones(duel: Duel, link: Link) -> list[int]:
    from deckcheck.engine.main_phase import scale_zones

    return scale_zones(duel.state, duel.template.profile, link["player"])


def _pendulum_ok(duel: Duel, link: Link, iid: int) -> bool:
    c = duel.state.cards[iid]
    return c.d.pendulum and c.loc not in FIELD and bool(_pendulum_zones(duel, link))


def _ask_pendulum(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    p = ask_cards(duel, link, op, ans)
    if p is not None:
        return p
    cards = [i for i in chosen(duel, link, op, ans) if _pendulum_ok(duel, link, i)]
    if "zones" in ans or not cards:
        return None
    zones = _pendulum_zones(duel, link)
    return Prompt(link["player"], "zone", tuple(ZoneChoice("zone", z) for z in zones), cards[0])


@verb_asking(_ask_pendulum, "place_in_pendulum_zone")
def place_in_pendulum_zone(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Place a Pendulum monster card (not on the field) face-up in a free Pendulum Zone of
    the effect's player ("you can place this card in your Pendulum Zone")."""
    s = duel.state
    zones = ans.get("zones", [])
    for iid in _cards(duel, link, op, ans):
        if not zones or not _pendulum_ok(duel, link, iid):
            continue
        if zones[0] not in _pendulum_zones(duel, link):
            continue
        lift(s, iid)
        place_spell(s, iid, link["player"], zones[0], True)
        duel.emit(PlaceEvent("scale", link["player"], iid, zones[0]))
        return [iid]
    return []


@verb("set")
def set_card(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Set Spells/Traps face-down in the controller's Spell & Trap Zones."""
    s = duel.state
    me = link["player"]
    out = []
    for iid in _cards(duel, link, op, ans):
        szone = s.sides[me].szone
        c = s.cards[iid]
        if c.loc == SZONE and c.ctrl == me and c.d.kind in ("spell", "trap"):
            _reset_face_down(duel, iid)  # Set again where it is: a new card (Scrap-Iron Scarecrow)
            out.append(iid)
            continue
        zones = [5] if c.d.spell_property == "field" else free_spell(s, me)
        if not zones or c.d.kind not in ("spell", "trap"):
            continue
        if szone[zones[0]] != EMPTY:
            to_pile(duel, szone[zones[0]], GRAVE, "replaced")
        lift(s, iid)
        place_spell(s, iid, me, zones[0], False)
        duel.emit(PlaceEvent("set_by_effect", me, iid, zones[0]))
        out.append(iid)
    return out


def _reset_face_down(duel: Duel, iid: int) -> None:
    s = duel.state
    c = s.cards[iid]
    seq = c.seq
    lift(s, iid)
    place_spell(s, iid, c.ctrl, seq, False)
    c.gen += 1  # a new card, Set this turn: its targets and limits are gone
    c.counters, c.equip = {}, EMPTY
    duel.emit(PlaceEvent("set_by_effect", c.ctrl, iid, seq))


# ---- counters, declarations, looking ---------------------------------------------------------


@verb("place_counters")
def place_counters(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Counters go only on face-up cards (RC-CNT-002)."""
    s = duel.state
    name = op.spec.counter or ""
    out = []
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        if c.loc not in FIELD or not c.face_up:
            continue
        if op.spec.max is not None and c.counters.get(name, 0) >= op.spec.max:
            continue  # "(max. 1)"
        n = amount(duel, link, op) if op.spec.amount_of else (op.spec.count or 1)
        if n <= 0:
            continue
        c.counters[name] = c.counters.get(name, 0) + n
        duel.emit(CounterEvent("counter", c.ctrl, iid, name, n))
        out.append(iid)
    return out


@verb("remove_counters")
def remove_counters(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    name = op.spec.counter or ""
    n = op.spec.count or 1
    out = []
    removed = 0
    for iid in _cards(duel, link, op, ans):
        c = s.cards[iid]
        have = c.counters.get(name, 0)
        if have < n:  # a counter of another kind does not count (RC-CNT-003)
            continue
        taken = have if op.spec.every else n  # "remove all": every counter of that kind
        removed += taken
        c.counters[name] = have - taken
        if not c.counters[name]:
            del c.counters[name]
        duel.emit(CounterEvent("counter_removed", c.ctrl, iid, name, taken))
        out.append(iid)
    link["removed"] = removed
    return out


def _ask_declare(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    if "declared" in ans:
        return None
    s = duel.state
    what = op.spec.what or "card_name"
    if op.cards is not None:  # a name among these cards ("a Normal Monster in your Deck")
        values = sorted({s.cards[i].d.name for i in pool(duel, link, op.cards)})
    elif what == "card_name":  # names of real cards in the duel (never a Token, RC-MISC-005)
        values = sorted({c.d.name for c in s.cards if c.d.kind != "token"})
    elif what == "attribute":
        values = ["DARK", "DIVINE", "EARTH", "FIRE", "LIGHT", "WATER", "WIND"]
    elif what == "level":  # "declare a Level from 1 to 6": amount is the highest
        values = [str(n) for n in range(1, (op.spec.amount or 12) + 1)]
    elif what == "monster_type":
        values = list(MONSTER_TYPES)
    else:
        values = sorted({str(c.d.race) for c in s.cards if c.d.race})
    who = players(op.spec.player, link["player"])[0]  # "your opponent declares" (Reasoning)
    return Prompt(who, "declare", tuple(NameChoice("declare", v) for v in values))


@verb_asking(_ask_declare, "declare")
def declare(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    link["declared"] = ans.get("declared")
    link["declared_what"] = op.spec.what or "card_name"
    c = duel.state.cards[link["card"]]
    if c.loc == SZONE and c.gen == link["gen"] and c.d.spell_property in ("continuous", "field"):
        # a Continuous card keeps it for its continuous effects while it stays (Prohibition)
        kept = {"kind": "declared", "card": link["card"], "gen": c.gen,
                "value": link["declared"], "what": link["declared_what"]}  # fmt: skip
        duel.state.floating.append(kept)
    duel.emit(DeclareEvent("declare", players(op.spec.player, link["player"])[0],
                           link["declared_what"], str(link["declared"])))  # fmt: skip
    return []


@verb("excavate")
def excavate(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Excavates ``player``'s Deck from the top until a card ``cards`` selects, that card
    included (each one revealed); with none there, the whole Deck, then shuffles it. The
    cards stay in the Deck: ``among: excavated`` names them for the operations after."""
    s = duel.state
    stop = set(_cards(duel, link, op, ans))
    p = players(op.spec.player, link["player"])[0]
    out: list[int] = []
    for iid in reversed(s.sides[p].deck):  # the top of the Deck is the end of the list
        out.append(iid)
        duel.emit(CardEvent("reveal", p, iid))
        if iid in stop:
            break
    else:
        shuffle(duel, p)
    link["excavated"] = out
    return out


@verb("look_at", "reveal")
def look_at(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    out = _cards(duel, link, op, ans)
    for iid in out:
        duel.emit(CardEvent("reveal", controller_of(s, iid), iid))
    if op.do == "reveal":
        link["revealed"] = len(out)
        if op.cards is not None and op.cards.of == "deck_top":
            link["excavated"] = out  # "excavate the top 3 cards": the condition excavated
    return out


# ---- effects that last: flags on players and cards, floating effects, the Battle Phase ---------


@verb("apply")
def apply_flags(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Flags on cards (``cards``) or on players (``player``) for a while: no_battle_damage,
    no_battle_destroy, no_effect_destroy, cannot_attack, piercing, direct_attack,
    attack_twice, no_effect_damage, negate_name (the cards' names are negated), lock_name
    (you cannot activate cards or effects of the cards' names)..."""
    s = duel.state
    until = _until(s, op.spec.until, link["player"])
    if op.cards is None:
        for p in players(op.spec.player, link["player"]):
            s.floating.append({"kind": "flags", "player": p, "flags": list(op.spec.flags),
                               "until": until, "source": link["card"],
                               "battle": op.spec.until == "end_of_damage_step",
                               "declared": link["declared"], "only": op.spec.only})  # fmt: skip
        return []
    out = []
    for iid in _cards(duel, link, op, ans):
        for by_name in ("negate_name", "lock_name"):  # lock_name: you cannot activate them
            if by_name in op.spec.flags:
                s.floating.append({"kind": by_name, "names": sorted(s.cards[iid].d.names),
                                   "until": until, "player": link["player"]})  # fmt: skip
        for flag in op.spec.flags:
            if flag not in ("negate_name", "lock_name") and s.cards[iid].loc in FIELD:
                add_lasting(s, iid, "flag", "add", flag, False, link["card"], until)
        out.append(iid)
    return out


@verb("create_floating")
def create_floating(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    s = duel.state
    e = link["effect"].split(".")[0]
    fx = s.cards[link["card"]].d.fx
    assert fx is not None
    k = next(n for n, o in enumerate(effect_ops(fx.effects[int(e)])) if o is op)
    rec = {"kind": "floating", "card": link["card"], "effect": f"{e}.{k}",
           "player": link["player"], "until": _until(s, op.spec.until, link["player"])}  # fmt: skip
    if op.spec.amount_of is not None or op.spec.amount is not None:
        rec["kept"] = amount(duel, link, op)  # "the ATK gained at the time" (Power Bond)
    if op.cards is not None:  # "destroy them during the End Phase" (Rescue Rabbit)
        rec["kept_cards"] = [[i, s.cards[i].gen] for i in _cards(duel, link, op, ans)]
    s.floating.append(rec)
    return []


@verb("end_battle_phase")
def end_battle_phase(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """The Battle Phase goes to its End Step (RC-TURN-017; 002:3328). In the Damage Step
    the battle stops (no damage calculation if it has not happened) and the Damage Step
    still ends: the monsters destroyed by battle leave then (battle.ds_end)."""
    s = duel.state
    b = s.battle
    for f in s.frames:
        if f.kind == "battle":
            if b is not None and b.damage_step:
                f.data["end_battle"] = True
            else:
                f.step = "battle_end"
            if b is not None:
                b.live = False
    return []


@verb("to_end_phase")
def to_end_phase(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Then it becomes the End Phase: from a Main Phase, once the chain has resolved, the
    turn goes on at the End Phase (no Battle Phase); from the Battle Phase, the battle stops
    there: no end of the Damage Step, no End Step (002:3111, 3264)."""
    for f in duel.state.frames:
        # main2: during the Battle Phase; battle_start: as the turn player left Main Phase 1
        if f.kind == "duel" and f.step in ("main", "main2", "battle_start"):
            f.step = "end_phase"
        elif f.kind == "battle":
            f.step = "to_end_phase"
        elif f.kind == "chain":  # a chain as the phase was to end: its phase does not resume
            f.data.pop("back", None)
    return []


@verb("halve_lp")
def halve_lp(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """``player``'s LP become half (rounded up, 001 4.1); not damage."""
    s = duel.state
    for p in players(op.spec.player, link["player"]):
        lost = s.sides[p].lp - (s.sides[p].lp + 1) // 2
        if lost > 0:
            s.sides[p].lp -= lost
            duel.emit(DamageEvent("lp_lost", p, lost, "effect"))
    return []


@verb("dice_duel")
def dice_duel(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Both players roll a six-sided die, again while the rolls are equal; the lower roller
    takes the higher roll times ``amount`` as damage (``on_six`` when it is a 6)."""
    s = duel.state
    me = link["player"]
    rng = Rng(s.rng)
    rolls = [0, 0]
    while rolls[0] == rolls[1]:
        rolls = [1 + rng.below(6), 1 + rng.below(6)]
        for p in (me, 1 - me):
            duel.emit(DeclareEvent("declare", p, "dice", str(rolls[p])))
    s.rng = rng.state
    loser = 0 if rolls[0] < rolls[1] else 1
    high = rolls[1 - loser]
    n = op.spec.on_six if high == 6 and op.spec.on_six is not None else high * (op.spec.amount or 0)
    if not player_flag(s, loser, "no_effect_damage"):
        damage(duel, loser, n, "effect")
    return []


def _ask_arrange(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> Prompt | None:
    """The cards in the order they go back, the top one first."""
    picked = ans.setdefault("picks", [])
    left = [i for i in candidates(duel, link, op) if i not in picked]
    if len(left) <= 1:
        return None
    return Prompt(link["player"], "select", distinct(duel, left, "pick"))


@verb_asking(_ask_arrange, "arrange")
def arrange(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Look at the top cards of the Deck and put them back on top in the chosen order."""
    s = duel.state
    cards = candidates(duel, link, op)
    order = [i for i in ans.get("picks", []) if i in cards]
    order += [i for i in cards if i not in order]
    deck = s.sides[link["player"]].deck
    if not cards or set(deck[-len(cards) :]) != set(cards):
        return []
    deck[-len(cards) :] = order[::-1]  # the end of the list is the top
    return order


@verb("skip")
def skip(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """The player skips their next ``count`` phases named in ``flags`` (``draw``); each
    skipped phase uses one (flow.py)."""
    s = duel.state
    for p in players(op.spec.player, link["player"]):
        for phase in op.spec.flags:
            s.floating.append({"kind": "skip", "player": p, "phase": phase,
                               "count": op.spec.count or 1})  # fmt: skip
    return []


def skips(s: State, player: int, phase: str) -> bool:
    """Whether ``player`` skips this ``phase``; uses one skip."""
    for f in s.floating:
        if f.get("kind") == "skip" and f["player"] == player and f["phase"] == phase:
            f["count"] -= 1
            if f["count"] <= 0:
                s.floating.remove(f)
            return True
    return False


@verb("bind")
def bind(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """Bind ``cards`` to this card while it is on the field (Call of the Haunted and its
    monster): ``bound`` selections and triggers name them."""
    s = duel.state
    card = link["card"]
    c = s.cards[card]
    if c.loc not in FIELD or c.gen != link["gen"]:
        return []
    s.floating = [f for f in s.floating if not (f.get("kind") == "bond" and f["card"] == card)]
    out = _cards(duel, link, op, ans)
    for iid in out:
        s.floating.append({"kind": "bond", "card": card, "target": iid,
                           "tgen": s.cards[iid].gen})  # fmt: skip
    return out


@verb("negate_column")
def negate_column(duel: Duel, link: Link, op: Op, ans: dict[str, Any]) -> list[int]:
    """For the rest of the turn, the other Spell/Trap effects in this card's column are
    negated (Infinite Impermanence); only while this card is still on the field."""
    s = duel.state
    card = link["card"]
    c = s.cards[card]
    if c.loc != SZONE or c.gen != link["gen"] or c.seq >= 5:
        return []
    col = c.seq if c.ctrl == 0 else 4 - c.seq
    s.floating.append({"kind": "negate_column", "column": col, "source": card,
                       "until": s.turn})  # fmt: skip
    return [card]


def location_of(s: State, iid: int) -> str:
    return s.cards[iid].loc


__all__ = ["OVERLAY", "VERBS", "can_do", "record"]
