"""The Main Phase (rulebook 6.3.3): what the turn player may do holding priority.

Normal Summon or Set once per turn, with tributes for Level 5+ (3.2.2.1-3.2.2.2); Flip
Summon; battle position changes; Set Spells and Traps; place Pendulum Scales and Pendulum
Summon; Synchro, Xyz and Link Summons by procedure; then on to the Battle or End Phase.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

from deckcheck.engine.actions import (
    ATTACK,
    DEFENSE,
    DONE,
    PENDULUM,
    TO_BATTLE,
    TO_END,
    ZONE_CHOICES,
    Action,
    CardChoice,
    CardsChoice,
    Prompt,
    card_choice,
    new_record,
    shared,
)
from deckcheck.engine.base import distinct
from deckcheck.engine.battle import attack_options, must_attack
from deckcheck.engine.effects import limits
from deckcheck.engine.effects.context import new_link
from deckcheck.engine.effects.continuous import negated
from deckcheck.engine.effects.ops import (
    NORMAL_SUMMONS,
    VERBS,
    can_do,
    hand_toll,
    normal_summons,
    pay_toll,
    player_flag,
    record,
    summon_forbidden,
    summon_locked,
    unique_taken,
)
from deckcheck.engine.effects.timing import condition_holds, once_summoned
from deckcheck.engine.events import CardEvent, MaterialEvent, PlaceEvent, PositionEvent, SummonEvent
from deckcheck.engine.moves import attach, lift, place_monster, place_spell, to_pile
from deckcheck.engine.procedures import (
    _size_bounds,
    asks_summon,
    can_summon,
    candidates,
    contact_sets,
    material_sets,
    zone_whatever_leaves,
)
from deckcheck.engine.processor import handles, open_window, pop, push
from deckcheck.engine.query import (
    NO_FLAGS,
    Flags,
    any_unusable,
    flags_now,
    has_flag,
    lent_monsters,
    level,
    modified,
    number,
    sameness,
    tributes_for_level,
    tributes_needed,
    unusable,
    view,
)
from deckcheck.engine.select import matches, only_names, stats_read
from deckcheck.engine.state import (
    EMPTY,
    EXTRA,
    FIELD_ZONE,
    GRAVE,
    HAND,
    MZONE,
    PZONE_BASE,
    Frame,
    State,
)
from deckcheck.engine.zones import (
    cell,
    extra_deck_zones,
    free_main,
    free_spell,
    linked_cells,
    needs_link_zone,
    usable_emz,
)

if TYPE_CHECKING:
    from deckcheck.engine.carddefs import CardDef
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.effects.model import Effect
    from deckcheck.engine.profiles import Profile


@handles("duel", "main")
def main(duel: Duel, f: Frame) -> Prompt:
    f.step = "main_chosen"
    return new_record(Prompt, (duel.state.turn_player, "main", main_options(duel), -1))


@handles("duel", "main_chosen")
def main_chosen(duel: Duel, f: Frame) -> None:
    tp = duel.state.turn_player
    choice = f.answer
    kind = choice.kind
    f.step = "main"  # back to the Main Phase prompt after what was chosen
    if kind in ("battle", "end"):
        # the turn player passes; the phase ends when the opponent passes too (6.2)
        then = "battle_start" if kind == "battle" else "end_phase"
        open_window(duel, "phase_end", then, holder=1 - tp, passes=1, back="main")
    elif kind in ACTIONS:
        if isinstance(choice, CardChoice):
            pay_toll(duel, tp, choice.card)  # Chain Energy: a card summoned or Set from the hand
        push(duel, kind, "start", card=choice.card if isinstance(choice, CardChoice) else -1)
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
    # the cards' flags in one pass (has_flag scans the modifiers); no call without any
    flags = flags_now(s) if s.lasting else NO_FLAGS
    # with no free Main Monster Zone all five hold own monsters, so a tribute can free one
    if s.lasting:  # Sheep Tokens cannot be Tributed for a Tribute Summon
        n_own = sum(1 for i in own if not no_tribute_summon(s, i, flags))
    tributes_ok = (True, n_own >= 1, n_own >= 2)
    if s.lasting and lent_monsters(s, tp):  # Soul Exchange: exactly what tribute_sets offers
        tributes_ok = (True, bool(tribute_sets(s, tp, 1)), bool(tribute_sets(s, tp, 2)))
    floating = s.floating
    # with nothing floating no player flag holds: one test for all of them (a hot path)
    no_summons = no_special = no_battle = False
    can_summon_now = side.summons < 1
    hand = side.hand
    if floating:
        # Double Summon: a second Normal Summon or Set this turn (Summon Chain: a third);
        # none on Lava Golem's turn
        can_summon_now = side.summons < normal_summons(s, tp) and not player_flag(
            s, tp, "no_normal_summons"
        )
        # Scapegoat's no_summons leaves only Sets; Pot of Duality's no_special_summons no
        # Special Summons
        no_summons = player_flag(s, tp, "no_summons")
        no_special = no_summons or summon_locked(s, tp)  # El Shaddoll Winda's too
        no_battle = player_flag(s, tp, "no_battle_phase")  # Soul Exchange
        if hand_toll(s, tp) > side.lp:  # Chain Energy: LP for each hand card
            hand = []
    second = side.summons >= 1  # which monsters a later one allows (Swap Frog's: Frogs)
    spell_free: bool | None = None  # asked at the first Spell or Trap in the hand
    scale_free: bool | None = None
    special = not no_special and duel.effects.live  # without card effects: played as stats
    seen: set[object] = set()
    lasting = s.lasting
    touched = modified(s) if lasting else None
    for iid in hand:
        d = cards[iid].d
        same = sameness(s, iid, touched) if lasting else id(d)  # id(d): with no modifiers
        if same in seen:
            continue
        seen.add(same)
        if d.kind == "monster":
            unique = d.fx is not None and d.fx.unique and unique_taken(s, tp, iid)
            if can_summon_now and d.summonable and not unique:
                # its Level as printed and no procedure without Tributes: the Level alone
                # says (a hot path: ``tributes`` reads the modifiers for the Level)
                plain = printed_level(iid, touched) and (d.fx is None or not d.fx.no_tribute)
                n = tributes_for_level(d.level) if plain else tributes(duel, iid)
                only = _second_summon(s, tp, iid) if second else True
                if (tributes_ok[n] if n else free) and only is not False and not no_summons:
                    opts.append(card_choice("summon", iid))
                if only is not False and only is not None:
                    m = n or (0 if plain else tributes(duel, iid, setting=True))
                    if tributes_ok[m] if m else free:
                        opts.append(card_choice("set", iid))
            if not special:
                pass
            elif floating and summon_forbidden(s, iid):
                pass  # Cyber Dragon Drei: only Machine monsters this turn
            elif d.fx is not None and d.fx.procedures and free and procedure(duel, iid):
                opts.append(card_choice("procedure", iid))
            if d.pendulum:
                if scale_free is None:
                    scale_free = bool(scale_zones(s, duel.template.profile, tp))
                if scale_free:
                    opts.append(card_choice("scale", iid))
        elif d.kind in ("spell", "trap"):
            if spell_free is None:
                spell_free = bool(free_spell(s, tp, own=own))
            if spell_free or d.spell_property == "field":
                opts.append(card_choice("set_card", iid))
    turn = s.turn
    for iid in own:
        c = cards[iid]
        if c.placed == turn or c.changed == turn:
            continue
        if not c.face_up:
            if not no_summons:
                opts.append(card_choice("flip", iid))
        elif not c.d.link and c.attacked != turn and (iid, "cannot_change_position") not in flags:
            opts.append(card_choice("position", iid))
    prof = duel.template.profile
    low, high = pendulum_zones(prof)
    if (
        not no_special
        and side.pendulum_turn != turn
        # both Pendulum Zones hold a face-up card (a cheap first test: Set cards do not)
        and side.szone[low] != EMPTY
        and side.szone[high] != EMPTY
        and cards[side.szone[low]].face_up
        and cards[side.szone[high]].face_up
        and pendulum_pool(duel, tp)
    ):
        opts.append(PENDULUM)
    if own and not no_special:
        deck = extra_deck(duel, tuple(side.extra))
        extra = extra_options(duel, tp, deck, own)
        if deck.procedures:  # cards with a procedure of their own, not every Extra Deck card
            known = {a.card for a in extra}
            # a new list: the one extra_options returned may be the one its cache holds
            extra = [*extra, *(card_choice("xyz", i) for i in deck.procedures if i not in known
                               and xyz_alternative(duel, i)[1])]  # fmt: skip
            # "contact" procedures: summoned by sending their materials (Chimeratech Fortress)
            extra += [card_choice("procedure", i) for i in deck.procedures
                      if not cards[i].face_up and any(e.contact for e in cards[i].d.fx.procedures)
                      and procedure(duel, i)]  # fmt: skip
        if floating:  # Dimensional Barrier: a declared type cannot be Special Summoned
            extra = [a for a in extra if not summon_forbidden(s, a.card)]
        if deck.once:  # Kagari: once a turn
            extra = [a for a in extra if not once_summoned(s, tp, a.card)]
        if deck.phases:  # Clara & Rushka: Main Phase 2
            extra = [a for a in extra if phase_allows(s, a.card)]
        opts.extend(extra)
    if lasting and any_unusable(s):  # Prohibition (4.3.3.14)
        opts = [a for a in opts if not (isinstance(a, CardChoice) and unusable(s, a.card))]
    opts.extend(duel.effects.responses(duel, tp, "main"))
    # no Battle Phase on the first turn (6.3.4), nor after Soul Exchange
    if s.phase == "main1" and turn > 1 and not no_battle:
        opts.append(TO_BATTLE)
        # a monster that "must attack, if able" and can: the turn goes through the Battle
        # Phase, not straight to the End Phase
        if (
            flags
            and any(f == "must_attack" for _, f in flags)
            and must_attack(s, attack_options(duel))
        ):
            return tuple(opts)
    opts.append(TO_END)
    return tuple(opts)


def phase_allows(s: State, iid: int) -> bool:
    """Whether the card's summoning procedure may be used in this phase (its card file's
    ``procedure_phases``: "cannot be Link Summoned, except during Main Phase 2")."""
    fx = s.cards[iid].d.fx
    return fx is None or not fx.procedure_phases or s.phase in fx.procedure_phases


def xyz_alternative(duel: Duel, iid: int) -> tuple[Effect | None, list[int]]:
    """An Xyz Monster's procedure "you can also Xyz Summon it using 1 [monster] you control"
    (Cyber Dragon Infinity on Cyber Dragon Nova): the effect, if usable now, and the face-up
    monsters it may use."""
    s = duel.state
    c = s.cards[iid]
    fx = c.d.fx
    if fx is None or not fx.procedures or c.loc != EXTRA or c.face_up:
        return None, []
    tp = s.turn_player
    for e in fx.procedures:
        if e.xyz_on is None or not limits.available(s, tp, iid, e):
            continue
        prof = duel.template.profile
        mats = [m for m in s.monsters(tp) if s.cards[m].face_up
                and matches(s, m, e.xyz_on, tp) and not has_flag(s, m, "no_xyz_material")
                and extra_deck_zones(s, prof, tp, view(s, iid), [m])]  # fmt: skip
        if mats:
            return e, mats
    return None, []


def _second_summon(s: State, player: int, iid: int) -> bool | None:
    """What a second Normal Summon this turn allows for this monster: a Summon or Set
    (True), with an ``extra_normal_summon`` flag restricted by ``only`` a Normal Summon of
    a monster it names and no Set (None: Swap Frog), or nothing (False)."""
    found: bool | None = False
    for f in s.floating:
        if f.get("kind") != "flags" or f["player"] != player:
            continue
        if any(x.startswith(NORMAL_SUMMONS) for x in f["flags"]):
            return True  # Summon Chain: any monster
        if "extra_normal_summon" not in f["flags"]:
            continue
        if f.get("only") is None:
            return True
        if only_names(s, f, iid, player):
            found = None
    return found


def extra_options(
    duel: Duel, player: int, deck: ExtraDeck | None = None, own: list[int] | None = None
) -> list[Action]:
    """Synchro/Xyz/Link Summons with at least one valid material set and zone (``deck``:
    the player's ``extra_deck``, ``own``: their monsters, if already at hand)."""
    s = duel.state
    cards = s.cards
    if own is None:
        own = s.monsters(player)
    up: list[CardDef] = []  # a loop, not a comprehension (a function call in Python 3.11)
    for i in own:
        if cards[i].face_up:
            up.append(cards[i].d)
    if not up:
        return []
    extra = tuple(s.sides[player].extra)
    prof = duel.template.profile
    if deck is None:
        deck = extra_deck(duel, extra)
    if not deck.any or len(up) < deck.fewest:  # too few materials for any of them
        return []
    ids, defs, defs_key, by_state = _face_down(duel, extra, deck)
    if (s.lasting and _modified(s, own, extra)) or _clause_off(s, own):  # no cache answers
        return [
            card_choice(cards[i].d.method, i)
            for i in (*ids, *by_state)
            if can_summon(s, prof, player, view(s, i))
        ]
    out = _extra_from_definitions(duel, player, ids, defs, defs_key, own, up) if ids else []
    if by_state:  # how the monsters came to the field counts: asked each time, not cached
        out = out + [
            card_choice(cards[i].d.method, i)
            for i in by_state
            if can_summon(s, prof, player, cards[i].d)
        ]
    return out


def _clause_off(s: State, own: list[int]) -> bool:
    """Whether one of the player's monsters that may be treated as a non-Tuner (its card
    file's ``synchro_non_tuner``; Mathmech Sigma) has its effects negated: then it may not,
    which the caches keyed by definitions cannot know."""
    cards = s.cards
    for i in own:
        fx = cards[i].d.fx
        if fx is not None and fx.synchro_non_tuner is not None and negated(s, i):
            return True
    return False


# what the material search reads of a monster besides its groups' filters and relations:
# its Level (Synchro sums; with none, no Synchro or Xyz Material), Rank and Link Rating
MATERIAL_STATS = ("level", "rank", "link")


def _modified(s: State, own: list[int], extra: tuple[int, ...]) -> bool:
    """Whether a modifier may change what the material search answers: one on an Extra
    Deck card, or on one of the player's monsters a "no_..._material" flag or a
    modifier of a characteristic the search reads (the filters and relations of the
    Extra Deck monsters' groups, MATERIAL_STATS). With none, the materials and the
    monsters to summon read as printed, and the kept answers hold."""
    deck, mine = set(extra), set(own)
    read: set[str] | None = None
    for m in s.lasting:
        if m.card in deck:
            return True
        if m.card not in mine:
            continue
        if m.stat == "flag":
            if m.value in ("no_synchro_material", "no_xyz_material", "no_link_material"):
                return True
            continue
        if read is None:
            read = set(MATERIAL_STATS)
            for i in deck:
                for g in s.cards[i].d.groups or ():
                    read |= stats_read(g.filter)
                    read.update(r.partition("-")[2].rstrip("s") for r in g.relations)
        if m.stat in read:
            return True
    return False


def _extra_from_definitions(
    duel: Duel,
    player: int,
    ids: list[int],
    defs: list[CardDef],
    defs_key: tuple[int, ...],
    own: list[int],
    up: list[CardDef],
) -> list[Action]:
    """The options among cards whose materials depend on the monsters' definitions only
    (the MaterialOracle), cached by the field (``own``: the player's monsters, ``up``: the
    definitions of the face-up ones)."""
    s = duel.state
    cards = s.cards
    prof = duel.template.profile
    # keyed by what the answer reads of the field: the opponent's Main Monster Zones only
    # for their Link monsters, whose arrows may point to this player's zones (their other
    # monsters are no materials and take no zone of this player's: fewer misses)
    far = []
    for i in s.sides[1 - player].mzone:  # loops, not comprehensions (a hot path)
        far.append(i if i == EMPTY or cards[i].d.link else EMPTY)
    faces = []
    for i in own:
        faces.append(cards[i].face_up)
    left, right = s.emz
    ctrl = (
        cards[left].ctrl if left != EMPTY else EMPTY,
        cards[right].ctrl if right != EMPTY else EMPTY,
    )
    key = (player, *s.sides[player].mzone, *far, left, right, *ctrl, *faces, tuple(ids))
    cached = duel.cache.get(key)
    if cached is not None:
        return cached
    up_key = tuple(sorted(map(id, up)))
    possible = duel.template.oracle.possible_many(defs, defs_key, up, up_key)
    out: list[Action] = []
    plain: bool | None = None  # zone_whatever_leaves, the same for each card it concerns
    for iid, d, ok in zip(ids, defs, possible, strict=True):
        if not ok:
            continue
        if d.link or needs_link_zone(prof, d, True):
            certain = _zones_certain(s, prof, player, d)
        else:
            if plain is None:
                plain = zone_whatever_leaves(s, prof, player, d)
            certain = plain
        if certain or can_summon(s, prof, player, d):
            out.append(card_choice(d.method, iid))
    duel.cache[key] = out
    return out


class ExtraDeck(NamedTuple):
    """What an Extra Deck (its card ids, in order) may summon, all of it face-down."""

    ids: list[int]  # one copy of each card the MaterialOracle can answer for
    defs: list[CardDef]  # their definitions
    key: tuple[int, ...]  # the definitions' ids (the oracle's key)
    by_state: list[int]  # one copy of each card whose materials depend on how they came
    any: bool  # a card with a summoning procedure (ids or by_state)
    fewest: int  # the fewest materials any of them needs
    procedures: list[int]  # cards with a procedure of their own (Xyz alternative, contact)
    once: bool  # a card whose name may be Special Summoned once a turn (Kagari)
    phases: bool  # a card whose procedure only some phases allow (Clara & Rushka)


def extra_deck(duel: Duel, extra: tuple[int, ...]) -> ExtraDeck:
    """The Extra Deck's summonable cards, as if all were face-down. Kept by the template's
    oracle: the same card ids give the same answer in every duel of the template."""
    memo = duel.template.oracle.extra
    found = memo.get(extra)
    if found is not None:
        return found  # type: ignore[no-any-return]
    cards = duel.state.cards
    procedures = []
    once = phases = False
    for iid in extra:
        fx = cards[iid].d.fx
        if fx is not None:
            if fx.procedures:
                procedures.append(iid)
            once = once or bool(fx.special_summon_once)
            phases = phases or bool(fx.procedure_phases)
    ids, defs, by_state = _summonable(duel, extra, ())
    every = defs + [cards[i].d for i in by_state]
    fewest = min((max(1, _size_bounds(d.groups)[0]) for d in every if d.groups), default=1)
    key = tuple(id(d) for d in defs)
    found = ExtraDeck(ids, defs, key, by_state, bool(every), fewest, procedures, once, phases)
    memo[extra] = found
    return found


def _summonable(
    duel: Duel, extra: tuple[int, ...], shown: tuple[int, ...]
) -> tuple[list[int], list[CardDef], list[int]]:
    """One copy of each Extra Deck card with a summoning procedure, not one of ``shown``
    (face-up: a Pendulum monster that was on the field is not summoned by procedure);
    apart (last), those whose materials depend on how they came to the field (the
    MaterialOracle knows only definitions)."""
    cards = duel.state.cards
    ids: list[int] = []
    defs: list[CardDef] = []
    by_state: list[int] = []
    taken: set[int] = set()  # ids of ``defs``: a set, not a generator over them
    for iid in extra:
        d = cards[iid].d
        if iid in shown or d.groups is None or id(d) in taken:
            continue
        if asks_summon(d):
            if all(cards[i].d is not d for i in by_state):
                by_state.append(iid)
            continue
        ids.append(iid)
        defs.append(d)
        taken.add(id(d))
    return ids, defs, by_state


def _face_down(
    duel: Duel, extra: tuple[int, ...], deck: ExtraDeck
) -> tuple[list[int], list[CardDef], tuple[int, ...], list[int]]:
    """``deck``'s summonable cards, with face-up ones set aside."""
    cards = duel.state.cards
    shown: list[int] = []  # a loop, not a comprehension: asked at every Main Phase prompt
    for i in extra:
        if cards[i].face_up:
            shown.append(i)
    if not shown:
        return deck.ids, deck.defs, deck.key, deck.by_state
    ids, defs, by_state = _summonable(duel, extra, tuple(shown))
    return ids, defs, tuple(id(d) for d in defs), by_state


def _zones_certain(s: State, prof: Profile, player: int, d: CardDef) -> bool:
    """Whether every material set leaves the new monster a zone. Materials leaving only
    free zones, except that Link materials take their Link Arrows with them; so if there
    is a zone with no zone freed and no candidate Link monster's arrows, there always is."""
    cards = s.cards
    links = [i for i in s.monsters(player) if cards[i].d.link and cards[i].face_up]
    if links:  # only Link monsters among the candidates take zones with them
        links = [i for i in candidates(s, player, d) if cards[i].d.link]
    return bool(extra_deck_zones(s, prof, player, d, (), links))


# ---- Normal Summon, Set, Flip Summon, position -----------------------------------------------


def no_tribute_summon(s: State, iid: int, flags: Flags | None = None) -> bool:
    """A monster that cannot be Tributed for a Tribute Summon (Sheep Tokens), or cannot be
    Tributed at all (Sky Striker Ace Token). ``flags``: ``flags_now``, if at hand."""
    if flags is None:
        flags = flags_now(s)
    return (iid, "no_tribute_summon") in flags or (iid, "no_tribute") in flags


def tribute_sets(s: State, player: int, n: int) -> list[tuple[int, ...]]:
    """Sets of ``n`` own monsters whose release leaves a Main Monster Zone for the new one
    (a Tribute Summon may free its own zone, RC-TRIB-003, RC-TRIB-011)."""
    own = sorted(s.monsters(player))
    if not s.lasting:
        return [t for t in combinations(own, n) if free_main(s, player, t)]
    # Sheep Tokens cannot be Tributed for a Tribute Summon; a monster lent by Soul
    # Exchange must be among the Tributes, as if its player controlled it
    flags = flags_now(s)
    own = [i for i in own if not no_tribute_summon(s, i, flags)]
    lent = lent_monsters(s, player)
    own = sorted(own + lent)
    return [
        t for t in combinations(own, n) if free_main(s, player, t) and all(i in t for i in lent[:n])
    ]


def printed_level(iid: int, touched: set[int] | None) -> bool:
    """Whether a card off the field has its printed Level: no modifier applies to it
    (``touched``: ``modified``, None with no modifier at all)."""
    return touched is None or iid not in touched


def tributes(duel: Duel, iid: int, setting: bool = False) -> int:
    """Tributes a Normal Summon or Set of this monster needs now: none for a Normal Summon
    while a procedure of its card lets it be summoned without them (Sirocco the Dawn, Mist
    Archfiend: "you can Normal Summon this card without Tributing" is no Set)."""
    n = tributes_needed(duel.state, iid)
    fx = duel.state.cards[iid].d.fx
    if n and not setting and fx is not None and fx.no_tribute and duel.effects.live:
        s = duel.state
        for e in fx.no_tribute:
            link = new_link(s, iid, str(e.index), s.turn_player, e)
            if e.condition is None or condition_holds(duel, link, e):
                return 0
    return n


def zone_prompt(player: int, zones: list[int], iid: int) -> Prompt:
    return _zone_prompt(player, tuple(zones), iid)


@lru_cache(maxsize=4096)
def _zone_prompt(player: int, zones: tuple[int, ...], iid: int) -> Prompt:
    # shared, as actions are: prompts are immutable and these recur duel after duel
    return Prompt(player, "zone", tuple(map(ZONE_CHOICES.__getitem__, zones)), iid)


@handles("summon", "start")
@handles("set", "start")
def normal_summon(duel: Duel, f: Frame) -> Prompt | None:
    s = duel.state
    iid = f.data["card"]
    n = tributes(duel, iid, setting=f.kind == "set")
    f.data["tributes"] = []
    f.step = "zone"
    # a procedure that spares the Tributes (Mist Archfiend) still allows a Tribute Summon:
    # no Tributes is then one of the answers, the first
    spare = [()] if not n and f.kind == "summon" else []
    need = n or (tributes_needed(s, iid) if spare else 0)
    sets = [*spare, *tribute_sets(s, s.turn_player, need)] if need else []
    if len(sets) < 2 and not n:
        return None
    f.step = "tributed"
    return Prompt(s.turn_player, "tributes", tuple(CardsChoice("tributes", t) for t in sets))


@handles("summon", "tributed")
@handles("set", "tributed")
def tributed(duel: Duel, f: Frame) -> None:
    f.data["tributes"] = list(f.answer.cards)
    f.step = "zone"


@handles("summon", "zone")
@handles("set", "zone")
def summon_zone(duel: Duel, f: Frame) -> Prompt:
    tp = duel.state.turn_player
    f.step = "placed"
    return zone_prompt(tp, free_main(duel.state, tp, f.data["tributes"]), f.data["card"])


@handles("summon", "placed")
@handles("set", "placed")
def summon_placed(duel: Duel, f: Frame) -> None:
    s = duel.state
    tp = s.turn_player
    iid, tributes, zone = f.data["card"], f.data["tributes"], f.answer.zone
    c = s.cards[iid]
    for t in tributes:
        to_pile(duel, t, GRAVE, "tribute")
    s.steps += 1  # the summon comes after the tributes: their "when" triggers miss it
    face_up = f.kind == "summon"
    lift(s, iid)
    place_monster(s, iid, tp, zone, face_up, not face_up)
    n = len(tributes)
    how = ("tribute" if n else "normal") if face_up else ("tribute_set" if n else "set")
    c.summon, c.proper = how, True
    s.sides[tp].summons += 1
    if face_up:
        announce(duel, f, [[iid, zone, how, "attack"]])
        return
    duel.emit(shared(SummonEvent, "summon", tp, iid, zone, how, "set"))
    pop(duel, f)
    if s.pending:  # a Tribute's triggers (Sangan) go on a chain before the next action
        open_window(duel, "set")


def announce(duel: Duel, f: Frame, placed: list[list[object]]) -> None:
    """The summon succeeds; with card effects, first comes a window in which only effects
    that negate a summon may be activated (rulebook 3.2.4; 002, "召唤无效")."""
    s = duel.state
    tp = s.turn_player
    if not duel.effects.live:
        for iid, zone, how, pos in placed:
            duel.emit(shared(SummonEvent, "summon", tp, iid, zone, how, pos))
        pop(duel, f)
        open_window(duel, "summon")
        return
    for iid, zone, how, pos in placed:
        s.cards[iid].summoning = True  # type: ignore[index]
        duel.emit(SummonEvent("summoning", tp, iid, zone, how, pos))  # type: ignore[arg-type]
    f.data["placed"] = placed
    f.step = "summoned"
    open_window(duel, "summoning")


@handles("summon", "summoned")
@handles("procedure", "summoned")
@handles("flip", "summoned")
@handles("pendulum", "summoned")
@handles("synchro", "summoned")
@handles("xyz", "summoned")
@handles("link", "summoned")
def summoned(duel: Duel, f: Frame) -> None:
    """The summons that were not negated succeed; a negated one was not summoned properly
    (RC-SS-004)."""
    s = duel.state
    tp = s.turn_player
    s.steps += 1
    for iid, zone, how, pos in f.data["placed"]:
        c = s.cards[iid]
        if c.summoning and c.loc == MZONE:
            c.summoning = False
            if how == "flip":
                duel.emit(CardEvent("flip_summon", tp, iid))
            else:
                duel.emit(SummonEvent("summon", tp, iid, zone, how, pos))
        elif c.loc != MZONE:
            c.proper = False
    pop(duel, f)
    open_window(duel, "summon")


@handles("flip", "start")
def flip_summon(duel: Duel, f: Frame) -> None:
    s = duel.state
    iid = f.data["card"]
    c = s.cards[iid]
    c.face_up, c.in_def, c.changed = True, False, s.turn
    if duel.effects.live:  # the Flip Summon may be negated first (RC-FLIP-004)
        announce(duel, f, [[iid, c.seq, "flip", "attack"]])
        return
    duel.emit(shared(CardEvent, "flip_summon", s.turn_player, iid))
    pop(duel, f)
    open_window(duel, "summon")


@handles("position", "start")
def change_position(duel: Duel, f: Frame) -> None:
    s = duel.state
    iid = f.data["card"]
    c = s.cards[iid]
    c.in_def, c.changed = not c.in_def, s.turn
    position = "defense" if c.in_def else "attack"
    duel.emit(shared(PositionEvent, "position", s.turn_player, iid, position))
    pop(duel, f)


# ---- Spells, Traps and Pendulum Scales ---------------------------------------------------------


@handles("set_card", "start")
def set_card(duel: Duel, f: Frame) -> Prompt:
    s = duel.state
    tp = s.turn_player
    iid = f.data["card"]
    field = s.cards[iid].d.spell_property == "field"
    zones = [FIELD_ZONE] if field else free_spell(s, tp)
    f.step = "placed"
    return zone_prompt(tp, zones, iid)


@handles("set_card", "placed")
def set_card_placed(duel: Duel, f: Frame) -> None:
    s = duel.state
    tp = s.turn_player
    iid, zone = f.data["card"], f.answer.zone
    szone = s.sides[tp].szone
    if szone[zone] != EMPTY:  # a new Field Spell replaces the old one
        to_pile(duel, szone[zone], GRAVE, "replaced")
    lift(s, iid)
    place_spell(s, iid, tp, zone, False)
    duel.emit(shared(PlaceEvent, "set_card", tp, iid, zone))
    pop(duel, f)
    if s.pending:  # the replaced Field Spell's triggers (Skull Invitation) before what is next
        open_window(duel, "set")


def pendulum_zones(prof: Profile) -> tuple[int, int]:
    """The Pendulum Zones: the outer Spell & Trap Zones, or separate zones under arc-v."""
    return (PZONE_BASE, PZONE_BASE + 1) if prof.separate_pendulum_zones else (0, 4)


def scale_zones(s: State, prof: Profile, player: int) -> list[int]:
    """Free Pendulum Zones."""
    return free_spell(s, player, pendulum_zones(prof))


@handles("scale", "start")
def place_scale(duel: Duel, f: Frame) -> Prompt:
    """Activate a Pendulum monster from the hand as a Pendulum Scale (rulebook 3.2.1.5)."""
    s = duel.state
    f.step = "placed"
    zones = scale_zones(s, duel.template.profile, s.turn_player)
    return zone_prompt(s.turn_player, zones, f.data["card"])


@handles("scale", "placed")
def scale_placed(duel: Duel, f: Frame) -> None:
    s = duel.state
    tp = s.turn_player
    iid, zone = f.data["card"], f.answer.zone
    lift(s, iid)
    place_spell(s, iid, tp, zone, True)
    duel.emit(PlaceEvent("scale", tp, iid, zone))
    pop(duel, f)
    open_window(duel, "activate")


def scales(s: State, prof: Profile, player: int) -> tuple[int, int] | None:
    szone = s.sides[player].szone
    found = []
    for z in pendulum_zones(prof):
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
    if s.floating:
        out = [i for i in out if not summon_forbidden(s, i)]
        out = [i for i in out if _toll(duel, player, [i]) <= side.lp]  # Chain Energy
    if any_unusable(s):  # Prohibition: a declared name is not Pendulum Summoned (4.3.3.14)
        out = [i for i in out if not unusable(s, i)]
    return [i for i in out if _fits(duel, player, [i], ())]


@handles("pendulum", "start")
def pendulum_summon(duel: Duel, f: Frame) -> None:
    f.data.update(pool=pendulum_pool(duel, duel.state.turn_player), picked=[])
    f.step = "pick"


@handles("pendulum", "pick")
def pendulum_pick(duel: Duel, f: Frame) -> Prompt | None:
    """Pick the monsters one by one (then ``done``), while they all still fit."""
    tp = duel.state.turn_player
    picked = f.data["picked"]
    left = [i for i in f.data["pool"] if i not in picked and _fits(duel, tp, [*picked, i], ())]
    if duel.state.floating:  # Chain Energy: the LP for each monster from the hand
        left = [i for i in left if _toll(duel, tp, [*picked, i]) <= duel.state.sides[tp].lp]
    if not left:
        return _pendulum_order(f)
    f.step = "picked"
    return Prompt(tp, "pendulum", distinct(duel, left, "pick") + ((DONE,) if picked else ()))


@handles("pendulum", "picked")
def pendulum_picked(duel: Duel, f: Frame) -> None:
    if f.answer == DONE:
        _pendulum_order(f)
        return
    f.data["picked"].append(f.answer.card)
    f.step = "pick"


def _pendulum_order(f: Frame) -> None:
    """The picking is over: on to the zones and positions."""
    f.data["placements"] = []
    f.step = "place"


@handles("pendulum", "place")
def pendulum_place(duel: Duel, f: Frame) -> Prompt | None:
    """A zone, then a position, for each picked monster in turn; all are placed at once."""
    s = duel.state
    tp = s.turn_player
    cards = s.cards
    # Extra Deck ones first: they have fewer zones to choose from
    order = sorted(f.data["picked"], key=lambda i: cards[i].loc != EXTRA)
    placements = f.data["placements"]
    n = len(placements)
    if n == len(order):
        return _pendulum_apply(duel, f)
    iid, rest = order[n], order[n + 1 :]
    taken = tuple(z for _, z, _ in placements)
    zones = [z for z in _zones_for(duel, tp, iid, taken) if _fits(duel, tp, rest, (*taken, z))]
    f.data["card"] = iid
    f.step = "zoned"
    return zone_prompt(tp, zones, iid)


@handles("pendulum", "zoned")
def pendulum_zoned(duel: Duel, f: Frame) -> Prompt:
    f.data["zone"] = f.answer.zone
    f.step = "positioned"
    return Prompt(duel.state.turn_player, "position", (ATTACK, DEFENSE), f.data["card"])


@handles("pendulum", "positioned")
def pendulum_positioned(duel: Duel, f: Frame) -> None:
    f.data["placements"].append([f.data["card"], f.data["zone"], f.answer == DEFENSE])
    f.step = "place"


def _pendulum_apply(duel: Duel, f: Frame) -> None:
    s = duel.state
    tp = s.turn_player
    placed: list[list[object]] = []
    for iid, zone, in_def in f.data["placements"]:
        pay_toll(duel, tp, iid)  # Chain Energy: one from the hand
        lift(s, iid)
        place_monster(s, iid, tp, zone, True, in_def)
        s.cards[iid].summon, s.cards[iid].proper = "pendulum", True
        placed.append([iid, zone, "pendulum", "defense" if in_def else "attack"])
    s.sides[tp].pendulum_turn = s.turn
    announce(duel, f, placed)


def _toll(duel: Duel, player: int, ids: list[int]) -> int:
    """The LP Chain Energy asks for summoning these monsters: for each one from the hand."""
    cards = duel.state.cards
    return hand_toll(duel.state, player) * sum(cards[i].loc == HAND for i in ids)


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


@handles("synchro", "start")
@handles("xyz", "start")
@handles("link", "start")
def extra_summon(duel: Duel, f: Frame) -> Prompt:
    s = duel.state
    sets = material_sets(s, duel.template.profile, s.turn_player, view(s, f.data["card"]))
    if f.kind == "xyz":  # "you can also Xyz Summon it using 1 ...": one-monster sets
        sets = [*sets, *((m,) for m in xyz_alternative(duel, f.data["card"])[1])]
    f.step = "materials"
    return Prompt(s.turn_player, "materials", tuple(CardsChoice("materials", m) for m in sets))


@handles("synchro", "materials")
@handles("xyz", "materials")
@handles("link", "materials")
def extra_materials(duel: Duel, f: Frame) -> Prompt:
    s = duel.state
    iid = f.data["card"]
    mats = f.data["materials"] = list(f.answer.cards)
    zones = extra_deck_zones(s, duel.template.profile, s.turn_player, view(s, iid), mats)
    f.step = "zoned"
    return zone_prompt(s.turn_player, zones, iid)


@handles("synchro", "zoned")
@handles("xyz", "zoned")
@handles("link", "zoned")
def extra_zoned(duel: Duel, f: Frame) -> Prompt:
    f.data["zone"] = f.answer.zone
    f.step = "positioned"
    iid = f.data["card"]
    link = duel.state.cards[iid].d.link
    return Prompt(duel.state.turn_player, "position", (ATTACK,) if link else (ATTACK, DEFENSE), iid)


@handles("synchro", "positioned")
@handles("xyz", "positioned")
@handles("link", "positioned")
def extra_placed(duel: Duel, f: Frame) -> None:
    s = duel.state
    tp = s.turn_player
    method, iid, zone = f.kind, f.data["card"], f.data["zone"]
    in_def = f.answer == DEFENSE
    c = s.cards[iid]
    lift(s, iid)
    if method == "xyz" and len(f.data["materials"]) == 1:  # the alternative: its limit
        alt, _ = xyz_alternative(duel, iid)
        if alt is not None:
            limits.use(s, tp, iid, alt)
    for m in f.data["materials"]:
        duel.emit(shared(MaterialEvent, "material", tp, m, method))
        if method == "xyz":
            for o in s.cards[m].overlay[:]:  # an Xyz material's own materials move too
                lift(s, o)
                attach(s, iid, o)
            lift(s, m)
            attach(s, iid, m)
        else:
            to_pile(duel, m, GRAVE, "material")
    s.steps += 1  # the materials went first
    place_monster(s, iid, tp, zone, True, in_def)
    c.summon, c.proper = method, True
    announce(duel, f, [[iid, zone, method, "defense" if in_def else "attack"]])


# the Main Phase actions carried out in frames of their own kind
ACTIONS = ("summon", "set", "flip", "position", "set_card", "scale", "pendulum")
ACTIONS += ("synchro", "xyz", "link", "procedure")


# ---- summoning procedures written on cards (Cyber Dragon): not effects, no chain -------------


def procedure(duel: Duel, iid: int) -> Effect | None:
    """The card's summoning procedure the turn player may use now, if any."""
    s = duel.state
    tp = s.turn_player
    fx = s.cards[iid].d.fx
    if fx is None or (s.floating and player_flag(s, tp, "no_summons")):
        return None
    if fx.unique and unique_taken(s, tp, iid):  # "you can only control 1"
        return None
    if fx.special_summon_once and once_summoned(s, tp, iid):
        return None  # "you can only Special Summon X once per turn": by its procedure too
    for e in fx.procedures:
        if s.cards[iid].loc not in e.range or not limits.available(s, tp, iid, e):
            continue
        link = new_link(s, iid, str(e.index), tp, e)
        if e.condition is not None and not condition_holds(duel, link, e):
            continue
        if e.contact and not contact_sets(s, duel.template.profile, tp, s.cards[iid].d, e.contact):
            continue
        if all(can_do(duel, link, o) for o in e.cost):
            return e
    return None


@handles("procedure", "start")
def procedure_start(duel: Duel, f: Frame) -> None:
    s = duel.state
    iid = f.data["card"]
    e = procedure(duel, iid)
    if e is not None:  # the procedure chosen now: its cost may change what holds later
        f.data["effect"] = e.index
        f.data["link"] = new_link(s, iid, str(e.index), s.turn_player, e)
    f.data["i"], f.data["ans"], f.step = 0, {}, "cost"


@handles("procedure", "cost", "cost_answered", "contact_answered")
def procedure_cost(duel: Duel, f: Frame) -> Prompt | None:
    """A cost written with the procedure ("by discarding 1 card"): paid before the summon,
    never refunded, and no chain starts. A "contact" procedure sends its materials first."""
    s = duel.state
    fx = s.cards[f.data["card"]].d.fx
    e = fx.effects[f.data["effect"]] if fx is not None and "effect" in f.data else None
    if e is not None and e.contact and not f.data.get("sent"):
        asked = _contact_materials(duel, f, e.contact)
        if asked is not None:
            return asked
    cost = e.cost if e is not None else ()
    if f.step == "cost_answered":
        record(f.data["ans"], f.data["asking"], f.answer)
    i = f.data["i"]
    if i < len(cost):
        link = f.data["link"]
        ask, act = VERBS[cost[i].do]
        prompt = ask(duel, link, cost[i], f.data["ans"])
        if prompt is not None:
            f.data["asking"], f.step = prompt.kind, "cost_answered"
            return prompt
        s.steps += 1
        link["previous"] = act(duel, link, cost[i], f.data["ans"])
        f.data["i"], f.data["ans"], f.step = i + 1, {}, "cost"
        return None
    f.step = "zoned"
    iid = f.data["card"]
    if s.cards[iid].loc == EXTRA:  # a contact procedure: a zone an Extra Deck monster may take
        zones = extra_deck_zones(s, duel.template.profile, s.turn_player, view(s, iid))
        return zone_prompt(s.turn_player, zones, iid)
    return zone_prompt(s.turn_player, free_main(s, _summoned_to(duel, f)), iid)


def _contact_materials(duel: Duel, f: Frame, who: str) -> Prompt | None:
    """The materials of a contact procedure, one by one (only monsters that still complete
    a set), then sent to the GY as material; the procedure's operations read them as the
    previous operation's cards (Chimeratech Fortress Dragon's ATK)."""
    s = duel.state
    tp = s.turn_player
    iid = f.data["card"]
    picks: list[int] = f.data.setdefault("mats", [])
    if f.step == "contact_answered":
        if f.answer == DONE:
            f.data["mats_done"] = True
        else:
            picks.append(f.answer.card)
    found = contact_sets(s, duel.template.profile, tp, s.cards[iid].d, who)
    sets = [c for c in found if set(picks) <= set(c)]
    whole = any(set(c) == set(picks) for c in sets)
    left = sorted({i for c in sets for i in c if i not in picks})
    if left and not (whole and f.data.get("mats_done")):
        f.step = "contact_answered"
        return Prompt(tp, "select", distinct(duel, left, "pick") + ((DONE,) if whole else ()))
    for m in picks:
        duel.emit(MaterialEvent("material", tp, m, "special"))
        to_pile(duel, m, GRAVE, "material")
    s.steps += 1
    f.data["link"]["previous"] = list(picks)
    f.data["sent"], f.step = True, "cost"
    return None


def _summoned_to(duel: Duel, f: Frame) -> int:
    """Whose field a procedure summons to: the turn player's, or the opponent's (Lava Golem)."""
    s = duel.state
    fx = s.cards[f.data["card"]].d.fx
    e = fx.effects[f.data["effect"]] if fx is not None and "effect" in f.data else None
    return 1 - s.turn_player if e is not None and e.to_opponent else s.turn_player


@handles("procedure", "zoned")
def procedure_zoned(duel: Duel, f: Frame) -> Prompt:
    f.data["zone"] = f.answer.zone
    f.step = "positioned"
    return Prompt(duel.state.turn_player, "position", (ATTACK, DEFENSE), f.data["card"])


@handles("procedure", "positioned")
def procedure_placed(duel: Duel, f: Frame) -> None:
    """A Special Summon by the card's own procedure: it may be negated like any summon and
    counts as properly summoned (rulebook 3.2.3)."""
    s = duel.state
    tp = s.turn_player
    iid, zone = f.data["card"], f.data["zone"]
    fx = s.cards[iid].d.fx
    e = fx.effects[f.data["effect"]] if fx is not None and "effect" in f.data else None
    if e is not None:
        limits.use(s, tp, iid, e)
    in_def = f.answer == DEFENSE
    lift(s, iid)
    place_monster(s, iid, _summoned_to(duel, f), zone, True, in_def)
    c = s.cards[iid]
    c.summon, c.proper = "special", True
    if e is not None and e.ops:  # what the procedure does to it as it is placed (no chain)
        for op in e.ops:
            VERBS[op.do][1](duel, f.data["link"], op, {})
    announce(duel, f, [[iid, zone, "special", "defense" if in_def else "attack"]])
