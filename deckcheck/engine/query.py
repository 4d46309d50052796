"""Characteristics: a card's current ATK/DEF, Level/Rank/Link Rating, Pendulum Scale,
Attribute, Type, names and controller, from one query. The rules read these, never the
printed values of ``CardDef``.

A value is computed as the rulebook orders it (4.3.3.6, seed 000):

1. the printed value ('?' counts as 0), replaced by effects that change the *original*
   value (``set_base``; the one applied last wins);
2. then the other modifiers in the order they started to apply (``stamp``):
   - an increase or decrease (``add``) from a resolved effect adds to the value so far;
   - a resolved effect that makes the value X (``set``, not continuous) replaces all of
     it, continuous increases included: those are not counted again;
   - a continuous effect that makes the value X (``set``, continuous) replaces the value
     so far, but continuous increases and decreases are counted again after it;
3. continuous increases and decreases (``add``, continuous) still pending are added last.

ATK, DEF, Level and Rank never go below 0 (Level and Rank below 1 only where they had
one). Modifiers are ``Lasting`` records in ``State.lasting``: plain data, copied and
serialised with the state. A card with none reads its printed values at the cost of one
check of an empty list, so the engine without effects pays nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcheck.engine.carddefs import CardDef

if TYPE_CHECKING:
    from collections.abc import Container

    from deckcheck.engine.state import State

NUMERIC = ("atk", "defense", "level", "rank", "link", "scale")
WORDS = ("attribute", "race")


class Lasting(NamedTuple):
    """One modifier applying to one card."""

    card: int  # the affected card's id
    stat: str  # atk, defense, level, rank, link, scale, attribute, race, name
    op: str  # set_base, set, add (for name: set replaces the names, add adds one)
    value: int | str
    continuous: bool  # applies as long as its source does (4.3.3.6.1.2), else applied once
    stamp: int  # when it started to apply: orders the modifiers
    source: int = -1  # the card whose effect it is
    until: int = 0  # ends at the end of this turn (0: lasts while the card stays)
    derived: bool = False  # kept in step with a continuous effect (effects/continuous.py)


def add_lasting(
    s: State,
    card: int,
    stat: str,
    op: str,
    value: int | str,
    continuous: bool = False,
    source: int = -1,
    until: int = 0,
) -> Lasting:
    """Start applying a modifier (the next stamp orders it after every earlier one)."""
    known = (*NUMERIC, *WORDS, "name", "archetype", "flag")
    if stat not in known or op not in ("set_base", "set", "add"):
        raise ValueError(f"not a modifier: {stat} {op}")
    s.stamps += 1
    mod = Lasting(card, stat, op, value, continuous, s.stamps, source, until)
    s.lasting.append(mod)
    return mod


def drop_lasting(s: State, card: int) -> None:
    """The card left the field or was turned face-down: nothing applied to it stays
    (4.3.3.10), and what its continuous effects applied to others stops."""
    if any(m.card == card or (m.continuous and m.source == card) for m in s.lasting):
        s.lasting = [
            m for m in s.lasting if m.card != card and not (m.continuous and m.source == card)
        ]


def has_flag(s: State, iid: int, flag: str) -> bool:
    """Whether an effect gives the card this flag now (negated, no_battle_destroy...)."""
    if not s.lasting:
        return False
    for m in s.lasting:  # noqa: SIM110  (a hot path)
        if m.card == iid and m.stat == "flag" and m.value == flag:
            return True
    return False


Flags = frozenset[tuple[int, int | str]]
NO_FLAGS: Flags = frozenset()


def flags_now(s: State) -> Flags:
    """Every (card, flag) effects give now, from one pass over the modifiers: for a loop
    that asks many cards (``(iid, flag) in flags`` is ``has_flag(s, iid, flag)``)."""
    if not s.lasting:
        return NO_FLAGS
    return frozenset([(m.card, m.value) for m in s.lasting if m.stat == "flag"])


# flags a card's own text gives it that are not effects: they hold face-down, negated and
# off the field alike (seed 000, 5; "cannot be used as Fusion Material")
NOT_EFFECTS = frozenset({"no_fusion_material"})


# on a card whose continuous effect gives ``unusable`` to the cards with the name it
# declared (continuous.py sets it while that effect applies): off the field, where
# ``applies`` does not reach, those cards cannot be used either
BANS_DECLARED = "bans_declared"


def unusable(s: State, iid: int) -> bool:
    """A card that "cannot be used" (flag ``unusable``; Prohibition, 000 4.3.3.14): it is
    not activated, Normal Summoned, Set from the hand, summoned by its own procedure or
    Pendulum Summoned, used as Fusion/Synchro/Xyz/Link Material, declared as an attacker
    or changed in position, and its effects do not apply; it may still be Tributed, sent
    as a cost, targeted, or Special Summoned by another card's effect. On the field the
    flag says it; elsewhere (hand, Deck, GY, banished) the name a card with
    ``bans_declared`` declared."""
    if not s.lasting:
        return False
    if has_flag(s, iid, "unusable"):
        return True
    return bool(s.floating) and _declared_off_field(s, iid)


def _declared_off_field(s: State, iid: int) -> bool:
    for f in s.floating:
        if f.get("kind") != "declared" or not has_flag(s, f["card"], BANS_DECLARED):
            continue
        from deckcheck.engine.state import MZONE, SZONE  # (state imports this module)

        if s.cards[iid].loc in (MZONE, SZONE):  # on the field the flag alone says it
            return False
        if f["gen"] == s.cards[f["card"]].gen and is_declared(s, iid, f["value"], f["what"]):
            return True  # what it declared in its current stay on the field
    return False


def any_unusable(s: State) -> bool:
    """Whether a card may be unusable now (the cheap test before asking card by card): a
    flag ``unusable`` on the field, or a name declared and kept (Prohibition)."""
    if not s.lasting:
        return False
    if any(m.value == "unusable" for m in s.lasting):
        return True
    return bool(s.floating) and any(f.get("kind") == "declared" for f in s.floating)


def declaration(s: State, card: int) -> dict[str, Any] | None:
    """What a Continuous card declared as it was activated, kept while it stays on the
    field (Prohibition; ops.declare): the last such entry of its current stay."""
    found = None
    if s.floating:
        gen = s.cards[card].gen
        for f in s.floating:
            if f.get("kind") == "declared" and f["card"] == card and f["gen"] == gen:
                found = f
    return found


def is_declared(s: State, iid: int, said: object, what: str | None) -> bool:
    """Whether a card has the declared name (``card_name``) or Level (``level``)."""
    if said is None:
        return False
    if what == "level":
        return str(level(s, iid)) == str(said)
    return said in s.cards[iid].d.names


def restricted(s: State, iid: int, flag: str) -> bool:
    """Whether the card has ``flag``: from an effect now, or, for a flag of NOT_EFFECTS,
    from its own text whatever its state (000:476-478)."""
    if has_flag(s, iid, flag):
        return True
    fx = printed(s, iid).fx
    if flag not in NOT_EFFECTS or fx is None:
        return False
    return any(
        e.applies is not None and e.applies_to is None and flag in e.applies.flags
        for e in fx.continuous
    )


def unaffected(s: State, iid: int, source: int) -> bool:
    """Whether the card is unaffected by the effects of card ``source``: a flag
    ``unaffected_by_spells_traps`` shields it from every other Spell/Trap (Forbidden Lance),
    ``unaffected_by_opponent`` from every card its controller's opponent controls (Eternal
    Soul)."""
    if not s.lasting:
        return False
    spell_trap = s.cards[source].d.kind in ("spell", "trap")
    for m in s.lasting:
        if m.card != iid or m.stat != "flag" or m.source == source:
            continue
        if m.value == "unaffected_by_spells_traps" and spell_trap:
            return True
        if isinstance(m.value, str) and m.value.startswith("unaffected_by_others"):
            spared = m.value.partition(":")[2].casefold()  # "except Mathmech cards"
            if not spared or spared not in (a.casefold() for a in view(s, source).archetypes):
                return True
        if m.value in ("unaffected_by_opponent", "unaffected_by_opponent_monsters"):
            from deckcheck.engine.effects.context import controller_of

            theirs = controller_of(s, source) != s.cards[iid].ctrl
            monster = s.cards[source].d.kind == "monster"  # Aquarium Stage: monster effects
            if theirs and (m.value == "unaffected_by_opponent" or monster):
                return True
    return False


def _mods(s: State, iid: int, stat: str) -> list[Lasting]:
    mods = [m for m in s.lasting if m.card == iid and m.stat == stat]
    if stat != "flag" and any(m.source == iid for m in mods) and has_flag(s, iid, "negated"):
        # what the card's own effects did to it stops while they are negated (RC-ATKMOD-018)
        mods = [m for m in mods if m.source != iid]
    return mods


def _number(printed: int, mods: list[Lasting]) -> int:
    mods = sorted(mods, key=lambda m: m.stamp)
    value = printed
    for m in mods:
        if m.op == "set_base":
            value = int(m.value)
    pending = 0  # continuous increases and decreases, counted after everything else
    for m in mods:
        if m.op == "add" and m.continuous:
            pending += int(m.value)
        elif m.op == "add":
            value += int(m.value)
        elif m.op == "set" and m.continuous:
            value = int(m.value)
        elif m.op == "set":
            value, pending = int(m.value), 0
    return max(0, value + pending)


def printed(s: State, iid: int) -> CardDef:
    """The card as printed where it is: a Trap Monster in a Monster Zone is the monster
    its card file makes it, with its own stats as original values (seed 000, 4.3.3.11)."""
    c = s.cards[iid]
    m = c.d.as_monster
    return m if m is not None and c.loc == "monster" else c.d


def original(s: State, iid: int, stat: str) -> int:
    """The original value of ``atk`` or ``defense``: the printed one, replaced by effects
    that change the original value (``set_base``, the last applied; 4.3.3.6 step 1; a Token
    whose stats its effect does not list: those it was summoned with, 002:1025)."""
    value: int = getattr(printed(s, iid), stat)
    if s.lasting:
        for m in sorted(_mods(s, iid, stat), key=lambda m: m.stamp):
            if m.op == "set_base":
                value = int(m.value)
    return value


def number(s: State, iid: int, stat: str) -> int:
    """The current value of a numeric characteristic (atk, defense, level, rank, link,
    scale)."""
    d = printed(s, iid)
    base: int = getattr(d, stat)
    if not s.lasting:
        return base
    mods = _mods(s, iid, stat)
    if not mods:
        return base
    value = _number(base, mods)
    # a Level or Rank never goes below 1 where the card has one: a Level 5 at -5 is 1
    # (002:3498), and later changes count from the real total (5 - 5 + 1 = 1, 002:3517)
    return max(1, value) if base > 0 and stat in ("level", "rank") else value


def atk(s: State, iid: int) -> int:
    if not s.lasting:
        return printed(s, iid).atk
    return number(s, iid, "atk")


def defense(s: State, iid: int) -> int:
    if not s.lasting:
        return printed(s, iid).defense
    return number(s, iid, "defense")


def level(s: State, iid: int) -> int:
    if not s.lasting:
        return printed(s, iid).level
    return number(s, iid, "level")


def word(s: State, iid: int, stat: str) -> str | None:
    """The current Attribute or Type (race): the last ``set`` wins (an ``add``, "also
    DARK", is a second Attribute: ``also_attribute``)."""
    value = getattr(printed(s, iid), stat)
    for m in sorted(_mods(s, iid, stat), key=lambda m: m.stamp) if s.lasting else ():
        if m.op != "add":
            value = str(m.value)
    return value


def also_attribute(s: State, iid: int) -> str | None:
    """An Attribute the card also has now ("while face-up on the field, this card is also
    DARK": Light and Darkness Dragon)."""
    found = [str(m.value) for m in _mods(s, iid, "attribute") if m.op == "add"]
    return found[0] if found else None


def names(s: State, iid: int) -> frozenset[str]:
    """The names the card has now: printed and by rule, replaced or added to by effects."""
    found = s.cards[iid].d.names
    for m in sorted(_mods(s, iid, "name"), key=lambda m: m.stamp) if s.lasting else ():
        found = frozenset({str(m.value)}) if m.op != "add" else found | {str(m.value)}
    return found


def archetypes(s: State, iid: int) -> tuple[str, ...]:
    """The archetypes the card is part of now: printed, and those effects add."""
    found = s.cards[iid].d.archetypes
    for m in _mods(s, iid, "archetype") if s.lasting else ():
        if m.value not in found:
            found = (*found, str(m.value))
    return found


def controller(s: State, iid: int) -> int:
    return s.cards[iid].ctrl


def spared(s: State, iid: int, use: bool = True, what: str = "battle_spared") -> bool:
    """Once per turn, not destroyed: the first time each turn the card would be (by battle
    only, or with ``what`` "spared" by battle or card effect) it is spared; ``use`` uses it
    up (the key dies with the turn, like once-per-turn limits)."""
    key = f"t{s.turn}:c{iid}.{s.cards[iid].gen}:{what}"
    if s.used.get(key):
        return False
    if use:
        s.used[key] = 1
    return True


def lent_monsters(s: State, player: int) -> list[int]:
    """The opponent's monsters ``player`` may, and must, Tribute this turn (Soul Exchange)."""
    from deckcheck.engine.state import MZONE  # (state imports this module)

    return sorted({m.card for m in s.lasting if m.stat == "flag" and m.value == "lent"
                   and s.cards[m.card].loc == MZONE and s.cards[m.card].ctrl != player
                   and s.cards[m.source].owner == player})  # fmt: skip


def tributes_needed(s: State, iid: int) -> int:
    """Tributes a Normal Summon or Set of this monster needs now (rulebook 3.2.2.1.1)."""
    return tributes_for_level(level(s, iid))


def tributes_for_level(lv: int) -> int:
    """Tributes for a monster of this Level: 1 for Level 5-6, 2 for 7 or more."""
    return 2 if lv >= 7 else 1 if lv >= 5 else 0


def sameness(s: State, iid: int, touched: Container[int] | None = None) -> object:
    """A key under which copies of a card are interchangeable: the shared definition's
    identity, unless something modifies this copy (then it is a card of its own).
    ``touched``: the cards some modifier applies to (``modified``), for a loop over many."""
    d = printed(s, iid)
    if touched is not None:
        return ("modified", iid) if iid in touched else id(d)
    if s.lasting and any(m.card == iid for m in s.lasting):
        return ("modified", iid)
    return id(d)


def modified(s: State) -> set[int]:
    """The cards some modifier applies to now."""
    return {m.card for m in s.lasting}


MAX_VIEWS = 4096
_VIEWS: dict[tuple[object, ...], tuple[CardDef, CardDef]] = {}


def view(s: State, iid: int) -> CardDef:
    """The card's definition with its current characteristics: the shared definition
    itself when nothing modifies them (so caches keyed by definitions stay valid; flags are
    not characteristics), else one made from the modifiers (a bounded memo keyed by them
    answers again, never the rules' caches keyed by definitions)."""
    d = printed(s, iid)
    if not s.lasting:
        return d
    for m in s.lasting:  # noqa: SIM110  (a loop, no generator: a hot path of filters)
        if m.card == iid and m.stat != "flag":
            break
    else:
        return d  # nothing, or a flag: a flag changes no characteristic
    mods = tuple(m for m in s.lasting if m.card == iid and m.stat != "flag")
    # the view is a function of the definition, these modifiers and whether the card's own
    # ones stop (_mods); the entry holds the definition, so its id is not reused meanwhile
    own_stop = any(m.source == iid for m in mods) and has_flag(s, iid, "negated")
    key = (id(d), own_stop, mods)
    found = _VIEWS.get(key)
    if found is not None:
        return found[1]
    changes: dict[str, object] = {}
    for k in {m.stat for m in mods}:
        if k in NUMERIC:
            changes[k] = number(s, iid, k)
        elif k in WORDS:
            changes[k] = word(s, iid, k)
            if k == "attribute":
                changes["also_attribute"] = also_attribute(s, iid)
        elif k == "name":
            changes["names"] = names(s, iid)
        else:
            changes["archetypes"] = archetypes(s, iid)
    current = replace(d, **changes)  # type: ignore[arg-type]
    if len(_VIEWS) >= MAX_VIEWS:
        _VIEWS.clear()
    _VIEWS[key] = (d, current)
    return current
