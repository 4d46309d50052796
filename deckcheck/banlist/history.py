"""Build the bundled banlists (``banlists/<series>/<name>.yaml``) from public data.

Sources (see ../shared/data/README.md):

* lflist.conf history files, one per published list (OCG 2020.01-, TCG 2020.12-, Traditional
  2020.01-) and the current Speed Duel list;
* the per-card legality history in ``cards.jsonl.gz`` for the lists before those files
  (reconstructed: the status of every card on each change date) and for exact effective days.

Effective dates: OCG lists take effect on the 1st of their month. TCG and Traditional files
are named by month only, so the day comes from the card data's TCG history dates in that
month; when the card data has no change in that month (lists newer than the data), the 1st
of the month is used and the list's ``source`` says so.
"""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from deckcheck.banlist.files import to_yaml
from deckcheck.banlist.lflist import date_from_name, load_lflist
from deckcheck.banlist.model import Banlist, Entry
from deckcheck.io.errors import DataError, InputError

LIMIT_BY_STATUS = {"forbidden": 0, "limited": 1, "semilimited": 2}
SPEED_GROUPS = {"limit1": 1, "limit2": 2, "limit3": 3}
HISTORY_DIRS = {"OCG": "ocg", "TCG": "tcg", "Traditional": "traditional"}
# which card-data legality history dates a series' lists take their day from
DATE_SOURCE = {"ocg": "ocg", "tcg": "tcg", "traditional": "tcg", "speed": "speed"}
# single current lists kept as a series of their own (no card-data dates: 1st of the month)
CURRENT_LISTS = {"World.lflist.conf": "world"}
# series rebuilt only from the card data's per-card history, one list per change date
HISTORY_ONLY = {"masterduel": "Master Duel"}
RECONSTRUCTED = "reconstructed from the per-card legality history in cards.jsonl.gz"


@dataclass
class CardFacts:
    name: str
    passcodes: tuple[int, ...]
    # series -> [(date, status)] sorted by date
    history: dict[str, list[tuple[date, str]]] = field(default_factory=dict)
    # Genesys: [(date, points)] sorted by date
    points: list[tuple[date, float]] = field(default_factory=list)


def read_cards(path: Path) -> list[CardFacts]:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            rows = [json.loads(line) for line in fh if line.strip()]
    except (OSError, ValueError) as exc:
        raise DataError(f"cannot read card data {path}: {exc}") from exc
    cards = []
    for row in rows:
        history = {}
        for series, legality in (row.get("legality") or {}).items():
            changes = [
                (date.fromisoformat(h["date"]), h["legality"]) for h in legality.get("history", [])
            ]
            if changes:
                history[series] = sorted(changes)
        genesys = (row.get("legality") or {}).get("genesys") or {}
        points = sorted(
            (date.fromisoformat(h["date"]), float(h["points"]))
            for h in genesys.get("history", [])
            if h.get("points") is not None
        )
        cards.append(CardFacts(row["name"], tuple(row.get("passwords") or ()), history, points))
    return cards


def change_dates(cards: Iterable[CardFacts], series: str) -> list[date]:
    return sorted({d for c in cards for d, _ in c.history.get(series, ())})


def status_on(changes: list[tuple[date, str]], on: date) -> str | None:
    current = None
    for day, status in changes:
        if day > on:
            break
        current = status
    return current


def reconstruct(cards: Iterable[CardFacts], series: str, on: date) -> dict[int, Entry]:
    """Entries (every passcode of every card) of the list in force on ``on`` for tcg/ocg."""
    entries: dict[int, Entry] = {}
    rows = []
    for card in cards:
        status = status_on(card.history.get(series, []), on)
        if status in LIMIT_BY_STATUS and card.passcodes:
            rows.append((LIMIT_BY_STATUS[status], card.name, card))
    for limit, name, card in sorted(rows, key=lambda r: (r[0], r[1].casefold())):
        for code in card.passcodes:
            entries[code] = Entry(passcode=code, name=name, limit=limit)
    return entries


def genesys_lists(cards: list[CardFacts]) -> list[Banlist]:
    """One points list per Genesys change date: every card with points above 0 that day."""
    days = sorted({d for c in cards for d, _ in c.points})
    lists = []
    for day in days:
        rows = []
        for card in cards:
            points = [p for d, p in card.points if d <= day]
            if points and points[-1] > 0 and card.passcodes:
                rows.append((card.name, card.passcodes, points[-1]))
        entries = {
            code: Entry(passcode=code, name=name, points=value)
            for name, codes, value in sorted(rows, key=lambda r: r[0].casefold())
            for code in codes
        }
        name = f"{day.year}.{day.month:02d}.{day.day:02d}"
        lists.append(
            Banlist(
                series="genesys",
                name=name,
                title=f"{name} Genesys",
                effective=day,
                points_cap=100,
                entries=entries,
                source="points from the genesys legality history in cards.jsonl.gz",
            )
        )
    return lists


def history_lists(cards: list[CardFacts], series: str, title: str) -> list[Banlist]:
    """One list per change date of a series known only from the card data (Master Duel),
    named by its full date: such lists change several times a month."""
    lists: list[Banlist] = []
    for day in change_dates(cards, series):
        entries = reconstruct(cards, series, day)
        if lists and entries == lists[-1].entries:
            continue  # only release news that day ("unreleased" is no list status)
        name = f"{day.year}.{day.month:02d}.{day.day:02d}"
        lists.append(
            Banlist(
                series=series,
                name=name,
                title=f"{name} {title}",
                effective=day,
                entries=entries,
                source=RECONSTRUCTED,
            )
        )
    return lists


def effective_day(name: str, series: str, dates: list[date]) -> tuple[date, str | None]:
    """The day a list named ``YYYY.MM`` took effect, and a note when it is assumed."""
    parts = date_from_name(name)
    if parts is None:
        raise DataError(f"list name {name!r} does not give its month")
    year, month, day = parts
    if day:
        return date(year, month, day), None
    if series == "ocg":
        return date(year, month, 1), None
    in_month = [d for d in dates if d.year == year and d.month == month]
    if len(in_month) >= 1:
        return in_month[0], None
    return date(year, month, 1), "effective day not in the card data: 1st of the month assumed"


def list_name(day: date, taken: set[str]) -> str:
    name = f"{day.year}.{day.month:02d}"
    return name if name not in taken else f"{name}.{day.day:02d}"


@dataclass
class BuildResult:
    lists: list[Banlist]
    notes: list[str]


def _from_files(
    files: Iterable[Path], series: str, dates: list[date], root: Path, notes: list[str]
) -> Iterator[Banlist]:
    for path in files:
        parsed = load_lflist(path)
        if parsed.errors or len(parsed.lists) != 1:
            raise DataError(f"{path}: expected one readable list, got {parsed.problems[:3]}")
        banlist = parsed.banlists[0]
        day, note = effective_day(banlist.name, series, dates)
        source = path.relative_to(root).as_posix()
        if note:
            source += f"; {note}"
            notes.append(f"{series} {banlist.name}: {note}")
        # one spelling of names ("2023.1" in the file header -> "2023.01")
        name = f"{day.year}.{day.month:02d}"
        yield banlist.model_copy(
            update={"series": series, "name": name, "effective": day, "source": f"lflists/{source}"}
        )


def _speed_list(path: Path, cards: list[CardFacts], root: Path) -> Banlist:
    """The Speed Duel whitelist; its "#Limited N" sections are group limits."""
    banlist = next(_from_files([path], "speed", change_dates(cards, "speed"), root, []))
    by_code = {code: card for card in cards for code in card.passcodes}
    for code, entry in banlist.entries.items():
        card = by_code.get(code)
        if card and entry.group is not None:
            status = status_on(card.history.get("speed", []), banlist.effective or date.max)
            if status in SPEED_GROUPS and SPEED_GROUPS[status] != entry.group:
                raise DataError(f"speed group of {code} disagrees with the card data")
    return banlist


def _limits(banlist: Banlist) -> dict[int, int | None]:
    return {code: e.limit for code, e in banlist.entries.items()}


def _expected(cards: list[CardFacts], banlist: Banlist) -> dict[int, Entry]:
    assert banlist.effective is not None
    if banlist.series == "traditional":
        entries = reconstruct(cards, "tcg", banlist.effective)
        return {c: e.model_copy(update={"limit": max(e.limit or 0, 1)}) for c, e in entries.items()}
    return reconstruct(cards, banlist.series, banlist.effective)


def _fix_mislabelled(
    lists: list[Banlist], cards: list[CardFacts], notes: list[str]
) -> list[Banlist]:
    """Some history files hold the next list under an earlier name (same entries as the next
    file, and unlike the card data on their own date): rebuild those from the card data."""
    fixed = []
    for banlist, after in zip(lists, [*lists[1:], None], strict=True):
        if after is None or _limits(banlist) != _limits(after):
            fixed.append(banlist)
            continue
        expected = _expected(cards, banlist)
        mine = {c: limit for c, limit in _limits(banlist).items() if limit in (0, 1, 2)}
        if all(expected.get(c) and expected[c].limit == limit for c, limit in mine.items()):
            fixed.append(banlist)
            continue
        note = (
            f"{banlist.series} {banlist.name}: the file repeats list {after.name}; "
            f"rebuilt from the card data's history on {banlist.effective}"
        )
        notes.append(note)
        fixed.append(
            banlist.model_copy(update={"entries": expected, "source": f"{RECONSTRUCTED} ({note})"})
        )
    return fixed


def _card_names(lists: list[Banlist], cards: list[CardFacts]) -> list[Banlist]:
    """Entry names from the card data where it knows the passcode (files have typos)."""
    names = {code: card.name for card in cards for code in card.passcodes}
    return [
        b.model_copy(
            update={
                "entries": {
                    code: e.model_copy(update={"name": names.get(code, e.name)})
                    for code, e in b.entries.items()
                }
            }
        )
        for b in lists
    ]


def build(lflists: Path, cards_path: Path) -> BuildResult:
    """Every list: the history files plus the reconstructed older OCG/TCG lists."""
    cards = read_cards(cards_path)
    notes: list[str] = []
    out: list[Banlist] = []
    for folder, series in HISTORY_DIRS.items():
        files = sorted((lflists / "history" / folder).glob("*.lflist.conf"))
        dates = change_dates(cards, DATE_SOURCE[series])
        out += _fix_mislabelled(
            list(_from_files(files, series, dates, lflists, notes)), cards, notes
        )
    out.append(_speed_list(lflists / "current" / "Speed.lflist.conf", cards, lflists))
    for file, series in CURRENT_LISTS.items():
        out += _from_files([lflists / "current" / file], series, [], lflists, notes)
    out += genesys_lists(cards)
    for series, title in HISTORY_ONLY.items():
        out += history_lists(cards, series, title)
    for series in ("ocg", "tcg"):
        first = min(b.effective for b in out if b.series == series and b.effective)
        taken = {b.name for b in out if b.series == series}
        for day in change_dates(cards, series):
            if day >= first:
                continue
            name = list_name(day, taken)
            taken.add(name)
            out.append(
                Banlist(
                    series=series,
                    name=name,
                    title=f"{name} {series.upper()}",
                    effective=day,
                    entries=reconstruct(cards, series, day),
                    source=RECONSTRUCTED,
                )
            )
    return BuildResult(_card_names(out, cards), notes)


HEADER = (
    "Generated by 'deckcheck banlist import-history' from public data; do not edit by hand.\n"
    "Entries: passcode -> name (for people), limit (0 Forbidden, 1 Limited, 2 Semi-Limited,\n"
    "3 listed on a whitelist, -1 not legal), points and group where the format has them."
)


def write(lists: Iterable[Banlist], out_dir: Path, force: bool = False) -> list[Path]:
    """Write every list as YAML (for people) and its JSON twin (what deckcheck reads), then
    the index. Each series folder is replaced as one unit (its stale lists go with the old
    folder); the index, which checks read first, comes last. An ``out_dir`` that already
    holds lists is refused (InputError) unless ``force``."""
    from deckcheck.banlist.files import twin_path, twin_text
    from deckcheck.banlist.store import write_index
    from deckcheck.io.outfile import new_folder

    lists = list(lists)
    series_names = sorted({b.series for b in lists})
    check_out(out_dir, force)
    written = []
    for series in series_names:
        with new_folder(out_dir / series, force=True, owns=_is_list_file) as fresh:
            for banlist in lists:
                if banlist.series == series:
                    # a plain write: the folder is published whole, fsynced, when complete;
                    # "x": two lists of one name in a series is an error, not a loss
                    path = fresh / f"{banlist.name}.yaml"
                    with path.open("x", encoding="utf-8") as fh:
                        fh.write(to_yaml(banlist, header=HEADER))
                    with twin_path(path).open("x", encoding="utf-8") as fh:
                        fh.write(twin_text(banlist))
                    written.append(out_dir / series / path.name)
    write_index(out_dir)
    return written


def check_out(out_dir: Path, force: bool) -> None:
    """InputError if ``out_dir`` holds lists (an index or a series folder of YAML files)
    and ``force`` is not given; cheap, so commands call it before building."""
    from deckcheck.banlist.store import INDEX

    held = [out_dir / INDEX] if (out_dir / INDEX).exists() else []
    if out_dir.is_dir():
        held += sorted(p for p in out_dir.iterdir() if p.is_dir() and any(p.glob("*.yaml")))
    if held and not force:
        shown = ", ".join(p.name for p in held[:3])
        raise InputError(f"{out_dir} already holds banlists ({shown}); use --force to replace them")


def _is_list_file(name: str) -> bool:
    return name.endswith((".yaml", ".json"))


def reindex(directory: Path) -> list[Path]:
    """Regenerate each list's JSON twin from its YAML, read as a person's file (the safe
    loader, full validation), then the index: after a list or formats.yaml is edited by
    hand. Returns the twins written."""
    from deckcheck.banlist.files import load_yaml_banlist, twin_path, twin_text
    from deckcheck.banlist.store import write_index
    from deckcheck.io.outfile import write_new

    written = []
    for path in sorted(directory.glob("*/*.yaml")):
        banlist = load_yaml_banlist(path)
        written.append(write_new(twin_path(path), twin_text(banlist), force=True))
    write_index(directory)
    return written


def summary(lists: list[Banlist]) -> dict[str, Any]:
    by_series: dict[str, list[str]] = defaultdict(list)
    for b in sorted(lists, key=lambda b: (b.series, b.effective or date.min)):
        by_series[b.series].append(b.name)
    return {s: {"count": len(n), "first": n[0], "last": n[-1]} for s, n in by_series.items()}
