"""A format: deck sizes, copy limit, banlist series, card pool and special rules, as data."""

from datetime import date
from typing import Any, Self

from pydantic import BaseModel, ConfigDict

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
    # which banlist series applies; None: no Forbidden/Limited list
    banlist: str | None = None
    # pin the list by name instead of "the one in force on the date" (e.g. goat)
    banlist_name: str | None = None
    # card pool: release region and optional fixed cut-off date
    region: str | None = None
    pool_until: date | None = None
    # cards first released on these days are outside the pool (a whole set, e.g. goat)
    pool_exclude_release_dates: list[date] = []
    legal_from: date | None = None
    # series used (with forbidden_to_limited) on dates before the format's own first list
    banlist_fallback: str | None = None
    forbidden_kinds: list[str] = []
    whitelist: bool = False
    points_cap: float | None = None
    points_source: str | None = None
    skill_cards: int = 0
    forbidden_to_limited: bool = False
    # side-deck swaps: must a sided card be the same printing (passcode), or any printing
    # of the same card? Official events: any printing; YGOPro compares passcodes.
    strict_printings: bool = False
    sources: list[str] = []

    @classmethod
    def from_record(cls, format_id: str, record: dict[str, Any]) -> Self:
        """A bundled format from the generated index (formats.yaml as data, validated when
        ``deckcheck banlist index`` wrote it): what validation makes of it, without the
        schema (a test compares the two on every bundled format)."""
        # keys that are no field are ignored, as validation ignores them
        values = {"id": format_id, **{k: v for k, v in record.items() if k in cls.model_fields}}
        for name in ("main", "extra", "side"):
            if name in values:
                values[name] = construct(SizeRange, values[name])
        for name in ("pool_until", "legal_from"):
            if values.get(name) is not None:
                values[name] = date.fromisoformat(values[name])
        if "pool_exclude_release_dates" in values:
            values["pool_exclude_release_dates"] = [
                date.fromisoformat(day) for day in values["pool_exclude_release_dates"]
            ]
        if values.get("points_cap") is not None:
            values["points_cap"] = float(values["points_cap"])
        return construct(cls, values)

    def date_problem(self, day: date) -> str | None:
        """Why the format cannot be checked on ``day`` (before it existed), or None."""
        if self.legal_from is None or day >= self.legal_from:
            return None
        return (
            f"{self.name} starts on {self.legal_from.isoformat()}; "
            f"there is no {self.id} card pool or list on {day.isoformat()}"
        )
