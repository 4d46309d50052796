"""lflist.conf reader and writer.

Two dialects are read:

* YGOPro: one file holds many lists; ``#[NAME]`` declares a list, ``!NAME`` starts it, entries
  are ``PASSCODE COUNT`` (often zero-padded to 8 digits) with counts 0-2.
* EDOPro: one list per file, ``$whitelist`` (only listed cards are legal), counts -1..3, and
  three Genesys encodings: a ``$genesys CAP`` header with ``PASSCODE $genesys POINTS`` entries,
  a bare ``$genesys`` line after which the count column means points, and a third column
  ``PASSCODE COUNT POINTS``.

Speed Duel files write group limits as comment headers (``#Limited 1`` .. ``#Limited 3``): the
entries below such a header form group N. The writer produces EDOPro style.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from deckcheck.banlist.model import Banlist, Entry
from deckcheck.io.errors import InputError
from deckcheck.io.infile import read_bytes, shown

MAX_BYTES = 10 * 1024 * 1024
MIN_COUNT, MAX_COUNT = -1, 3
MAX_PASSCODE = 10**10
MAX_POINTS = 1_000_000  # as for a points cap given to the service

SERIES_BY_LABEL = {
    "ocg": "ocg",
    "tcg": "tcg",
    "traditional": "traditional",
    "speed": "speed",
    "speed duel": "speed",
    "goat": "goat",
    "edison": "edison",
    "genesys": "genesys",
    "world": "worlds",
    "worlds": "worlds",
    "rush": "rush",
    "rush duel": "rush",
    "rush prereleases": "rush-prerelease",
}
LABEL_BY_SERIES = {
    "ocg": "OCG",
    "tcg": "TCG",
    "traditional": "Traditional",
    "speed": "Speed Duel",
    "goat": "GOAT",
    "edison": "Edison",
    "genesys": "Genesys",
    "worlds": "Worlds",
    "rush": "Rush Duel",
    "rush-prerelease": "Rush Prereleases",
}

_NUMBER = r"-?\d+(?:\.\d+)?"
_ENTRY = re.compile(
    rf"^(?P<code>\d+)\s+(?:(?P<genesys>\$genesys)\s+)?(?P<count>{_NUMBER})"
    rf"(?:\s+(?P<points>{_NUMBER}))?\s*(?P<rest>.*)$"
)
_GROUP_HEADER = re.compile(r"^#\s*limited\s+(\d+)\s*$", re.IGNORECASE)
_NAME_DATE = re.compile(r"^(\d{4})\.(\d{1,2})(?:\.(\d{1,2}))?$")


@dataclass
class Problem:
    line: int | None
    message: str
    severity: str = "error"  # "error": the line was not used; "warning": used, but dubious
    # malformed, bad-count, bad-passcode, duplicate, name-date, style
    kind: str = "malformed"

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.message}"


@dataclass
class ParsedList:
    banlist: Banlist
    # passcode -> line of its (last) entry; header line of the list
    lines: dict[int, int] = field(default_factory=dict)
    line: int | None = None


@dataclass
class LflistFile:
    lists: list[ParsedList] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    declared: list[tuple[str, int]] = field(default_factory=list)

    @property
    def banlists(self) -> list[Banlist]:
        return [p.banlist for p in self.lists]

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


def series_of(label: str) -> str:
    """ "OCG" -> "ocg", "Speed Duel" -> "speed"; unknown labels become a lowercase slug."""
    key = " ".join(label.lower().split())
    if key in SERIES_BY_LABEL:
        return SERIES_BY_LABEL[key]
    slug = re.sub(r"[^a-z0-9]+", "-", key).strip("-")
    return slug or "custom"


def split_title(title: str) -> tuple[str, str]:
    """ "2026.07 OCG" -> ("2026.07", "OCG"); a title without a leading version is its own name."""
    parts = title.split(None, 1)
    if len(parts) == 2 and re.fullmatch(r"[\d.]+", parts[0]):
        return parts[0], parts[1]
    return title, ""


def date_from_name(name: str) -> tuple[int, int, int | None] | None:
    """ "2026.07" -> (2026, 7, None); "2026.07.01" -> (2026, 7, 1); None if not date-like."""
    m = _NAME_DATE.match(name)
    if not m:
        return None
    year, month = int(m.group(1)), int(m.group(2))
    if not 1 <= month <= 12:
        return None
    return year, month, int(m.group(3)) if m.group(3) else None


def read_text(path: Path) -> str:
    """A user's banlist file as text (regular files only, at most 10 MB, UTF-8)."""
    raw = read_bytes(path, MAX_BYTES, "banlist file")
    if b"\x00" in raw:
        raise InputError(f"{shown(path)}: binary data, not a banlist file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{shown(path)}: not UTF-8 text (byte {exc.start})") from None


def _number(text: str) -> float | int | None:
    """Points or a points cap; None for more than MAX_POINTS (a 5,000-digit count reads as
    infinity)."""
    value = float(text)
    if value > MAX_POINTS:
        return None
    return int(value) if value.is_integer() else value


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Reader:
    def __init__(self, source: str | None, default_name: str) -> None:
        self.source = source
        self.default_name = default_name
        self.out = LflistFile()
        self.current: ParsedList | None = None
        self.group: int | None = None
        self.points_mode = False

    def problem(
        self, line: int | None, message: str, severity: str = "error", kind: str = "malformed"
    ) -> None:
        self.out.problems.append(Problem(line, message, severity, kind))

    def start(self, title: str, line: int | None) -> None:
        name, label = split_title(title)
        banlist = Banlist(
            series=series_of(label) if label else "custom",
            name=name,
            title=title,
            source=self.source,
        )
        parts = date_from_name(name)
        if parts and parts[2]:
            try:
                banlist.effective = date(*parts)  # type: ignore[arg-type]
            except ValueError:
                self.problem(line, f"list name {name!r} is not a real date", "warning", "name-date")
        self.current = ParsedList(banlist=banlist, line=line)
        self.out.lists.append(self.current)
        self.group = None
        self.points_mode = False

    def feed(self, number: int, raw: str) -> None:
        line = raw.strip()
        if not line:
            return
        if line.startswith("#["):
            end = line.find("]")
            if end < 0:
                self.problem(number, "unclosed #[ list declaration")
            else:
                self.out.declared.append((line[2:end].strip(), number))
            return
        if line.startswith("#"):
            m = _GROUP_HEADER.match(line)
            self.group = int(m.group(1)) if m and len(m.group(1)) <= 3 else None
            if m and self.group is None:
                self.problem(number, f"group header {_short(line)!r}: no group is numbered so high")
            return
        if line.startswith("!"):
            title = " ".join(line[1:].split())
            if not title:
                self.problem(number, "list header '!' without a name")
                title = self.default_name
            self.start(title, number)
            return
        if line.startswith("$"):
            self.directive(number, line)
            return
        self.entry(number, line)

    def directive(self, number: int, line: str) -> None:
        if self.current is None:
            self.problem(number, f"{line.split()[0]} before any '!name' list header")
            return
        words = line.split()
        banlist = self.current.banlist
        if words[0] == "$whitelist" and len(words) == 1:
            banlist.whitelist = True
        elif words[0] == "$genesys" and len(words) == 1:
            self.points_mode = True
        elif words[0] == "$genesys" and len(words) == 2 and re.fullmatch(_NUMBER, words[1]):
            banlist.points_cap = _number(words[1])
            if banlist.points_cap is None:
                self.problem(
                    number,
                    f"points cap {_short(words[1])} is not plausible (at most {MAX_POINTS})",
                    kind="bad-count",
                )
        else:
            self.problem(number, f"unknown directive {_short(line)!r}")

    def entry(self, number: int, line: str) -> None:
        if not line[0].isdigit():
            # YGOPro skips such lines too; say so instead of dropping them silently
            self.problem(number, f"ignored line {line!r}: not an entry or comment", "warning")
            return
        body, _, comment = line.partition("--")
        m = _ENTRY.match(body.strip())
        if not m:
            self.problem(number, f"malformed entry {line!r} (expected 'PASSCODE COUNT --name')")
            return
        if m.group("rest"):
            # simulators ignore what follows the count; keep it as the comment
            rest = m.group("rest")
            self.problem(
                number, f"text {rest!r} after the count should start with '--'", "warning", "style"
            )
            comment = rest.lstrip("-") + (f"--{comment}" if comment else "")
        digits = m.group("code")
        code = int(digits) if len(digits.lstrip("0")) <= 10 else MAX_PASSCODE  # int() is slow
        if not 0 < code < MAX_PASSCODE:
            self.problem(number, f"passcode {_short(digits)} is not a card", kind="bad-passcode")
            return
        if self.current is None:
            if self.out.lists:
                self.problem(number, "entry outside any list")
                return
            self.problem(
                None,
                f"no '!name' line: read as one list named {self.default_name!r}",
                "warning",
                "style",
            )
            self.start(self.default_name, None)
        assert self.current is not None
        name = comment.split("\t")[0].strip() or None
        count = m.group("count")
        points = m.group("points")
        limit: int | None
        if m.group("genesys") or (self.points_mode and points is None):
            limit, points_value = None, _number(count)
            if points_value is None or points_value < 0:
                self._bad_points(number, count, code)
                return
        else:
            whole = re.fullmatch(r"-?\d{1,3}", count)
            if not whole or not MIN_COUNT <= int(count) <= MAX_COUNT:
                self.problem(
                    number,
                    f"bad count {_short(count)} for {code} (allowed -1..3)",
                    kind="bad-count",
                )
                return
            limit = int(count)
            points_value = _number(points) if points is not None else None
            if points is not None and (points_value is None or points_value < 0):
                self._bad_points(number, points, code)
                return
        self.add(
            number,
            Entry(passcode=code, name=name, limit=limit, points=points_value, group=self.group),
        )

    def _bad_points(self, number: int, points: str, code: int) -> None:
        what = "negative points" if points.startswith("-") else "implausible points"
        self.problem(
            number,
            f"{what} {_short(points)} for {code} (0 to {MAX_POINTS})",
            kind="bad-count",
        )

    def add(self, number: int, entry: Entry) -> None:
        assert self.current is not None
        entries = self.current.banlist.entries
        old = entries.get(entry.passcode)
        if old is not None:
            first = self.current.lines.get(entry.passcode)
            self.problem(
                number,
                f"duplicate entry for {entry.passcode} (also line {first}); the later one counts",
                "warning",
                "duplicate",
            )
            entry = Entry(
                passcode=entry.passcode,
                name=entry.name or old.name,
                limit=entry.limit if entry.limit is not None else old.limit,
                points=entry.points if entry.points is not None else old.points,
                group=entry.group if entry.group is not None else old.group,
            )
        entries[entry.passcode] = entry
        self.current.lines[entry.passcode] = number


def parse_lflist(text: str, source: str | None = None, default_name: str = "custom") -> LflistFile:
    """Read lflist.conf text; never raises for content: problems are collected with lines."""
    reader = _Reader(source, default_name)
    for number, raw in enumerate(text.splitlines(), start=1):
        reader.feed(number, raw)
    out = reader.out
    if not out.lists:
        out.problems.append(Problem(None, "no banlist in the file"))
    titles = {p.banlist.title for p in out.lists}
    for title, number in out.declared:
        if title not in titles:
            out.problems.append(
                Problem(number, f"#[{title}] declared but no !{title}", "warning", "name-date")
            )
    return out


def load_lflist(path: Path | str) -> LflistFile:
    path = Path(path)
    return parse_lflist(read_text(path), source=str(path), default_name=path.name.split(".")[0])


def title_of(banlist: Banlist) -> str:
    if banlist.title:
        return banlist.title
    label = LABEL_BY_SERIES.get(banlist.series, banlist.series)
    return f"{banlist.name} {label}".strip()


def _fmt(value: float | int) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _line(entry: Entry) -> str:
    comment = f" --{entry.name}" if entry.name else ""
    if entry.limit is None and entry.points is not None:
        return f"{entry.passcode} $genesys {_fmt(entry.points)}{comment}"
    limit = 3 if entry.limit is None else entry.limit
    points = f" {_fmt(entry.points)}" if entry.points is not None else ""
    return f"{entry.passcode} {limit}{points}{comment}"


SECTIONS = (
    (0, "#Forbidden"),
    (1, "#Limited"),
    (2, "#Semi-Limited"),
    (3, "#Unlimited"),
    (-1, "#Not legal"),
)


def write_lflist(banlists: Iterable[Banlist]) -> str:
    """EDOPro-style text: declarations, then per list its header, directives and sections."""
    banlists = list(banlists)
    lines = [f"#[{title_of(b)}]" for b in banlists]
    for banlist in banlists:
        lines.append(f"!{title_of(banlist)}")
        if banlist.whitelist:
            lines.append("$whitelist")
        if banlist.points_cap is not None:
            lines.append(f"$genesys {_fmt(banlist.points_cap)}")
        plain = [e for e in banlist.entries.values() if e.group is None]
        for limit, header in SECTIONS:
            chosen = [
                e
                for e in plain
                if (3 if e.limit is None else e.limit) == limit
                and not (e.limit is None and e.points is not None)
            ]
            if chosen:
                lines.append(header)
                lines.extend(_line(e) for e in chosen)
        scored = [e for e in plain if e.limit is None and e.points is not None]
        if scored:
            lines.append("#Points")
            lines.extend(_line(e) for e in scored)
        for group, codes in sorted(banlist.groups().items()):
            if banlist.group_limit(group) != group:
                raise InputError(
                    f"{banlist.label}: group {group} allows {banlist.group_limit(group)} "
                    "copies, which lflist.conf cannot express"
                )
            lines.append(f"#Limited {group}")
            lines.extend(_line(banlist.entries[c]) for c in codes)
    return "\n".join(lines) + "\n"
