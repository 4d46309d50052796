"""Events that effects answer, and trigger effects waiting to go on a chain.

``event_matches`` says whether an event is the one an effect's ``trigger`` names, and
which cards it is about. ``collect`` turns each event into pending triggers
(``state.pending``, plain dicts): card, effect, player, the event's history index and
action step, mandatory, "when". They go on the next chain in the order of Simultaneous
Effects Go On Chain (chain.py); an optional "when ... you can" trigger whose event was
not the last thing to happen misses the timing (seed 000, 9; 002, "错过时点"), mandatory
and "if" triggers never do.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcheck.engine.effects.context import effect_of, pending_activations
from deckcheck.engine.effects.continuous import adjust
from deckcheck.engine.effects.model import MOVE_ON, Trig
from deckcheck.engine.events import (
    AttackEvent,
    CardEvent,
    DamageEvent,
    Event,
    MaterialEvent,
    MoveEvent,
    PhaseEvent,
    SummonEvent,
)
from deckcheck.engine.select import matches
from deckcheck.engine.state import BANISHED, EMPTY, GRAVE, MZONE, SZONE, State

if TYPE_CHECKING:
    from deckcheck.cards.filters import Filter
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.template import DuelTemplate

SPECIAL_HOWS = frozenset({"special", "synchro", "xyz", "link", "pendulum", "fusion", "ritual"})
NORMAL_HOWS = frozenset({"normal", "tribute"})
# the Damage Step's step each battle event answers
STEP_OF = {"battled": "after_damage", "before_damage": "before_damage",
           "damage_step_start": "damage_start",
           "damage_calculation": "damage_calculation"}  # fmt: skip
# the phase or step names (PhaseEvent.name) each trigger on a phase or step may answer
NAMES_OF = {**{on: (step,) for on, step in STEP_OF.items()}, "damage_step_end": ("damage_end",),
            "battle_phase_end": ("battle_end",), "standby_phase": ("standby",),
            "end_phase": ("end",)}  # fmt: skip
FIELD = (MZONE, SZONE)
WATCHED = frozenset(
    {"summon", "summoning", "flip_summon", "flip", "attack", "retarget", "destroyed",
     "to_graveyard", "to_hand", "to_deck", "to_banished", "to_extra", "draw", "damage",
     "phase", "step"}
)  # fmt: skip


def _summon_how(event: Event) -> str | None:
    if isinstance(event, SummonEvent) and event.kind == "summon":
        return event.how
    if isinstance(event, CardEvent) and event.kind == "flip_summon":
        return "flip"
    return None


def event_matches(duel: Duel, card: int, player: int, t: Trig, event: Event) -> list[int] | None:
    """The event's cards if ``event`` is what trigger ``t`` of ``card`` (controlled by
    ``player``) answers, else None. (model.ANSWERS lists the event kinds each trigger
    event may answer here: keep it in step.)"""
    on = t.on
    s = duel.state
    cards: list[int]
    actor: int
    if on in ("summoned", "normal_summoned", "flip_summoned", "special_summoned"):
        how = _summon_how(event)
        if how is None:
            return None
        if on == "normal_summoned" and how not in NORMAL_HOWS:
            return None
        if on == "flip_summoned" and how != "flip":
            return None
        if on == "special_summoned" and how not in SPECIAL_HOWS:
            return None
        if t.how and how not in t.how and not (how == "tribute" and "normal" in t.how):
            return None
        if t.from_ and not _came_from(s.cards[event.card].prev, t.from_):  # type: ignore[union-attr]
            return None  # "Special Summons from the Deck and/or Extra Deck"
        cards, actor = [event.card], event.player  # type: ignore[union-attr]
    elif on == "summoning":
        if not (isinstance(event, SummonEvent) and event.kind == "summoning"):
            return None
        if t.how and event.how not in t.how and not (event.how == "tribute" and "normal" in t.how):
            return None
        cards, actor = [event.card], event.player
    elif on in ("attack_declared", "attack_targeted"):
        if not isinstance(event, AttackEvent):
            return None
        if on == "attack_declared" and event.kind != "attack":
            return None
        if on == "attack_targeted":
            if event.target != card:
                return None
            return [event.attacker]
        cards, actor = [event.attacker], event.player
    elif on.startswith("destroyed") or on == "battle_destroyed_other":
        # "and sends it to the GY": the move at the end of the Damage Step, not the destruction
        want = "to_graveyard" if t.sent else "destroyed"
        if not isinstance(event, MoveEvent) or event.kind != want:
            return None
        if on == "destroyed_by_battle" and event.cause != "battle":
            return None
        if on == "destroyed_by_effect" and event.cause != "effect":
            return None
        if on == "battle_destroyed_other":  # "when this card destroys a monster by battle"
            b = s.battle
            # "if the equipped monster destroys a monster by battle" (Hercules Base)
            who = s.cards[card].equip if t.equipped else card
            if event.cause != "battle" or b is None or event.card == who or who == EMPTY:
                return None
            if who not in (b.attacker, b.target) or s.cards[who].destroyed:
                return None  # mutual destruction: it did not survive to do it (RC-DS-016)
            if s.cards[who].loc != MZONE:  # already sent from the field itself
                return None
        if t.effect_by is not None and not _moved_by(s, player, t.effect_by):
            return None  # "destroyed by your opponent's card effect" (Scrap Dragon)
        cards, actor = [event.card], event.player
    elif on in MOVE_ON:
        if not isinstance(event, MoveEvent) or event.kind not in MOVE_ON[on]:
            return None
        c = s.cards[event.card]
        # a card whose activation was negated is not sent from the field (001:1, RC-CHAIN-010)
        prev = "" if event.cause == "negated" else c.prev
        if on == "leaves_field" and prev not in FIELD:
            return None
        if t.from_ and not _came_from(prev, t.from_):
            return None
        if t.cause and event.cause not in t.cause:
            return None
        if t.how and event.cause == "material" and _material_for(s, event.card) not in t.how:
            return None  # "sent to the GY as Synchro Material": the summon it was material for
        if t.effect_by is not None and not _moved_by(s, player, t.effect_by):
            return None
        if t.kinds and event.cause != "battle" and _source_kind(s) not in t.kinds:
            return None  # "destroyed by battle or Spell effect" (Graydle Alligator)
        if t.face_up is not None and c.prev_face_up != t.face_up:
            return None  # "if this face-up card leaves the field"
        cards, actor = [event.card], event.player
    elif on == "discarded":
        if not (isinstance(event, MoveEvent) and event.cause == "discard"):
            return None
        cards, actor = [event.card], event.player
    elif on == "drawn":
        if not (isinstance(event, CardEvent) and event.kind == "draw"):
            return None
        cards, actor = [event.card], event.player
    elif on == "flipped":
        if not (isinstance(event, CardEvent) and event.kind in ("flip", "flip_summon")):
            return None
        cards, actor = [event.card], event.player
    elif on in ("damage", "battle_damage", "effect_damage"):
        if not (isinstance(event, DamageEvent) and event.kind == "damage"):
            return None
        if on != "damage" and event.cause != on.split("_")[0]:
            return None
        if t.other_source and _source_named(s, card):
            return None  # "except from a card of this name" (Dark Room of Nightmare)
        if t.effect_by is not None and not _moved_by(s, player, t.effect_by):
            return None  # effect damage from a card of the opponent's (Gorz)
        cards, actor = [], event.player
    elif on in STEP_OF:  # the battle's monsters
        if not (isinstance(event, PhaseEvent) and event.kind == "step"):
            return None
        b = s.battle
        step = STEP_OF[on]
        if event.name != step or b is None or not b.live:
            return None
        cards, actor = [i for i in (b.attacker, b.target) if i >= 0], s.turn_player
    elif on == "damage_step_end":  # the end of the Damage Step: the attacker and its target
        if not (isinstance(event, PhaseEvent) and event.kind == "step"):
            return None
        b = s.battle
        if event.name != "damage_end" or b is None:
            return None
        cards, actor = [i for i in (b.attacker, b.target) if i >= 0], s.turn_player
    elif on == "battle_phase_end":  # the End Step of the Battle Phase
        if not (isinstance(event, PhaseEvent) and event.name == "battle_end"):
            return None
        cards, actor = [], s.turn_player
    elif on in ("standby_phase", "end_phase"):
        if not (isinstance(event, PhaseEvent) and event.kind == "phase"):
            return None
        if event.name != on.split("_")[0]:
            return None
        cards, actor = [], s.turn_player
    else:
        return None
    if t.self and card not in cards:
        return None
    if t.others and (card in cards or _summoned_with(s, card)):
        return None
    if t.own_source and not _source_named(s, card):
        return None  # "when Summoned this way": by its own effect (Graydle Slime)
    if t.source is not None and not _source_matches(s, t.source, player):
        return None  # "by the effect of a Lightsworn monster you control" (Garoth)
    if t.bound:
        from deckcheck.engine.effects.context import bound

        cards = [i for i in cards if i in bound(s, card)]
        if not cards:
            return None
    if t.pointed:  # "summoned to a zone this card points to"
        from deckcheck.engine.effects.context import pointed_monsters

        cards = [i for i in cards if i in pointed_monsters(s, card)]
        if not cards:
            return None
    if t.by == "you" and actor != player:
        return None
    if t.by == "opponent" and actor != 1 - player:
        return None
    if t.filter.terms:
        cards = [i for i in cards if matches(s, i, t.filter, player)]
        if not cards:
            return None
    return cards


def _summoned_with(s: State, card: int) -> bool:
    """Whether ``card`` was summoned together with the monster whose summon event is the
    last one: the summon events just before it, one summon's, include its own (a monster
    summoned at the same time was not on the field before it, 002:6794)."""
    history = s.history
    for k in range(len(history) - 2, -1, -1):
        e = history[k]
        if not (isinstance(e, SummonEvent) and e.kind == "summon"):
            return False
        if e.card == card:
            return True
    return False


def _source_named(s: Any, card: int) -> bool:  # noqa: ANN401 - State
    """Whether the chain link resolving now is an effect of a card with ``card``'s name."""
    for f in reversed(s.frames):
        if f.kind == "chain" and "i" in f.data and f.data["i"] < len(s.chain):
            source = s.cards[s.chain[f.data["i"]]["card"]]
            return not source.d.names.isdisjoint(s.cards[card].d.names)
    return False


def _source_matches(s: Any, flt: Filter, player: int) -> bool:  # noqa: ANN401 - State
    """Whether the card whose chain link is resolving now matches ``flt`` for ``player``."""
    for f in reversed(s.frames):
        if f.kind == "chain" and "i" in f.data and f.data["i"] < len(s.chain):
            return matches(s, s.chain[f.data["i"]]["card"], flt, player)
    return False


def _source_kind(s: Any) -> str:  # noqa: ANN401 - State
    """The kind (monster, spell, trap) of the card whose chain link is resolving now; ""
    when none is."""
    for f in reversed(s.frames):
        if f.kind == "chain" and "i" in f.data and f.data["i"] < len(s.chain):
            return s.cards[s.chain[f.data["i"]]["card"]].d.kind
    return ""


def _moved_by(s: Any, player: int, who: str) -> bool:  # noqa: ANN401 - State
    """Whether a chain link of ``who`` (seen from ``player``; ``both``: anyone's) is
    resolving now (a cost is paid before: not by the effect)."""
    for f in reversed(s.frames):
        if f.kind == "chain" and "i" in f.data and f.data["i"] < len(s.chain):
            by = s.chain[f.data["i"]]["player"]
            return who == "both" or (by == player) == (who == "you")
    return False


def _being_destroyed(event: Event, card: int, e: Any) -> bool:  # noqa: ANN401 - Effect
    """A "when this card is destroyed" trigger answers from where the card goes: the
    event comes while it is still on the field (RC-CHAIN-020)."""
    return (
        isinstance(event, MoveEvent)
        and event.kind == "destroyed"
        and event.card == card
        and not {GRAVE, BANISHED}.isdisjoint(e.range)
    )


def _material_for(s: State, card: int) -> str:
    """The summon method ``card`` was last used as material for (history's latest)."""
    for e in reversed(s.history):
        if isinstance(e, MaterialEvent) and e.card == card:
            return e.method
    return ""


def _came_from(prev: str, wanted: frozenset[str]) -> bool:
    if prev in wanted:
        return True
    return "field" in wanted and prev in FIELD


def unanswerable(s: State, player: int, since: int, until: int) -> bool:
    """Whether ``player`` may not activate anything for the events ``since``..``until``:
    they include a Fusion Summon made under Magical Meltdown ("cannot activate when ...")."""
    return any(f.get("kind") == "no_response" and f["player"] == player
               and since <= f["mark"] < until for f in s.floating)  # fmt: skip


class Answering(NamedTuple):
    """The template's trigger cards with an effect that may answer one kind of event."""

    ids: tuple[int, ...]  # in id order, but for ``near``
    # cards whose effects for this kind answer only events about themselves ("this card",
    # a Flip effect): asked only when the event is about them (``_subjects``)
    near: frozenset[int]
    where: dict[int, frozenset[str]]  # per card, where those effects answer from


def collect(duel: Duel, event: Event, index: int) -> list[Any]:
    """Pending triggers for one event: trigger and Flip effects of cards where they must
    be, and the floating effects of players."""
    out: list[Any] = []
    kind = event.kind
    if kind not in WATCHED:
        return out
    s = duel.state
    template = duel.template
    if kind == "summon" and template.continuous_cards:
        adjust(duel)  # a summoned card's name is what its own effect makes it (a Dragon Knight)
    moved = event.card if isinstance(event, MoveEvent) else EMPTY
    # a phase or step event by its name too: most phases have no trigger to answer them
    answering = _answering(template, (kind, event.name) if isinstance(event, PhaseEvent) else kind)
    ids: Iterable[int] = answering.ids
    if answering.near:
        near = [i for i in _subjects(s, event) if i in answering.near]
        if near:
            ids = sorted({*ids, *near})
    cards = s.cards
    made = len(template.defs)
    if len(cards) > made:  # Tokens created in the duel may have effects too
        ids = (*ids, *[i for i in range(made, len(cards)) if cards[i].d.fx is not None])
    where = answering.where
    waiting: frozenset[int] | None = None
    for iid in ids:
        c = cards[iid]
        fx = c.d.fx
        assert fx is not None
        if c.loc not in where.get(iid, fx.trigger_where) and iid != moved:
            continue  # most copies wait in the Deck, where few triggers answer from
        if waiting is None:
            waiting = pending_activations(s)
        player = c.ctrl if c.loc in FIELD else c.owner
        for e in fx.triggers:
            if e.answers is not None and kind not in e.answers:
                continue  # an event of another kind (model.ANSWERS)
            # only the card an event moves may answer it from where it goes
            leaving = iid == moved and _being_destroyed(event, iid, e)
            if c.loc not in e.range and not leaving:
                continue
            if iid in waiting and not leaving:
                # a Spell/Trap whose card activation has not resolved: its effects do not
                # exist yet, so what happens meanwhile does not trigger them (002:4755-4763)
                continue
            t = e.trigger
            # a Set card's effects do not apply (RC-DRAW-009); an attack target the step is
            # about to flip face-up answers "before damage calculation" too
            flipping = t and t.on == "before_damage" and s.battle and s.battle.target == iid
            hidden = c.loc in FIELD and not c.face_up and e.kind != "flip"
            if hidden and not leaving and not flipping:
                continue
            if e.kind == "flip":
                if not (isinstance(event, CardEvent) and event.kind in ("flip", "flip_summon")):
                    continue
                if event.card != iid:
                    continue
                found: list[int] | None = [iid]
            else:
                if t is None:
                    continue
                found = event_matches(duel, iid, player, t, event)
            if found is None:
                continue
            if s.floating and unanswerable(s, player, index, index + 1):
                continue  # nothing answers a Fusion Summon made under Magical Meltdown
            p = _pending(s, iid, str(e.index), player, e, index, found)
            if not _merged(s, p):
                out.append(p)
    for f in s.floating:
        if f.get("kind") != "floating":
            continue
        e = effect_of(s, f["card"], f["effect"])
        if e.trigger is None:
            continue
        found = event_matches(duel, f["card"], f["player"], e.trigger, event)
        if found is not None:
            p = _pending(s, f["card"], f["effect"], f["player"], e, index, found)
            if "kept" in f:
                p["kept"] = f["kept"]
            if "kept_cards" in f:
                p["kept_cards"] = f["kept_cards"]
            if not _merged(s, p):
                out.append(p)
    return out


def _subjects(s: State, event: Event) -> tuple[int, ...]:
    """Every card an event is about as ``event_matches`` reads it (the cards a "this
    card" trigger may be among): its card, an attack's monsters, a battle step's."""
    if isinstance(event, AttackEvent):
        return (event.attacker, event.target)
    if isinstance(event, PhaseEvent):
        b = s.battle
        return () if b is None else (b.attacker, b.target)
    card = getattr(event, "card", None)
    return () if card is None else (card,)


def _only_self(e: Any) -> bool:  # noqa: ANN401 - Effect
    """Whether effect ``e`` answers only events about its own card (or none at all)."""
    return e.kind == "flip" or e.trigger is None or e.trigger.self


def _answering(template: DuelTemplate, key: str | tuple[str, str]) -> Answering:
    """The template's trigger cards with an effect that may answer an event of this kind
    (``key``: the kind, or a phase or step event's kind and name; a kept answer per key: a
    few dozen at most)."""
    index = template.trigger_index
    found = index.get(key)
    if found is None:
        kind, name = key if isinstance(key, tuple) else (key, None)
        ids: list[int] = []
        near: set[int] = set()
        where: dict[int, frozenset[str]] = {}
        for i in template.trigger_cards:
            fx = template.defs[i].fx
            assert fx is not None
            effects = [e for e in fx.triggers if (e.answers is None or kind in e.answers)
                       and (name is None or _answers_name(e, name))]  # fmt: skip
            if not effects:
                continue
            (near.add if all(_only_self(e) for e in effects) else ids.append)(i)
            where[i] = frozenset(r for e in effects for r in e.range)
        found = index[key] = Answering(tuple(ids), frozenset(near), where)
    return found


def _answers_name(e: Any, name: str) -> bool:  # noqa: ANN401 - Effect
    """Whether effect ``e`` may answer a phase or step event of this name (NAMES_OF)."""
    names = NAMES_OF.get(e.trigger.on) if e.trigger is not None else None
    return names is None or name in names


def _merged(s: Any, p: dict[str, Any]) -> bool:  # noqa: ANN401 - State
    """One operation's simultaneous events (a "draw 2", a Dark Hole) trigger an effect once:
    a pending trigger of the same effect and step takes the new event's cards (RC-DRAW-009)."""
    for q in s.pending:
        same = (q["card"], q["gen"], q["effect"], q["player"], q["step"])
        if same == (p["card"], p["gen"], p["effect"], p["player"], p["step"]):
            q["cards"] += [i for i in p["cards"] if i not in q["cards"]]
            return True
    return False


def _pending(
    s: Any,  # noqa: ANN401 - State
    card: int,
    path: str,
    player: int,
    e: Any,  # noqa: ANN401 - Effect
    index: int,
    cards: list[int],
) -> dict[str, Any]:
    return {
        "card": card,
        "gen": s.cards[card].gen,
        "effect": path,
        "player": player,
        "event": index,
        "cards": cards,
        "step": s.steps,
        "mandatory": e.mandatory or e.kind == "continuous",
        "when": e.when,
        "immediate": e.kind == "continuous",
    }
