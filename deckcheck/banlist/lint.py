"""Lint a banlist file: what a simulator would silently skip or misread, and what disagrees
with the card data or with the bundled list of the same name."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck.banlist.lflist import Problem, date_from_name
from deckcheck.banlist.model import Banlist

if TYPE_CHECKING:
    from deckcheck.banlist.store import BanlistStore
    from deckcheck.cards.db import CardDB

# a name/date mismatch is reported when the named bundled list differs by more than this
# many entries and another bundled list of the series matches exactly
STRAY = 3


@dataclass
class Finding:
    kind: str
    severity: str
    message: str
    line: int | None = None
    list: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass
class LintResult:
    path: str
    lists: int
    findings: list[Finding]

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "lists": self.lists,
            "errors": self.errors,
            "warnings": len(self.findings) - self.errors,
            "findings": [f.to_dict() for f in self.findings],
        }


def lint_file(
    path: Path | str, db: CardDB | None = None, store: BanlistStore | None = None
) -> LintResult:
    from deckcheck.banlist.files import detect, load_banlists
    from deckcheck.banlist.lflist import load_lflist

    path = Path(path)
    if detect(path) == "lflist":
        parsed = load_lflist(path)
        findings = [_from_problem(p) for p in parsed.problems]
        banlists = parsed.banlists
        lines = [p.lines for p in parsed.lists]
        findings += _file_name(path, banlists)
    else:
        banlists = load_banlists(path)
        findings = []
        lines = [{} for _ in banlists]
    for banlist, where in zip(banlists, lines, strict=True):
        if db is not None:
            findings += check_cards(banlist, db, where)
        if store is not None:
            findings += check_name_date(banlist, store)
    findings.sort(key=lambda f: (f.line or 0, f.kind))
    return LintResult(str(path), len(banlists), findings)


def _from_problem(problem: Problem) -> Finding:
    return Finding(problem.kind, problem.severity, problem.message, problem.line)


def _file_name(path: Path, banlists: list[Banlist]) -> list[Finding]:
    """A file named like a list ("2026.04.lflist.conf") must hold that list."""
    stem = path.name.split(".lflist")[0]
    named = date_from_name(stem)
    if named is None or len(banlists) != 1:
        return []
    inside = date_from_name(banlists[0].name)
    if inside is not None and inside[:2] != named[:2]:
        message = f"file name says {stem} but the list is named {banlists[0].name}"
        return [Finding("name-date", "warning", message, None, banlists[0].label)]
    return []


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).casefold()
    text = text.replace("\u2019", "'")
    return re.sub(r"[^a-z0-9]+", "", text)


def check_cards(banlist: Banlist, db: CardDB, lines: dict[int, int]) -> list[Finding]:
    """Unknown passcodes, alternate artworks whose original is missing or differs, and
    comments that name a different card than the passcode."""
    out = []
    label = banlist.label
    for code, entry in banlist.entries.items():
        line = lines.get(code)
        card = db.get(code)
        if card is None:
            message = f"unknown passcode {code}" + (f" ({entry.name})" if entry.name else "")
            out.append(Finding("unknown-passcode", "warning", message, line, label))
            continue
        original = card.passcode
        if original is not None and original != code:
            first = banlist.entries.get(original)
            if first is None:
                message = (
                    f"{code} is an alternate artwork of {card.name}; its original "
                    f"{original} is not listed"
                )
                out.append(Finding("alternate-art", "warning", message, line, label))
            elif (first.limit, first.points, first.group) != (
                entry.limit,
                entry.points,
                entry.group,
            ):
                message = (
                    f"{code} (alternate artwork of {card.name}) is {entry.status}, "
                    f"but the original {original} is {first.status}"
                )
                out.append(Finding("alternate-art", "error", message, line, label))
        if entry.name and not _names_match(entry.name, card.name, [*card.names.values()]):
            message = f"{code} is {card.name}, but the comment says {entry.name!r}"
            out.append(Finding("card-name", "warning", message, line, label))
    return out


def _names_match(comment: str, name: str, others: list[str]) -> bool:
    said = _plain(
        re.sub(r"\((?:skill card|pre-errata|post-errata|rush)\)", "", comment, flags=re.I)
    )
    return any(said and (said == _plain(n) or said in _plain(n)) for n in [name, *others])


def check_name_date(banlist: Banlist, store: BanlistStore) -> list[Finding]:
    """Does the list hold what its name says? Compare with the bundled list of that name
    (built from dated sources) and look for the bundled list it matches instead."""
    refs = store.refs(banlist.series)
    if not refs:
        return []
    limits = _limits(banlist)
    mine = next((r for r in refs if r.name == _pad(banlist.name)), None)
    if mine is None:
        return []
    off = _distance(limits, _limits(mine.load()))
    if off <= STRAY:
        return []
    best = min(refs, key=lambda r: _distance(limits, _limits(r.load())))
    if _distance(limits, _limits(best.load())) != 0 or best.name == mine.name:
        return []
    message = (
        f"list named {banlist.name} differs from the {banlist.series} list {mine.name} "
        f"(effective {mine.effective}) in {off} entries but matches list {best.name} "
        f"(effective {best.effective}) exactly"
    )
    return [Finding("name-date", "warning", message, None, banlist.label)]


def _pad(name: str) -> str:
    parts = date_from_name(name)
    if parts is None or parts[2] is not None:
        return name
    return f"{parts[0]}.{parts[1]:02d}"


def _limits(banlist: Banlist) -> dict[int, int | None]:
    return {c: e.limit for c, e in banlist.entries.items() if e.limit is not None}


def _distance(a: dict[int, int | None], b: dict[int, int | None]) -> int:
    return sum(1 for c in a.keys() | b.keys() if a.get(c) != b.get(c))


def lint_text(result: LintResult) -> str:
    lines = []
    for f in result.findings:
        where = f"{result.path}:{f.line}" if f.line else result.path
        lines.append(f"{where}: {f.severity}: [{f.kind}] {f.message}")
    errors = result.errors
    summary = (
        f"{result.path}: {result.lists} list(s), {errors} error(s), "
        f"{len(result.findings) - errors} warning(s)"
    )
    lines.append(summary)
    return "\n".join(lines) + "\n"
