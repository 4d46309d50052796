"""A format: deck sizes, copy limit, banlist series, card pool and special rules, as data."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel


class SizeRange(BaseModel):
    min: int = 0
    max: int


class Format(BaseModel):
    id: str
    name: str
    description: str = ""
    main: SizeRange = SizeRange(min=40, max=60)
    extra: SizeRange = SizeRange(min=0, max=15)
    side: SizeRange = SizeRange(min=0, max=15)
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

    def date_problem(self, day: date) -> str | None:
        """Why the format cannot be checked on ``day`` (before it existed), or None."""
        if self.legal_from is None or day >= self.legal_from:
            return None
        return (
            f"{self.name} starts on {self.legal_from.isoformat()}; "
            f"there is no {self.id} card pool or list on {day.isoformat()}"
        )
