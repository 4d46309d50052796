"""The card model: facts only (no effect text), frozen, with the deck-construction identity."""

from collections.abc import Mapping
from datetime import date
from functools import cached_property
from typing import Any, Literal, Self, get_origin

from pydantic import BaseModel, ConfigDict

from deckcheck.io.trusted import construct

Kind = Literal["monster", "spell", "trap", "token", "skill"]
Stat = int | Literal["?"]
EXTRA_DECK_FRAMES = frozenset({"fusion", "synchro", "xyz", "link"})


class Frozen(BaseModel):
    # the schema is built on first validation: a check reads cards with ``from_record``
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class MaterialGroup(Frozen):
    """One run of materials, e.g. "1+ non-Tuner monsters" or '"Dark Magician"'.

    ``max`` None means no upper bound ("1+"). Filters left None do not restrict.
    """

    min: int = 1
    max: int | None = 1
    name: str | None = None
    tuner: bool | None = None
    level: int | None = None
    attribute: str | None = None
    race: str | None = None
    # other restrictions: "effect", "fusion", "link", "archetype:Sky Striker", "token-free"...
    traits: tuple[str, ...] = ()


class Materials(Frozen):
    """An Extra Deck monster's printed material requirement, parsed.

    ``supported`` False means the line was not understood; the groups are then empty and
    the engine must not summon the card by procedure.
    """

    method: Literal["fusion", "synchro", "xyz", "link"]
    groups: tuple[MaterialGroup, ...] = ()
    supported: bool = True


class LegalityChange(Frozen):
    date: date
    status: str
    points: float | None = None


class Legality(Frozen):
    status: str
    points: float | None = None
    history: tuple[LegalityChange, ...] = ()


class Card(Frozen):
    """A card's facts. ``uid`` identifies cards that have no passcode (tokens, skills)."""

    uid: str
    passcodes: tuple[int, ...] = ()
    name: str
    names: dict[str, str] = {}
    kind: Kind
    attribute: str | None = None
    race: str | None = None
    frames: tuple[str, ...] = ()
    classifications: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    level: int | None = None
    rank: int | None = None
    link_arrows: tuple[str, ...] = ()
    scale: int | None = None
    atk: Stat | None = None
    defense: Stat | None = None
    cannot_normal_summon: bool = False
    materials: Materials | None = None
    spell_property: str | None = None
    rule_names: tuple[str, ...] = ()
    rule_names_also_own: bool = False
    effect_name_changes: tuple[str, ...] = ()
    legality: dict[str, Legality] = {}
    release: dict[str, date] = {}
    archetypes: tuple[str, ...] = ()
    illegal: bool = False
    skill_character: str | None = None
    konami_id: int | None = None
    ygoprodeck_id: int | None = None

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Self:
        """The card a snapshot row holds (``model_dump_json`` of a validated Card, read by
        ``json.loads``), built without validation: the tuples, dates, floats and nested
        models validation would give, from data that was valid when written (a test
        compares the two on every card of the bundled snapshot)."""
        values = dict(record)
        for name in _TUPLE_FIELDS.intersection(values):
            values[name] = tuple(values[name])
        if values.get("materials") is not None:
            values["materials"] = _materials(values["materials"])
        if "legality" in values:
            values["legality"] = {k: _legality(v) for k, v in values["legality"].items()}
        if "release" in values:
            values["release"] = {k: date.fromisoformat(v) for k, v in values["release"].items()}
        return construct(cls, values)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied. The values cached from fields (name keys, Extra
        Deck or not) are dropped from the copy: pydantic would carry them over stale."""
        copied = super().model_copy(update=update, deep=deep)
        for name in ("name_keys", "is_extra_deck_monster"):
            copied.__dict__.pop(name, None)
        return copied

    @property
    def passcode(self) -> int | None:
        return self.passcodes[0] if self.passcodes else None

    @cached_property
    def name_keys(self) -> tuple[str, ...]:
        """The names this card has for deck construction (rulebook 1.2.1.1).

        A rule name ("always treated as X") replaces the printed name unless the card also
        keeps its own ("also always treated as"). Names taken by effect are not included.
        """
        if not self.rule_names:
            return (self.name,)
        if self.rule_names_also_own:
            return (self.name, *self.rule_names)
        return self.rule_names

    @cached_property
    def is_extra_deck_monster(self) -> bool:
        return self.kind == "monster" and not EXTRA_DECK_FRAMES.isdisjoint(self.frames)

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


_TUPLE_FIELDS = frozenset(
    name for name, field in Card.model_fields.items() if get_origin(field.annotation) is tuple
)


def _materials(record: dict[str, Any]) -> Materials:
    values = dict(record)
    if "groups" in values:
        values["groups"] = tuple(_group(group) for group in values["groups"])
    return construct(Materials, values)


def _group(record: dict[str, Any]) -> MaterialGroup:
    values = dict(record)
    if "traits" in values:
        values["traits"] = tuple(values["traits"])
    return construct(MaterialGroup, values)


def _legality(record: dict[str, Any]) -> Legality:
    values = dict(record)
    if values.get("points") is not None:
        values["points"] = float(values["points"])
    if "history" in values:
        values["history"] = tuple(_change(change) for change in values["history"])
    return construct(Legality, values)


def _change(record: dict[str, Any]) -> LegalityChange:
    values = {**record, "date": date.fromisoformat(record["date"])}
    if values.get("points") is not None:
        values["points"] = float(values["points"])
    return construct(LegalityChange, values)
