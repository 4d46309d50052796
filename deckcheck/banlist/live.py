"""``deckcheck banlist update``: the TCG and OCG lists in force now, from the YGOPRODeck API.

The API gives each card's current status (``banlist_info``) but no dates. A fetched list is
saved as a user list effective on the API's last update day, and only when it differs from
the list the project already has in force on that day; otherwise nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from deckcheck.banlist.model import Banlist, Entry
from deckcheck.banlist.store import BanlistStore, save_user_list
from deckcheck.cards.update import API, TIMEOUT, Api, card_list, db_version, read_state, write_state
from deckcheck.io.errors import DataError

LIMITS = {"Banned": 0, "Forbidden": 0, "Limited": 1, "Semi-Limited": 2}
SERIES = ("tcg", "ocg")


@dataclass
class ListUpdate:
    series: str
    banlist: Banlist
    path: Path | None
    message: str


def fetched_list(api: Api, series: str, version: str, day: date) -> Banlist:
    rows = card_list(api, {"banlist": series, "misc": "yes"})
    entries: dict[int, Entry] = {}
    for row in rows:
        status = (row.get("banlist_info") or {}).get(f"ban_{series}")
        if status not in LIMITS:
            continue
        codes = [row["id"]] + [
            img["id"]
            for img in row.get("card_images") or []
            if isinstance(img, dict) and isinstance(img.get("id"), int)
        ]
        for code in dict.fromkeys(codes):
            entries[code] = Entry(passcode=code, name=row["name"], limit=LIMITS[status])
    if not entries:
        raise DataError(f"the API returned no {series.upper()} list entries: not installed")
    name = f"{day.year}.{day.month:02d}.{day.day:02d}"
    return Banlist(
        series=series,
        name=name,
        title=f"{name} {series.upper()} (YGOPRODeck database {version})",
        effective=day,
        entries=dict(sorted(entries.items(), key=lambda e: (e[1].limit, e[1].name or ""))),
        source=f"{api.base}/cardinfo.php?banlist={series}",
    )


def _limits(banlist: Banlist | None) -> dict[str, int | None]:
    """Status by card name: lists differ in which alternate-art passcodes they spell out."""
    if banlist is None:
        return {}
    return {
        (e.name or str(c)).casefold(): e.limit
        for c, e in banlist.entries.items()
        if e.limit is not None
    }


def banlist_update(
    source: str = API, force: bool = False, timeout: tuple[float, float] = TIMEOUT
) -> list[ListUpdate]:
    api = Api(source, timeout)
    version, last_update = db_version(api)
    state = read_state().get("banlists", {})
    if not force and state.get("version") == version:
        return []
    day = date.fromisoformat(last_update[:10]) if last_update else date.today()
    fetched = [fetched_list(api, series, version, day) for series in SERIES]
    store = BanlistStore.open()
    done = []
    for banlist in fetched:
        current = store.in_force(banlist.series, day)
        if _limits(current) == _limits(banlist):
            name = current.name if current else "?"
            message = f"{banlist.series}: same as list {name} in force on {day}; nothing saved"
            done.append(ListUpdate(banlist.series, banlist, None, message))
            continue
        path = save_user_list(banlist, overwrite=True)
        message = (
            f"{banlist.series}: saved list {banlist.name} ({len(banlist.entries)} entries, "
            f"effective {day})"
        )
        done.append(ListUpdate(banlist.series, banlist, path, message))
    write_state("banlists", {"version": version, "last_update": last_update, "source": api.base})
    return done
