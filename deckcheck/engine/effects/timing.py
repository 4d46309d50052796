"""When an effect may be activated: spell speeds, the chain, the Damage Step, where the card
is, conditions, costs, targets and once-per-turn limits (seed 000 chapters 3-9, 001, 002).

- With an empty chain, Spell Speed 1 (Ignition effects, most Spells) only from the turn
  player's Main Phase prompt; Spell Speed 2 and 3 in any window.
- To respond to a chain link: Spell Speed 2 or more, and at least the link's (a Counter
  Trap, Spell Speed 3, only by another Counter Trap).
- Traps and Set Quick-Play Spells not in the turn they were Set; Quick-Play Spells from
  the hand only in their controller's turn.
- The Damage Step (002, 伤害步骤): only Counter Traps, effects that negate an activation,
  effects that change ATK/DEF (until before damage calculation) and effects that say so.
- An effect that answers an event ("when a monster is Normal Summoned") only while that
  event is among the ones that just happened (the window's events), or, for "when ... is
  activated", directly in response to that activation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.cards.filters import Filter
from deckcheck.engine.actions import EffectChoice
from deckcheck.engine.effects import limits
from deckcheck.engine.effects.context import (
    FIELD,
    Link,
    effect_of,
    equip_monsters,
    live_targets,
    may_match,
    new_link,
    note_damage,
    pending_activations,
    pointed_monsters,
    pool,
    summon_materials,
    summoned_with,
)
from deckcheck.engine.effects.model import Cond, Effect
from deckcheck.engine.effects.ops import (
    can_do,
    grants_nothing,
    hand_toll,
    player_flag,
    summon_locked,
    summon_room,
    surplus,
    targets_possible,
)
from deckcheck.engine.effects.triggers import event_matches, unanswerable
from deckcheck.engine.events import (
    AttackEvent,
    CardEvent,
    MoveEvent,
    PhaseEvent,
    PositionEvent,
    TurnEvent,
)
from deckcheck.engine.query import has_flag, unusable
from deckcheck.engine.select import matches, matches_any, matching, only_names
from deckcheck.engine.state import EMPTY, GRAVE, HAND, MZONE, SZONE, Frame, State
from deckcheck.engine.template import CHAIN, NO_WINDOW, SLOW, Effects, Place
from deckcheck.engine.zones import co_linked, free_main, free_spell

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel

DS_EARLY = ("damage_start", "before_damage")  # ATK/DEF changes: until before calculation
# verbs that must find a card to act on for the card to be activated (no target)
ACTING = ("add_to_hand", "special_summon", "send_to_graveyard", "destroy", "banish")
ACTING += ("return_to_hand", "return_to_deck", "excavate", "set", "discard")


def activations(duel: Duel, player: int, timing: str, forced: bool = False) -> list[EffectChoice]:
    """Every effect ``player`` may activate now (``timing``: the window's, or ``main``
    for the turn player's Main Phase prompt). A mandatory Quick Effect is never offered
    among them: ``forced`` lists those alone, which must be activated (``forced_answer``)."""
    s = duel.state
    frames, chain = s.frames, s.chain
    window = frames[-1] if frames and frames[-1].kind == "window" else None
    out: list[EffectChoice] = []
    if s.floating and window is not None:  # Magical Meltdown's Fusion Summon just happened
        data = window.data
        if unanswerable(s, player, data.get("since", 0), data.get("until", 0)):
            return out
    # with an empty chain outside the Main Phase prompt only Spell Speed 2 or more may act
    kind = SLOW if timing != "main" or chain else 0
    kind |= (CHAIN if chain else 0) | (0 if window else NO_WINDOW)
    found = askable(s, duel.template.askable[kind], player)
    if not found:
        return out
    seen: set[tuple[int, str, str]] = set()
    kinds: set[str] | None = None  # of the window's events, read once
    cards = s.cards
    for iid, effects in found:
        c = cards[iid]
        mine = c.ctrl == player if c.loc in FIELD else c.owner == player
        if not mine:
            continue
        usable = None
        for e in effects:
            if (e.kind == "quick" and e.mandatory) != forced:
                continue
            t, wanted = e.trigger, e.answers
            if window is not None and t is not None and t.on != "activated" and wanted is not None:
                # "when" an event: only if the window has an event of a kind it may answer
                if kinds is None:
                    data = window.data
                    kinds = {x.kind for x in s.history[data.get("since", 0) : data.get("until", 0)]}
                if wanted.isdisjoint(kinds):
                    continue
            if usable is None:
                usable = not unusable(s, iid)
            if not usable:
                break
            # copies in a hidden pile are interchangeable: one option for them
            # (each effect of a card on the field is an option of its own)
            path = str(e.index)
            key = (id(c.d), c.loc, path) if c.loc in (HAND, GRAVE) else (iid, "", path)
            if key in seen or not can_activate(duel, player, iid, e, timing, window):
                continue
            seen.add(key)
            out.append(EffectChoice("activate", iid, path))
    return out


def forced_answer(duel: Duel, window: Frame) -> tuple[int, list[EffectChoice]] | None:
    """A mandatory Quick Effect that answers the activation just made (Light and Darkness
    Dragon's "when a Spell Card, Trap Card, or monster effect is activated") is activated
    at once, before anyone else may respond: its player and the choices, or None. One
    activated this way brings no other such effect in answer to it."""
    s = duel.state
    if not s.chain or not duel.template.forced_cards:
        return None
    top = s.chain[-1]
    e = effect_of(s, top["card"], top["effect"])
    if e.kind == "quick" and e.mandatory:
        return None
    holder = window.data["holder"]
    for player in (holder, 1 - holder):
        found = activations(duel, player, window.data["timing"], forced=True)
        if found:
            return player, found
    return None


def askable(s: State, table: tuple[Place, ...], player: int) -> list[tuple[int, Effects]]:
    """``player``'s cards that ``table`` (one of ``DuelTemplate.askable``) lists where
    they are, with the effects it lists, in id order: the cards in their piles and zones,
    the monsters they control in the Extra Monster Zones, and for any other place (Xyz
    materials) every card there, whoever holds it. Most windows find none."""
    side = s.sides[player]
    cards = s.cards
    out: list[tuple[int, Effects]] = []
    for place, pile, ids, asked, up in table:
        if pile is None:
            here: list[int] = [i for i, c in enumerate(cards) if c.loc == place]
        else:
            here = getattr(side, pile)
            if place == MZONE and not ids.isdisjoint(s.emz):
                here = here + [i for i in s.emz if i in ids and cards[i].ctrl == player]
        if ids.isdisjoint(here):
            continue
        for i in here:
            if i in ids:
                found = (up if up is not None and cards[i].face_up else asked).get(i)
                if found:
                    out.append((i, found))
    if len(out) > 1:
        out.sort()
    return out


def can_activate(
    duel: Duel, player: int, iid: int, e: Effect, timing: str, window: Frame | None
) -> bool:
    s = duel.state
    c = s.cards[iid]
    tp = s.turn_player
    chain = s.chain
    if c.loc not in e.range:
        return False
    if c.loc == HAND and s.floating and hand_toll(s, player) > s.sides[player].lp:
        return False  # Chain Energy: the LP to activate it from the hand
    if e.kind == "activate":
        if not _card_activation_ok(s, player, iid, e, timing):
            return False
    else:
        if c.loc in FIELD and (not c.face_up or has_flag(s, iid, "negated")):
            return False
        if c.loc in FIELD and s.lasting and has_flag(s, iid, "cannot_activate"):
            return False
        if e.kind == "ignition" and (timing != "main" or player != tp):
            return False
        if chain and c.loc in FIELD and iid in pending_activations(s):
            return False  # its card activation has not resolved: no effects yet (002:2210)
    # spell speed against the chain and the timing
    if chain:
        top = chain[-1]["speed"]
        if e.speed < 2 or e.speed < top:
            return False
        here = (iid, c.gen, str(e.index))
        if any((x["card"], x["gen"], x["effect"]) == here for x in chain):
            return False  # one card's effect once in a chain (002:4362)
        last = chain[-1]
        last_effect = effect_of(s, last["card"], last["effect"])
        shut = last_effect.no_response
        if shut is True and last["player"] != player:
            return False  # Borrelsword Dragon: its opponent cannot respond
        if s.floating and last["player"] != player and last_effect.kind == "activate":
            spell = s.cards[last["card"]].d.kind == "spell"
            if spell and player_flag(s, last["player"], "spells_unanswerable"):
                return False  # Multirole: no response to that player's Spell Cards
        if s.floating and last["player"] != player and _monster_unanswerable(s, last):
            return False  # Witchcrafter Unveiling: no response to their Spellcasters' effects
        if shut == "monster_effects" and c.d.kind == "monster":
            return False  # Dark Ruler No More: no monster effect in response, either player
    elif timing != "main" and e.speed < 2:
        return False
    summon_negation = e.trigger is not None and e.trigger.on == "summoning"
    if timing == "summoning" and not chain and not summon_negation:
        return False
    if timing == "hand_limit" and not chain:
        return False  # after the hand-limit discard only triggers start a chain (002:4840, 4890)
    b = s.battle
    if b is not None and b.damage_step and not _damage_step_ok(e, timing, bool(chain)):
        return False
    if e.opponent_turn is not None and e.opponent_turn != (tp != player):
        return False
    if e.main_phase and s.phase not in ("main1", "main2"):
        return False
    link = new_link(s, iid, str(e.index), player, e)
    early = e.set_turn_if  # "you can activate this card the turn it was Set, if ..."
    if early is not None and c.loc == SZONE and c.placed == s.turn and not holds(duel, link, early):
        return False
    if e.trigger is not None and not _answers(duel, link, e, window):
        return False
    if not limits.available(s, player, iid, e):
        return False
    if s.floating and activation_locked(s, player, iid):
        return False
    spell_card = e.kind == "activate" and c.d.kind == "spell"
    if spell_card and s.floating and player_flag(s, player, "no_spell_activations"):
        return False  # Secret Village of the Spellcasters: no Spell Card activations
    if b is not None and e.kind == "activate" and _attack_locked(s, b.attacker, player, c.d.kind):
        return False  # Witchcrafter Collaboration: no Spell/Trap Cards against its attack
    if e.condition is not None and not condition_holds(duel, link, e):
        return False
    if not all(can_do(duel, link, o) for o in e.cost):
        return False
    if e.target and not targets_possible(duel, link, e):
        return False
    return resolvable(duel, link, e)


def _monster_unanswerable(s: State, last: dict[str, Any]) -> bool:
    """Whether the link is a monster's effect that its player's flag
    ``monster_effects_unanswerable`` (narrowed by its ``only`` filter) shields from any
    response of the opponent."""
    card, p = last["card"], last["player"]
    if s.cards[card].d.kind != "monster":
        return False
    return any(f.get("kind") == "flags" and f["player"] == p
               and "monster_effects_unanswerable" in f["flags"] and only_names(s, f, card, p)
               for f in s.floating)  # fmt: skip


def _attack_locked(s: State, attacker: int, player: int, kind: str) -> bool:
    """Whether the attacking monster's flag ``attack_locks_spell_trap`` keeps ``player``, its
    opponent, from activating a Spell/Trap Card of this kind, from the attack declaration to
    the end of that Damage Step."""
    if kind == "monster" or s.cards[attacker].ctrl == player:
        return False
    return has_flag(s, attacker, "attack_locks_spell_trap")


def activation_locked(s: State, player: int, iid: int) -> bool:
    """Whether ``player`` may not activate this card or its effects now: the player has the
    flag ``no_activations``, its name is locked (``lock_name``), it is a Trap Card (on the
    field or in the hand) and the player has the flag ``no_trap_activations``, it is in the
    GY and the player has the flag
    ``no_graveyard_effects``, or it is a monster whose effects a ``no_monster_effects``
    flag of the player forbids (Dominus Purge: "the effects of DARK, WATER and FIRE
    monsters")."""
    if name_locked(s, player, iid) or player_flag(s, player, "no_activations"):
        return True  # "your opponent's cards and effects cannot be activated" (Ultimate Falcon)
    c = s.cards[iid]
    if c.loc == GRAVE and player_flag(s, player, "no_graveyard_effects"):
        return True  # "cannot activate any card effects in their GY" (Abyss Dweller)
    if c.d.kind == "trap" and c.loc in (SZONE, MZONE, HAND):  # not from the GY (002:7507)
        return player_flag(s, player, "no_trap_activations")  # Jinzo
    if c.d.kind != "monster":
        return False
    for f in s.floating:
        if f.get("kind") != "flags" or f["player"] != player:
            continue
        if "no_monster_effects" in f["flags"] and only_names(s, f, iid, player):
            return True
    return False


def name_locked(s: State, player: int, iid: int) -> bool:
    """Whether ``player`` may not activate cards or effects of this card's name (Sangan's
    search: "you cannot activate cards of that name this turn")."""
    names = s.cards[iid].d.names
    return any(f.get("kind") == "lock_name" and f["player"] == player
               and not names.isdisjoint(f["names"]) for f in s.floating)  # fmt: skip


def _card_activation_ok(s: State, player: int, iid: int, e: Effect, timing: str) -> bool:
    """Activating a Spell or Trap card itself (rulebook 3.3)."""
    c = s.cards[iid]
    d = c.d
    tp = s.turn_player
    if c.loc == SZONE:
        if c.face_up:
            return False  # already activated: its effects are its other effects
        if s.lasting and has_flag(s, iid, "cannot_activate"):
            return False  # Salamangreat Fowl: "that Set card cannot be activated this turn"
        if d.kind == "trap" or d.spell_property == "quickplay":
            # not the turn it was Set (RC-TRAP-*; can_activate checks set_turn_if), unless an
            # effect allows it (Absolute King Back Jack)
            allowed = s.lasting and has_flag(s, iid, "activate_this_turn")
            if c.placed == s.turn and e.set_turn_if is None and not allowed:
                return False
        elif timing != "main":
            return False
        return True
    if c.loc != HAND:
        return False
    if d.kind == "trap":
        if not e.from_hand:
            return False
    elif d.spell_property == "quickplay":
        if player != tp:
            return False
    elif timing != "main":
        return False
    if d.spell_property == "field":
        return True
    if d.kind == "monster":
        return True
    return bool(free_spell(s, player))


# verbs that perform a summon themselves: never in the Damage Step, whatever the effect
# says (002:3071, 3298; RC-DS-020)
SUMMONING = frozenset({"fusion_summon", "fusion_summon_using", "ritual_summon", "synchro_summon"})


def _damage_step_ok(e: Effect, timing: str, chain: bool) -> bool:
    if any(o.do in SUMMONING for o in e.ops):
        return False
    if e.speed == 3 or e.damage_step:
        return True
    if e.negates_activation and chain:
        return True
    return e.stat_change and timing in DS_EARLY


def _answers(duel: Duel, link: Link, e: Effect, window: Frame | None) -> bool:
    """Whether the event the effect answers just happened; notes the event's cards."""
    t = e.trigger
    assert t is not None
    s = duel.state
    if t.on == "activated":
        if not s.chain:
            return False
        top = s.chain[-1]
        if not _activation_matches(duel, link, top, t):
            return False
        link["responds"] = len(s.chain) - 1
        return True
    if window is None:
        return False
    found: list[int] = []
    matched = False
    for index in range(window.data.get("since", 0), window.data.get("until", 0)):
        cards = event_matches(duel, link["card"], link["player"], t, s.history[index])
        if cards is not None:
            matched = True
            note_damage(s, link, index)
            found.extend(i for i in cards if i not in found)
    link["event"] = found
    return matched


def _activation_matches(duel: Duel, link: Link, top: Link, t: Any) -> bool:  # noqa: ANN401
    s = duel.state

    if t.by == "opponent" and top["player"] == link["player"]:
        return False
    if t.by == "you" and top["player"] != link["player"]:
        return False
    other = effect_of(s, top["card"], top["effect"])
    d = s.cards[top["card"]].d
    if t.kinds and d.kind not in t.kinds:
        return False
    if t.card_activation is not None and (other.kind == "activate") != t.card_activation:
        return False
    if t.on_field is not None and top["field"] != t.on_field:
        return False
    if t.categories and not (other.categories & t.categories):
        return False
    if t.targets is not None and not any(
        matches(s, x, t.targets, link["player"]) for group in top["targets"] for x, _ in group
    ):
        return False
    if t.others and top["card"] == link["card"]:
        return False  # "when another monster activates its effect" (Clear Wing)
    if t.sole_target and sum(len(group) for group in top["targets"]) != 1:
        return False  # "targets 1 ... (and no other cards)"
    if t.destroys_at_least:
        yours = link["player"] if t.destroys_yours else None
        if destroy_count(duel, top, other, yours) < t.destroys_at_least:
            return False
    return not (t.filter.terms and not matches(s, top["card"], t.filter, link["player"]))


def destroy_count(duel: Duel, link: Link, e: Effect, controller: int | None = None) -> int:
    """How many cards on the field (of ``controller``, if given) a link's destroy operations
    would destroy now (The Huge Revolution is Over answers 2 or more)."""

    s = duel.state
    found: set[int] = set()
    for o in e.ops:
        if o.do != "destroy" or o.cards is None:
            continue
        if o.cards.of == "targets":
            cards = [i for group in link["targets"] for i in live_targets(s, group)]
        elif o.cards.of in ("all", "choose"):
            cards = pool(duel, link, o.cards)
            if o.cards.of == "choose":
                cards = cards[: o.cards.count]
        else:
            cards = pool(duel, link, o.cards)
        found.update(i for i in cards if s.cards[i].loc in FIELD
                     and controller in (None, s.cards[i].ctrl))  # fmt: skip
    return len(found)


def condition_holds(duel: Duel, link: Link, e: Effect) -> bool:
    assert e.condition is not None
    return holds(duel, link, e.condition)


def holds(duel: Duel, link: Link, cond: Cond) -> bool:
    """Whether a condition holds now for the link's player (an effect's, or an
    operation's: "then, if you have 3 or more Spells in your GY, ...")."""
    c = cond.spec
    s = duel.state
    me = link["player"]
    side = s.sides[me]
    defs = duel.template.defs
    if cond.any_of and not any(
        _here(s, i) and matches(s, i, f, me) for f in cond.any_of for i in may_match(s, f, defs)
    ):
        return False
    for f in cond.all_of:  # each filter matches some card
        if not any(_here(s, i) and matches(s, i, f, me) for i in may_match(s, f, defs)):
            return False
    if cond.exists is not None:
        here = [i for i in may_match(s, cond.exists, defs) if _here(s, i)]
        found = matching(s, here, cond.exists, me, defs)
        n = len({s.cards[i].d.name for i in found}) if c.distinct else len(found)
        if n < c.min or (c.max is not None and n > c.max):
            return False
    if cond.battle_opponent is not None and not _battle_opponent(s, link, cond.battle_opponent):
        return False
    dug = cond.excavated  # a card this effect excavated matches, as printed
    if dug is not None and not any(dug.matches(s.cards[i].d) for i in link.get("excavated", ())):
        return False
    if cond.equipped is not None:  # the monster this card equips matches
        eq = s.cards[link["card"]].equip
        if eq == EMPTY or not matches(s, eq, cond.equipped, me):
            return False
    if c.summoned_how and s.cards[link["card"]].summon not in c.summoned_how:
        return False
    if cond.materials_include is not None:
        wanted = cond.materials_include
        if not any(wanted.matches(s.cards[m].d) for m in summon_materials(s, link["card"])[1]):
            return False
    if cond.summoned_with is not None:  # the monster this card was material for
        made = summoned_with(s, link["card"])
        if not any(matches(s, i, cond.summoned_with, me) for i in made):
            return False
    attached = cond.attached  # a material attached to it matches, as printed
    if attached is not None and not any(
        attached.matches(s.cards[m].d) for m in s.cards[link["card"]].overlay
    ):
        return False
    for none in cond.none:  # a list: no card matches any of them
        if any(_here(s, i) and matches(s, i, none, me) for i in may_match(s, none, defs)):
            return False
    if c.lp_at_least is not None and side.lp < c.lp_at_least:
        return False
    if c.lp_at_most is not None and side.lp > c.lp_at_most:
        return False
    if c.start_of_main1 and not (s.history and s.history[-1] == PhaseEvent("phase", "main1")):
        return False
    if c.not_special_summoned and summoned_this_turn(s, me, special_only=True):
        return False
    if c.no_battle_phase_yet and s.turn_player == me and _battle_phase_held(s):
        return False
    if c.not_summoned and summoned_this_turn(s, me, special_only=False):
        return False
    if cond.summoned_only is not None and not _summoned_only(s, me, cond.summoned_only):
        return False
    if cond.this_card is not None and not matches(s, link["card"], cond.this_card, me):
        return False
    if cond.not_attacked is not None and _attacked(s, me, cond.not_attacked):
        return False
    counters = s.cards[link["card"]].counters
    if any(counters.get(k, 0) < n for k, n in c.counters_at_least.items()):
        return False
    if c.lp_vs_opponent is not None:
        theirs = s.sides[1 - me].lp
        if not (side.lp < theirs if c.lp_vs_opponent == "lower" else side.lp > theirs):
            return False
    if c.your_turn is not None and (s.turn_player == me) != c.your_turn:
        return False
    if c.phase and s.phase not in c.phase:
        return False
    if c.chain_empty is not None and (not s.chain) != c.chain_empty:
        return False
    in_ds = s.battle is not None and s.battle.damage_step
    if c.in_damage_step is not None and in_ds != c.in_damage_step:
        return False
    b = s.battle
    card = link["card"]
    if c.battle_involves_self and (b is None or card not in (b.attacker, b.target)):
        return False
    if c.attack_target_self and (b is None or b.target != card):
        return False
    if c.attacker_self and (b is None or b.attacker != card):
        return False
    if c.step and (not s.frames or s.frames[-1].data.get("timing") not in c.step):
        return False
    if c.opponent_attacks is not None and (
        b is None or (s.cards[b.attacker].ctrl != me) != c.opponent_attacks
    ):
        return False
    if c.direct_attack is not None and (b is None or (b.target == EMPTY) != c.direct_attack):
        return False
    if c.flipped_by_attack is not None and _flipped_by_attack(s, card) != c.flipped_by_attack:
        return False
    if c.deck_at_least is not None and len(side.deck) < c.deck_at_least:
        return False
    if c.hand_at_least is not None and len(side.hand) < c.hand_at_least:
        return False
    opp = s.sides[1 - me]
    if c.opponent_deck_at_least is not None and len(opp.deck) < c.opponent_deck_at_least:
        return False
    if c.replaced_this_turn is not None and _replaced(s, card) != c.replaced_this_turn:
        return False
    if c.not_sent_this_turn and s.cards[card].placed == s.turn:
        return False
    if c.battle_sent_since_standby and not battle_sent_since_standby(s, card, me):
        return False
    points = c.points_to_monster  # Maliss <Q> Hearts Crypter
    if points is not None and bool(pointed_monsters(s, card)) != points:
        return False
    if c.set_this_turn is not None:  # the Maliss Traps' cost only the turn they were Set
        mine = s.cards[card]
        if (mine.loc == SZONE and mine.placed == s.turn) != c.set_this_turn:
            return False
    if c.not_attacked is True and s.cards[card].attacked == s.turn:
        return False
    if c.attacked_this_turn and s.cards[card].attacked != s.turn:
        return False  # "if this card attacks, ... at the end of the Battle Phase" (Dante)
    if c.no_materials is not None and (not s.cards[card].overlay) != c.no_materials:
        return False
    if c.opponent_holds_more:
        from deckcheck.engine.effects.ops import on_field

        theirs = on_field(s, 1 - me) + len(s.sides[1 - me].hand)
        if theirs <= on_field(s, me) + len(side.hand):
            return False
    if c.one_race_in_graveyard:
        grave = [s.cards[i].d for i in side.grave if s.cards[i].d.kind == "monster"]
        if len({d.race for d in grave}) != 1:
            return False
    if c.no_cards_but_self:
        mine = [i for i, x in enumerate(s.cards) if x.loc in FIELD and x.ctrl == me]
        if any(i != card for i in mine):
            return False
    if c.chain_at_least is not None and len(s.chain) < c.chain_at_least:
        return False
    if c.opponent_controls_more and surplus(s, me) <= 0:
        return False
    if c.no_normal_summon and side.summons:
        return False
    if c.deck_more_than_opponent and len(side.deck) <= len(s.sides[1 - me].deck):
        return False
    here = s.cards[card]
    if c.summoned_this_turn and not (here.loc == MZONE and here.placed == s.turn):
        return False
    if c.battled_this_turn and not battled_this_turn(s, card):
        return False
    if c.co_linked is not None and co_linked(s, card) != c.co_linked:
        return False
    if c.zone_free is not None and bool(free_main(s, me)) != c.zone_free:
        return False
    if c.equipped_monster is not None and bool(equip_monsters(s, card)) != c.equipped_monster:
        return False
    names = s.cards[card].d.names
    if c.name_not_in_chain and any(not names.isdisjoint(s.cards[x["card"]].d.names)
                                   for x in s.chain):  # fmt: skip
        return False
    return not (c.fewer_monsters and len(s.monsters(me)) >= len(s.monsters(1 - me)))


def battle_sent_since_standby(s: State, card: int, me: int) -> bool:
    """Whether this card is in the GY because it was destroyed by battle and sent there
    since ``me``'s last Standby Phase (during ``me``'s Standby Phase: the one before it)."""
    if s.cards[card].loc != GRAVE:
        return False
    # the turns alternate: going back, the turn before a turn of P is one of the other player
    owner = s.turn_player
    left = 1 if s.phase == "standby" and owner == me else 0
    for e in reversed(s.history):
        if isinstance(e, TurnEvent):
            owner = 1 - e.player
        elif isinstance(e, PhaseEvent) and e.kind == "phase" and e.name == "standby":
            if owner == me:
                left -= 1
                if left < 0:
                    return False
        elif isinstance(e, MoveEvent) and e.card == card and e.kind != "destroyed":
            return e.kind == "to_graveyard" and e.cause == "battle"
    return False


def battled_this_turn(s: State, card: int) -> bool:
    """Whether this card was in a battle that reached damage calculation this turn. A
    battle stopped before it (a monster of it left or changed control, the attacker changed
    its position, the attack was negated) passes the damage calculation timing with no
    damage calculation: its monsters did not battle (000:661; 002:3101)."""
    calculated = False
    stopped: set[int] = set()  # cards whose battle stopped between the attack and then
    turned: set[int] = set()  # cards whose position changed then
    for e in reversed(s.history):
        if e.kind == "turn":
            return False
        if isinstance(e, PhaseEvent) and e.kind == "step" and e.name == "damage_calculation":
            calculated, stopped, turned = True, set(), set()
        elif isinstance(e, AttackEvent) and e.kind in ("attack", "retarget"):
            both = {e.attacker, e.target}
            gone = both & stopped or e.attacker in turned
            if calculated and card in both and not gone:
                return True
            calculated = False
        elif calculated and isinstance(e, MoveEvent | CardEvent) and e.kind in STOPS:
            stopped.add(e.card)
        elif calculated and isinstance(e, PositionEvent):
            turned.add(e.card)
    return False


# the events that stop a battle when they happen to one of its monsters
STOPS = frozenset({"destroyed", "control", "attack_negated", "to_graveyard", "to_hand",
                   "to_deck", "to_extra", "to_banished", "to_overlay", "to_gone"})  # fmt: skip


NOT_SPECIAL = ("normal", "tribute", "set", "tribute_set")


def summoned_this_turn(s: State, player: int, special_only: bool) -> bool:
    """Whether ``player`` Special Summoned (or, not ``special_only``, Normal, Flip or
    Special Summoned; Sets do not count) this turn, from the turn's events."""
    for e in reversed(s.history):
        if e.kind == "turn":
            return False
        if e.kind not in ("summon", "flip_summon") or e.player != player:
            continue
        if e.kind == "flip_summon" or e.how in ("normal", "tribute"):
            if not special_only:
                return True
        elif e.how not in NOT_SPECIAL:
            return True
    return False


def _battle_phase_held(s: State) -> bool:
    """Whether the turn player entered the Battle Phase this turn, from the turn's events."""
    battle = PhaseEvent("phase", "battle")
    for e in reversed(s.history):
        if e.kind == "turn":
            return False
        if e == battle:
            return True
    return False


def _attacked(s: State, player: int, flt: Filter) -> bool:
    """Whether a monster of ``player`` matching ``flt`` declared an attack this turn."""
    for e in reversed(s.history):
        if e.kind == "turn":
            return False
        mine = isinstance(e, AttackEvent) and e.kind == "attack" and e.player == player
        if mine and matches(s, e.attacker, flt, player):
            return True
    return False


def _summoned_only(s: State, player: int, flts: tuple[Filter, ...]) -> bool:
    """Whether every monster ``player`` Special Summoned this turn matches one of ``flts``."""
    for e in reversed(s.history):
        if e.kind == "turn":
            return True
        special = e.kind == "summon" and e.player == player and e.how not in NOT_SPECIAL
        if special and not matches_any(s, e.card, flts, player):
            return False
    return True


def summoned_name_this_turn(s: State, player: int, names: frozenset[str]) -> bool:
    """Whether ``player`` Special Summoned a monster with one of these names this turn
    ("you can only Special Summon [name] once per turn")."""
    for e in reversed(s.history):
        if e.kind == "turn":
            return False
        special = e.kind == "summon" and e.player == player and e.how not in NOT_SPECIAL
        if special and not names.isdisjoint(s.cards[e.card].d.names):
            return True
    return False


def once_summoned(s: State, player: int, iid: int) -> bool:
    """A monster whose name ``player`` may not Special Summon again this turn."""
    fx = s.cards[iid].d.fx
    if fx is None or not fx.special_summon_once:
        return False
    return summoned_name_this_turn(s, player, s.cards[iid].d.names)


def _battle_opponent(s: State, link: Link, flt: Filter) -> bool:
    """This card battles an opponent's monster that matches (none in a direct attack)."""
    b = s.battle
    card = link["card"]
    if b is None or card not in (b.attacker, b.target):
        return False
    other = b.target if card == b.attacker else b.attacker
    if other == EMPTY or s.cards[other].loc != MZONE or s.cards[other].ctrl == link["player"]:
        return False
    return matches(s, other, flt, link["player"])


def _replaced(s: State, card: int) -> bool:
    """Whether a replacement effect of this card applied this turn (its ``replaced``
    events since the turn began)."""
    for e in reversed(s.history):
        if e.kind == "turn":
            return False
        if e.kind == "replaced" and e.card == card:
            return True
    return False


def _flipped_by_attack(s: State, card: int) -> bool:
    """Whether this card was flipped face-up by the attack being processed (it was
    face-down at the start of the Damage Step)."""
    for event in reversed(s.history):
        if isinstance(event, AttackEvent) and event.kind in ("attack", "retarget"):
            return False
        if isinstance(event, CardEvent) and event.kind == "flip" and event.card == card:
            return s.battle is not None and s.battle.target == card
    return False


def _here(s: State, iid: int) -> bool:
    """Conditions count cards on the field unless their filter names a location."""
    return s.cards[iid].loc != "gone"


def resolvable(duel: Duel, link: Link, e: Effect) -> bool:
    """Activation needs something to do where the effect has no target and an operation
    that must act: a draw needs cards in the Deck (RC-DRAW-004), a search a card to find.
    (Whether its operations fully succeed is checked only at resolution.)"""
    s = duel.state
    for o in e.ops:
        # nothing that must Special Summon is activated while its player cannot (Vanity's
        # Emptiness: not even "and if you do, Special Summon this card")
        must_summon = o.do == "special_summon" and not o.spec.optional
        if must_summon and s.floating and summon_locked(s, link["player"]):
            return False
        if o.do == "special_summon" and not summon_room(duel, link, e, o):
            return False
        # "then" and "or, if you cannot" parts depend on what the earlier parts did
        if o.spec.if_done or o.spec.optional or o.spec.then or o.spec.unless_done:
            continue
        if s.floating and grants_nothing(s, link, o):
            return False
        if o.condition is not None:  # "if you have ...": only when it holds
            continue
        if o.cards is not None and o.cards.declared is not None:  # declared at resolution
            continue
        if o.cards is not None and o.cards.among:  # among what an earlier operation found
            continue
        if (
            o.do in ("draw", "fusion_summon", "ritual_summon", "synchro_summon")
            or o.do in ACTING
            and o.cards is not None
            and o.cards.of in ("choose", "all")
        ):
            if not can_do(duel, link, o):
                return False
        elif o.do == "summon_self_as_monster":  # it needs a Monster Zone (4.3.3.11)
            if not free_main(s, link["player"]) or summon_locked(s, link["player"]):
                return False
        elif o.do == "create_tokens":
            p = link["player"] if o.spec.to != "opponent" else 1 - link["player"]
            if len([z for z in s.sides[p].mzone[:5] if z == EMPTY]) < (o.spec.count or 1):
                return False  # the Tokens go to that player's field (Ojama Trio)
            if summon_locked(s, link["player"]):
                return False
    return True


__all__ = ["MZONE", "activations", "can_activate", "condition_holds"]
