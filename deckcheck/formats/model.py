"""A format: deck sizes, copy limit, banlist series, card pool and special rules, as data.

Plain classes (``deckcheck.io.record.Fields``): the pydantic models they replace cost a
one-deck check about 30 M instructions at import (issue 15). A formats file from outside
is validated by their pydantic twin, ``deckcheck.formats.schema``, which also gives the
service's schema.
"""

from __future__ import annotations

from datetime import date
from typing import Any, ClassVar

from deckcheck.io.record import REQUIRED, Fields


class SizeRange(Fields):
    DEFAULTS: ClassVar[dict[str, Any]] = {"min": 0, "max": REQUIRED}
    __slots__ = tuple(DEFAULTS)
    min: int
    max: int


class Format(Fields):
    """``banlist``: which banlist series applies (None: no Forbidden/Limited list);
    ``banlist_name`` pins the list by name instead of "the one in force on the date" (e.g.
    goat); ``region`` and ``pool_until``: the card pool's release region and optional
    fixed cut-off date; ``pool_exclude_release_dates``: cards first released on these days
    are outside the pool (a whole set, e.g. goat); ``banlist_fallback``: the series used
    (with ``forbidden_to_limited``) on dates before the format's own first list;
    ``strict_printings``: must a sided card be the same printing (passcode), or any
    printing of the same card? Official events: any printing; YGOPro compares passcodes.
    """

    DEFAULTS: ClassVar[dict[str, Any]] = {
        "id": REQUIRED,
        "name": REQUIRED,
        "description": "",
        "main": SizeRange(min=40, max=60),
        "extra": SizeRange(min=0, max=15),
        "side": SizeRange(min=0, max=15),
        "copy_limit": 3,
        "banlist": None,
        "banlist_name": None,
        "region": None,
        "pool_until": None,
        "pool_exclude_release_dates": [],
        "legal_from": None,
        "banlist_fallback": None,
        "forbidden_kinds": [],
        "whitelist": False,
        "points_cap": None,
        "points_source": None,
        "skill_cards": 0,
        "forbidden_to_limited": False,
        "strict_printings": False,
        "sources": [],
    }
    __slots__ = tuple(DEFAULTS)
    id: str
    name: str
    description: str
    main: SizeRange
    extra: SizeRange
    side: SizeRange
    copy_limit: int
    banlist: str | None
    banlist_name: str | None
    region: str | None
    pool_until: date | None
    pool_exclude_release_dates: list[date]
    legal_from: date | None
    banlist_fallback: str | None
    forbidden_kinds: list[str]
    whitelist: bool
    points_cap: float | None
    points_source: str | None
    skill_cards: int
    forbidden_to_limited: bool
    strict_printings: bool
    sources: list[str]

    @classmethod
    def from_record(cls, format_id: str, record: dict[str, Any]) -> Format:
        """A format from JSON data that was validated (the generated banlist index, written
        by ``deckcheck banlist index``; the pydantic twin's dump): sizes, dates and floats
        back from JSON (a test compares the result with validation on every bundled
        format)."""
        # keys that are no field are ignored, as validation ignores them
        values = {"id": format_id, **{k: v for k, v in record.items() if k in cls.DEFAULTS}}
        for name in ("main", "extra", "side"):
            if name in values:
                values[name] = SizeRange(**values[name])
        for name in ("pool_until", "legal_from"):
            if values.get(name) is not None:
                values[name] = date.fromisoformat(values[name])
        if "pool_exclude_release_dates" in values:
            values["pool_exclude_release_dates"] = [
                date.fromisoformat(day) for day in values["pool_exclude_release_dates"]
            ]
        if values.get("points_cap") is not None:
            values["points_cap"] = float(values["points_cap"])
        return cls(**values)

    def date_problem(self, day: date) -> str | None:
        """Why the format cannot be checked on ``day`` (before it existed), or None."""
        if self.legal_from is None or day >= self.legal_from:
            return None
        return (
            f"{self.name} starts on {self.legal_from.isoformat()}; "
            f"there is no {self.id} card pool or list on {day.isoformat()}"
        )
