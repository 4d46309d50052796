"""The Battle Phase (rulebook 6.3.4): start step, battle step with attack declarations and
replays, the damage step's five timings, end step.

Damage calculation follows 6.3.4.3.3: ATK against ATK (the lower is destroyed and its
controller takes the difference; equal ATK destroys both, except two 0-ATK monsters),
ATK against DEF (a higher ATK destroys the defender without damage, a higher DEF deals the
difference to the attacker's controller), direct attacks deal the attacker's ATK. Battle
destruction is confirmed at damage calculation and carried out at the end of the damage
step; a face-down target is turned face-up before damage calculation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.engine.actions import (
    CANCEL,
    END_BATTLE,
    Action,
    AttackChoice,
    Prompt,
    new_record,
    shared,
)
from deckcheck.engine.base import check_win, damage
from deckcheck.engine.effects import replace
from deckcheck.engine.effects.ops import player_flag
from deckcheck.engine.events import AttackEvent, CardEvent, MoveEvent, phase_event
from deckcheck.engine.moves import to_pile
from deckcheck.engine.processor import handles, open_window, pop
from deckcheck.engine.query import NO_FLAGS, atk, defense, flags_now, has_flag, spared
from deckcheck.engine.select import NOT_SPECIAL
from deckcheck.engine.state import BANISHED, EMPTY, GRAVE, MZONE, Battle, Frame, State

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel


@handles("battle", "start")
def battle_start(duel: Duel, f: Frame) -> None:
    duel.state.phase = "battle"
    duel.emit(phase_event("phase", "battle"))
    open_window(duel, "battle_start", "battle_step")


@handles("battle", "battle_step")
def battle_step(duel: Duel, f: Frame) -> None:
    duel.emit(phase_event("step", "battle"))
    f.step = "declare"


def attack_options(duel: Duel) -> list[Action]:
    s = duel.state
    tp = s.turn_player
    cards = s.cards
    foes = s.monsters(1 - tp)
    targets = attack_targets(s, foes) if foes else [EMPTY]
    opts: list[Action] = []
    if s.floating and player_flag(s, tp, "cannot_declare_attacks"):
        return opts
    no_direct = bool(s.floating) and player_flag(s, tp, "no_direct_attacks")
    if no_direct:  # S:P Little Knight: "your monsters cannot attack directly this turn"
        targets = [t for t in targets if t != EMPTY]
    # the monsters' flags in one pass (has_flag scans the modifiers); no call without any
    flags = flags_now(s) if s.lasting else NO_FLAGS
    for iid in s.monsters(tp):
        c = cards[iid]
        if not c.face_up or c.in_def:
            continue
        every = (iid, "attack_all") in flags
        if every and c.attacked == s.turn:  # each monster once, never directly after one
            left = [t for t in targets if t != EMPTY and t not in _attacked_targets(s, iid)]
            opts.extend(shared(AttackChoice, "attack", iid, t) for t in left)
            continue
        if (iid, "attack_all_special") in flags and c.attacked == s.turn:
            # each Special Summoned monster once, only while every attack was on one
            done = _attacked_targets(s, iid)
            if _attacked_directly(s, iid) or any(cards[t].summon in NOT_SPECIAL for t in done):
                continue
            left = [t for t in targets if t != EMPTY and t not in done
                    and cards[t].summon not in NOT_SPECIAL]  # fmt: skip
            opts.extend(shared(AttackChoice, "attack", iid, t) for t in left)
            continue
        if c.attacked == s.turn and (not s.lasting or c.attacks >= allowed_attacks(s, iid)):
            continue
        if (iid, "cannot_attack") in flags or (iid, "unusable") in flags:  # unusable on the field
            continue
        if s.lasting and _held_back(s, tp, iid):
            continue
        # a second attack on monsters only, and none after a direct one (RC-ATK-011)
        twice = c.attacked == s.turn and (iid, "attack_monsters_twice") in flags
        if twice and (not foes or _attacked_directly(s, iid)):
            continue
        alone = (iid, "no_direct_attack") in flags  # "cannot attack directly"
        for t in targets:
            if not (alone and t == EMPTY):
                opts.append(shared(AttackChoice, "attack", iid, t))
        if foes and not no_direct and (iid, "direct_attack") in flags:
            opts.append(AttackChoice("attack", iid, EMPTY))
    return opts


LURES = frozenset(("attack_lure", "attack_lure_shared"))


def attack_targets(s: State, foes: list[int]) -> list[int]:
    """The opponent's monsters an attack may target: only a monster with ``attack_lure``
    (Dupe Frog: "cannot target monsters for attacks, except this one"); with two such
    monsters each allows only itself, so none."""
    if not s.lasting:
        return foes
    # the lure flags, read in one pass over the modifiers
    flagged = {(m.card, m.value) for m in s.lasting if m.stat == "flag" and m.value in LURES}
    if not flagged:
        return foes
    # Maliss in Underground: only monsters with attack_lure_shared, any of them
    shared = [i for i in foes if (i, "attack_lure_shared") in flagged]
    foes = shared or foes
    lures = [i for i in foes if (i, "attack_lure") in flagged]
    if not lures:
        return foes
    return lures if len(lures) == 1 else []


def _held_back(s: State, player: int, iid: int) -> bool:
    """Another monster of the player is the only one that may attack this turn (Sirocco
    the Dawn: "monsters other than the targeted monster cannot attack")."""
    return any(m.value == "sole_attacker" and m.stat == "flag" and m.card != iid
               and s.cards[m.card].ctrl == player for m in s.lasting)  # fmt: skip


def allowed_attacks(s: State, iid: int) -> int:
    """Attacks a monster may declare this Battle Phase: effects granting more do not add
    up, the largest applies (RC-ATK-012)."""
    counted = [int(str(m.value)[8:]) for m in s.lasting if m.card == iid and m.stat == "flag"
               and str(m.value).startswith("attacks:")]  # fmt: skip
    if has_flag(s, iid, "attack_thrice"):
        return max([3, *counted])
    twice = has_flag(s, iid, "attack_twice") or has_flag(s, iid, "attack_monsters_twice")
    return max([2 if twice else 1, *counted])


def _attacked_targets(s: State, iid: int) -> set[int]:
    """The monsters this monster declared attacks on this turn (the turn's events)."""
    out: set[int] = set()
    for e in reversed(s.history):
        if e.kind == "turn":
            break
        if e.kind in ("attack", "retarget") and e.attacker == iid and e.target != EMPTY:
            out.add(e.target)
    return out


def _attacked_directly(s: State, iid: int) -> bool:
    """Whether the monster declared a direct attack this turn (the events since the turn
    began)."""
    for e in reversed(s.history):
        if e.kind == "turn":
            return False
        if e.kind == "attack" and e.attacker == iid and e.target == EMPTY:
            return True
    return False


@handles("battle", "declare")
def declare(duel: Duel, f: Frame) -> Prompt:
    """The turn player declares an attack or ends the Battle Phase. Entering the battle step
    does not pass priority (RC-PRIO-006): the opponent's first chance comes after a
    declaration, or when the turn player passes to leave the step."""
    f.step = "declared"
    s = duel.state
    tp = s.turn_player
    acts = duel.effects.responses(duel, tp, "battle_step") if duel.effects.live else ()
    attacks = attack_options(duel)
    # "must attack, if able": no end to the Battle Phase while such a monster can attack
    must = bool(s.lasting) and must_attack(s, attacks)
    options = (*attacks, *acts) if must else (*attacks, *acts, END_BATTLE)
    return new_record(Prompt, (tp, "battle", options, -1))


def must_attack(s: State, attacks: list[Action]) -> bool:
    """Whether a monster that "must attack, if able" (flag ``must_attack``) is among these
    attack options' attackers."""
    if not s.lasting:
        return False
    flags = flags_now(s)
    return any((a.attacker, "must_attack") in flags for a in attacks)  # type: ignore[union-attr]


@handles("battle", "declared")
def declared(duel: Duel, f: Frame) -> None:
    s = duel.state
    tp = s.turn_player
    choice = f.answer
    if choice.kind == "activate":  # a Quick effect in the battle step (the opponent may respond)
        f.step = "declare"
        duel.effects.activate(duel, tp, choice)
        return
    if choice == END_BATTLE:
        # the turn player passes; the step ends when the opponent passes too (6.2)
        open_window(duel, "battle_step", "battle_end", holder=1 - tp, passes=1, back="declare")
        return
    attacker, target = choice.attacker, choice.target
    c = s.cards[attacker]
    c.attacks = c.attacks + 1 if c.attacked == s.turn else 1
    c.attacked = s.turn
    s.battle = Battle(attacker, target, s.sides[1 - tp].field_changes)
    duel.emit(shared(AttackEvent, "attack", tp, attacker, target))
    open_window(duel, "attack", "battle_check")


def _attacker_ok(duel: Duel) -> bool:
    s = duel.state
    b = s.battle
    assert b is not None
    c = s.cards[b.attacker]
    return c.loc == MZONE and c.ctrl == s.turn_player and c.face_up and not c.in_def


@handles("battle", "battle_check")
def battle_check(duel: Duel, f: Frame) -> None:
    """After the declaration's window: the attack goes on, replays, or stops (6.3.4.2)."""
    s = duel.state
    b = s.battle
    assert b is not None
    if not _attacker_ok(duel) or not b.live:  # gone, moved, or the attack was negated
        duel.emit(CardEvent("attack_stopped", s.turn_player, b.attacker))
        _to_grave_destroyed(duel, b)  # by damage calculation in a chain (002:11377)
        s.battle = None
        f.step = "battle_step"
    elif s.sides[1 - s.turn_player].field_changes != b.watch or _direct_lost(duel):
        duel.emit(CardEvent("replay", s.turn_player, b.attacker))
        f.step = "replay"
    else:
        f.step = "ds_start"


def _direct_lost(duel: Duel) -> bool:
    """A direct attack declared by a monster's own ability while the opponent has monsters,
    and it cannot attack directly any more: a replay (seed 000:624)."""
    s = duel.state
    b = s.battle
    assert b is not None
    if b.target != EMPTY or not s.monsters(1 - s.turn_player):
        return False
    no_direct = bool(s.floating) and player_flag(s, s.turn_player, "no_direct_attacks")
    return no_direct or not has_flag(s, b.attacker, "direct_attack")


@handles("battle", "replay")
def replay(duel: Duel, f: Frame) -> Prompt:
    """A replay: choose a new target (or attack directly if none) or stop the attack; this
    is not a new attack declaration (6.3.4.2.1)."""
    s = duel.state
    b = s.battle
    assert b is not None
    tp = s.turn_player
    foes = s.monsters(1 - tp)
    targets = attack_targets(s, foes) if foes else [EMPTY]
    f.step = "replayed"
    return Prompt(tp, "replay", (*(AttackChoice("attack", b.attacker, t) for t in targets), CANCEL))


@handles("battle", "replayed")
def replayed(duel: Duel, f: Frame) -> None:
    s = duel.state
    b = s.battle
    assert b is not None
    tp = s.turn_player
    if f.answer == CANCEL:
        duel.emit(CardEvent("attack_cancelled", tp, b.attacker))
        s.battle = None
        f.step = "battle_step"
        return
    b.target = f.answer.target
    b.watch = s.sides[1 - tp].field_changes
    duel.emit(AttackEvent("retarget", tp, b.attacker, b.target))
    open_window(duel, "attack_target", "battle_check")


def _battle_live(duel: Duel) -> bool:
    """Both monsters are still there to battle (a direct attack needs only the attacker)."""
    s = duel.state
    b = s.battle
    assert b is not None
    if not b.live or not _attacker_ok(duel):
        return False
    if b.target == EMPTY:
        return True
    t = s.cards[b.target]
    return t.loc == MZONE and t.ctrl == 1 - s.turn_player


@handles("battle", "ds_start")
def ds_start(duel: Duel, f: Frame) -> None:
    s = duel.state
    assert s.battle is not None
    s.battle.damage_step = True
    duel.emit(phase_event("step", "damage_start"))
    open_window(duel, "damage_start", "ds_before")


@handles("battle", "ds_before")
def ds_before(duel: Duel, f: Frame) -> None:
    s = duel.state
    b = s.battle
    assert b is not None
    duel.emit(phase_event("step", "before_damage"))
    if not _battle_live(duel):
        b.live = False
    elif b.target != EMPTY and not s.cards[b.target].face_up:
        s.cards[b.target].face_up = True  # flipped face-up, still in Defense Position
        duel.emit(CardEvent("flip", s.cards[b.target].ctrl, b.target))
    open_window(duel, "before_damage", "ds_calc")


@handles("battle", "ds_calc")
def ds_calc(duel: Duel, f: Frame) -> None:
    duel.emit(phase_event("step", "damage_calculation"))
    open_window(duel, "damage_calculation", "ds_damage")


@handles("battle", "ds_damage")
def ds_damage(duel: Duel, f: Frame) -> None:
    s = duel.state
    b = s.battle
    assert b is not None
    if _battle_live(duel):
        # the outcome first: the monsters it would destroy may be kept by a replacement
        # effect, asked before anything is applied (seed 000, 6.3.4.3.3; RC-DS-014)
        f.data["doomed"], f.data["replaced"] = _doomed(duel), []
        f.step = "ds_replace"
        return
    b.live = False
    _after_damage(duel)


@handles("battle", "ds_replace", "ds_replaced")
def ds_replace(duel: Duel, f: Frame) -> Prompt | None:
    """Replacement effects for the battle's destruction, then damage calculation is
    applied; what the replacements do instead happens after it (002:3197)."""
    if f.step == "ds_replaced":
        f.data["replaced"].append(replace.answer(f.answer))
    uses, prompt = replace.plan(duel, f.data["doomed"], "battle", f.data["replaced"])
    if prompt is not None:
        f.step = "ds_replaced"
        return prompt
    del f.data["doomed"], f.data["replaced"]
    calculate(duel, {v for u in uses for v in u.saves})
    if uses:
        replace.carry_out(duel, uses)
    if check_win(duel):
        return None
    _after_damage(duel)
    return None


def _after_damage(duel: Duel) -> None:
    duel.emit(phase_event("step", "after_damage"))
    open_window(duel, "after_damage", "ds_end")


def _doomed(duel: Duel) -> list[int]:
    """The monsters damage calculation would destroy, as calculate decides it."""
    s = duel.state
    b = s.battle
    assert b is not None
    if b.target == EMPTY:
        return []
    power = atk(s, b.attacker)
    if s.cards[b.target].in_def:
        hit = [b.target] if power > defense(s, b.target) else []
    else:
        guard = atk(s, b.target)
        hit = [b.target] if power > guard else [b.attacker] if power < guard else []
        if power == guard and power > 0:
            hit = [b.attacker, b.target]
    return [i for i in hit if not _survives(s, i, use=False)]


def calculate(duel: Duel, saved: set[int] | frozenset[int] = frozenset()) -> None:
    """Damage calculation; ``saved`` are monsters a replacement effect keeps."""
    s = duel.state
    b = s.battle
    assert b is not None
    tp = s.turn_player
    power = atk(s, b.attacker)
    if b.target == EMPTY:
        _battle_damage(duel, 1 - tp, power)
        return
    if not s.cards[b.target].in_def:
        guard = atk(s, b.target)
        if power > guard:
            _destroy(duel, b.target, saved=saved)
            _battle_damage(duel, 1 - tp, _doubled(s, b.attacker, power - guard))
        elif power < guard:
            _destroy(duel, b.attacker, saved=saved)
            _battle_damage(duel, tp, _doubled(s, b.target, guard - power))
        elif power > 0:  # equal ATK: both destroyed, unless both are 0 (6.3.4.3.3.1)
            _destroy(duel, b.attacker, b.target, saved=saved)
        return
    guard = defense(s, b.target)
    if power > guard:
        _destroy(duel, b.target, saved=saved)
        if s.lasting and has_flag(s, b.attacker, "piercing"):  # RC-DC-014: battle damage
            _battle_damage(duel, 1 - tp, _doubled(s, b.attacker, power - guard))
    elif power < guard:
        _battle_damage(duel, tp, guard - power)


def _doubled(s: State, iid: int, amount: int) -> int:
    """Battle damage a monster inflicts by battling a monster, doubled by its flag."""
    return amount * 2 if s.lasting and has_flag(s, iid, "double_battle_damage") else amount


def _battle_damage(duel: Duel, player: int, amount: int) -> None:
    s = duel.state
    if s.floating and player_flag(s, player, "reflect_battle_damage"):
        player = 1 - player  # Dimension Wall: the opponent takes it instead
    elif s.lasting and _reflected_by_battler(s, player):
        player = 1 - player  # Daigusto Sphreez: from battles of its player's Gusto monsters
    if s.floating and player_flag(s, player, "no_battle_damage"):
        return
    if s.lasting and _shielded_by_battler(s, player):
        return
    if s.floating and player_flag(s, player, "next_battle_damage_zero"):
        _use_flag(s, player, "next_battle_damage_zero")  # Mistral: only the next time
        return
    damage(duel, player, amount, "battle")


def _reflected_by_battler(s: State, player: int) -> bool:
    """A monster of ``player`` in this battle sends the battle damage its controller would
    take to the opponent (``reflect_own_battle_damage``; Daigusto Sphreez's Gusto monsters)."""
    b = s.battle
    both = (b.attacker, b.target) if b is not None else ()
    return any(i != EMPTY and s.cards[i].ctrl == player and s.cards[i].face_up
               and has_flag(s, i, "reflect_own_battle_damage") for i in both)  # fmt: skip


def _shielded_by_battler(s: State, player: int) -> bool:
    """A monster of ``player`` in this battle keeps its controller from battle damage
    (Blackwing Armor Master: "you take no battle damage from attacks involving this card")."""
    b = s.battle
    both = (b.attacker, b.target) if b is not None else ()
    if any(i != EMPTY and has_flag(s, i, "no_battle_damage_either") for i in both):
        return True  # Sandaion: neither player takes battle damage from its battles
    if any(i != EMPTY and s.cards[i].ctrl == player
           and has_flag(s, i, "controller_no_battle_damage") for i in both):  # fmt: skip
        return True
    # Maliss <P> White Rabbit: no battle damage to the controller of the card giving the flag
    return any(m.card in both and m.stat == "flag" and m.value == "source_no_battle_damage"
               and s.cards[m.source].ctrl == player for m in s.lasting)  # fmt: skip


def _use_flag(s: State, player: int, flag: str) -> None:
    """A player flag that works once: the first entry giving it is used up."""
    for f in s.floating:
        if f.get("kind") == "flags" and f["player"] == player and flag in f["flags"]:
            f["flags"] = [x for x in f["flags"] if x != flag]
            return


def _destroy(duel: Duel, *iids: int, saved: set[int] | frozenset[int] = frozenset()) -> None:
    """Monsters destroyed by one battle are destroyed at once: each event sees all of them
    destroyed (mutual destruction, RC-DS-016)."""
    s = duel.state
    out = []
    for iid in iids:
        if iid in saved or _survives(s, iid, use=True):
            continue
        s.cards[iid].destroyed = True
        out.append(iid)
    for iid in out:
        duel.emit(shared(MoveEvent, "destroyed", s.cards[iid].ctrl, iid, "battle"))


def _survives(s: State, iid: int, use: bool) -> bool:
    """Whether the monster cannot be destroyed by this battle (``use``: a protection that
    works once is used up)."""
    if s.lasting and has_flag(s, iid, "no_battle_destroy"):
        return True
    if s.lasting and has_flag(s, iid, "no_battle_destroy_once") and spared(s, iid, use):
        return True
    if s.lasting and has_flag(s, iid, "no_destroy_once") and spared(s, iid, use, "spared"):
        return True  # "once during this turn, it cannot be destroyed" (Stardust Spark Dragon)
    return bool(s.floating) and player_flag(s, s.cards[iid].ctrl, "monsters_no_battle_destroy")


@handles("battle", "ds_end")
def ds_end(duel: Duel, f: Frame) -> None:
    """End of the damage step: monsters destroyed by battle go to the Graveyard (or, for
    Pendulum monsters, face-up to the Extra Deck); then the next attack, or the End Step
    if an effect ended the Battle Phase during this Damage Step."""
    duel.emit(phase_event("step", "damage_end"))
    _battle_over(duel)
    open_window(
        duel, "damage_end", "battle_end" if f.data.pop("end_battle", False) else "battle_step"
    )


def _battle_over(duel: Duel) -> None:
    """The battle is over: the monsters it destroyed go to the Graveyard, and what lasted
    until the end of its Damage Step ends."""
    s = duel.state
    b = s.battle
    assert b is not None
    s.steps += 1
    _to_grave_destroyed(duel, b)
    s.battle = None
    if s.floating:  # ATK/DEF changes "until the end of the Damage Step" end here
        ends = {x["stamp"] for x in s.floating if x.get("kind") == "battle_change"}
        if ends:
            s.lasting = [m for m in s.lasting if m.stamp not in ends]
    if s.floating:  # what lasts "for that battle" (player flags until end_of_damage_step)
        s.floating = [x for x in s.floating if not x.get("battle")]


def _to_grave_destroyed(duel: Duel, b: Battle) -> None:
    """The battle's monsters destroyed by it go to the Graveyard (or, for Pendulum
    monsters, face-up to the Extra Deck)."""
    s = duel.state
    for iid, foe in ((b.attacker, b.target), (b.target, b.attacker)):
        if iid != EMPTY and s.cards[iid].destroyed and s.cards[iid].loc == MZONE:
            # banished instead when the monster it battled says so (Maliss <P> Chessy Cat)
            away = foe != EMPTY and has_flag(s, foe, "banish_battle_destroyed")
            to_pile(duel, iid, BANISHED if away else GRAVE, "battle")


@handles("battle", "to_end_phase")
def to_end_phase(duel: Duel, f: Frame) -> None:
    """An effect made it the End Phase during the Battle Phase (effects/ops.to_end_phase):
    the Damage Step, if any, has no end, so nothing answers its end (002:3264); monsters
    destroyed by the battle still go to the Graveyard."""
    if duel.state.battle is not None:
        _battle_over(duel)
    pop(duel, f)  # the duel frame goes on at the End Phase


@handles("battle", "battle_end")
def battle_end(duel: Duel, f: Frame) -> None:
    duel.emit(phase_event("step", "battle_end"))
    pop(duel, f)  # the duel frame goes on at Main Phase 2
    open_window(duel, "battle_end")
