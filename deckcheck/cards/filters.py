"""One card-filter language, shared by the engine's material groups, the hand-statistics
categories and the card pool rules: the same word means the same cards everywhere.

A filter is a conjunction of terms; a term names a field, the values it may take (any of
them) and whether it is negated::

    Filter((Term("frame", {"effect"}), Term("level", {1})))      # Level 1 Effect Monsters
    Filter((Term("archetype", {"sky striker"}), Term("kind", {"monster"})))

Terms read ``Traits``, the facts a filter needs, with the attribute names of the engine's
``CardDef``; ``traits(card)`` gives them for a card of the card data, and the engine passes
its definitions (or the views with current characteristics, engine/query.py) directly.

Words of the ``frame`` field (``is_a``), defined once:

- ``effect``: an Effect Monster, whatever its frame (rulebook: Ritual, Fusion, Synchro,
  Xyz, Link and Pendulum monsters with effects are Effect Monsters too); ``non-effect``
  the other monsters; ``normal`` a Normal Monster;
- ``ritual``, ``fusion``, ``synchro``, ``xyz``, ``link``, ``pendulum``: the card type;
  ``non-link``, ``non-token``; ``tuner``, ``gemini``;
- a kind (``monster``, ``spell``, ``trap``, ``token``, ``skill``) is a word as well, and
  so is any ability the data lists (``spirit``, ``flip``, ``union``, ``toon``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from deckcheck.cards.model import Card

KINDS = ("monster", "spell", "trap", "token", "skill")
TYPE_FRAMES = ("ritual", "fusion", "synchro", "xyz", "link")
FRAME_WORDS = (
    *("normal", "effect", "non-effect", *TYPE_FRAMES, "pendulum"),
    *("non-link", "non-token", "tuner", "gemini"),
)
FIELDS = ("kind", "frame", "attribute", "race", "level", "rank", "link", "archetype", "name")
FIELDS += ("property", "level<=", "level>=", "atk<=", "atk>=", "def<=", "def>=")
FIELDS += ("material",)  # an Extra Deck monster that names this card among its materials
# where a card is in a duel: read from the duel's state (engine/select.py), not from traits
STATE_FIELDS = ("location", "face_up", "controller", "position", "battling", "zone")
STATE_FIELDS += ("co_linked", "from_extra", "summonable", "special_summoned", "summoned")
STATE_FIELDS += ("linked", "attacking", "pointed_to", "has_materials")


class HasTraits(Protocol):
    kind: str
    frames: tuple[str, ...]
    abilities: tuple[str, ...]
    attribute: str | None
    race: str | None
    level: int
    rank: int
    link: int
    archetypes: tuple[str, ...]
    names: frozenset[str]
    spell_property: str | None
    effect: bool
    normal: bool
    pendulum: bool
    tuner: bool
    atk: int
    defense: int


class Traits(NamedTuple):
    """What filters read about a card (0 for a Level, Rank or Link Rating it lacks)."""

    kind: str
    frames: tuple[str, ...]
    abilities: tuple[str, ...]
    attribute: str | None
    race: str | None
    level: int
    rank: int
    link: int
    archetypes: tuple[str, ...]
    names: frozenset[str]
    spell_property: str | None
    effect: bool
    normal: bool
    pendulum: bool
    tuner: bool
    atk: int  # '?' counts as 0
    defense: int


def traits(card: Card) -> Traits:
    monster = card.kind == "monster"
    # a Token has its printed Level too (Adventurer Token, 4), as the engine plays it
    has_level = card.kind in ("monster", "token") and card.rank is None and not card.is_link
    return Traits(
        kind=card.kind,
        frames=card.frames,
        abilities=card.abilities,
        attribute=card.attribute,
        race=card.race,
        level=(card.level or 0) if has_level else 0,
        rank=card.rank or 0,
        link=card.link_rating or 0,
        archetypes=card.archetypes,
        names=frozenset({card.name, *card.name_keys}),
        spell_property=card.spell_property,
        effect=monster and card.is_effect,
        normal=monster and "normal" in card.classifications,
        pendulum=card.is_pendulum,
        tuner=card.is_tuner,
        atk=card.atk if isinstance(card.atk, int) else 0,
        defense=card.defense if isinstance(card.defense, int) and not card.is_link else 0,
    )


@lru_cache(maxsize=1024)  # a few hundred words; asked per card and term in the duel engine
def fold(text: str) -> str:
    """Vocabulary spelling: "Winged Beast", "winged-beast" and "WingedBeast" agree."""
    return re.sub(r"[\s_\-]+", "", text).lower()


def is_a(t: HasTraits, word: str) -> bool:
    """Whether the card is what a kind or frame word says (the words above)."""
    if word in KINDS:  # a Trap Monster that is also still a Trap has the frame word trap
        return t.kind == word or (word == "trap" and "trap" in t.frames)
    if word == "non-token":
        return t.kind != "token"
    if t.kind != "monster":
        return False
    if word == "effect":
        return t.effect
    if word == "non-effect":
        return not t.effect
    if word == "normal":
        return t.normal
    if word == "pendulum":
        return t.pendulum  # Pendulum Fusion/Synchro/Xyz included
    if word == "non-link":
        return t.link == 0 and "link" not in t.frames
    if word == "tuner":
        return t.tuner
    if word == "gemini":
        return "gemini" in t.abilities
    return word in t.frames or word in t.abilities  # a card type or an ability: spirit, flip


class Term(NamedTuple):
    field: str  # one of FIELDS
    values: frozenset[Any]
    negate: bool = False

    def matches(self, t: HasTraits) -> bool:
        return _field(t, self.field, self.values) != self.negate

    def text(self) -> str:
        shown = "|".join(str(v) for v in sorted(self.values, key=str))
        return f"{self.field}{'!=' if self.negate else '='}{shown}"


def _field(t: HasTraits, field: str, values: frozenset[Any]) -> bool:
    if field == "frame" or field == "kind":
        for w in values:  # noqa: SIM110  (no generator: a hot path of materials)
            if is_a(t, w):
                return True
        return False
    if field == "attribute":
        if t.attribute is not None and fold(t.attribute) in values:
            return True
        more = getattr(t, "also_attribute", None)  # "also DARK" (the engine's definitions)
        return more is not None and fold(more) in values
    if field == "race":
        return t.race is not None and fold(t.race) in values
    if field == "level":
        return t.kind == "monster" and t.rank == 0 and t.link == 0 and t.level in values
    if field == "level<=":
        return t.level > 0 and t.level <= min(values)
    if field == "level>=":
        return t.level >= max(values)
    if field in ("atk<=", "atk>=", "def<=", "def>="):
        if t.kind != "monster":
            return False
        value = t.atk if field[0] == "a" else t.defense
        return value <= min(values) if field[-2] == "<" else value >= max(values)
    if field == "rank":
        return t.rank in values
    if field == "link":
        return t.link in values
    if field == "archetype":
        return any(a.casefold() in values for a in t.archetypes)
    if field == "name":
        return not t.names.isdisjoint(values)
    if field == "property":
        return t.spell_property is not None and fold(t.spell_property) in values
    if field == "material":  # the engine's definitions know their material names
        return not values.isdisjoint(getattr(t, "material_names", ()))
    raise ValueError(f"{field!r} is not a field of a card's traits")


def term(field: str, *values: Any, negate: bool = False) -> Term:
    """A term with its values spelled as the filter compares them (folded words,
    casefolded archetypes, names as written, numbers as numbers)."""
    if field not in FIELDS and field not in STATE_FIELDS:
        raise ValueError(f"unknown filter field {field!r}")
    if field in ("attribute", "race", "property"):
        values = tuple(fold(v) for v in values)
    elif field == "archetype":
        values = tuple(v.strip().casefold() for v in values)
    return Term(field, frozenset(values), negate)


class Filter(NamedTuple):
    """Cards that match every term."""

    terms: tuple[Term, ...]

    def matches(self, t: HasTraits) -> bool:
        for x in self.terms:  # noqa: SIM110  (a loop, no generator: a hot path of materials)
            if _field(t, x.field, x.values) == x.negate:
                return False
        return True

    def text(self) -> str:
        return ", ".join(x.text() for x in self.terms)


def parse_filters(spec: dict[str, Any] | list[dict[str, Any]]) -> tuple[Filter, ...]:
    """One filter, or a list of filters of which any may match ("except Level 5 or higher
    WIND monsters": not from the Extra Deck, or WIND and Level 5 or more)."""
    return tuple(parse_filter(x) for x in ([spec] if isinstance(spec, dict) else spec))


def parse_filter(spec: dict[str, Any]) -> Filter:
    """A filter written as a mapping, as card files and scenario files write it:
    ``{kind: monster, location: monster, controller: opponent, "atk>=": 1500}``; a list is
    any of its values; ``not_<field>`` negates; ``location: field`` is the Monster and
    Spell & Trap Zones; ``face_up``: true/false; ``position``: attack, defense or set;
    ``battling``: true/false, the card is the attacker or the attack target now."""
    terms = []
    for key, raw in spec.items():
        negate = key.startswith("not_")
        name = key[4:] if negate else key
        values = list(raw) if isinstance(raw, list) else [raw]
        if name == "location" and "field" in values:
            values = [v for v in values if v != "field"] + ["monster", "spell"]
        terms.append(term(name, *values, negate=negate))
    return Filter(tuple(terms))
