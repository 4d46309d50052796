"""What the ``deckcheck banlist`` commands do, one function each, usable without the CLI."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from deckcheck.banlist.diff import ORDER, TITLES, Diff, diff
from deckcheck.banlist.files import load_banlists, to_json, to_yaml_many
from deckcheck.banlist.lflist import date_from_name, write_lflist
from deckcheck.banlist.model import Banlist
from deckcheck.banlist.store import BanlistStore, save_user_list
from deckcheck.io.errors import InputError

TARGETS = ("lflist", "yaml", "json")


def series_for(store: BanlistStore, key: str) -> str:
    """A format id ("goat") or a series name ("tcg") -> the series of lists it uses."""
    from deckcheck.formats.registry import load_formats

    key = key.strip().lower()
    if key in store.series():
        return key
    fmt = load_formats().get(key)
    if fmt is not None and fmt.banlist:
        return fmt.banlist
    known = sorted(set(store.series()) | set(load_formats()))
    raise InputError(f"no banlists for {key!r}; known: {', '.join(known)}")


def in_force(store: BanlistStore, key: str, on: date) -> Banlist:
    """The list a format (or series) applies on a day."""
    from deckcheck.formats.registry import load_formats

    fmt = load_formats().get(key.strip().lower())
    if fmt is not None and fmt.banlist:
        found = store.for_format(fmt, on)
    elif fmt is not None:
        raise InputError(f"format {fmt.id} uses no banlist")
    else:
        found = store.in_force(series_for(store, key), on)
    if found is None:
        raise InputError(f"no {key} list was in force on {on}")
    return found


@dataclass
class Row:
    series: str
    name: str
    effective: date | None
    title: str | None
    file: str


def list_rows(store: BanlistStore, key: str | None = None) -> list[Row]:
    series = [series_for(store, key)] if key else store.series()
    return [
        Row(s, r.name, r.effective, r.title, str(r.path)) for s in series for r in store.refs(s)
    ]


def rows_text(rows: list[Row], detailed: bool) -> str:
    if not detailed:
        by: dict[str, list[Row]] = {}
        for row in rows:
            by.setdefault(row.series, []).append(row)
        lines = [
            f"{s:<12} {len(r):>3} lists  {r[0].name} ({r[0].effective}) .. "
            f"{r[-1].name} ({r[-1].effective})"
            for s, r in by.items()
        ]
        return "\n".join(lines) + "\n"
    return (
        "\n".join(f"{r.series:<12} {r.name:<12} {r.effective}  {r.title or ''}" for r in rows)
        + "\n"
    )


def rows_json(rows: list[Row]) -> str:
    data = [
        {
            "series": r.series,
            "name": r.name,
            "effective": r.effective.isoformat() if r.effective else None,
            "title": r.title,
        }
        for r in rows
    ]
    return json.dumps({"lists": data}, ensure_ascii=False, indent=2) + "\n"


def show_text(banlist: Banlist) -> str:
    head = [
        f"{banlist.title or banlist.label}",
        f"series {banlist.series}, list {banlist.name}, effective {banlist.effective}",
    ]
    if banlist.whitelist:
        head.append(f"whitelist: only the {len(banlist.entries)} listed cards are legal")
    if banlist.points_cap is not None:
        head.append(f"points cap {banlist.points_cap:g}")
    if banlist.source:
        head.append(f"source: {banlist.source}")
    sections: dict[str, list[str]] = {}
    for code, entry in banlist.entries.items():
        if banlist.whitelist and entry.status == "unlimited" and entry.group is None:
            continue  # a whitelist's unlimited entries are the pool itself
        if entry.group is not None:
            key = f"Limited {entry.group} (group)"
        elif entry.points is not None and entry.limit is None:
            key = "Points"
        else:
            key = TITLES.get(entry.status, entry.status)
        points = f" [{entry.points:g} points]" if entry.points is not None else ""
        sections.setdefault(key, []).append(f"  {entry.name or '?'} ({code}){points}")
    order = [TITLES[s] for s in ORDER]
    body = []
    for key in sorted(sections, key=lambda k: (order.index(k) if k in order else 99, k)):
        body.append(f"\n{key} ({len(sections[key])}):")
        body += sections[key]
    return "\n".join(head + body) + "\n"


def render(banlists: list[Banlist], to: str) -> str:
    if to == "lflist":
        return write_lflist(banlists)
    if to == "yaml":
        return to_yaml_many(banlists)
    if to == "json":
        return to_json(banlists)
    raise InputError(f"unknown target {to!r}; use one of {', '.join(TARGETS)}")


def diff_lists(store: BanlistStore, key: str, old: str, new: str) -> Diff:
    series = series_for(store, key)
    return diff(store.resolve(series, old), store.resolve(series, new))


def import_lists(
    path: Path,
    series: str | None = None,
    effective: date | None = None,
    force: bool = False,
) -> list[tuple[Banlist, Path]]:
    """Add the lists of a file to the user's banlists, with an effective date each."""
    banlists = load_banlists(path)
    if effective is not None and len(banlists) > 1:
        raise InputError(f"{path} holds {len(banlists)} lists; --effective needs one")
    bundled = BanlistStore.open(include_user=False)
    done = []
    for banlist in banlists:
        update: dict[str, object] = {}
        if series:
            update["series"] = series.strip().lower()
        _check_series(str(update.get("series", banlist.series)))
        known = _bundled_day(bundled, str(update.get("series", banlist.series)), banlist.name)
        day = effective or banlist.effective or known or _day_from_name(banlist.name)
        if day is None:
            raise InputError(
                f"list {banlist.name!r} has no effective date and its name gives none; "
                "use --effective YYYY-MM-DD"
            )
        update["effective"] = day
        if banlist.source is None:
            update["source"] = str(path)
        banlist = banlist.model_copy(update=update)
        done.append((banlist, save_user_list(banlist, overwrite=force)))
    return done


def _check_series(series: str) -> None:
    """A series named like a format must be that format's own series: a list filed under
    "goat" would otherwise lie unused beside the format goat (it uses the tcg list 2005.04)."""
    from deckcheck.formats.registry import load_formats

    fmt = load_formats().get(series)
    if fmt is None or fmt.banlist == series:
        return
    if fmt.banlist is None:
        raise InputError(f"format {fmt.id} uses no Forbidden/Limited list; use another --series")
    pinned = f" {fmt.banlist_name}" if fmt.banlist_name else ""
    raise InputError(
        f"format {fmt.id} uses the {fmt.banlist} list{pinned}: import with --series "
        f"{fmt.banlist} to add a list to it, or give a series of your own"
    )


def _bundled_day(store: BanlistStore, series: str, name: str) -> date | None:
    """A published list's exact day (TCG names give only the month)."""
    try:
        return store.get(series, name).effective
    except InputError:
        return None


def _day_from_name(name: str) -> date | None:
    parts = date_from_name(name)
    if parts is None:
        return None
    year, month, day = parts
    return date(year, month, day or 1)
