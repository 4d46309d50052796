"""A plain-Python lower bound for checking decks, written for bench_core.py.

It reads .ydk text and checks a deck against one format and day with the rules that the
benchmark decks meet (unknown passcodes, sizes, placement, copies per name, the list's
statuses, the card pool, never-legal cards), building the same report: section sizes, the
digest, every violation with its message, passcodes, count, limit and first line, the notes.
No pydantic, no report models: tuples, dicts and f-strings only. What it knows of each card
is prepared once from deckcheck's card data (``Table``), as a long batch would keep it.

It is not a second validator: only the benchmark uses it, and bench_core.py asserts that its
verdicts (valid or not, and each violation's rule and cards) are deckcheck's on every deck.
"""

from __future__ import annotations

import hashlib
from datetime import date
from typing import Any, NamedTuple

SECTIONS = ("main", "extra", "side")
HEADERS = {"#main": "main", "#extra": "extra", "!side": "side", "#side": "side"}
MISSING = object()  # a passcode the table has not seen yet
SIZES = (
    ("main", "main-deck-size", "DC101"),
    ("extra", "extra-deck-size", "DC102"),
    ("side", "side-deck-size", "DC103"),
)


class Info(NamedTuple):
    """What the checks need of one passcode's card, worked out once."""

    uid: str
    name: str
    keys: tuple[str, ...]
    extra_deck: bool
    type_line: str
    pool: str | None  # why the card is outside the card pool on the day, or None
    illegal: bool
    renames: tuple[str, ...]


class Table:
    """Cards, name limits and bounds for one format and day, filled as passcodes come."""

    def __init__(self, db: Any, fmt: Any, day: date, banlist: Any) -> None:  # noqa: ANN401
        from deckcheck.validation.rules.not_released import release_problem

        self.db, self.fmt, self.day, self.banlist = db, fmt, day, banlist
        self.cutoff = min(day, fmt.pool_until) if fmt.pool_until else day
        self.release_problem = release_problem
        self.cards: dict[int, Info | None] = {}
        self.renamed: set[int] = set()  # passcodes of cards that take a name by effect
        self.hints: dict[int, str] = {}  # an unknown passcode's message, with its near card
        self.limits: dict[str, int] = {}
        self.bounds = {s: (getattr(fmt, s).min, getattr(fmt, s).max) for s in SECTIONS}
        self.label = f"the {fmt.name} list {banlist.name}" if banlist else ""

    def prepare(self, codes: list[int]) -> None:
        for code in codes:
            if code in self.cards:
                continue
            card = self.db.get(code)
            if card is None:
                self.cards[code] = None
                near = self.db.below(code, 20)
                self.hints[code] = f"Unknown passcode {code}: no card in the card data has it" + (
                    f"; {near.passcode} is {near.name} (check the passcode)" if near else ""
                )
                continue
            pool = None
            if self.fmt.region and card.kind not in ("token", "skill"):
                pool = self.release_problem(
                    card, self.fmt.region, self.cutoff, self.fmt.pool_exclude_release_dates
                )
            self.cards[code] = Info(
                card.uid,
                card.name,
                card.name_keys,
                card.is_extra_deck_monster,
                card.type_line,
                pool,
                card.illegal,
                card.effect_name_changes,
            )
            if card.effect_name_changes:
                self.renamed.add(code)
            for key in card.name_keys:
                if key not in self.limits:
                    self.limits[key] = self._limit(key)

    def _limit(self, key: str) -> int:
        limit = self.fmt.copy_limit
        if self.banlist is None:
            return limit
        for card in self.db.with_name_key(key):
            for code in card.passcodes:
                entry = self.banlist.entries.get(code)
                if entry is not None and entry.limit is not None and 0 <= entry.limit < limit:
                    limit = entry.limit
        return limit


class Deck(NamedTuple):
    source: str
    sections: dict[str, list[int]]
    lines: dict[str, list[int]]  # the input line of each card, beside ``sections``
    problems: list[tuple[int, str]]


def read_ydk(text: str, source: str) -> Deck:
    sections: dict[str, list[int]] = {"main": [], "extra": [], "side": []}
    lines: dict[str, list[int]] = {"main": [], "extra": [], "side": []}
    problems: list[tuple[int, str]] = []
    current, at = sections["main"], lines["main"]
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.isdigit():
            current.append(int(line))
            at.append(number)
        elif line.split()[0].lower() in HEADERS:
            section = HEADERS[line.split()[0].lower()]
            current, at = sections[section], lines[section]
        elif line[0] not in "#!":
            problems.append((number, f"cannot read {line!r}"))
    return Deck(source, sections, lines, problems)


def violation(
    rule: str, code: str, message: str, cards: list[int], name: str | None, count: int, **more: Any
) -> dict[str, Any]:
    found = {"rule": rule, "code": code, "severity": "error", "message": message}
    found.update(section=None, cards=cards, name=name, count=count, limit=None, line=None)
    found.update(more)
    return found


def check(deck: Deck, table: Table) -> dict[str, Any]:
    """The report: one pass over each section's distinct passcodes; the breakdowns and
    lines that messages need are worked out only for what is wrong."""
    cards = table.cards
    violations: list[dict[str, Any]] = []
    for line, message in deck.problems:
        violations.append(violation("parse-error", "DC001", message, [], None, 0, line=line))
    counts = {section: tally(deck.sections[section]) for section in SECTIONS}
    totals: dict[str, int] = {}
    flagged: list[Info] = []  # cards outside the pool or never legal
    for section, per in counts.items():
        wrong_side = section == "main"  # the value of extra_deck that is misplaced here
        for code, n in per.items():
            info = cards.get(code, MISSING)
            if info is MISSING:
                table.prepare([code])
                info = cards[code]
            if info is None:
                message = table.hints[code] + (f" ({n} copies)" if n > 1 else "")
                violations.append(
                    violation("unknown-card", "DC002", message, [code], None, n, section=section)
                )
                continue
            if info.extra_deck is wrong_side and section != "side":
                placement(deck, section, code, info, violations)
            for key in info.keys:
                totals[key] = totals.get(key, 0) + n
            if info.pool is not None or info.illegal:
                flagged.append(info)
    for section, rule, dc in SIZES:
        low, high = table.bounds[section]
        size = len(deck.sections[section])
        if not low <= size <= high:
            limit = low if size < low else high
            message = f"{section} has {size} cards; the format allows {low}-{high}"
            violations.append(violation(rule, dc, message, [], None, size, limit=limit))
    limits = table.limits
    over = [key for key, total in totals.items() if total > limits[key]]
    if over:
        names(deck, table, counts, over, totals, violations)
    if flagged:
        pool(deck, table, counts, flagged, violations)
    notes = []
    for info in cards_with_renames(table, counts):
        notes.extend(
            f"{info.name} and {other} count as different names"
            for other in info.renames
            if other in totals and other not in info.keys
        )
    return {
        "deck": {
            "source": deck.source,
            "main": len(deck.sections["main"]),
            "extra": len(deck.sections["extra"]),
            "side": len(deck.sections["side"]),
            "digest": digest(counts),
        },
        "format": {"id": table.fmt.id, "date": table.day.isoformat(), "banlist": table.label},
        "valid": not violations,
        "violations": violations,
        "notes": notes,
        "error": None,
    }


def tally(codes: list[int]) -> dict[int, int]:
    """Copies of each passcode, in the order they come (a plain dict: building a Counter
    costs more than this loop for a deck's few dozen cards)."""
    counts: dict[int, int] = {}
    get = counts.get
    for code in codes:
        counts[code] = get(code, 0) + 1
    return counts


def cards_with_renames(table: Table, counts: dict[str, dict[int, int]]) -> list[Info]:
    renamed = table.renamed
    if all(renamed.isdisjoint(per) for per in counts.values()):
        return []
    found = {c for per in counts.values() for c in per if c in renamed}
    return [info for c in sorted(found) if (info := table.cards[c]) is not None]


def by_code(table: Table, counts: dict[str, dict[int, int]], key: str) -> dict[int, int]:
    found: dict[int, int] = {}
    for per in counts.values():
        for code, n in per.items():
            info = table.cards[code]
            if info is not None and key in info.keys:
                found[code] = found.get(code, 0) + n
    return found


def names(
    deck: Deck,
    table: Table,
    counts: dict[str, dict[int, int]],
    over: list[str],
    totals: dict[str, int],
    violations: list[dict[str, Any]],
) -> None:
    """Copy-limit and list violations of the names over their limit."""
    copy_limit = table.fmt.copy_limit
    reported: set[tuple[tuple[int, int], ...]] = set()  # one card with two names: once
    for key in over:
        found = by_code(table, counts, key)
        signature = tuple(sorted(found.items()))
        if signature in reported:
            continue
        reported.add(signature)
        total, limit, codes = totals[key], table.limits[key], sorted(found)
        line = first_line(deck, codes)
        if total > copy_limit:
            message = f"{total} copies of {key} (at most {copy_limit} per name)"
            violations.append(
                violation(
                    "copy-limit", "DC201", message, codes, key, total, limit=copy_limit, line=line
                )
            )
        if limit == 0:
            message = f"{key} is Forbidden in {table.label}; the deck has {total}"
            violations.append(
                violation("forbidden", "DC301", message, codes, key, total, line=line)
            )
        elif limit < copy_limit:
            message = f"{key} is Limited ({limit}) in {table.label}; the deck has {total}"
            violations.append(
                violation("limited", "DC302", message, codes, key, total, limit=limit, line=line)
            )


def pool(
    deck: Deck,
    table: Table,
    counts: dict[str, dict[int, int]],
    flagged: list[Info],
    violations: list[dict[str, Any]],
) -> None:
    """Card-pool and never-legal violations, one per card (its printings together)."""
    done: set[str] = set()
    for info in flagged:
        if info.uid in done:
            continue
        done.add(info.uid)
        found: dict[int, int] = {}
        for per in counts.values():
            for code, n in per.items():
                other = table.cards[code]
                if other is not None and other.uid == info.uid:
                    found[code] = found.get(code, 0) + n
        codes, n = sorted(found), sum(found.values())
        if info.pool is not None:
            message = f"{info.name} is not in the card pool on {table.day}: {info.pool}"
            violations.append(
                violation(
                    "not-released",
                    "DC401",
                    message,
                    codes,
                    info.name,
                    n,
                    line=first_line(deck, codes),
                )
            )
        if info.illegal:
            message = f"{info.name} is never legal in tournament play"
            violations.append(violation("never-legal", "DC402", message, codes, info.name, n))


def first_line(deck: Deck, codes: list[int]) -> int:
    """The first input line of any of ``codes`` (looked for only when a violation needs it)."""
    return min(
        line
        for section in SECTIONS
        for code, line in zip(deck.sections[section], deck.lines[section], strict=True)
        if code in codes
    )


def placement(
    deck: Deck, section: str, code: int, info: Info, violations: list[dict[str, Any]]
) -> None:
    """One violation per misplaced copy, at its line."""
    if section == "main":
        rule, dc, where = "extra-deck-card-in-main", "DC111", "the Extra Deck"
    else:
        rule, dc, where = "main-deck-card-in-extra", "DC112", "the Main Deck"
    message = f"{info.name} is a {info.type_line}; it belongs in {where}"
    for slot, line in zip(deck.sections[section], deck.lines[section], strict=True):
        if slot == code:
            violations.append(violation(rule, dc, message, [code], info.name, 1, line=line))


def digest(counts: dict[str, dict[int, int]]) -> str:
    parts = []
    for name in SECTIONS:
        per = counts[name]
        pairs = ", ".join([f"({code}, {per[code]})" for code in sorted(per)])
        parts.append(f"{name}:[{pairs}];")
    return "sha256:" + hashlib.sha256("".join(parts).encode()).hexdigest()


def load(path: str) -> Deck:
    with open(path, "rb") as f:
        return read_ydk(f.read().decode("utf-8-sig"), path)
