"""A published banlist (Forbidden/Limited list), independent of any file format."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, Field

STATUS_BY_LIMIT = {0: "forbidden", 1: "limited", 2: "semi-limited", 3: "unlimited"}


class Entry(BaseModel):
    """One card's status: ``limit`` copies allowed (0 Forbidden .. 3), -1 for "not legal"
    in EDOPro whitelist files; ``points`` for points formats; ``group`` for Speed Duel
    group limits ("Limited N": all cards of group N together at most N copies)."""

    passcode: int
    name: str | None = None
    limit: int | None = None
    points: float | None = None
    group: int | None = None

    @property
    def status(self) -> str:
        if self.limit is None:
            return "unlimited"
        if self.limit < 0:
            return "illegal"
        return STATUS_BY_LIMIT.get(self.limit, "unlimited")


class Banlist(BaseModel):
    """``series`` is the list family ("ocg", "tcg", "traditional", ...), ``name`` the list's
    own name (e.g. "2026.07"), ``effective`` the day it takes effect."""

    series: str
    name: str
    effective: date | None = None
    title: str | None = None
    whitelist: bool = False
    points_cap: float | None = None
    entries: dict[int, Entry] = Field(default_factory=dict)
    source: str | None = None

    def limit_of(self, passcode: int) -> int | None:
        entry = self.entries.get(passcode)
        return None if entry is None else entry.limit
