"""The Main Phase (rulebook 6.3.3): what the turn player may do holding priority.

Normal Summon or Set once per turn, with tributes for Level 5+ (3.2.2.1-3.2.2.2); Flip
Summon; battle position changes; Set Spells and Traps; place Pendulum Scales and Pendulum
Summon; Synchro, Xyz and Link Summons by procedure; then on to the Battle or End Phase.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from deckcheck.engine.actions import (
    ATTACK,
    DEFENSE,
    DONE,
    PENDULUM,
    TO_BATTLE,
    TO_END,
    Action,
    CardChoice,
    CardsChoice,
    Prompt,
    ZoneChoice,
)
from deckcheck.engine.base import Asking, distinct, open_window
from deckcheck.engine.events import CardEvent, MaterialEvent, PlaceEvent, PositionEvent, SummonEvent
from deckcheck.engine.moves import attach, lift, place_monster, place_spell, to_pile
from deckcheck.engine.procedures import can_summon, candidates, material_sets
from deckcheck.engine.query import level, number, sameness, tributes_needed, view
from deckcheck.engine.state import EMPTY, EXTRA, FIELD_ZONE, GRAVE, HAND, PZONE_BASE, State
from deckcheck.engine.zones import (
    cell,
    extra_deck_zones,
    free_main,
    linked_cells,
    needs_link_zone,
    usable_emz,
)

if TYPE_CHECKING:
    from deckcheck.engine.cards import CardDef
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.profiles import Profile


def main(duel: Duel) -> Asking:
    s = duel.state
    tp = s.turn_player
    choice = yield Prompt(tp, "main", main_options(duel))
    kind = choice.kind
    if kind in ("battle", "end"):
        # the turn player passes; the phase ends when the opponent passes too (6.2)
        then = "battle_start" if kind == "battle" else "end_phase"
        open_window(duel, "phase_end", then, holder=1 - tp, passes=1)
    elif kind in ACTIONS:
        yield from ACTIONS[kind](duel, choice)
    else:
        duel.effects.activate(duel, tp, choice)


def main_options(duel: Duel) -> tuple[Action, ...]:
    s = duel.state
    tp = s.turn_player
    side = s.sides[tp]
    cards = s.cards
    opts: list[Action] = []
    own = s.monsters(tp)
    free = side.mzone.count(EMPTY)
    n_own = len(own)
    # with no free Main Monster Zone all five hold own monsters, so a tribute can free one
    tributes_ok = (True, n_own >= 1, n_own >= 2)
    can_summon_now = side.summons < 1
    spell_free = EMPTY in side.szone[:5]
    scale_free: bool | None = None
    seen: set[object] = set()
    for iid in side.hand:
        d = cards[iid].d
        same = sameness(s, iid)
        if same in seen:
            continue
        seen.add(same)
        if d.kind == "monster":
            if can_summon_now and d.summonable:
                n = tributes_needed(s, iid)
                if tributes_ok[n] if n else free:
                    opts.append(CardChoice("summon", iid))
                    opts.append(CardChoice("set", iid))
            if d.pendulum:
                if scale_free is None:
                    scale_free = bool(scale_zones(s, duel.template.profile, tp))
                if scale_free:
                    opts.append(CardChoice("scale", iid))
        elif d.kind in ("spell", "trap") and (spell_free or d.spell_property == "field"):
            opts.append(CardChoice("set_card", iid))
    turn = s.turn
    for iid in own:
        c = cards[iid]
        if c.placed == turn or c.changed == turn:
            continue
        if not c.face_up:
            opts.append(CardChoice("flip", iid))
        elif not c.d.link and c.attacked != turn:
            opts.append(CardChoice("position", iid))
    if side.pendulum_turn != turn and pendulum_pool(duel, tp):
        opts.append(PENDULUM)
    if own:
        opts.extend(extra_options(duel, tp))
    opts.extend(duel.effects.responses(duel, tp, "main"))
    if s.phase == "main1" and turn > 1:  # no Battle Phase on the first turn (6.3.4)
        opts.append(TO_BATTLE)
    opts.append(TO_END)
    return tuple(opts)


def extra_options(duel: Duel, player: int) -> list[Action]:
    """Synchro/Xyz/Link Summons with at least one valid material set and zone."""
    s = duel.state
    cards = s.cards
    own = s.monsters(player)
    up = [cards[i].d for i in own if cards[i].face_up]
    if not up:
        return []
    side = s.sides[player]
    field = (*s.sides[0].mzone, *s.sides[1].mzone, *s.emz)
    emz_ctrl = tuple(cards[i].ctrl for i in s.emz if i != EMPTY)
    extra = tuple(side.extra)
    prof = duel.template.profile
    if s.lasting:  # characteristics may not be the printed ones: no cache can answer
        found = _summonable_extra(duel, extra)
        ids = found[0] if found else []
        return [
            CardChoice(cards[i].d.method, i) for i in ids if can_summon(s, prof, player, view(s, i))
        ]
    key = (player, field, emz_ctrl, tuple(cards[i].face_up for i in own), extra)
    cached = duel.cache.get(key)
    if cached is not None:
        return cached
    summonable = _summonable_extra(duel, extra)
    if not summonable:
        duel.cache[key] = []
        return []
    ids, defs, defs_key = summonable
    up_key = tuple(sorted(id(m) for m in up))
    possible = duel.template.oracle.possible_many(defs, defs_key, up, up_key)
    out: list[Action] = []
    for iid, d, ok in zip(ids, defs, possible, strict=True):
        if ok and (_zones_certain(s, prof, player, d) or can_summon(s, prof, player, d)):
            out.append(CardChoice(d.method, iid))
    duel.cache[key] = out
    return out


def _summonable_extra(
    duel: Duel, extra: tuple[int, ...]
) -> tuple[list[int], list[CardDef], tuple[int, ...]] | None:
    """One face-down copy of each Extra Deck card that has a summoning procedure."""
    key = ("extra", extra)
    if key in duel.cache:
        return duel.cache[key]
    cards = duel.state.cards
    ids: list[int] = []
    defs: list[CardDef] = []
    for iid in extra:
        c = cards[iid]
        if not c.face_up and c.d.groups is not None and all(c.d is not d for d in defs):
            ids.append(iid)
            defs.append(c.d)
    found = (ids, defs, tuple(id(d) for d in defs)) if ids else None
    duel.cache[key] = found
    return found


def _zones_certain(s: State, prof: Profile, player: int, d: CardDef) -> bool:
    """Whether every material set leaves the new monster a zone. Materials leaving only
    free zones, except that Link materials take their Link Arrows with them; so if there
    is a zone with no zone freed and no candidate Link monster's arrows, there always is."""
    cards = s.cards
    links = [i for i in candidates(s, player, d) if cards[i].d.link]
    return bool(extra_deck_zones(s, prof, player, d, (), links))


# ---- Normal Summon, Set, Flip Summon, position -----------------------------------------------


def tribute_sets(s: State, player: int, n: int) -> list[tuple[int, ...]]:
    """Sets of ``n`` own monsters whose release leaves a Main Monster Zone for the new one
    (a Tribute Summon may free its own zone, RC-TRIB-003, RC-TRIB-011)."""
    own = sorted(s.monsters(player))
    return [t for t in combinations(own, n) if free_main(s, player, t)]


def zone_prompt(player: int, zones: list[int], iid: int) -> Prompt:
    return Prompt(player, "zone", tuple(ZoneChoice("zone", z) for z in zones), iid)


def normal_summon(duel: Duel, choice: CardChoice) -> Asking:
    s = duel.state
    tp = s.turn_player
    iid = choice.card
    c = s.cards[iid]
    n = tributes_needed(s, iid)
    tributes: tuple[int, ...] = ()
    if n:
        sets = tribute_sets(s, tp, n)
        picked = yield Prompt(tp, "tributes", tuple(CardsChoice("tributes", t) for t in sets))
        tributes = picked.cards
    zones = free_main(s, tp, tributes)
    zone = (yield zone_prompt(tp, zones, iid)).zone
    for t in tributes:
        to_pile(duel, t, GRAVE, "tribute")
    face_up = choice.kind == "summon"
    lift(s, iid)
    place_monster(s, iid, tp, zone, face_up, not face_up)
    how = ("tribute" if n else "normal") if face_up else ("tribute_set" if n else "set")
    c.summon, c.proper = how, True
    s.sides[tp].summons += 1
    duel.emit(SummonEvent("summon", tp, iid, zone, how, "attack" if face_up else "set"))
    if face_up:
        open_window(duel, "summon", "main")


def flip_summon(duel: Duel, choice: CardChoice) -> Asking:
    s = duel.state
    c = s.cards[choice.card]
    c.face_up, c.in_def, c.changed = True, False, s.turn
    duel.emit(CardEvent("flip_summon", s.turn_player, choice.card))
    open_window(duel, "summon", "main")
    return
    yield


def change_position(duel: Duel, choice: CardChoice) -> Asking:
    s = duel.state
    c = s.cards[choice.card]
    c.in_def, c.changed = not c.in_def, s.turn
    duel.emit(
        PositionEvent("position", s.turn_player, choice.card, "defense" if c.in_def else "attack")
    )
    return
    yield


# ---- Spells, Traps and Pendulum Scales ---------------------------------------------------------


def set_card(duel: Duel, choice: CardChoice) -> Asking:
    s = duel.state
    tp = s.turn_player
    iid = choice.card
    szone = s.sides[tp].szone
    if s.cards[iid].d.spell_property == "field":
        zones = [FIELD_ZONE]
    else:
        zones = [z for z in range(5) if szone[z] == EMPTY]
    zone = (yield zone_prompt(tp, zones, iid)).zone
    if szone[zone] != EMPTY:  # a new Field Spell replaces the old one
        to_pile(duel, szone[zone], GRAVE, "replaced")
    lift(s, iid)
    place_spell(s, iid, tp, zone, False)
    duel.emit(PlaceEvent("set_card", tp, iid, zone))


def scale_zones(s: State, prof: Profile, player: int) -> list[int]:
    """Free Pendulum Zones: the outer Spell & Trap Zones, or separate zones under arc-v."""
    szone = s.sides[player].szone
    zones = (PZONE_BASE, PZONE_BASE + 1) if prof.separate_pendulum_zones else (0, 4)
    return [z for z in zones if szone[z] == EMPTY]


def place_scale(duel: Duel, choice: CardChoice) -> Asking:
    """Activate a Pendulum monster from the hand as a Pendulum Scale (rulebook 3.2.1.5)."""
    s = duel.state
    tp = s.turn_player
    zones = scale_zones(s, duel.template.profile, tp)
    zone = (yield zone_prompt(tp, zones, choice.card)).zone
    lift(s, choice.card)
    place_spell(s, choice.card, tp, zone, True)
    duel.emit(PlaceEvent("scale", tp, choice.card, zone))
    open_window(duel, "activate", "main")


def scales(s: State, prof: Profile, player: int) -> tuple[int, int] | None:
    szone = s.sides[player].szone
    zones = (PZONE_BASE, PZONE_BASE + 1) if prof.separate_pendulum_zones else (0, 4)
    found = []
    for z in zones:
        iid = szone[z]
        if iid == EMPTY:
            return None
        c = s.cards[iid]
        if not (c.face_up and c.d.pendulum):
            return None
        found.append(number(s, iid, "scale"))
    return min(found), max(found)


# ---- Pendulum Summon --------------------------------------------------------------------------


def pendulum_pool(duel: Duel, player: int) -> list[int]:
    """Monsters that could be Pendulum Summoned now, from the hand and the face-up Extra
    Deck, with Levels strictly between the two scales."""
    s = duel.state
    between = scales(s, duel.template.profile, player)
    if between is None:
        return []
    low, high = between
    cards = s.cards
    side = s.sides[player]
    out = []
    for i in side.hand:
        d = cards[i].d
        if d.kind == "monster" and d.summonable and low < level(s, i) < high:
            out.append(i)
    for i in side.extra:
        c = cards[i]
        # an Extra Deck-frame Pendulum must have been properly summoned before
        if c.face_up and low < level(s, i) < high and (c.d.summonable or c.proper):
            out.append(i)
    return [i for i in out if _fits(duel, player, [i], ())]


def pendulum_summon(duel: Duel, choice: Action) -> Asking:
    s = duel.state
    tp = s.turn_player
    cards = s.cards
    pool = pendulum_pool(duel, tp)
    picked: list[int] = []
    while True:
        left = [i for i in pool if i not in picked and _fits(duel, tp, [*picked, i], ())]
        options = distinct(duel, left, "pick") + ((DONE,) if picked else ())
        if not left:
            break
        pick = yield Prompt(tp, "pendulum", options)
        if pick == DONE:
            break
        picked.append(pick.card)
    # Extra Deck ones first: they have fewer zones to choose from
    order = sorted(picked, key=lambda i: cards[i].loc != EXTRA)
    placements: list[tuple[int, int, bool]] = []
    taken: tuple[int, ...] = ()
    for n, iid in enumerate(order):
        rest = order[n + 1 :]
        zones = [z for z in _zones_for(duel, tp, iid, taken) if _fits(duel, tp, rest, (*taken, z))]
        zone = (yield zone_prompt(tp, zones, iid)).zone
        pos = yield Prompt(tp, "position", (ATTACK, DEFENSE), iid)
        taken = (*taken, zone)
        placements.append((iid, zone, pos == DEFENSE))
    for iid, zone, in_def in placements:
        lift(s, iid)
        place_monster(s, iid, tp, zone, True, in_def)
        cards[iid].summon, cards[iid].proper = "pendulum", True
        duel.emit(
            SummonEvent("summon", tp, iid, zone, "pendulum", "defense" if in_def else "attack")
        )
    s.sides[tp].pendulum_turn = s.turn
    open_window(duel, "summon", "main")


def _zones_for(duel: Duel, player: int, iid: int, taken: tuple[int, ...]) -> list[int]:
    """Zones a Pendulum Summoned monster may take: Main Monster Zones from the hand; from
    the Extra Deck an Extra Monster Zone or a linked zone where the profile says so."""
    s = duel.state
    prof = duel.template.profile
    main = [z for z in free_main(s, player) if z not in taken]
    c = s.cards[iid]
    if c.loc != EXTRA or not needs_link_zone(prof, c.d, True):
        return main
    linked = linked_cells(s)
    emz = [] if any(z >= 5 for z in taken) else usable_emz(s, prof, player, c.d)
    return [z for z in main if cell(player, z) in linked] + emz


def _fits(duel: Duel, player: int, ids: list[int], taken: tuple[int, ...]) -> bool:
    """Whether all of ``ids`` can be placed at once, ``taken`` zones being spoken for."""
    if not ids:
        return True
    cards = duel.state.cards
    if all(cards[i].loc == HAND for i in ids):
        free = [z for z in free_main(duel.state, player) if z not in taken]
        return len(ids) <= len(free)
    first = next(i for i in ids if cards[i].loc == EXTRA)
    rest = [i for i in ids if i != first]
    return any(
        _fits(duel, player, rest, (*taken, z)) for z in _zones_for(duel, player, first, taken)
    )


# ---- Synchro, Xyz and Link Summons --------------------------------------------------------------


def extra_summon(duel: Duel, choice: CardChoice) -> Asking:
    s = duel.state
    tp = s.turn_player
    method, iid = choice.kind, choice.card
    d = view(s, iid)
    prof = duel.template.profile
    sets = material_sets(s, prof, tp, d)
    mats = (yield Prompt(tp, "materials", tuple(CardsChoice("materials", m) for m in sets))).cards
    zones = extra_deck_zones(s, prof, tp, d, mats)
    zone = (yield zone_prompt(tp, zones, iid)).zone
    pos = yield Prompt(tp, "position", (ATTACK,) if d.link else (ATTACK, DEFENSE), iid)
    c = s.cards[iid]
    lift(s, iid)
    for m in mats:
        duel.emit(MaterialEvent("material", tp, m, method))
        if method == "xyz":
            for o in s.cards[m].overlay[:]:
                to_pile(duel, o, GRAVE, "detached")
            lift(s, m)
            attach(s, iid, m)
        else:
            to_pile(duel, m, GRAVE, "material")
    place_monster(s, iid, tp, zone, True, pos == DEFENSE)
    c.summon, c.proper = method, True
    duel.emit(
        SummonEvent("summon", tp, iid, zone, method, "defense" if pos == DEFENSE else "attack")
    )
    open_window(duel, "summon", "main")


ACTIONS = {
    "summon": normal_summon,
    "set": normal_summon,
    "flip": flip_summon,
    "position": change_position,
    "set_card": set_card,
    "scale": place_scale,
    "pendulum": pendulum_summon,
    "synchro": extra_summon,
    "xyz": extra_summon,
    "link": extra_summon,
}
