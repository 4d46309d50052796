"""The card model's pydantic twin, for card data from outside: the card files and cdb rows
``deckcheck cards build`` imports are checked here (types, literals, no unknown fields) and
come out as the plain ``deckcheck.cards.model`` classes the rest of deckcheck reads. Its
fields are the model's, in the same order (a test holds them together).
"""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from deckcheck.cards.model import Card, Kind, Stat


class _Checked(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class MaterialGroupModel(_Checked):
    min: int = 1
    max: int | None = 1
    name: str | None = None
    tuner: bool | None = None
    level: int | None = None
    attribute: str | None = None
    race: str | None = None
    traits: tuple[str, ...] = ()


class MaterialsModel(_Checked):
    method: Literal["fusion", "synchro", "xyz", "link"]
    groups: tuple[MaterialGroupModel, ...] = ()
    supported: bool = True


class LegalityChangeModel(_Checked):
    date: date
    status: str
    points: float | None = None


class LegalityModel(_Checked):
    status: str
    points: float | None = None
    history: tuple[LegalityChangeModel, ...] = ()


class CardModel(_Checked):
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
    materials: MaterialsModel | None = None
    spell_property: str | None = None
    rule_names: tuple[str, ...] = ()
    rule_names_also_own: bool = False
    effect_name_changes: tuple[str, ...] = ()
    legality: dict[str, LegalityModel] = {}
    release: dict[str, date] = {}
    archetypes: tuple[str, ...] = ()
    illegal: bool = False
    skill_character: str | None = None
    konami_id: int | None = None
    ygoprodeck_id: int | None = None


def checked_card(values: dict[str, Any] | Card) -> Card:
    """The card these values make once validated (pydantic's coercions: lists to tuples,
    whole numbers to floats where a float is wanted, ISO dates); ValidationError if they
    make none."""
    record = values.record() if isinstance(values, Card) else values
    model = CardModel.model_validate(record)
    return Card.from_record(model.model_dump(mode="json", exclude_defaults=True))
