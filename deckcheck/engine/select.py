"""Cards in a duel chosen with the shared filter language (cards/filters.py): card terms
read the card's current characteristics (query.view), and the state terms where it is now:
``location`` (deck, hand, monster, spell, graveyard, banished, extra, overlay; spell_trap:
a Spell or Trap Card on the field, Trap Monsters included),
``face_up`` (True/False), ``position`` (attack, defense, set) and ``controller`` (``you``
or ``opponent``, seen from the player choosing). Materials, targets, costs and conditions
all select this way."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from deckcheck.cards.filters import STATE_FIELDS, Filter, parse_filters
from deckcheck.engine.query import NUMERIC, WORDS, printed, view
from deckcheck.engine.state import EXTRA, MZONE, SZONE, Inst, State
from deckcheck.engine.zones import co_linked, linked

if TYPE_CHECKING:
    from deckcheck.engine.carddefs.compile import CardDef


def matches(s: State, iid: int, flt: Filter, player: int) -> bool:
    """Whether card ``iid`` matches ``flt`` now, for ``player`` choosing."""
    return _matches(s, iid, flt, player, None, None)


def matching(s: State, ids: Iterable[int], flt: Filter, player: int) -> list[int]:
    """The cards of ``ids`` that match ``flt`` now, in their order: ``matches`` for each,
    with the filter's kept answers and the cards modifiers change looked up once."""
    memo = _answers(flt)
    stats = _stats(flt)
    modded = {m.card for m in s.lasting if m.stat in stats} if s.lasting else set()
    return [i for i in ids if _matches(s, i, flt, player, memo, modded)]


def _matches(
    s: State,
    iid: int,
    flt: Filter,
    player: int,
    memo: dict[int, tuple[CardDef, bool]] | None,
    modded: set[int] | None,
) -> bool:
    c = s.cards[iid]
    card_terms = False
    for t in flt.terms:  # where the card is first: it is cheap and usually decides
        if t.field in STATE_FIELDS:
            if t.field == "location":
                ok = c.loc in t.values or ("spell_trap" in t.values and spell_trap(c))
            elif t.field == "face_up":
                ok = c.face_up in t.values
            elif t.field == "position":
                pos = "set" if not c.face_up else "defense" if c.in_def else "attack"
                ok = pos in t.values
            elif t.field == "battling":
                b = s.battle
                ok = (b is not None and iid in (b.attacker, b.target)) in t.values
            elif t.field == "zone":  # a Main or an Extra Monster Zone
                ok = c.loc == MZONE and ("extra" if c.seq >= 5 else "main") in t.values
            elif t.field == "co_linked":
                ok = co_linked(s, iid) in t.values
            elif t.field == "linked":
                ok = linked(s, iid) in t.values
            elif t.field == "from_extra":  # a monster Special Summoned from the Extra Deck
                ok = (c.loc == MZONE and c.prev == EXTRA) in t.values
            elif t.field == "summoned":  # how it came to the field last (Inst.summon)
                ok = summoned_as(c.summon) in t.values
            elif t.field == "summonable":  # a monster that can be Normal Summoned or Set
                ok = (c.d.kind == "monster" and c.d.summonable) in t.values
            elif t.field == "special_summoned":  # on the field by a Special Summon
                ok = (c.loc == MZONE and c.summon not in NOT_SPECIAL) in t.values
            else:
                ok = ("you" if c.ctrl == player else "opponent") in t.values
            if ok == t.negate:
                return False
        else:
            card_terms = True
    if not card_terms:
        return True
    hidden = not c.face_up and c.loc in (MZONE, SZONE)
    # the current characteristics, only once the place fits (with no modifier other than
    # flags on the card, view() would return them as printed)
    d = view(s, iid) if modded is None or iid in modded else printed(s, iid)
    if hidden:
        for t in flt.terms:
            if t.field in STATE_FIELDS:
                continue
            if not (t.field == "kind" and c.loc == MZONE):
                return False  # a Set card shows nothing but that it is there (RC-COST-006)
            if not t.matches(d):
                return False
        return True
    if d.unknown and c.loc != MZONE and _reads(flt, d.unknown):
        return False  # '?' off the field is undetermined: no ATK/DEF range finds it (3.1.4.5.1)
    # the card terms read the characteristics alone: one answer per filter and definition
    # (the entry holds the definition, so its id is not reused while it is kept)
    if memo is None:
        memo = _answers(flt)
    found = memo.get(id(d))
    if found is None:
        if len(memo) >= MAX_ANSWERS:
            memo.clear()
        ok = all(t.matches(d) for t in flt.terms if t.field not in STATE_FIELDS)
        found = memo[id(d)] = (d, ok)
    return found[1]


def _reads(flt: Filter, stats: frozenset[str]) -> bool:
    """Whether the filter has an ATK or DEF range term on one of ``stats``."""
    return any(t.field[:3] in stats and t.field[3:] in ("<=", ">=") for t in flt.terms)


# the modifier stats (query.Lasting) each card term reads: a card whose modifiers change
# none of those a filter reads matches as printed (``kind`` and ``frame``: non-link reads
# the Link Rating); a term not named here reads them all
TERM_STATS: dict[str, tuple[str, ...]] = {
    "kind": ("link",), "frame": ("link",), "attribute": ("attribute",), "race": ("race",),
    "level": ("level", "rank", "link"), "level<=": ("level",), "level>=": ("level",),
    "atk<=": ("atk",), "atk>=": ("atk",), "def<=": ("defense",), "def>=": ("defense",),
    "rank": ("rank",), "link": ("link",), "archetype": ("archetype",), "name": ("name",),
    "property": (), "material": (),
}  # fmt: skip
EVERY_STAT = (*NUMERIC, *WORDS, "name", "archetype")
_STATS: dict[Filter, frozenset[str]] = {}


def _stats(flt: Filter) -> frozenset[str]:
    """The modifier stats the filter's card terms read (kept per filter, bounded)."""
    found = _STATS.get(flt)
    if found is None:
        if len(_STATS) >= MAX_FILTERS:
            _STATS.clear()
        found = _STATS[flt] = frozenset(
            stat
            for t in flt.terms
            if t.field not in STATE_FIELDS
            for stat in TERM_STATS.get(t.field, EVERY_STAT)
        )
    return found


MAX_FILTERS = 2048
MAX_ANSWERS = 1024  # per filter
_CARD_TERMS: dict[Filter, dict[int, tuple[CardDef, bool]]] = {}


def _answers(flt: Filter) -> dict[int, tuple[CardDef, bool]]:
    """The kept answers of a filter's card terms, by definition id."""
    memo = _CARD_TERMS.get(flt)
    if memo is None:
        if len(_CARD_TERMS) >= MAX_FILTERS:
            _CARD_TERMS.clear()
        memo = _CARD_TERMS[flt] = {}
    return memo


# how a monster came to the field other than by a Special Summon (Inst.summon)
NOT_SPECIAL = frozenset(("", "normal", "tribute", "set", "tribute_set", "flip", "negated"))

SUMMONED_AS = {"normal": "normal", "tribute": "normal", "set": "set", "tribute_set": "set"}


def summoned_as(how: str) -> str:
    """The filter word for how a card came to the field (``Inst.summon``): ``normal``
    (Normal or Tribute Summoned), ``set`` (Normal Set), ``special`` (any Special Summon);
    empty when not known or never summoned."""
    if how in ("", "negated"):
        return ""
    return SUMMONED_AS.get(how, "special")


def spell_trap(c: Inst) -> bool:
    """A Spell or Trap Card on the field (location ``spell_trap``): a card in a Spell & Trap
    Zone, or a Trap Monster that is also still a Trap (seed 000, 4.3.3.11)."""
    return c.loc == SZONE or (c.loc == MZONE and c.trap_zone >= 0)


def matches_any(s: State, iid: int, flts: tuple[Filter, ...], player: int) -> bool:
    """Whether card ``iid`` matches one of these filters (``cards.filters.parse_filters``)."""
    return any(matches(s, iid, f, player) for f in flts)


def only_names(s: State, f: dict[str, Any], iid: int, player: int) -> bool:
    """Whether a player flag's ``only`` filter (``apply``) names card ``iid``: every card
    when it has none."""
    return f.get("only") is None or matches_any(s, iid, parse_filters(f["only"]), player)


def select(s: State, flt: Filter, player: int) -> list[int]:
    """Every card of the duel that matches, by id."""
    return [i for i in range(len(s.cards)) if matches(s, i, flt, player)]
