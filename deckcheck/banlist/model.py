"""A published banlist (Forbidden/Limited list), independent of any file format."""

from datetime import date
from typing import Self

from pydantic import BaseModel, ConfigDict

STATUS_BY_LIMIT = {0: "forbidden", 1: "limited", 2: "semi-limited", 3: "unlimited"}
_GROUPS: dict[int, tuple[dict[int, "Entry"], dict[int, list[int]]]] = {}


class Entry(BaseModel):
    """One card's status: ``limit`` copies allowed (0 Forbidden .. 3), -1 for "not legal"
    in EDOPro whitelist files; ``points`` for points formats; ``group`` for Speed Duel
    group limits ("Limited N": all cards of group N together at most N copies)."""

    # the bundled lists are read with model_construct: build the schema only when needed
    model_config = ConfigDict(defer_build=True)

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

    model_config = ConfigDict(defer_build=True)

    series: str
    name: str
    effective: date | None = None
    title: str | None = None
    whitelist: bool = False
    points_cap: float | None = None
    entries: dict[int, Entry] = {}
    source: str | None = None
    # group id -> most copies of all cards in the group together; a group without an
    # entry here allows as many copies as its number (Speed Duel "Limited 1/2/3")
    group_limits: dict[int, int] = {}

    @property
    def label(self) -> str:
        return f"{self.series} {self.name}"

    def limit_of(self, passcode: int) -> int | None:
        entry = self.entries.get(passcode)
        return None if entry is None else entry.limit

    def status_of(self, passcode: int) -> str:
        """ "forbidden", "limited", "semi-limited", "unlimited" or (whitelists) "illegal"."""
        entry = self.entries.get(passcode)
        if entry is None:
            return "illegal" if self.whitelist else "unlimited"
        return entry.status

    def group_limit(self, group: int) -> int:
        return self.group_limits.get(group, group)

    def groups(self) -> dict[int, list[int]]:
        """Group id -> passcodes in that group, in entry order (cached per entries dict)."""
        cached = _GROUPS.get(id(self.entries))
        if cached is not None and cached[0] is self.entries:
            return cached[1]
        out: dict[int, list[int]] = {}
        for entry in self.entries.values():
            if entry.group is not None:
                out.setdefault(entry.group, []).append(entry.passcode)
        if len(_GROUPS) > 512:
            _GROUPS.clear()
        # the cache holds the entries dict itself, so its id cannot be reused meanwhile
        _GROUPS[id(self.entries)] = (self.entries, out)
        return out

    def forbidden_as_limited(self) -> Self:
        """A copy where every Forbidden card is Limited instead (Traditional format)."""
        entries = {
            code: e.model_copy(update={"limit": 1}) if e.limit == 0 else e
            for code, e in self.entries.items()
        }
        return self.model_copy(update={"entries": entries})
