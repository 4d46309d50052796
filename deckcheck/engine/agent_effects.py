"""What the greedy agent reads from card effects: how much an activation is worth to the
player who makes it, and which operation a question is about.

Worth is counted in ATK-like points: a monster is worth its ATK (a face-down one 1000), a
Spell or Trap on the field 500, a card in hand 700. An effect's worth is what its
operations take from the opponent less what they take from its own player, plus fixed
amounts for drawing and searching. Nothing here changes the duel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.engine.actions import EffectChoice
from deckcheck.engine.effects.context import FIELD, Link, controller_of, effect_of, new_link, pool
from deckcheck.engine.effects.continuous import negated
from deckcheck.engine.effects.model import Effect, Op
from deckcheck.engine.query import atk
from deckcheck.engine.state import MZONE, State

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel

# operations that hurt the cards they act on (worth taking from the opponent), and those
# that help them
REMOVAL = frozenset(
    {"destroy", "banish", "send_to_graveyard", "return_to_hand", "return_to_deck",
     "take_control", "negate_effects", "tribute"}
)  # fmt: skip
HELP = frozenset({"special_summon", "add_to_hand", "equip", "set_atk"})
CARD = 700  # a card in hand
DRAW = 1500  # each card drawn or searched


def worth(s: State, iid: int) -> int:
    """What a card is worth where it is now."""
    c = s.cards[iid]
    if c.loc == MZONE:
        return atk(s, iid) if c.face_up else 1000
    if c.loc in FIELD:
        return 500
    if c.d.kind == "monster":
        return max(atk(s, iid), 300)
    return CARD


def effect_worth(duel: Duel, player: int, choice: EffectChoice) -> int:
    """What activating ``choice`` is worth to ``player`` (its best target assumed)."""
    s = duel.state
    e = effect_of(s, choice.card, choice.effect)
    link = new_link(s, choice.card, choice.effect, player, e)
    value = 0
    ops = (*e.cost, *e.ops)
    if "." not in choice.effect and s.cards[choice.card].loc in FIELD and negated(s, choice.card):
        # it resolves negated (Skill Drain): only its cost is paid; worth nothing more, so an
        # effect with no limit per turn is not activated again and again
        ops = e.cost
    for o in ops:
        value += op_worth(duel, link, e, o, player, o in e.cost)
    if "negate" in e.categories and s.chain and s.chain[-1]["player"] != player:
        value += 1000 + effect_threat(duel, s.chain[-1])
    return value


def op_worth(duel: Duel, link: Link, e: Effect, o: Op, player: int, cost: bool) -> int:
    s = duel.state
    do = o.do
    spec = o.spec
    if do == "draw":
        return DRAW * (spec.count or 1) * (1 if spec.player == "you" else -1)
    if do == "add_to_hand" and o.cards is not None:
        return DRAW if _reachable(duel, link, e, o) else 0
    if do in ("damage", "gain_lp"):
        n = spec.amount or 0
        toward = 1 if (spec.player == "opponent") == (do == "damage") else -1
        return toward * n // 2
    if do == "pay_lp":
        return -(spec.amount or 1000) // 4
    if o.cards is None:
        return 0
    cards = _reachable(duel, link, e, o)
    if o.cards.of == "self":
        return -CARD // 2 if cost else 0
    if do in REMOVAL:
        if o.cards.of in ("all",):
            return sum(worth(s, i) * (1 if controller_of(s, i) != player else -1) for i in cards)
        foes = [worth(s, i) for i in cards if controller_of(s, i) != player]
        mine = [worth(s, i) for i in cards if controller_of(s, i) == player]
        if cost:
            return -min(mine, default=0)
        return max(foes, default=-min(mine, default=0))
    if do in HELP or do in ("change_atk", "change_def"):
        mine = [worth(s, i) for i in cards if controller_of(s, i) == player or do != "equip"]
        return max(mine, default=0) // (1 if do == "special_summon" else 4)
    if do == "discard":
        return -CARD
    return 0


def _reachable(duel: Duel, link: Link, e: Effect, o: Op) -> list[int]:
    """The cards an operation could act on now: its own pool, or the target groups'."""
    assert o.cards is not None
    if o.cards.of == "targets":
        return [i for sel in e.target for i in pool(duel, link, sel)]
    if o.cards.of in ("choose", "all", "self"):
        return pool(duel, link, o.cards)
    return []


def effect_threat(duel: Duel, link: Link) -> int:
    """How much the opponent's chain link would gain if it resolved."""
    choice = EffectChoice("activate", link["card"], link["effect"])
    return max(effect_worth(duel, link["player"], choice), 0)


def asked_op(duel: Duel) -> tuple[Op, bool] | None:
    """The operation a select, target or yes/no question is about and whether it is a
    cost, read from the frame that asks; None when the question is not an operation's."""
    s = duel.state
    if not s.frames:
        return None
    f = s.frames[-1]
    data: dict[str, Any] = f.data
    try:
        if f.kind == "activate":
            link = data["link"]
            e = effect_of(s, link["card"], link["effect"])
            if f.step.startswith("target"):
                ops = [o for o in e.ops if o.cards is not None and o.cards.of == "targets"]
                return (ops[0], False) if ops else None
            return e.cost[data["i"]], True
        if f.kind == "chain":
            link = s.chain[data["i"]]
            return effect_of(s, link["card"], link["effect"]).ops[data["k"]], False
    except (KeyError, IndexError, TypeError, AssertionError):
        return None
    return None
