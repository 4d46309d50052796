"""Continuous effects and effects that last (rulebook 4.3.3; seed 000, 9).

``adjust`` keeps what continuous effects apply in step with the field, as ocgcore's adjust
step does: after every operation and whenever a window opens, each face-up, not negated
card on the field with a continuous effect applies its ATK/DEF changes and flags to the
cards it names now (``Lasting`` records marked ``derived``, stamped when they start), and
nothing else keeps them. Equip Spells whose monster left the field go to the Graveyard.
``end_turn`` ends what lasts "until the end of the turn", returns control that was taken
for the turn, and forgets limits of past turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.cards.filters import parse_filter
from deckcheck.engine.effects import steady
from deckcheck.engine.effects.context import (
    FIELD,
    count_matching,
    effect_of,
    equip_monsters,
    new_link,
    pending_activations,
    players,
    pointed_monsters,
    pool,
    summon_materials,
)
from deckcheck.engine.effects.returns import destroyed_by_rule
from deckcheck.engine.moves import to_pile
from deckcheck.engine.processor import push
from deckcheck.engine.query import BANS_DECLARED, Lasting, atk, printed, unaffected
from deckcheck.engine.select import matches
from deckcheck.engine.state import EMPTY, GRAVE, MZONE, SZONE, State
from deckcheck.engine.zones import free_main

if TYPE_CHECKING:
    from deckcheck.engine.carddefs.compile import CardDef
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.effects.model import Effect


def negated(s: State, iid: int, flags: list[Any] | None = None) -> bool:
    """Whether the card's effects are negated now: by a flag on it, by its name (Called by
    the Grave), or by a column (Infinite Impermanence). ``flags``: the card's flags, where
    a loop over many cards has read them (``flags_by_card``)."""
    c = s.cards[iid]
    if s.lasting:  # the card's flags, read once
        if flags is None:
            flags = [m.value for m in s.lasting if m.card == iid and m.stat == "flag"]
        if "negated" in flags or "drained" in flags:
            return True  # drained (Skill Drain): negated, but its effects may still be activated
        if "unusable" in flags:  # its effects do not apply (000 4.3.3.14)
            return True
        # Royal Decree: Trap effects, while it is a Trap Card (002:1205)
        is_trap = c.d.kind == "trap" and (c.loc != MZONE or c.trap_zone != EMPTY)
        if is_trap and "trap_negated" in flags:
            return True
        # Imperial Order: Spell effects, while it is a Spell Card on the field (a Pendulum
        # Scale, a monster card equipped as an Equip Spell: 000 4.3.3.8)
        is_spell = c.d.kind == "spell" or c.loc == SZONE and c.d.kind == "monster"
        if is_spell and "spell_negated" in flags:
            return True
    if not s.floating:
        return False
    for f in s.floating:
        kind = f.get("kind")
        if kind == "negate_name" and not c.d.names.isdisjoint(f["names"]):
            return True
        flagged = kind == "flags" and "negate_declared" in f["flags"] and c.loc == MZONE
        if flagged and ops.declared_type(s, iid, "negate_declared"):
            return True
        if kind == "negate_column" and c.loc == SZONE and c.seq < 5:
            col = c.seq if c.ctrl == 0 else 4 - c.seq
            if col == f["column"] and iid != f["source"]:
                return True
    return False


# Duel.cache: the value of the state adjust last left (steady.py): its field, what its
# continuous effects read beyond it, the value of that, the cards waiting to apply, and
# the field as it was (steady.snapshot: when it is still so, the value is the same)
ADJUSTED = ("adjusted",)
READ_MONSTERS = ("read monsters",)  # _adjust_once's kept reads, one entry per effect
SYNCED = ("synced",)  # the modifiers _sync last left, and the wanted ones it was given


def adjust(duel: Duel, ask: bool = False) -> None:
    """Bring what continuous effects apply up to date. With ``ask`` the caller lets a frame
    run before it goes on: control that comes back goes to a zone its controller chooses
    (a ``returns`` frame); without, to the first free zone, with no one to ask."""
    s = duel.state
    if not duel.template.continuous_cards and not _equipping(s) and not _floating(s):
        return
    now_waiting = waiting(duel)
    kept = duel.cache.get(ADJUSTED)
    if kept is not None and kept[3] == now_waiting and kept[2] == steady.beyond(duel, kept[1]):
        if kept[4] is not None and steady.still(duel, kept[4]):
            return  # the field as adjust left it (or last found it the same)
        now = steady.field(duel)
        if kept[0] == now:  # only what the value leaves out moved: look from here next
            duel.cache[ADJUSTED] = (*kept[:4], steady.snapshot(duel))
            return
    else:
        now = steady.field(duel)
    # what applies may change what else applies (an immunity that starts): again until
    # nothing changes (RC-MISC-011)
    marks = (len(s.history), s.lasting, s.floating)  # what a run rewrites when it changes any
    for n in range(3):
        if not _adjust_once(duel, ask):
            what = steady.reads(duel)
            if what is None:
                duel.cache.pop(ADJUSTED, None)
                return
            if n or marks != (len(s.history), s.lasting, s.floating):
                now = steady.field(duel)  # equips sent away, player flags changed
            duel.cache[ADJUSTED] = (
                now,
                what,
                steady.beyond(duel, what),
                now_waiting,
                steady.snapshot(duel),
            )
            return


def flags_by_card(s: State) -> dict[int, list[Any]]:
    """Each card's flags (the values of its "flag" modifiers), from one pass over them."""
    out: dict[int, list[Any]] = {}
    for m in s.lasting:
        if m.stat == "flag":
            if m.card in out:
                out[m.card].append(m.value)
            else:
                out[m.card] = [m.value]
    return out


def _floating(s: State) -> bool:
    """Whether a floating effect applies to cards (_floating_applies)."""
    return any(f.get("kind") == "floating" for f in s.floating) if s.floating else False


def unchanged(duel: Duel, now: tuple[Any, ...], held: frozenset[int]) -> bool:
    """Whether nothing adjust reads has changed since it last ran (steady.py: ``now``, the
    field's value): then it has nothing to do. A card whose activation resolves begins to
    apply with no change on the field (002:11377): the cards ``held`` (waiting) count too."""
    kept = duel.cache.get(ADJUSTED)
    same = kept is not None and kept[0] == now and kept[3] == held
    return same and kept[2] == steady.beyond(duel, kept[1])  # type: ignore[index]


NONE_WAITING: frozenset[int] = frozenset()


def waiting(duel: Duel) -> frozenset[int]:
    """The Spell/Trap Cards with continuous effects whose activation has not resolved yet
    (context.pending_activations): only those wait to apply."""
    s = duel.state
    kept = duel.template.continuous_set
    if s.chain:  # only such a card on the chain or being paid for may wait
        on = [link["card"] for link in s.chain]
        on += [f.data["link"]["card"] for f in s.frames if f.kind == "activate"]
        if kept.isdisjoint(on):
            return NONE_WAITING
    found = pending_activations(s)
    return frozenset([i for i in found if i in kept]) if found else found


def _adjust_once(duel: Duel, ask: bool = False) -> bool:
    s = duel.state
    _equips(duel)
    wanted: list[tuple[int, str, str, object, int]] = []
    on_players: list[tuple[int, tuple[str, ...], int, Any]] = []
    controls: list[tuple[int, int]] = []  # applies.control: (monster, its controller-to-be)
    # unaffected() answers yes only for a card with an "unaffected_by..." flag
    shields = any(m.stat == "flag" and str(m.value).startswith("unaffected") for m in s.lasting)
    held = waiting(duel)
    # per effect: what it reads when that is only the monsters (steady.monster_filters) and
    # for those its plan, then the value of what they read (steady.monsters, the modifiers
    # read once a run), whether its condition holds and its cards: as many entries as the
    # duel has continuous effects
    memo = duel.cache.get(READ_MONSTERS)
    if memo is None:
        memo = duel.cache[READ_MONSTERS] = {}
    mods = None
    defs = duel.template.defs
    card_flags = flags_by_card(s) if s.lasting else {}
    no_flags: list[Any] = []
    for iid in _applying(duel):
        if iid in held:
            continue  # its activation has not resolved yet (002:11377)
        c = s.cards[iid]
        in_grave = c.loc == GRAVE  # only a name that changes there applies from the GY
        if not in_grave and (c.loc not in FIELD or not c.face_up) or c.destroyed:
            continue  # destroyed by battle: its continuous effects stop (RC-DS-013)
        fx = c.d.fx
        assert fx is not None
        off = negated(s, iid, card_flags.get(iid, no_flags))
        for e in fx.continuous:
            if c.loc not in e.range or (off and not e.cannot_be_negated):
                continue
            a = e.applies
            assert a is not None
            if a.name and in_grave:  # its name in the GY (Cyber Dragon Core)
                wanted.append((iid, "name", "set", a.name, iid))
                continue
            if in_grave:
                continue
            found: list[int] | None = None  # the cards it applies to
            kept = memo.get((iid, e.index))
            if kept is None or kept[0] is not e:  # a Token's id in a copy of the duel
                reads, plan, same = _fixed(e, defs)
                kept = memo[iid, e.index] = [e, reads, plan, None, False, None, same]
            if kept[1] is not None:  # kept with the value of what it reads
                if mods is None:
                    mods = steady.modifiers(s)
                now = (c.ctrl, steady.monsters(s, kept[2], c.ctrl, len(defs), mods))
                if kept[1][1]:  # and the controller's Graveyard (Solidarity)
                    now = (*now, tuple(s.sides[c.ctrl].grave))
                if kept[3] != now:
                    kept[3:6] = now, *_reads_now(duel, iid, e)
                if not kept[4]:
                    continue
                found = kept[5]
            elif e.condition is not None and not timing.condition_holds(
                duel, new_link(s, iid, str(e.index), c.ctrl, e), e
            ):
                continue
            if a.player is not None:  # player flags ("your opponent cannot declare attacks")
                flags = tuple(a.flags)
                on_players.extend((p, flags, iid, a.only) for p in players(a.player, c.ctrl))
                continue
            if e.applies_to is not None and e.applies_to.declared and "unusable" in a.flags:
                # the declared name is not used off the field either (000 4.3.3.14)
                wanted.append((iid, "flag", "add", BANS_DECLARED, iid))
            if found is not None:
                targets = found
            elif e.applies_to is not None:
                targets = _targets(duel, iid, e)
            elif c.equip != EMPTY:
                targets = [c.equip]
            else:
                targets = [iid]
            same = kept[6]
            if same is not None:  # the same modifiers for each card
                for t in targets:
                    if not (shields and unaffected(s, t, iid)):
                        wanted.extend([(t, *m, iid) for m in same])
                continue
            times = c.counters.get(a.per_counter, 0) if a.per_counter else 1
            if a.per_material:  # Cyber Dragon Infinity: for each material attached
                times = len(c.overlay)
            if a.per_pointed:  # Decode Talker: for each monster it points to
                times = len(pointed_monsters(s, iid))
            if e.per_card is not None:  # "for each Spell in your GY"
                times = count_matching(s, e.per_card, c.ctrl, a.distinct)
            for t in targets:
                if shields and unaffected(s, t, iid):
                    continue
                if a.atk and times:
                    wanted.append((t, "atk", "add", a.atk * times, iid))
                if a.atk_becomes:  # a continuous "becomes": later increases still count
                    base = printed(s, t).atk
                    value = base * 2 if a.atk_becomes == "double_original" else (base + 1) // 2
                    wanted.append((t, "atk", "set", value, iid))
                if a.defense and times:
                    wanted.append((t, "defense", "add", a.defense * times, iid))
                if a.control:
                    controls.append((t, c.ctrl))
                if a.swap_original:  # "switch the original ATK and DEF" (Red Ransom)
                    wanted.append((t, "atk", "set_base", printed(s, t).defense, iid))
                    wanted.append((t, "defense", "set_base", printed(s, t).atk, iid))
                if a.atk_of == "battle_opponent" and _battle_foe_atk(s, t):
                    wanted.append((t, "atk", "add", _battle_foe_atk(s, t), iid))
                if a.atk_of in ("equipped_monster", "equipped_monster_half"):
                    # the printed ATK of the monster it holds (half: rounded up)
                    got = sum(max(printed(s, m).atk, 0) for m in equip_monsters(s, t)[:1])
                    got = (got + 1) // 2 if a.atk_of == "equipped_monster_half" else got
                    if got:
                        wanted.append((t, "atk", "add", got, iid))
                if e.stats_of_attached is not None:  # the attached materials, as printed
                    mats = [printed(s, m) for m in c.overlay]
                    mats = [d for d in mats if e.stats_of_attached.matches(d)]
                    atk = sum(max(d.atk, 0) for d in mats)
                    dfn = sum(max(d.defense, 0) for d in mats)
                    if atk:
                        wanted.append((t, "atk", "add", atk, iid))
                    if dfn:
                        wanted.append((t, "defense", "add", dfn, iid))
                if e.atk_of_pointed is not None:  # the original ATK of the pointed monsters
                    got = sum(
                        max(printed(s, m).atk, 0)
                        for m in pointed_monsters(s, iid)
                        if s.cards[m].face_up and matches(s, m, e.atk_of_pointed, c.ctrl)
                    )
                    if got:
                        wanted.append((t, "atk", "add", got, iid))
                if a.attacks_of_materials is not None:
                    n = _attacks_of_materials(s, t, a.attacks_of_materials)
                    if n > 1:
                        wanted.append((t, "flag", "add", f"attacks:{n}", iid))
                if a.against is not None and not _foe_matches(s, t, a.against, c.ctrl):
                    continue  # only while it battles such a monster (Aquarium Stage)
                for flag in a.flags:  # an immunity may spare an archetype's cards
                    spared = f"{flag}:{a.except_archetype}" if a.except_archetype else flag
                    wanted.append((t, "flag", "add", spared, iid))
                if a.name:
                    wanted.append((t, "name", "set", a.name, iid))
                if a.also_attribute:  # "this card is also DARK"
                    wanted.append((t, "attribute", "add", a.also_attribute, iid))
                if a.archetype:  # the new name's archetype (Dupe Frog as "Des Frog")
                    wanted.append((t, "archetype", "add", a.archetype, iid))
    if s.floating:
        _floating_applies(duel, wanted)
    changed = _sync(duel, wanted)
    _sync_players(s, on_players)
    if controls or s.floating:
        changed = _controls(duel, controls, ask) or changed
    if changed:  # a Trap Monster whose Trap effects are now negated goes back (4.3.3.11)
        ops.return_negated_trap_monsters(duel)
    return changed


# the clauses of ``applies`` that give each card it applies to the same modifiers, with
# nothing read (``alike``); the loop in _adjust_once reads the others card by card
ALIKE = frozenset(("to", "player", "only", "atk", "defense", "flags", "except_archetype",
                   "archetype", "name", "distinct", "draw_per_name", "damage_counter"))  # fmt: skip
Alike = tuple[tuple[str, str, object], ...]


Fixed = tuple["steady.Monsters | None", "steady.Plan | None", Alike | None]
_FIXED: dict[tuple[int, int], tuple[Effect, tuple[CardDef, ...], Fixed]] = {}
MAX_FIXED = 4096


def _fixed(e: Effect, defs: tuple[CardDef, ...]) -> Fixed:
    """What of an effect _adjust_once reads that the duel does not change: whether it reads
    only the monsters (steady.monster_filters) and with a template's ``defs`` its plan, and
    ``alike``. Kept per effect and ``defs`` (the entry holds both, so their ids are not
    reused while it is kept; bounded): a duel's entries start from it."""
    found = _FIXED.get((id(e), id(defs)))
    if found is None:
        reads = steady.monster_filters(e)
        plan = steady.plan(reads[0], defs) if reads is not None else None
        if len(_FIXED) >= MAX_FIXED:
            _FIXED.clear()
        found = _FIXED[id(e), id(defs)] = (e, defs, (reads, plan, alike(e)))
    return found[2]


def alike(e: Effect) -> Alike | None:
    """The modifiers the effect gives each card it applies to, in the order _adjust_once's
    loop writes them, when it uses no clause but those of ``ALIKE``; else None."""
    a = e.applies
    assert a is not None
    if any(getattr(a, n) != f.default for n, f in type(a).model_fields.items() if n not in ALIKE):
        return None
    out: list[tuple[str, str, object]] = []
    if a.atk:
        out.append(("atk", "add", a.atk))
    if a.defense:
        out.append(("defense", "add", a.defense))
    for flag in a.flags:  # an immunity may spare an archetype's cards
        out.append(("flag", "add", f"{flag}:{a.except_archetype}" if a.except_archetype else flag))
    if a.name:
        out.append(("name", "set", a.name))
    if a.archetype:  # the new name's archetype (Dupe Frog as "Des Frog")
        out.append(("archetype", "add", a.archetype))
    return tuple(out)


def _reads_now(duel: Duel, iid: int, e: Effect) -> tuple[bool, list[int] | None]:
    """Whether the effect's condition holds now, and the cards on the field its selection
    means (None: it has none, or its condition does not hold)."""
    condition_holds = timing.condition_holds

    s = duel.state
    if e.condition is not None:
        link = new_link(s, iid, str(e.index), s.cards[iid].ctrl, e)
        if not condition_holds(duel, link, e):
            return False, None
    return True, _targets(duel, iid, e) if e.applies_to is not None else None


def _targets(duel: Duel, iid: int, e: Effect) -> list[int]:
    """The cards on the field the effect's selection (``applies_to``) means now."""
    s = duel.state
    assert e.applies_to is not None
    link = new_link(s, iid, str(e.index), s.cards[iid].ctrl, e)
    return [i for i in pool(duel, link, e.applies_to) if s.cards[i].loc in FIELD]


def _applying(duel: Duel) -> list[int]:
    """The cards of ``continuous_cards`` that may apply now, in the same (id) order: those
    on the field, and those in the GY with a name that changes there. Read from the zones
    and the piles: most copies wait in the Deck or the hand."""
    s = duel.state
    cards = s.cards
    template = duel.template
    kept = template.continuous_set
    out = [i for i in steady.on_field(s) if i in kept]
    if steady.GRAVE_CARDS in steady.template_reads(template):  # some apply from the GY
        out += [i for side in s.sides for i in side.grave
                if i in kept and _named_in_grave(cards[i].d)]  # fmt: skip
    out.sort()
    return out


def _named_in_grave(d: CardDef) -> bool:
    fx = d.fx
    return fx is not None and any(
        e.applies is not None and e.applies.name and GRAVE in e.range for e in fx.continuous
    )


def _floating_applies(duel: Duel, wanted: list[tuple[int, str, str, object, int]]) -> None:
    """Floating effects (create_floating) that apply flags to cards for their duration:
    "Cyber Dragon cannot attack the turn you activate this" (Evolution Burst), also to the
    ones summoned later that turn."""

    s = duel.state
    for f in s.floating:
        if f.get("kind") != "floating":
            continue
        e = effect_of(s, f["card"], f["effect"])
        if e.applies is None or e.applies_to is None:
            continue
        link = new_link(s, f["card"], f["effect"], f["player"], e)
        a = e.applies
        for t in pool(duel, link, e.applies_to):
            if s.cards[t].loc in FIELD:
                wanted.extend((t, "flag", "add", flag, f["card"]) for flag in a.flags)
                if a.atk:  # "Maliss monsters you control gain 600 ATK this turn" (Dormouse)
                    wanted.append((t, "atk", "add", a.atk, f["card"]))
                if a.defense:
                    wanted.append((t, "defense", "add", a.defense, f["card"]))


def _foe_matches(s: State, iid: int, spec: dict[str, Any], player: int) -> bool:
    """Whether the monster ``iid`` battles now matches a filter (none: False)."""

    b = s.battle
    if b is None or iid not in (b.attacker, b.target) or EMPTY in (b.attacker, b.target):
        return False
    other = b.target if iid == b.attacker else b.attacker
    return matches(s, other, parse_filter(spec), player)


def _battle_foe_atk(s: State, iid: int) -> int:
    """The current ATK of the opponent's monster ``iid`` battles now (0: none)."""

    b = s.battle
    if b is None or iid not in (b.attacker, b.target) or EMPTY in (b.attacker, b.target):
        return 0
    other = b.target if iid == b.attacker else b.attacker
    if s.cards[other].loc != MZONE or s.cards[other].ctrl == s.cards[iid].ctrl:
        return 0
    return atk(s, other)


def normal_draws(duel: Duel, player: int) -> int:
    """How many cards the player's normal draw takes: 1, or one for each name among the
    cards a face-up ``draw_per_name`` effect of theirs finds, if it finds any."""
    s = duel.state
    best = 1
    for iid in duel.template.continuous_cards:
        c = s.cards[iid]
        if c.loc not in FIELD or not c.face_up or c.ctrl != player or negated(s, iid):
            continue
        fx = c.d.fx
        assert fx is not None
        for e in fx.continuous:
            if e.applies is None or not e.applies.draw_per_name or e.applies_to is None:
                continue
            link = new_link(s, iid, str(e.index), c.ctrl, e)
            found = pool(duel, link, e.applies_to)
            if found:
                best = max(best, len({s.cards[i].d.name for i in found}))
    return best


def _sync_players(s: State, wanted: list[tuple[int, tuple[str, ...], int, Any]]) -> None:
    """Player flags of continuous effects, as floating entries marked ``derived`` (RC-MISC-011);
    ``only`` where the effect names the monsters a flag spares (Evilswarm Ophion)."""
    have = [(f["player"], tuple(f["flags"]), f["source"], f.get("only"))
            for f in s.floating if f.get("derived")]  # fmt: skip
    if have == wanted:
        return
    s.floating = [f for f in s.floating if not f.get("derived")]
    s.floating += [{"kind": "flags", "player": p, "flags": list(flags), "source": src,
                    "derived": True, **({"only": only} if only is not None else {})}
                   for p, flags, src, only in wanted]  # fmt: skip


def _sync(duel: Duel, wanted: list[tuple[int, str, str, object, int]]) -> bool:
    """The modifiers marked ``derived`` become the ``wanted`` ones: those still wanted stay
    (with their stamps), the others go, new ones start now. Given the same wanted ones as
    last time, with the modifiers as it left them, it has nothing to do (compared as
    values: the state's copies share the cache)."""
    s = duel.state
    last = duel.cache.get(SYNCED)
    if last is not None and last[0] == wanted and last[1] == s.lasting:
        return False
    keep: list[Lasting] = []
    have: set[tuple[int, str, str, object, int]] = set()
    wanted_set = set(wanted)
    changed = False
    for m in s.lasting:
        if not m.derived:
            keep.append(m)
            continue
        k = (m.card, m.stat, m.op, m.value, m.source)
        if k in wanted_set and k not in have:
            keep.append(m)
            have.add(k)
        else:
            changed = True
    for k in wanted:
        if k not in have:
            s.stamps += 1
            keep.append(Lasting(k[0], k[1], k[2], k[3], True, s.stamps, k[4], 0, True))  # type: ignore[arg-type]
            have.add(k)
            changed = True
    if changed:
        s.lasting = keep
    duel.cache[SYNCED] = (wanted, s.lasting[:])
    return changed


def _equipping(s: State) -> list[int]:
    """Cards in the Spell & Trap Zones equipped to a monster (only there does an equip
    hold; the zones are read rather than every card: this runs after every operation)."""
    cards = s.cards
    found = [i for side in s.sides for i in side.szone if i != EMPTY and cards[i].equip != EMPTY]
    return sorted(found) if len(found) > 1 else found


def _equips(duel: Duel) -> None:
    """An Equip Card whose monster is gone (or face-down) is sent to the Graveyard."""
    s = duel.state
    for iid in _equipping(s):
        c = s.cards[iid]
        m = s.cards[c.equip]
        if m.loc != MZONE or not m.face_up:
            c.equip = EMPTY
            to_pile(duel, iid, GRAVE, "unequipped")


def end_turn(duel: Duel) -> None:
    s = duel.state
    turn = s.turn
    if s.lasting and any(m.until and m.until <= turn for m in s.lasting):
        s.lasting = [m for m in s.lasting if not (m.until and m.until <= turn)]
    if s.floating:
        keep: list[Any] = []
        for f in s.floating:
            if f.get("until") and f["until"] <= turn:
                continue  # control came back in the End Phase (effects/returns.py)
            keep.append(f)
        s.floating = keep
    if s.used:
        stale = [k for k in s.used if k.startswith("t") and not k.startswith(f"t{turn + 1}:")]
        for k in stale:
            del s.used[k]


def _controls(duel: Duel, wanted: list[tuple[int, int]], ask: bool = False) -> bool:
    """``applies.control``: each monster goes to the player whose effect applies to it (a
    free Main Monster Zone needed), and back to the player who controlled it before once the
    effect no longer applies (its card gone or negated; 002:10115): with ``ask``, to a zone
    that player chooses, in a ``returns`` frame (effects/returns.py), as control taken until
    the End Phase comes back."""
    move_control = ops.move_control

    s = duel.state
    held = [f for f in s.floating if f.get("kind") == "held"]
    if not wanted and not held:
        return False
    want = dict(wanted)
    changed = False
    back = []
    for f in held:
        c = s.cards[f["card"]]
        if c.loc == MZONE and c.gen == f["gen"] and want.get(f["card"]) == c.ctrl:
            continue
        s.floating = [g for g in s.floating if g is not f]
        if ask and c.loc == MZONE and c.gen == f["gen"] and c.ctrl != f["player"]:
            back.append({"card": f["card"], "gen": f["gen"], "to": f["player"], "how": "control"})
        else:
            _give_back(duel, f)
        changed = True
    if back:
        push(duel, "returns", "next", items=back)
    for iid, player in want.items():
        c = s.cards[iid]
        free = free_main(s, player)
        if c.loc != MZONE or c.ctrl == player or not free:
            continue
        s.floating = [*s.floating, {"kind": "held", "card": iid, "gen": c.gen, "player": c.ctrl}]
        move_control(duel, iid, player, free[0])
        changed = True
    return changed


def _give_back(duel: Duel, f: dict[str, Any]) -> None:
    """Control an ``applies.control`` effect gave returns once it no longer applies, where
    no one can be asked (adjust without ``ask``): in the first free zone; with none the
    monster is destroyed, not by an effect (RC-CTRL-002, 002:833)."""
    move_control = ops.move_control

    s = duel.state
    iid = f["card"]
    c = s.cards[iid]
    if c.loc != MZONE or c.gen != f["gen"] or c.ctrl == f["player"]:
        return
    free = free_main(s, f["player"])
    if not free:
        destroyed_by_rule(duel, iid)
        return
    move_control(duel, iid, f["player"], free[0])


def _attacks_of_materials(s: State, card: int, spec: dict[str, object]) -> int:
    """How many materials of the card's summon, the one that put it where it is, match
    ``spec`` (Shooting Quasar Dragon attacks once for each non-Tuner)."""
    how, mats = summon_materials(s, card)
    if not how or how != s.cards[card].summon:
        return 0
    flt = parse_filter(spec)  # type: ignore[arg-type]
    return sum(1 for m in mats if flt.matches(s.cards[m].d))


# ops and timing import this module: bound here, once all of it is defined, whichever of
# them is loaded first, and read at call time (an import run in a function costs about 8K
# instructions a call: tests/engine/test_hot_imports.py)
from deckcheck.engine.effects import ops, timing  # noqa: E402
