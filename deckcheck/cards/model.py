"""The card model: facts only (no effect text), frozen, with the deck-construction identity.

Plain classes (``deckcheck.io.record.Fields``): making six pydantic classes cost a one-deck
check about 15 M instructions at import (issue 15). Cards are built from trusted data (the
snapshot's rows, ``from_record``) or by deckcheck's own importers; the pydantic twin that
validates card data from outside is ``deckcheck.cards.schema``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, ClassVar, Literal, Self

from deckcheck.cards.cache import BoundedCache
from deckcheck.io.record import REQUIRED, Fields

Kind = Literal["monster", "spell", "trap", "token", "skill"]
Stat = int | Literal["?"]
EXTRA_DECK_FRAMES = frozenset({"fusion", "synchro", "xyz", "link"})
_set = object.__setattr__


class MaterialGroup(Fields):
    """One run of materials, e.g. "1+ non-Tuner monsters" or '"Dark Magician"'.

    ``max`` None means no upper bound ("1+"). Filters left None do not restrict. Other
    restrictions in ``traits``: "effect", "fusion", "link", "archetype:Sky Striker",
    "token-free"...
    """

    DEFAULTS: ClassVar[dict[str, Any]] = {
        "min": 1,
        "max": 1,
        "name": None,
        "tuner": None,
        "level": None,
        "attribute": None,
        "race": None,
        "traits": (),
    }
    __slots__ = tuple(DEFAULTS)
    min: int
    max: int | None
    name: str | None
    tuner: bool | None
    level: int | None
    attribute: str | None
    race: str | None
    traits: tuple[str, ...]


class Materials(Fields):
    """An Extra Deck monster's printed material requirement, parsed.

    ``supported`` False means the line was not understood; the groups are then empty and
    the engine must not summon the card by procedure.
    """

    DEFAULTS: ClassVar[dict[str, Any]] = {"method": REQUIRED, "groups": (), "supported": True}
    __slots__ = tuple(DEFAULTS)
    method: Literal["fusion", "synchro", "xyz", "link"]
    groups: tuple[MaterialGroup, ...]
    supported: bool


class LegalityChange(Fields):
    DEFAULTS: ClassVar[dict[str, Any]] = {"date": REQUIRED, "status": REQUIRED, "points": None}
    __slots__ = tuple(DEFAULTS)
    date: date
    status: str
    points: float | None


class Legality(Fields):
    DEFAULTS: ClassVar[dict[str, Any]] = {"status": REQUIRED, "points": None, "history": ()}
    __slots__ = tuple(DEFAULTS)
    status: str
    points: float | None
    history: tuple[LegalityChange, ...]


class Card(Fields):
    """A card's facts. ``uid`` identifies cards that have no passcode (tokens, skills).

    ``name_keys`` and ``is_extra_deck_monster`` are worked out from the fields when the
    card is made (the checks read them for every card of every deck).
    """

    DEFAULTS: ClassVar[dict[str, Any]] = {
        "uid": REQUIRED,
        "passcodes": (),
        "name": REQUIRED,
        "names": {},
        "kind": REQUIRED,
        "attribute": None,
        "race": None,
        "frames": (),
        "classifications": (),
        "abilities": (),
        "level": None,
        "rank": None,
        "link_arrows": (),
        "scale": None,
        "atk": None,
        "defense": None,
        "cannot_normal_summon": False,
        "materials": None,
        "spell_property": None,
        "rule_names": (),
        "rule_names_also_own": False,
        "effect_name_changes": (),
        "legality": {},
        "release": {},
        "archetypes": (),
        "illegal": False,
        "skill_character": None,
        "konami_id": None,
        "ygoprodeck_id": None,
    }
    __slots__ = (*DEFAULTS, "name_keys", "is_extra_deck_monster")
    uid: str
    passcodes: tuple[int, ...]
    name: str
    names: dict[str, str]
    kind: Kind
    attribute: str | None
    race: str | None
    frames: tuple[str, ...]
    classifications: tuple[str, ...]
    abilities: tuple[str, ...]
    level: int | None
    rank: int | None
    link_arrows: tuple[str, ...]
    scale: int | None
    atk: Stat | None
    defense: Stat | None
    cannot_normal_summon: bool
    materials: Materials | None
    spell_property: str | None
    rule_names: tuple[str, ...]
    rule_names_also_own: bool
    effect_name_changes: tuple[str, ...]
    legality: dict[str, Legality]
    release: dict[str, date]
    archetypes: tuple[str, ...]
    illegal: bool
    skill_character: str | None
    konami_id: int | None
    ygoprodeck_id: int | None
    # worked out from the fields
    name_keys: tuple[str, ...]
    is_extra_deck_monster: bool

    def _derive(self) -> None:
        # the names this card has for deck construction (rulebook 1.2.1.1): a rule name
        # ("always treated as X") replaces the printed name unless the card also keeps its
        # own ("also always treated as"); names taken by effect are not included
        if not self.rule_names:
            keys: tuple[str, ...] = (self.name,)
        elif self.rule_names_also_own:
            keys = (self.name, *self.rule_names)
        else:
            keys = self.rule_names
        _set(self, "name_keys", keys)
        extra = self.kind == "monster" and not EXTRA_DECK_FRAMES.isdisjoint(self.frames)
        _set(self, "is_extra_deck_monster", extra)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        """The card a snapshot row holds (``record()`` of a card, as JSON, read by
        ``json.loads``): the tuples, dates, floats and nested facts back from JSON's lists,
        strings and numbers (a test compares the result with validation by the pydantic
        twin on every card of the bundled snapshot)."""
        values = dict(record)
        for name in _TUPLE_FIELDS.intersection(values):
            values[name] = tuple(values[name])
        if values.get("materials") is not None:
            values["materials"] = _materials(values["materials"])
        if "legality" in values:
            values["legality"] = {k: _legality(v) for k, v in values["legality"].items()}
        if "release" in values:
            values["release"] = {k: date.fromisoformat(v) for k, v in values["release"].items()}
        return cls.trusted(values)

    @property
    def passcode(self) -> int | None:
        return self.passcodes[0] if self.passcodes else None

    @property
    def is_pendulum(self) -> bool:
        return "pendulum" in self.frames or "pendulum" in self.classifications

    @property
    def is_link(self) -> bool:
        return "link" in self.frames

    @property
    def link_rating(self) -> int | None:
        return len(self.link_arrows) if self.is_link else None

    @property
    def is_tuner(self) -> bool:
        return "tuner" in self.classifications

    @property
    def is_effect(self) -> bool:
        """An Effect Monster. The data marks every Normal Monster but leaves "effect" off
        some others (many Tuners, Gemini and Spirit monsters): a Main Deck monster that is
        neither Normal nor Ritual has an effect. Rituals and Extra Deck monsters without
        the mark are taken as printed (there are non-effect ones of each)."""
        if "effect" in self.classifications:
            return True
        return (
            self.kind == "monster"
            and "normal" not in self.classifications
            and "ritual" not in self.frames
            and not self.is_extra_deck_monster
        )

    @property
    def type_line(self) -> str:
        """A short human description: "Effect Monster (Level 4)", "Quick-Play Spell"..."""
        if self.kind in ("spell", "trap"):
            prop = (self.spell_property or "normal").replace("quickplay", "quick-play")
            return f"{prop.title()} {self.kind.title()}"
        if self.kind != "monster":
            return self.kind.title()
        parts = [f.title() for f in self.frames if f != "pendulum"]
        if self.is_pendulum:
            parts.append("Pendulum")
        if not parts:
            parts.append("Effect" if self.is_effect else "Normal")
        if self.is_link:
            return f"{' '.join(parts)} Monster (Link {self.link_rating})"
        if self.rank is not None:
            return f"{' '.join(parts)} Monster (Rank {self.rank})"
        return f"{' '.join(parts)} Monster (Level {self.level})"


_TUPLE_FIELDS = frozenset(name for name, value in Card.DEFAULTS.items() if value == ())


def _materials(record: dict[str, Any]) -> Materials:
    values = dict(record)
    if "groups" in values:
        values["groups"] = tuple(_group(group) for group in values["groups"])
    return Materials(**values)


def _group(record: dict[str, Any]) -> MaterialGroup:
    values = dict(record)
    if "traits" in values:
        values["traits"] = tuple(values["traits"])
    return MaterialGroup(**values)


# a legality without history, by status and points: most cards share a few (they are
# immutable); a bound all the same, as the points are data
_PLAIN_LEGALITY: BoundedCache[tuple[Any, Any], Legality] = BoundedCache(256)


def _legality(record: dict[str, Any]) -> Legality:
    if "history" in record:
        return _legality_of(record)
    key = (record.get("status"), record.get("points"))
    found = _PLAIN_LEGALITY.get(key)
    if found is None:
        found = _PLAIN_LEGALITY[key] = _legality_of(record)
    return found


def _legality_of(record: dict[str, Any]) -> Legality:
    values = dict(record)
    if values.get("points") is not None:
        values["points"] = float(values["points"])
    if "history" in values:
        values["history"] = tuple(_change(change) for change in values["history"])
    return Legality.trusted(values)


def _change(record: dict[str, Any]) -> LegalityChange:
    values = {**record, "date": date.fromisoformat(record["date"])}
    if values.get("points") is not None:
        values["points"] = float(values["points"])
    return LegalityChange(**values)
