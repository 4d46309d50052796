"""Negation that follows a Spell/Trap off the field.

A monster's effect is negated only while the monster is on the field, but a Spell/Trap
that activated on the field is negated as it resolves by what negates such cards on the
field (Royal Decree, Jinzo, Trap Stun, Imperial Order) even once it has left (002:4584).
Those effects give their flag only to the cards on the field now (continuous.adjust), so a card that
left is checked against the effects themselves: would it have the flag if it were there?
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from deckcheck.cards.filters import Filter
from deckcheck.engine.effects.context import FIELD, Link, activating, effect_of, new_link
from deckcheck.engine.select import matches

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.effects.model import Effect
    from deckcheck.engine.state import State

# the flag that negates a card of each kind wherever it is on the field
KIND_FLAGS = {"trap": "trap_negated", "spell": "spell_negated"}
# the filter terms that ask where a card is and how it lies, not what it is
WHERE = frozenset({"location", "face_up", "position", "zone"})


def negated_off_field(duel: Duel, link: Link) -> bool:
    """Whether the Spell/Trap of ``link``, activated on the field and gone since, is
    negated now as it resolves (002:4584)."""
    return link["field"] and negated_as_on_field(duel, link["card"])


def negated_as_on_field(duel: Duel, card: int) -> bool:
    """Whether what negates Spells/Traps on the field reaches this one that left it: its
    effects that apply without a chain as it leaves do not apply either (002:4564, 4578:
    Call of the Haunted leaving under Royal Decree does not destroy its monster)."""
    s = duel.state
    flag = KIND_FLAGS.get(s.cards[card].d.kind)
    if flag is None:
        return False
    for source, e, player in _flag_effects(duel, flag):
        sel = e.applies_to
        if sel is None or sel.of != "all" or (sel.other and source == card):
            continue
        # the card as it was on the field: where it is now is not asked
        kept = Filter(tuple(t for t in sel.filter.terms if t.field not in WHERE))
        if matches(s, card, kept, player):
            return True
    return False


def _flag_effects(duel: Duel, flag: str) -> Iterator[tuple[int, Effect, int]]:
    """The continuous effects that apply ``flag`` now: those of face-up, not negated cards
    on the field whose condition holds, and floating ones; with their source and player."""
    from deckcheck.engine.effects.continuous import negated
    from deckcheck.engine.effects.timing import condition_holds

    s = duel.state
    waiting = activating(s)
    for iid in duel.template.continuous_cards:
        c = s.cards[iid]
        if c.loc not in FIELD or not c.face_up or c.destroyed or iid in waiting:
            continue
        if negated(s, iid):
            continue
        fx = c.d.fx
        assert fx is not None
        for e in fx.continuous:
            if c.loc not in e.range or e.applies is None or flag not in e.applies.flags:
                continue
            link = new_link(s, iid, str(e.index), c.ctrl, e)
            if e.condition is None or condition_holds(duel, link, e):
                yield iid, e, c.ctrl
    for f in s.floating:
        if f.get("kind") != "floating":
            continue
        e = effect_of(s, f["card"], f["effect"])
        if e.applies is not None and flag in e.applies.flags:
            yield f["card"], e, f["player"]


# a player flag: the activations of the player's cards that its ``only`` names, activated on
# that player's field, and their effects cannot be negated (Altergeist Protocol)
UNNEGATABLE = "activations_unnegatable"


def unnegatable(s: State, link: Link) -> bool:
    """Whether the activation and effect of ``link`` cannot be negated: activated on its
    player's field while a flag ``activations_unnegatable`` of that player names its card.
    Read as it would be negated: as a chained negation resolves, and as the link itself
    resolves negated by what negates its card (Effect Veiler, Royal Decree: 002:7468)."""
    if not s.floating or not link["field"]:
        return False
    from deckcheck.engine.select import only_names

    me = link["player"]
    for f in s.floating:
        if f.get("kind") != "flags" or f["player"] != me or UNNEGATABLE not in f["flags"]:
            continue
        if f.get("only") is None or only_names(s, f, link["card"], me):
            return True
    return False
