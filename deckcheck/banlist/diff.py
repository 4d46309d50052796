"""What changed between two lists: per card, its status (and points) before and after."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from deckcheck.banlist.model import Banlist

ORDER = ["forbidden", "limited", "semi-limited", "unlimited", "illegal"]
TITLES = {
    "forbidden": "Forbidden",
    "limited": "Limited",
    "semi-limited": "Semi-Limited",
    "unlimited": "Unlimited",
    "illegal": "Not legal",
}


@dataclass
class Change:
    name: str
    before: str
    after: str
    passcodes: list[int] = field(default_factory=list)
    points_before: float | None = None
    points_after: float | None = None
    group_before: int | None = None
    group_after: int | None = None


@dataclass
class Diff:
    series: str
    before: str
    after: str
    changes: list[Change]

    def by_status(self) -> dict[str, list[Change]]:
        """Changes grouped by the status they ended in (in list order)."""
        out: dict[str, list[Change]] = {s: [] for s in ORDER}
        for change in self.changes:
            out.setdefault(change.after, []).append(change)
        return {s: c for s, c in out.items() if c}

    def to_dict(self) -> dict[str, Any]:
        return {
            "series": self.series,
            "from": self.before,
            "to": self.after,
            "changes": [
                {k: v for k, v in asdict(c).items() if v is not None} for c in self.changes
            ],
        }


def _state(banlist: Banlist, code: int) -> tuple[str, float | None, int | None]:
    entry = banlist.entries.get(code)
    points = entry.points if entry else None
    group = entry.group if entry else None
    return banlist.status_of(code), points, group


def diff(old: Banlist, new: Banlist) -> Diff:
    merged: dict[tuple[Any, ...], Change] = {}
    for code in dict.fromkeys([*old.entries, *new.entries]):
        before, after = _state(old, code), _state(new, code)
        if before == after:
            continue
        entry = new.entries.get(code) or old.entries[code]
        name = entry.name or str(code)
        key = (name.casefold(), before, after)
        if key in merged:
            merged[key].passcodes.append(code)
            continue
        merged[key] = Change(
            name=name,
            before=before[0],
            after=after[0],
            passcodes=[code],
            points_before=before[1],
            points_after=after[1],
            group_before=before[2],
            group_after=after[2],
        )
    changes = sorted(
        merged.values(),
        key=lambda c: (ORDER.index(c.after) if c.after in ORDER else 99, c.name.casefold()),
    )
    return Diff(new.series, old.name, new.name, changes)


def _describe(state: str, points: float | None, group: int | None) -> str:
    text = TITLES.get(state, state)
    if points is not None:
        text += f" ({points:g} points)"
    if group is not None:
        text += f" (group Limited {group})"
    return text


def diff_text(result: Diff) -> str:
    lines = [f"{result.series} {result.before} -> {result.after}: {len(result.changes)} changes"]
    if not result.changes:
        return lines[0] + "\n"
    for status, changes in result.by_status().items():
        lines.append("")
        lines.append(f"{TITLES.get(status, status)}:")
        for c in changes:
            codes = ", ".join(str(p) for p in c.passcodes)
            was = _describe(c.before, c.points_before, c.group_before)
            now = _describe(c.after, c.points_after, c.group_after)
            lines.append(f"  {c.name} ({codes}): {was} -> {now}")
    return "\n".join(lines) + "\n"
