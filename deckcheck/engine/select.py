"""Cards in a duel chosen with the shared filter language (cards/filters.py): card terms
read the card's current characteristics (query.view), and the state terms where it is now:
``location`` (deck, hand, monster, spell, graveyard, banished, extra, overlay; spell_trap:
a Spell or Trap Card on the field, Trap Monsters included),
``face_up`` (True/False), ``position`` (attack, defense, set) and ``controller`` (``you``
or ``opponent``, seen from the player choosing). Materials, targets, costs and conditions
all select this way."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcheck.cards.filters import STATE_FIELDS, Filter, Term, parse_filters
from deckcheck.engine.query import NUMERIC, WORDS, printed, view
from deckcheck.engine.state import EXTRA, MZONE, SZONE, Inst, State
from deckcheck.engine.zones import co_linked, linked, pointed_to

if TYPE_CHECKING:
    from deckcheck.engine.carddefs.compile import CardDef


def matches(s: State, iid: int, flt: Filter, player: int) -> bool:
    """Whether card ``iid`` matches ``flt`` now, for ``player`` choosing."""
    return _matches(s, iid, flt, player, None, None, False)


def matching(
    s: State,
    ids: Iterable[int],
    flt: Filter,
    player: int,
    defs: tuple[CardDef, ...] | None = None,
    seen: bool = False,
) -> list[int]:
    """The cards of ``ids`` that match ``flt`` now, in their order: ``matches`` for each,
    with the filter's kept answers and the cards modifiers change looked up once. With the
    template's ``defs`` (the definitions by card id), only the cards that may pass the
    filter's card terms (``able``) are looked at. ``seen``: a face-down card on the field
    shows what it is (the effect looked at it; Crush Card Virus)."""
    kept = _kept(flt)
    memo = kept.answers
    # the cards a modifier of a characteristic the filter reads changes (others read as
    # printed: only those stats differ in their view); none are read without card terms
    if s.lasting and kept.terms:
        stats = kept.stats
        modded = {m.card for m in s.lasting if m.stat in stats}
    else:
        modded = set()
    fit = able(kept, defs) if defs is not None else None
    if fit is not None and defs is not None:
        n = len(defs)
        ids = [i for i in ids if i in fit or i >= n or i in modded]
    return [i for i in ids if _matches(s, i, flt, player, memo, modded, seen)]


FEW = 8  # up to this many cards are read one by one rather than by their places


def few(s: State, flt: Filter, defs: tuple[CardDef, ...]) -> list[int] | None:
    """The cards that may pass the filter's card terms now, in id order, when they are at
    most FEW (None: more, or the filter has no card terms): those of ``able``, those a
    modifier of a characteristic it reads changes, and the Tokens. Reading them where they
    are is then cheaper than reading their places (a search of the Deck)."""
    kept = _kept(flt)
    fit = able(kept, defs)
    if fit is None or len(fit) > FEW:
        return None
    out = set(fit)
    if s.lasting:
        stats = kept.stats
        out.update(m.card for m in s.lasting if m.stat in stats)
    out.update(range(len(defs), len(s.cards)))
    return sorted(out) if len(out) <= FEW else None


def _matches(
    s: State,
    iid: int,
    flt: Filter,
    player: int,
    memo: dict[int, tuple[CardDef, bool]] | None,
    modded: set[int] | None,
    seen: bool,
) -> bool:
    c = s.cards[iid]
    card_terms = False
    for t in flt.terms:  # where the card is first: it is cheap and usually decides
        if t.field in STATE_FIELDS:
            if t.field == "location":
                ok = c.loc in t.values or ("spell_trap" in t.values and spell_trap(c))
            elif t.field == "controller":  # second: most filters have it
                ok = ("you" if c.ctrl == player else "opponent") in t.values
            elif t.field == "face_up":
                ok = c.face_up in t.values
            elif t.field == "position":
                pos = "set" if not c.face_up else "defense" if c.in_def else "attack"
                ok = pos in t.values
            elif t.field == "battling":
                b = s.battle
                ok = (b is not None and iid in (b.attacker, b.target)) in t.values
            elif t.field == "attacking":  # the attacker of the current battle
                b = s.battle
                ok = (b is not None and iid == b.attacker) in t.values
            elif t.field == "zone":  # a Main or an Extra Monster Zone
                ok = c.loc == MZONE and ("extra" if c.seq >= 5 else "main") in t.values
            elif t.field == "co_linked":
                ok = co_linked(s, iid) in t.values
            elif t.field == "linked":
                ok = linked(s, iid) in t.values
            elif t.field == "pointed_to":  # a Link monster points to its zone
                ok = pointed_to(s, iid) in t.values
            elif t.field == "has_materials":  # an Xyz Material attached to it
                ok = bool(c.overlay) in t.values
            elif t.field == "from_extra":  # a monster Special Summoned from the Extra Deck
                ok = (c.loc == MZONE and c.prev == EXTRA) in t.values
            elif t.field == "summoned":  # how it came to the field last (Inst.summon)
                ok = summoned_as(c.summon) in t.values
            elif t.field == "summonable":  # a monster that can be Normal Summoned or Set
                ok = (c.d.kind == "monster" and c.d.summonable) in t.values
            else:  # special_summoned: on the field by a Special Summon
                ok = (c.loc == MZONE and c.summon not in NOT_SPECIAL) in t.values
            if ok == t.negate:
                return False
        else:
            card_terms = True
    if not card_terms:
        return True
    hidden = not c.face_up and c.loc in (MZONE, SZONE) and not seen
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
        memo = _kept(flt).answers
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


# the characteristics (query.Lasting stats) each card term reads (filters._field): "non-link"
# reads the Link Rating, a Level the Rank and Link Rating too; a term not named reads all
TERM_STATS: dict[str, tuple[str, ...]] = {
    "kind": ("link",), "frame": ("link",), "attribute": ("attribute",), "race": ("race",),
    "level": ("level", "rank", "link"), "level<=": ("level",), "level>=": ("level",),
    "atk<=": ("atk",), "atk>=": ("atk",), "def<=": ("defense",), "def>=": ("defense",),
    "rank": ("rank",), "link": ("link",), "archetype": ("archetype",), "name": ("name",),
    "property": (), "material": (),
}  # fmt: skip
ALL_STATS = frozenset((*NUMERIC, *WORDS, "name", "archetype"))


@dataclass(slots=True)
class Kept:
    """What is kept of one filter (one lookup by the filter a call): the characteristics its
    card terms read, their answers by definition id (the entry holds the definition, so its
    id is not reused while it is kept), and ``able`` by the id of a template's ``defs``."""

    terms: tuple[Term, ...]  # the card terms
    stats: frozenset[str]
    answers: dict[int, tuple[CardDef, bool]]
    able: dict[int, tuple[tuple[CardDef, ...], frozenset[int] | None]]


MAX_FILTERS = 2048
MAX_ANSWERS = 1024  # per filter
MAX_TEMPLATES = 16  # per filter
_KEPT: dict[Filter, Kept] = {}


def _kept(flt: Filter) -> Kept:
    found = _KEPT.get(flt)
    if found is None:
        terms = tuple(t for t in flt.terms if t.field not in STATE_FIELDS)
        stats = frozenset(s for t in terms for s in TERM_STATS.get(t.field, ALL_STATS))
        if len(_KEPT) >= MAX_FILTERS:
            _KEPT.clear()
        found = _KEPT[flt] = Kept(terms, stats, {}, {})
    return found


def stats_read(flt: Filter) -> frozenset[str]:
    """The characteristics (query.Lasting stats) the filter's card terms read."""
    return _kept(flt).stats


def able(kept: Kept, defs: tuple[CardDef, ...]) -> frozenset[int] | None:
    """The ids (a template's ``defs``: the definitions by card id) whose printed definition,
    or its Trap Monster form (query.printed), passes the filter's card terms; None when it
    has none. Any other card matches only while a modifier changes a characteristic those
    terms read (query.view, ``Kept.stats``), or if it is not in ``defs`` (a Token): a hidden
    card must pass the card terms too. Kept per ``defs`` (the entry holds them, so their id
    is not reused while it is kept)."""
    found = kept.able.get(id(defs))
    if found is None:
        terms = kept.terms
        ids = None
        if terms:
            ids = frozenset(
                i
                for i, d in enumerate(defs)
                if all(t.matches(d) for t in terms)
                or (d.as_monster is not None and all(t.matches(d.as_monster) for t in terms))
            )
        if len(kept.able) >= MAX_TEMPLATES:
            kept.able.clear()
        found = kept.able[id(defs)] = (defs, ids)
    return found[1]


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
