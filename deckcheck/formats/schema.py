"""The format model's pydantic twin: a formats file from outside (a person's YAML, the
bundled one when ``deckcheck banlist index`` writes its copy) is validated here, and the
service's answers take their schema from it. Its classes keep the model's names (the
service's OpenAPI names them) and fields (a test holds the two together).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict

from deckcheck.formats import model
from deckcheck.io.trusted import construct


class SizeRange(BaseModel):
    # built at import, not deferred: its instances are Format's defaults, and a JSON schema
    # (the service's OpenAPI) serialises defaults with the default's own serializer
    min: int = 0
    max: int


class Format(BaseModel):
    model_config = ConfigDict(defer_build=True)

    id: str
    name: str
    description: str = ""
    main: SizeRange = construct(SizeRange, {"min": 40, "max": 60})
    extra: SizeRange = construct(SizeRange, {"min": 0, "max": 15})
    side: SizeRange = construct(SizeRange, {"min": 0, "max": 15})
    copy_limit: int = 3
    banlist: str | None = None
    banlist_name: str | None = None
    region: str | None = None
    pool_until: date | None = None
    pool_exclude_release_dates: list[date] = []
    legal_from: date | None = None
    banlist_fallback: str | None = None
    forbidden_kinds: list[str] = []
    whitelist: bool = False
    points_cap: float | None = None
    points_source: str | None = None
    skill_cards: int = 0
    forbidden_to_limited: bool = False
    strict_printings: bool = False
    sources: list[str] = []


def checked_format(format_id: str, body: dict[str, Any]) -> model.Format:
    """The format this formats-file entry makes once validated (keys that are no field
    ignored); ValidationError if it makes none."""
    checked = Format(id=format_id, **body)
    return model.Format.from_record(format_id, checked.model_dump(mode="json"))
