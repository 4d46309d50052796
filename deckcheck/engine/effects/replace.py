"""Replacement effects for destruction (seed 000, 6.3.4.3.3; 002:3197): "if this card
would be destroyed, you can ... instead", "the first time ... would be destroyed, it is
not destroyed".

They are not activated and start no chain. They are looked at the moment cards would be
destroyed: while a ``destroy`` operation applies (by effect), at damage calculation (by
battle). Every mandatory one that applies does (two "not destroyed once per turn" effects
are both used up by the first destruction, RC-MISC-008); then the player who may apply an
optional one chooses one or declines, again while some card is left to save. A card kept
this way was never destroyed: no event says it was. The replacement's operations take no
choices and happen then, without a chain.

``plan`` works out what applies from the answers given so far and returns the next
question, so the verb or the battle step asks everything before anything changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from deckcheck.engine.actions import DONE, Action, EffectChoice, Prompt
from deckcheck.engine.effects import limits
from deckcheck.engine.effects.context import FIELD, Link, controller_of, effect_of, new_link
from deckcheck.engine.effects.model import Effect, Op
from deckcheck.engine.events import EquipEvent
from deckcheck.engine.select import matches

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel


class Use(NamedTuple):
    card: int  # the card whose replacement effect applies
    effect: str  # its effect's index
    saves: tuple[int, ...]  # the cards it keeps from being destroyed


def answer(action: Action) -> str:
    """An answer to a ``replace`` prompt as plain data ("" declines)."""
    return "" if action == DONE else f"{action.card}:{action.effect}"


def plan(
    duel: Duel, victims: list[int], cause: str, answers: list[str], source: int = -1
) -> tuple[list[Use], Prompt | None]:
    """The replacements that apply when ``victims`` would be destroyed by ``cause``
    (``battle`` or ``effect``) given the answers so far, and the next question (None once
    everything is known)."""
    if not duel.template.replace_cards or not victims:
        return [], None
    found = _candidates(duel, victims, cause, source)
    uses = [Use(c, p, saves) for c, p, saves, must in found if must]
    saved = {v for u in uses for v in u.saves}
    declined: set[int] = set()
    k = 0
    while True:
        left = [(c, p, tuple(v for v in saves if v not in saved)) for c, p, saves, must in found
                if not must and (c, p) not in {(u.card, u.effect) for u in uses}]  # fmt: skip
        s = duel.state
        left = [x for x in left if x[2] and controller_of(s, x[0]) not in declined]
        if not left:
            return uses, None
        player = controller_of(s, left[0][0])
        mine = [x for x in left if controller_of(s, x[0]) == player]
        if k >= len(answers):
            options = tuple(EffectChoice("replace", c, p) for c, p, _ in mine)
            return uses, Prompt(player, "replace", (*options, DONE), mine[0][2][0])
        pick = answers[k]
        k += 1
        chosen = [x for x in mine if f"{x[0]}:{x[1]}" == pick]
        if not chosen:
            declined.add(player)
            continue
        uses.append(Use(*chosen[0]))
        saved.update(chosen[0][2])


def _candidates(
    duel: Duel, victims: list[int], cause: str, source: int = -1
) -> list[tuple[int, str, tuple[int, ...], bool]]:
    """Each replacement effect that could apply now: its card, effect, the victims it
    would save, and whether it is mandatory."""
    s = duel.state
    out = []
    for iid in duel.template.replace_cards:
        fx = s.cards[iid].d.fx
        assert fx is not None
        for e in fx.replacements:
            saves = tuple(v for v in victims if _applies(duel, iid, e, v, cause, source))
            if saves:
                out.append((iid, str(e.index), saves, e.mandatory))
    return out


def _applies(duel: Duel, iid: int, e: Effect, victim: int, cause: str, source: int) -> bool:
    from deckcheck.engine.effects.continuous import negated
    from deckcheck.engine.effects.ops import VERBS, can_do
    from deckcheck.engine.effects.timing import condition_holds

    s = duel.state
    c = s.cards[iid]
    t = e.trigger
    assert t is not None
    if c.loc not in e.range or (c.loc in FIELD and (not c.face_up or negated(s, iid))):
        return False
    if t.cause and cause not in t.cause:
        return False
    if t.kinds and (source < 0 or s.cards[source].d.kind not in t.kinds):
        return False  # "by Spell/Trap effects": the destroying card's kind
    me = controller_of(s, iid)
    if t.self and victim != iid:
        return False
    if t.equipped and victim != c.equip:  # "if the equipped monster would be destroyed"
        return False
    if t.by != "both" and ("you" if controller_of(s, victim) == me else "opponent") != t.by:
        return False
    if t.filter.terms and not matches(s, victim, t.filter, me):
        return False
    if not limits.available(s, me, iid, e) or _protected_used(duel, iid, e, victim):
        return False
    link = new_link(s, iid, str(e.index), me, e)
    link["event"] = [victim]
    if e.condition is not None and not condition_holds(duel, link, e):
        return False
    return all(
        can_do(duel, link, o) and VERBS[o.do][0](duel, link, o, _answers(duel, link, o)) is None
        for o in e.ops
    )


def _answers(duel: Duel, link: Link, op: Op) -> dict[str, Any]:
    """The answers a replacement gives without asking: a detach from an Xyz Monster with
    more materials than it takes detaches the ones attached first (Archfiend's Ascent)."""
    if op.do != "detach" or op.cards is None or op.cards.of != "self":
        return {}
    mats = duel.state.cards[link["card"]].overlay
    return {"hosts": [link["card"]], "mats_from": 0, "picks": mats[: op.spec.count or 1]}


def _protected_key(duel: Duel, iid: int, e: Effect, victim: int) -> str | None:
    """``once: {per: protected}``: one limit for each card it protects (as that card)."""
    if e.once is None or e.once.per != "protected":
        return None
    s = duel.state
    k = limits.key(s, controller_of(s, iid), iid, e)
    return f"{k}:v{victim}.{s.cards[victim].gen}"


def _protected_used(duel: Duel, iid: int, e: Effect, victim: int) -> bool:
    k = _protected_key(duel, iid, e, victim)
    return k is not None and duel.state.used.get(k, 0) >= (e.once.count if e.once else 1)


def carry_out(duel: Duel, uses: list[Use]) -> list[int]:
    """Apply the replacements: use their limits, say what they saved, do what they do
    instead (no chain, no choices). Returns the cards saved."""
    from deckcheck.engine.effects.ops import VERBS

    s = duel.state
    saved: list[int] = []
    for u in uses:
        e = effect_of(s, u.card, u.effect)
        me = controller_of(s, u.card)
        if e.once is not None and e.once.per == "protected":
            for v in u.saves:
                k = _protected_key(duel, u.card, e, v)
                assert k is not None
                s.used[k] = s.used.get(k, 0) + 1
        else:
            limits.use(s, me, u.card, e)
        link = new_link(s, u.card, u.effect, me, e)
        link["event"] = list(u.saves)
        for v in u.saves:
            duel.emit(EquipEvent("replaced", me, u.card, v))
        for op in e.ops:
            ask, act = VERBS[op.do]
            ans = _answers(duel, link, op)
            if ask(duel, link, op, ans) is None:
                s.steps += 1
                link["previous"] = act(duel, link, op, ans)
        saved.extend(v for v in u.saves if v not in saved)
    return saved
