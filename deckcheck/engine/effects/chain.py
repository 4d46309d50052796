"""Activating effects, building chains and resolving them: the effect layer's frames.

- ``activate``: an activation (seed 000, 9; 002 "发动"): a Spell or Trap card is turned or
  put face-up, the once-per-turn limit is used, costs are paid (never refunded, even if the
  activation is negated), targets chosen; then the link joins ``state.chain`` and the
  opponent may respond.
- ``chain``: resolution from the last link to the first (rulebook 9.1.3). A link whose
  activation was negated does nothing; a negated effect, or an effect of a card negated on
  the field, does nothing; targets that left or changed are dropped (that part fizzles);
  everything else resolves "as much as possible". A Normal, Quick-Play or Counter Spell/
  Trap goes to the Graveyard after its link. Afterwards the game is open again: a new
  window where the triggers of the resolution go on a new chain.
- ``triggers``: Simultaneous Effects Go On Chain: the turn player's mandatory triggers, the
  opponent's mandatory, the turn player's optional, the opponent's optional, each player
  ordering their own (002, "同时发动").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.engine.actions import DONE, NO, YES, EffectChoice, Prompt, ZoneChoice
from deckcheck.engine.base import check_win, distinct
from deckcheck.engine.effects import limits, replace
from deckcheck.engine.effects.context import (
    FIELD,
    Link,
    also_holds,
    effect_of,
    live_targets,
    most,
    new_link,
    note_damage,
)
from deckcheck.engine.effects.continuous import adjust, negated
from deckcheck.engine.effects.model import Effect, Op, Select
from deckcheck.engine.effects.negation import negated_as_on_field, negated_off_field, unnegatable
from deckcheck.engine.effects.ops import (
    VERBS,
    can_do,
    pay_toll,
    record,
    targetable,
    targets_possible,
)
from deckcheck.engine.effects.timing import (
    _answers,
    activation_locked,
    condition_holds,
    holds,
    resolvable,
)
from deckcheck.engine.events import ChainEvent, EquipEvent, MoveEvent, PhaseEvent
from deckcheck.engine.moves import lift, place_spell, to_pile
from deckcheck.engine.processor import handles, open_window, pop, push
from deckcheck.engine.query import add_lasting, has_flag, unusable
from deckcheck.engine.select import matches
from deckcheck.engine.state import EMPTY, FIELD_ZONE, GRAVE, HAND, MZONE, SZONE, Frame
from deckcheck.engine.zones import free_spell

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel

ONE_SHOT = ("normal", "quickplay", "counter", "ritual")


# ---- activation ---------------------------------------------------------------------------------


def start_activation(
    duel: Duel, player: int, card: int, path: str, pending: dict[str, Any] | None = None
) -> None:
    """Push the frame that carries out an activation. From the Main Phase prompt the
    opponent gets a window to respond once it is on the chain."""
    s = duel.state
    below = s.frames[-1]
    window = below if below.kind == "window" else None
    e = effect_of(s, card, path)
    link = new_link(s, card, path, player, e)
    if pending is not None:
        link["event"] = list(pending["cards"])
        note_damage(s, link, pending["event"])
    elif e.trigger is not None:
        _answers(duel, link, e, window)
    main = pending is None and window is None
    pay_toll(duel, player, card)  # Chain Energy: activating a card from the hand
    push(duel, "activate", "start", link=link, main=main, i=0, ans={}, picks=[])


def _effect(duel: Duel, f: Frame) -> Effect:
    link = f.data["link"]
    return effect_of(duel.state, link["card"], link["effect"])


@handles("activate", "start")
def activate_start(duel: Duel, f: Frame) -> Prompt | None:
    s = duel.state
    link = f.data["link"]
    e = _effect(duel, f)
    iid = link["card"]
    c = s.cards[iid]
    f.data["once"] = limits.use(s, link["player"], iid, e)
    if e.kind == "activate" and c.d.kind in ("spell", "trap"):
        if c.loc == HAND:
            f.step = "zoned"
            if c.d.spell_property == "field":
                return Prompt(link["player"], "zone", (ZoneChoice("zone", FIELD_ZONE),), iid)
            zones = tuple(ZoneChoice("zone", z) for z in free_spell(s, link["player"]))
            return Prompt(link["player"], "zone", zones, iid)
        c.face_up = True  # a Set card is turned face-up
    f.step = "cost"
    return None


@handles("activate", "zoned")
def activate_zoned(duel: Duel, f: Frame) -> None:
    s = duel.state
    link = f.data["link"]
    iid, zone = link["card"], f.answer.zone
    szone = s.sides[link["player"]].szone
    if szone[zone] != EMPTY:  # a new Field Spell replaces the old one
        to_pile(duel, szone[zone], GRAVE, "replaced")
    lift(s, iid)
    place_spell(s, iid, link["player"], zone, True)
    # activated from the hand, it is activated on the field (002:421): what negates Spells
    # and Traps there reaches it (Imperial Order, Royal Decree)
    link["gen"], link["field"] = s.cards[iid].gen, True
    f.step = "cost"


@handles("activate", "cost", "cost_answered")
def activate_cost(duel: Duel, f: Frame) -> Prompt | None:
    """Pay the costs one by one; each asks its questions before anything is paid."""
    e = _effect(duel, f)
    link = f.data["link"]
    if f.step == "cost_answered":
        record(f.data["ans"], f.data["asking"], f.answer)
    i = f.data["i"]
    if i >= len(e.cost):
        f.step, f.data["i"] = "target", 0
        return None
    op = e.cost[i]
    ask, act = VERBS[op.do]
    prompt = ask(duel, link, op, f.data["ans"])
    if prompt is not None:
        f.data["asking"], f.step = prompt.kind, "cost_answered"
        return prompt
    duel.state.steps += 1
    link["previous"] = act(duel, link, op, f.data["ans"])
    if link["card"] in link["previous"]:  # it left as its own cost (Wonder Wand)
        link["self_cost"] = True
    f.data["i"], f.data["ans"], f.step = i + 1, {}, "cost"
    check_win(duel)  # paying all your LP loses at once; the effect never resolves (RC-LP-006)
    return None


@handles("activate", "target", "target_answered")
def activate_target(duel: Duel, f: Frame) -> Prompt | None:
    """Choose the targets, group by group (seed 002, "对象")."""
    s = duel.state
    e = _effect(duel, f)
    link = f.data["link"]
    picks: list[int] = f.data["picks"]
    i = f.data["i"]
    if f.step == "target_answered":
        if f.answer == DONE:
            f.data["done"] = True
        else:
            picks.append(f.answer.card)
    if i < len(e.target):
        sel = e.target[i]
        taken = {x for group in link["targets"] for x, _ in group}  # one card, one target
        left = [x for x in targetable(duel, link, e, sel) if x not in picks and x not in taken]
        if len(picks) < most(duel, link, sel) and left and not f.data.get("done"):
            f.step = "target_answered"
            options = distinct(duel, left, "pick")
            if len(picks) >= sel.min:
                options += (DONE,)
            chooser = link["player"] if sel.chooser == "you" else 1 - link["player"]
            return Prompt(chooser, "target", options)
        link["targets"].append([[x, s.cards[x].gen] for x in picks])
        f.data["picks"], f.data["done"], f.data["i"] = [], False, i + 1
        f.step = "target"
        return None
    _chain_link(duel, f)
    return None


def _chain_link(duel: Duel, f: Frame) -> None:
    s = duel.state
    link = f.data["link"]
    link["link"] = len(s.chain) + 1
    link["once_key"] = f.data.get("once")
    s.chain.append(link)
    head = int(link["effect"].split(".")[0])
    duel.emit(ChainEvent("activate", link["player"], link["card"], link["link"], head))
    pop(duel, f)
    if f.data["main"]:
        open_window(duel, "main_chain", holder=1 - link["player"])


# ---- resolution ---------------------------------------------------------------------------------


def start_chain(duel: Duel, window: Frame) -> None:
    """Both players passed with links on the chain: resolve it, then open the game again."""
    push(
        duel,
        "chain",
        "link",
        i=len(duel.state.chain) - 1,
        k=0,
        ans={},
        started=False,
        timing=window.data["timing"],
        back=window.data.get("back"),
    )


def _link_effect(duel: Duel, link: Link) -> Effect:
    return effect_of(duel.state, link["card"], link["effect"])


@handles("chain", "link")
def chain_link(duel: Duel, f: Frame) -> None:
    s = duel.state
    i = f.data["i"]
    if i < 0:
        _chain_over(duel, f)
        return
    link = s.chain[i]
    e = _link_effect(duel, link)
    f.data["k"], f.data["ans"] = 0, {}
    if link["negated"] == "activation":
        if link.get("once_key") and e.once is not None and e.once.activate:
            limits.refund(s, link["once_key"])  # RC-MISC-006
        f.step = "link_done"
        return
    _recheck_targets(duel, link, e)
    s.steps += 1  # each link resolves at a timing of its own
    card = link["card"]
    c = s.cards[card]
    if link["negated"] == "effect":
        f.step = "link_done"
        return
    gone = c.loc not in FIELD or c.gen != link["gen"]
    # a face-up Spell/Trap's effect needs it there (001:18), unless it was its own cost
    spell_trap = c.d.kind in ("spell", "trap") and not link.get("self_cost")
    if gone and link["field"] and e.kind != "activate" and spell_trap:
        f.step = "link_done"
        return
    if link["field"] and c.loc in FIELD:
        adjust(duel)  # a card turned face-up by its activation: what applies to it now
    off = link["field"] and c.loc in FIELD and c.gen == link["gen"] and negated(s, card)
    off = off or (gone and negated_off_field(duel, link))  # a Spell/Trap: 002:4584
    off = off or _name_negated(s, card) or _lone_target_shielded(s, link)
    if off and not unnegatable(s, link):  # Altergeist Protocol
        link["negated"] = "effect"
        duel.emit(ChainEvent("negated_effect", link["player"], card, link["link"],
                             int(link["effect"].split(".")[0])))  # fmt: skip
        f.step = "link_done"
        return
    # "to activate and to resolve" (4.3.1)
    if e.recheck and e.condition is not None and not condition_holds(duel, link, e):
        f.step = "link_done"
        return
    f.step = "op"


def _lone_target_shielded(s: Any, link: Link) -> bool:  # noqa: ANN401 - State
    """A Spell/Trap effect that targets one card only, a card with the flag
    ``spell_trap_target_negated`` (Cyber Phoenix), is negated as it resolves."""
    if not s.lasting or s.cards[link["card"]].d.kind not in ("spell", "trap"):
        return False
    targets = [i for group in link["targets"] for i, _ in group]
    return len(targets) == 1 and has_flag(s, targets[0], "spell_trap_target_negated")


def _name_negated(s: Any, card: int) -> bool:  # noqa: ANN401 - State
    names = s.cards[card].d.names
    return any(f.get("kind") == "negate_name" and not names.isdisjoint(f["names"])
               for f in s.floating)  # fmt: skip


def _recheck_targets(duel: Duel, link: Link, e: Effect) -> None:
    """A target that left its place, or no longer fits, is no longer a target (002:487)."""
    s = duel.state
    kept = []
    for n, group in enumerate(link["targets"]):
        sel: Select | None = e.target[n] if n < len(e.target) else None
        live = live_targets(s, group)
        if sel is not None and sel.filter.terms:
            live = [x for x in live if _fits(duel, link, sel, x)]
        kept.append([[x, s.cards[x].gen] for x in live])
    link["targets"] = kept


def _fits(duel: Duel, link: Link, sel: Select, card: int) -> bool:
    """Whether a target still fits its group's filter, or its ``also`` filter while that
    one's ``also_if`` holds ("1 card your opponent controls, or 1 Witchcrafter Spell in
    your GY": Witchcrafter Golem Aruru)."""
    s, me = duel.state, link["player"]
    if matches(s, card, sel.filter, me):
        return True
    if sel.also is None or (sel.also_if is not None and not also_holds(duel, link, sel)):
        return False
    return matches(s, card, sel.also, me)


@handles("chain", "op", "op_answered")
def chain_op(duel: Duel, f: Frame) -> Prompt | None:
    s = duel.state
    link = s.chain[f.data["i"]]
    e = _link_effect(duel, link)
    ans = f.data["ans"]
    if f.step == "op_answered":
        record(ans, f.data["asking"], f.answer)
    k = f.data["k"]
    if k >= len(e.ops):
        f.step = "link_done"
        return None
    op: Op = e.ops[k]
    spec = op.spec
    if op.counting is not None:  # only these of the previous operation's cards count
        me = link["player"]
        link["previous"] = [i for i in link["previous"] if matches(s, i, op.counting, me)]
    skip = (spec.if_done and not link["previous"]) or (spec.when_set and not link["set"])
    skip = skip or (spec.unless_done and bool(link["previous"]))
    if op.condition is not None and not skip:
        skip = not holds(duel, link, op.condition)
    if e.target and op.cards is not None and op.cards.of == "targets":
        skip = skip or not any(link["targets"])
        skip = skip or (spec.every_target and not all(link["targets"]))
    if not skip and spec.optional and "yes" not in ans:
        if can_do(duel, link, op):
            f.data["asking"], f.step = "yes_no", "op_answered"
            return Prompt(link["player"], "yes_no", (YES, NO))
        skip = True
    if not skip and spec.optional and not ans.get("yes"):
        skip = True
    if skip:
        if not spec.if_done:
            link["previous"] = []
        f.data["k"], f.data["ans"], f.step = k + 1, {}, "op"
        return None
    ask, act = VERBS[op.do]
    prompt = ask(duel, link, op, ans)
    if prompt is not None:
        f.data["asking"], f.step = prompt.kind, "op_answered"
        return prompt
    if spec.then:  # "then": a separate timing; otherwise one effect's operations are
        s.steps += 1  # simultaneous (seed 000, 263-264)
    link["previous"] = act(duel, link, op, ans)
    adjust(duel, ask=True)  # a frame it pushes (control coming back) runs before the next op
    apply_immediate(duel)
    f.data["k"], f.data["ans"], f.step = k + 1, {}, "op"
    # one effect's operations without "then" happen at once: a player at 0 LP after the
    # first of two damages has not lost before the second (both at 0: a draw, 1.4)
    if k + 1 >= len(e.ops) or e.ops[k + 1].spec.then:
        check_win(duel)
    return None


def apply_immediate(duel: Duel) -> None:
    """Effects that are not chained ("each time ...": a continuous card's, Maxx "C"'s) apply
    as soon as their event happens, in the middle of a chain too (002:1924, RC-CHAIN-032)."""
    s = duel.state
    # what one does may trigger more: another immediate effect applies at once too, a
    # chained one (Dark Room of Nightmare on its damage) waits in s.pending
    while any(p.get("immediate") for p in s.pending):
        now = [p for p in s.pending if p.get("immediate")]
        s.pending = [p for p in s.pending if not p.get("immediate")]
        for p in now:
            apply_now(duel, p)


@handles("chain", "link_done")
def link_done(duel: Duel, f: Frame) -> None:
    """After a link: a Spell/Trap that was activated and does not stay goes to the
    Graveyard (a negated one too)."""
    s = duel.state
    link = s.chain[f.data["i"]]
    e = _link_effect(duel, link)
    card = link["card"]
    c = s.cards[card]
    if e.kind == "activate" and c.loc == SZONE and c.gen == link["gen"]:
        prop = c.d.spell_property
        stays = c.d.kind in ("spell", "trap") and (prop not in ONE_SHOT or e.remains)
        if c.equip != EMPTY and link["negated"] != "activation":
            stays = True  # a Normal Trap that equipped itself is an Equip Card (Graydle Split)
        if prop == "equip" and link["negated"] == "effect" and c.equip == EMPTY:
            _equip_negated(duel, link)
        if prop == "equip" and (c.equip == EMPTY or link["negated"] == "activation"):
            stays = False
        if link["negated"] == "activation":  # not "sent from the field" (RC-TRAP-004)
            to_pile(duel, card, GRAVE, "negated")
        elif not stays:
            to_pile(duel, card, GRAVE, "resolved")
    duel.emit(ChainEvent("resolve", link["player"], card, link["link"],
                         int(link["effect"].split(".")[0])))  # fmt: skip
    hit = _targeted_doomed(duel, link) if not link["negated"] and s.lasting else []
    if hit:
        f.data["doomed"], f.data["replaced"], f.step = hit, [], "reaped"
        return
    _link_over(duel, f)


def _link_over(duel: Duel, f: Frame) -> None:
    adjust(duel, ask=True)
    f.data["i"] -= 1
    f.step = "link"
    check_win(duel)


def _targeted_doomed(duel: Duel, link: Link) -> list[int]:
    """The face-up monsters with the flag destroy_when_targeted that an effect targeted and
    that are destroyed now it has resolved (Spirit Reaper); not when it was negated."""
    s = duel.state
    hit = [i for g in link["targets"] for i in live_targets(s, g)]
    return [i for i in hit if s.cards[i].loc in FIELD and s.cards[i].face_up
            and has_flag(s, i, "destroy_when_targeted")]  # fmt: skip


@handles("chain", "reaped", "reaped_answered")
def reaped(duel: Duel, f: Frame) -> Prompt | None:
    """Spirit Reaper destroys itself by its own effect: a replacement effect may keep it
    (effects/replace.py), asked before anything changes."""
    if f.step == "reaped_answered":
        f.data["replaced"].append(replace.answer(f.answer))
    doomed = f.data["doomed"]
    uses, prompt = replace.plan(duel, doomed, "effect", f.data["replaced"], doomed[0])
    if prompt is not None:
        f.step = "reaped_answered"
        return prompt
    del f.data["doomed"], f.data["replaced"]
    s = duel.state
    saved = replace.carry_out(duel, uses) if uses else []
    hit = [i for i in doomed if i not in saved and s.cards[i].loc in FIELD]
    for iid in hit:
        duel.emit(MoveEvent("destroyed", s.cards[iid].ctrl, iid, "effect"))
    for iid in hit:
        to_pile(duel, iid, GRAVE, "destroyed")
    _link_over(duel, f)
    return None


def _equip_negated(duel: Duel, link: Link) -> None:
    """An Equip Spell whose effect (not activation) was negated is still equipped, in a
    negated state (seed 002:3927)."""
    s = duel.state
    live = [x for group in link["targets"] for x in live_targets(s, group)]
    if not live or s.cards[live[0]].loc != MZONE or not s.cards[live[0]].face_up:
        return
    card = link["card"]
    s.cards[card].equip = live[0]
    add_lasting(s, card, "flag", "add", "negated", False, card)
    duel.emit(EquipEvent("equip", link["player"], card, live[0]))


def _chain_over(duel: Duel, f: Frame) -> None:
    s = duel.state
    s.chain.clear()
    limits.chain_over(s)
    duel.emit(PhaseEvent("chain_end", str(s.turn)))
    pop(duel, f)
    back = f.data.get("back")
    if back:
        s.frames[-1].step = back  # the phase did not end: the turn player acts again
    timing = f.data["timing"]
    if timing == "summoning":
        return
    # a chain from the Main Phase prompt: what it did may be answered ("when a monster is
    # Special Summoned" by Monster Reborn: Bottomless Trap Hole), then the prompt is back
    open_window(duel, timing)


# ---- triggers: Simultaneous Effects Go On Chain --------------------------------------------------


def start_triggers(duel: Duel) -> None:
    s = duel.state
    apply_immediate(duel)  # what they trigger waits for this chain too, not the next one
    entries, s.pending = s.pending, []
    entries = [p for p in entries if _still_valid(duel, p)]
    if not entries:
        return
    tp = s.turn_player
    groups = [
        [p for p in entries if p["player"] == tp and p["mandatory"]],
        [p for p in entries if p["player"] != tp and p["mandatory"]],
        [p for p in entries if p["player"] == tp and not p["mandatory"]],
        [p for p in entries if p["player"] != tp and not p["mandatory"]],
    ]
    push(duel, "triggers", "group", groups=[g for g in groups if g], g=0)


def _still_valid(duel: Duel, p: dict[str, Any]) -> bool:
    """A "when ... you can" trigger misses the timing if its event was not the last thing
    to happen; one that cannot be activated now (no target, the limit used) is dropped."""
    s = duel.state
    if p["when"] and not p["mandatory"] and p["step"] != s.last_step:
        return False
    return trigger_ok(duel, p)


def trigger_ok(duel: Duel, p: dict[str, Any]) -> bool:
    s = duel.state
    e = effect_of(s, p["card"], p["effect"])
    c = s.cards[p["card"]]
    # a card negated keeps its trigger effects from being activated only by the flag
    # "negated", as its other effects (timing): Skill Drain's, Royal Decree's and Imperial
    # Order's cards, a name Called by the Grave, a column, still activate them, negated
    # as they resolve
    if "." not in p["effect"] and c.loc in FIELD and has_flag(s, p["card"], "negated"):
        return False
    if c.loc in FIELD and s.lasting and has_flag(s, p["card"], "cannot_activate"):
        return False  # "it cannot activate its effects this turn"
    if s.lasting and unusable(s, p["card"]):
        return False  # a declared name in the hand or GY (Prohibition, 000 4.3.3.14)
    if not limits.available(s, p["player"], p["card"], e):
        return False
    if s.floating and activation_locked(s, p["player"], p["card"]):
        return False
    link = new_link(s, p["card"], p["effect"], p["player"], e)
    link["event"] = list(p["cards"])
    if e.condition is not None and not condition_holds(duel, link, e):
        return False
    if not all(can_do(duel, link, o) for o in e.cost):
        return False
    if not e.mandatory and not resolvable(duel, link, e):
        return False  # "you can": not activated with nothing to act on (a mandatory one is)
    return targets_possible(duel, link, e)


def _left_negated(duel: Duel, p: dict[str, Any]) -> bool:
    """An effect that applies as the card leaves the field, the card negated there: it
    does not apply, whether its own effects were negated (002:10115) or what negates
    Spells/Traps on the field reaches it (002:4564)."""
    s = duel.state
    card = p["card"]
    c = s.cards[card]
    if c.loc in FIELD or c.prev not in FIELD:
        return False
    ev = s.history[p["event"]] if 0 <= p["event"] < len(s.history) else None
    if not (isinstance(ev, MoveEvent) and ev.card == card):
        return False
    if c.prev_negated:
        return True
    return c.d.kind in ("spell", "trap") and negated_as_on_field(duel, card)


def apply_now(duel: Duel, p: dict[str, Any]) -> None:
    """A continuous effect with an event (Maxx "C"'s draw) applies at once, without a chain;
    its operations take no choices."""
    s = duel.state
    e = effect_of(s, p["card"], p["effect"])
    if _left_negated(duel, p):
        return
    link = new_link(s, p["card"], p["effect"], p["player"], e)
    link["event"] = list(p["cards"])
    link["kept"] = p.get("kept", 0)
    link["kept_cards"] = p.get("kept_cards", [])
    # "during your Standby Phase": only while it holds
    if e.condition is not None and not condition_holds(duel, link, e):
        return
    for op in e.ops:
        if op.spec.if_done and not link["previous"]:  # "and if you do", as in a chain link
            continue
        if op.spec.unless_done and link["previous"]:
            link["previous"] = []
            continue
        # an operation's own condition, as in a chain link
        if op.condition is not None and not holds(duel, link, op.condition):
            continue
        ask, act = VERBS[op.do]
        ans: dict[str, Any] = {}
        prompt = ask(duel, link, op, ans)
        while prompt is not None and prompt.kind == "replace":  # no one to ask: declined
            record(ans, "replace", DONE)
            prompt = ask(duel, link, op, ans)
        if prompt is None:
            s.steps += 1
            link["previous"] = act(duel, link, op, ans)
    check_win(duel)


@handles("triggers", "group", "chosen")
def trigger_group(duel: Duel, f: Frame) -> Prompt | None:
    s = duel.state
    groups = f.data["groups"]
    g = f.data["g"]
    if f.step == "chosen":
        f.step = "group"
        group = groups[g]
        if f.answer == DONE:  # the player declines the optional triggers left
            group.clear()
        else:
            entry = next(
                p for p in group if p["card"] == f.answer.card and p["effect"] == f.answer.effect
            )
            group.remove(entry)
            start_activation(duel, entry["player"], entry["card"], entry["effect"], entry)
            return None
    while g < len(groups):
        group = [p for p in groups[g] if trigger_ok(duel, p)]
        groups[g] = group
        if group:
            break
        g += 1
        f.data["g"] = g
    if g >= len(groups):
        pop(duel, f)
        below = s.frames[-1]
        if below.kind == "window":  # the turn player is first to respond to the triggers
            below.data["holder"], below.data["passes"] = s.turn_player, 0
        return None
    group = groups[g]
    player = group[0]["player"]
    mandatory = group[0]["mandatory"]
    options: tuple[Any, ...] = tuple(
        dict.fromkeys(EffectChoice("trigger", p["card"], p["effect"]) for p in group)
    )
    if not mandatory:
        options += (DONE,)
    f.step = "chosen"
    return Prompt(player, "trigger", options)
