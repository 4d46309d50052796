"""Live card data from the YGOPRODeck API v7 (``deckcheck cards update``).

The download is skipped when the API's database version (``checkDBVer.php``) is the one
already installed. A new download (``cardinfo.php?misc=yes``) is converted to the project's
card facts (no effect text is kept), merged with the card data installed before (see
``merge``), written as a new snapshot folder beside ``user_data_dir()/card_data``, opened and
checked, and only then swapped in as one unit (``deckcheck.io.outfile.new_folder``). Any
failure leaves the previous data in use and raises DataError saying why.
"""

from __future__ import annotations

import gzip
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck.io.errors import DataError
from deckcheck.io.paths import user_data_dir

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB
    from deckcheck.cards.model import Card, Legality

API = "https://db.ygoprodeck.com/api/v7"
RATE_PER_SECOND = 20  # the API's published limit
TIMEOUT = (10.0, 120.0)  # connect, read (the full card list is large)
MAX_BYTES = 200 * 1024 * 1024
# a new card list smaller than this share of the installed one is taken as partial data
MIN_SHARE = 0.9


class RateLimiter:
    """At most ``rate`` calls per second from this process."""

    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = 1.0 / rate
        self.clock = clock
        self.next_at = 0.0
        self.lock = threading.Lock()

    def wait(self) -> None:
        with self.lock:
            now = self.clock()
            if now < self.next_at:
                time.sleep(self.next_at - now)
                now = self.next_at
            self.next_at = now + self.interval


LIMITER = RateLimiter(RATE_PER_SECOND)


class Api:
    def __init__(self, source: str = API, timeout: tuple[float, float] = TIMEOUT) -> None:
        import requests

        self.base = source.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "deckcheck (card data update)"

    def get_json(self, endpoint: str, params: dict[str, str] | None = None) -> Any:  # noqa: ANN401
        import requests

        url = f"{self.base}/{endpoint}"
        LIMITER.wait()
        try:
            with self.session.get(url, params=params, timeout=self.timeout, stream=True) as resp:
                if resp.status_code != 200:
                    raise DataError(f"{url}: HTTP {resp.status_code} {resp.reason or ''}".strip())
                body = _read_limited(resp, url)
        except requests.exceptions.RequestException as exc:
            raise DataError(request_error(url, exc, self.timeout)) from exc
        try:
            return json.loads(body)
        except (ValueError, UnicodeDecodeError) as exc:
            raise DataError(f"{url}: the response is not valid JSON ({exc})") from exc


def _read_limited(resp: Any, url: str) -> bytes:  # noqa: ANN401
    chunks = []
    size = 0
    for chunk in resp.iter_content(1 << 16):
        size += len(chunk)
        if size > MAX_BYTES:
            raise DataError(f"{url}: response larger than {MAX_BYTES} bytes")
        chunks.append(chunk)
    body = b"".join(chunks)
    expected = resp.headers.get("Content-Length")
    if expected and expected.isdigit() and int(expected) != len(body):
        raise DataError(f"{url}: truncated response ({len(body)} of {expected} bytes)")
    return body


def _causes(exc: BaseException) -> list[BaseException]:
    """The exception and every one behind it: requests wraps urllib3's, which wraps the
    socket's, in arguments, ``reason`` and ``__cause__``."""
    found: list[BaseException] = []
    todo: list[object] = [exc]
    while todo:
        item = todo.pop(0)
        if not isinstance(item, BaseException) or any(item is f for f in found):
            continue
        found.append(item)
        todo += [*item.args, getattr(item, "reason", None), item.__cause__, item.__context__]
    return found


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def request_error(url: str, exc: BaseException, timeout: tuple[float, float] = TIMEOUT) -> str:
    """One readable line for a failed request: the host, what failed and the URL, instead of
    urllib3's retry text (cut at 200 characters before it said anything)."""
    import socket
    from urllib.parse import urlsplit

    import requests

    try:
        parts = urlsplit(url)
        host = parts.netloc.rpartition("@")[2] or url
    except ValueError:
        host = url
    causes = _causes(exc)
    kinds = tuple(type(c) for c in causes)
    if any(issubclass(k, requests.exceptions.ConnectTimeout) for k in kinds):
        what = f"no connection within {timeout[0]:g} s (timed out)"
    elif any(issubclass(k, requests.exceptions.Timeout) for k in kinds):
        what = f"no answer within {timeout[1]:g} s (timed out)"
    elif any(issubclass(k, socket.gaierror) for k in kinds):
        what = "host name not found"
    elif any(issubclass(k, ConnectionRefusedError) for k in kinds):
        what = "connection refused"
    elif any(issubclass(k, requests.exceptions.SSLError) for k in kinds):
        what = f"TLS failed ({_first_line(causes[-1])})"
    elif any(
        issubclass(
            k,
            (
                requests.exceptions.InvalidURL,
                requests.exceptions.InvalidSchema,
                requests.exceptions.MissingSchema,
            ),
        )
        for k in kinds
    ):
        return f"{url!r} is not a valid http:// or https:// URL"
    elif any(issubclass(k, requests.exceptions.TooManyRedirects) for k in kinds):
        what = "too many redirects"
    elif any(issubclass(k, requests.exceptions.ChunkedEncodingError) for k in kinds):
        what = f"the connection broke off during the download ({_first_line(causes[-1])})"
    else:
        what = f"request failed ({type(causes[-1]).__name__}: {_first_line(causes[-1])})"
    return f"{host}: {what} (GET {url})"


def db_version(api: Api) -> tuple[str, str | None]:
    """(database version, last update) from checkDBVer.php."""
    data = api.get_json("checkDBVer.php")
    row = data[0] if isinstance(data, list) and data else data
    if not isinstance(row, dict) or "database_version" not in row:
        raise DataError(f"{api.base}/checkDBVer.php: no database_version in the response")
    return str(row["database_version"]), row.get("last_update")


def card_list(api: Api, params: dict[str, str]) -> list[dict[str, Any]]:
    data = api.get_json("cardinfo.php", params)
    rows = data.get("data") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise DataError(f"{api.base}/cardinfo.php: no 'data' list in the response")
    for i, row in enumerate(rows):
        if not (
            isinstance(row, dict)
            and isinstance(row.get("id"), int)
            and isinstance(row.get("name"), str)
            and isinstance(row.get("frameType"), str)
        ):
            raise DataError(f"{api.base}/cardinfo.php: record {i} lacks id, name or frameType")
    return rows


# --- state ------------------------------------------------------------------------------


def updates_dir() -> Path:
    return user_data_dir() / "updates"


def read_state() -> dict[str, Any]:
    path = updates_dir() / "state.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def write_state(key: str, value: dict[str, Any]) -> None:
    from deckcheck.io.outfile import write_new

    state = read_state()
    state[key] = value
    updates_dir().mkdir(parents=True, exist_ok=True)
    write_new(updates_dir() / "state.json", json.dumps(state, indent=2) + "\n", force=True)


# --- conversion to the card facts -------------------------------------------------------

SPELL_PROPERTIES = {"quick-play": "quickplay"}
ABILITIES = ("flip", "gemini", "spirit", "toon", "union")
LINK_ARROWS = {
    "top": "topcenter",
    "bottom": "bottomcenter",
    "left": "middleleft",
    "right": "middleright",
    "top-left": "topleft",
    "top-right": "topright",
    "bottom-left": "bottomleft",
    "bottom-right": "bottomright",
}
RULE_NAME = re.compile(r"(also )?always treated as \"([^\"]+)\"", re.IGNORECASE)


def _kind(frame: str) -> str:
    if frame in ("spell", "trap", "token", "skill"):
        return frame
    return "monster"


def _date(text: object) -> str | None:
    if not isinstance(text, str):
        return None
    try:
        return date.fromisoformat(text[:10]).isoformat()
    except ValueError:
        return None


def to_record(row: dict[str, Any]) -> dict[str, Any]:
    """One API record as card facts in the schema of ../shared/data/cards.jsonl.gz.

    Effect text is read only for two facts (the material line of Extra Deck monsters and
    "always treated as" names) and is never stored."""
    frame = row["frameType"]
    kind = _kind(frame)
    type_words = str(row.get("type", "")).lower().replace("-", " ").split()
    codes = [row["id"]] + [
        img["id"]
        for img in row.get("card_images") or []
        if isinstance(img, dict) and isinstance(img.get("id"), int) and img["id"] != row["id"]
    ]
    misc = (row.get("misc_info") or [{}])[0] or {}
    rec: dict[str, Any] = {
        "uuid": f"ygoprodeck:{row['id']}",
        "passwords": codes if kind not in ("token", "skill") else [],
        "name": row["name"],
        "kind": kind,
        "ygoprodeck_id": row["id"],
    }
    if isinstance(misc.get("konami_id"), int):
        rec["konami_id"] = misc["konami_id"]
    if row.get("archetype"):
        rec["archetypes"] = [row["archetype"]]
    release = {
        r: d
        for r, d in (("tcg", _date(misc.get("tcg_date"))), ("ocg", _date(misc.get("ocg_date"))))
        if d
    }
    if release:
        rec["release"] = release
    rec["legality"] = _legality(row, misc)
    desc = str(row.get("desc") or "")
    if kind in ("spell", "trap"):
        prop = str(row.get("race", "normal")).lower()
        rec["property"] = SPELL_PROPERTIES.get(prop, prop)
    elif kind == "skill":
        rec["skill_character"] = row.get("race")
    elif kind == "monster":
        rec.update(_monster(row, frame, type_words, desc))
    found = RULE_NAME.search(desc)
    if found and found.group(2) != row["name"]:
        rec["rule_names"] = [found.group(2)]
        if found.group(1):
            rec["rule_names_also_own"] = True
    return rec


def _monster(row: dict[str, Any], frame: str, words: list[str], desc: str) -> dict[str, Any]:
    frames = [f for f in ("fusion", "synchro", "xyz", "link", "ritual") if f in frame]
    if "pendulum" in frame:
        frames.append("pendulum")
    classes = [c for c in ("normal", "effect", "tuner") if c in words]
    if "pendulum" in frame:
        classes.append("pendulum")
    if "normal" not in classes and "effect" not in classes and frame.startswith("effect"):
        classes.append("effect")
    out: dict[str, Any] = {
        "attribute": str(row.get("attribute", "")).lower() or None,
        "race": str(row.get("race", "")).lower().replace(" ", "").replace("-", "") or None,
        "frames": frames,
        "classifications": classes,
        "abilities": [a for a in ABILITIES if a in words],
    }
    if isinstance(row.get("atk"), int):
        out["atk"] = row["atk"]
    if isinstance(row.get("def"), int) and "link" not in frames:
        out["def"] = row["def"]
    if "link" in frames:
        out["link_arrows"] = [
            LINK_ARROWS.get(str(m).lower(), str(m).lower()) for m in row.get("linkmarkers") or []
        ]
    elif "xyz" in frames:
        out["rank"] = row.get("level")
    else:
        out["level"] = row.get("level")
    if isinstance(row.get("scale"), int):
        out["scale"] = row["scale"]
    if any(f in frames for f in ("fusion", "synchro", "xyz", "link")):
        first = desc.replace("\r", "").split("\n", 1)[0].strip()
        if first and len(first) < 200:
            out["materials"] = first
    return {k: v for k, v in out.items() if v not in (None, [])}


BAN_STATUS = {
    "Banned": "forbidden",
    "Forbidden": "forbidden",
    "Limited": "limited",
    "Semi-Limited": "semilimited",
}


def _legality(row: dict[str, Any], misc: dict[str, Any]) -> dict[str, Any]:
    bans = row.get("banlist_info") or {}
    formats = {str(f).lower() for f in misc.get("formats") or []}
    out = {}
    for region in ("tcg", "ocg"):
        status = BAN_STATUS.get(str(bans.get(f"ban_{region}")))
        if status is None:
            status = "unlimited" if region in formats else "unreleased"
        out[region] = {"status": status}
    points = misc.get("genesys_points")
    if isinstance(points, int | float):
        out["genesys"] = {"status": "unlimited", "points": float(points)}
    return out


# --- merging with the installed data ------------------------------------------------------


def _merged_legality(new: dict[str, Legality], old: dict[str, Legality]) -> dict[str, Legality]:
    """The API's current status and points, over the installed history; formats the API
    does not report (Goat, Speed...) stay as installed."""
    out = dict(old)
    for fmt, now in new.items():
        before = old.get(fmt)
        if before is None:
            out[fmt] = now
            continue
        points = now.points if now.points is not None else before.points
        out[fmt] = before.replace(status=now.status, points=points)
    return out


def merge(new: Card, old: Card | None, free: frozenset[int] = frozenset()) -> Card:
    """A downloaded card completed from the installed one: the API has English names and
    the current lists only. Kept from the installed card: its id, the names in other
    languages, legality histories and formats the API lacks, release dates in other
    regions, names taken by rule or by effect (curated, where the API's text is only
    searched for "always treated as"), parsed materials the API's line did not give, and
    the alternate passcodes in ``free`` (the cdb artworks the bundled build merged; ones
    the download gives to no card)."""
    if old is None:
        return new
    materials = new.materials
    if old.materials is not None and (materials is None or not materials.supported):
        materials = old.materials
    rule_names = old.rule_names or new.rule_names
    extra = tuple(c for c in old.passcodes if c in free and c not in new.passcodes)
    return new.replace(
        **{
            "uid": old.uid,
            "passcodes": new.passcodes + extra,
            "names": {**old.names, **new.names},
            "legality": _merged_legality(new.legality, old.legality),
            "release": {**old.release, **new.release},
            "rule_names": rule_names,
            "rule_names_also_own": old.rule_names_also_own
            if old.rule_names
            else new.rule_names_also_own,
            "effect_name_changes": old.effect_name_changes,
            "archetypes": tuple(dict.fromkeys((*new.archetypes, *old.archetypes))),
            "materials": materials,
            "illegal": old.illegal or new.illegal,
            "konami_id": new.konami_id or old.konami_id,
        }
    )


def _installed(previous: CardDB, card: Card) -> Card | None:
    for code in card.passcodes:
        found = previous.get(code)
        if found is not None:
            return found
    if not card.passcodes:  # Skill Cards and tokens: by name, of the same kind
        return next((c for c in previous.find_all(card.name) if c.kind == card.kind), None)
    return None


def merge_with_installed(
    cards: list[tuple[Card, Any]], previous: CardDB
) -> tuple[list[tuple[Card, Any]], str]:
    """Every downloaded card merged with ``previous`` (see ``merge``), and what was done."""
    claimed = {code for card, _ in cards for code in card.passcodes}
    out, known = [], 0
    for card, aliases in cards:
        old = _installed(previous, card)
        known += old is not None
        free = frozenset(old.passcodes) - claimed if old is not None else frozenset()
        claimed |= free
        out.append((merge(card, old, free), aliases))
    note = (
        f"{known} cards completed from the installed data ({previous.version}): names in other "
        f"languages, legality history, other regions' release dates; {len(cards) - known} new"
    )
    return out, note


# --- the update -------------------------------------------------------------------------


@dataclass
class UpdateResult:
    updated: bool
    version: str
    message: str


def cards_update(
    source: str = API,
    force: bool = False,
    timeout: tuple[float, float] = TIMEOUT,
    min_cards: int | None = None,
) -> UpdateResult:
    """Fetch the card list if the API's database changed; install it for CardDB.open()."""
    from deckcheck.cards.build import build_cards
    from deckcheck.cards.db import SNAPSHOT, CardDB, is_snapshot_file, write_snapshot_files
    from deckcheck.io.outfile import new_folder

    api = Api(source, timeout)
    version, last_update = db_version(api)
    state = read_state().get("cards", {})
    target = user_data_dir() / "card_data"
    if not force and state.get("version") == version and (target / SNAPSHOT).is_file():
        return UpdateResult(False, version, f"card data is up to date (database {version})")
    rows = card_list(api, {"misc": "yes"})
    previous = CardDB.open()
    if min_cards is None:
        min_cards = int(len(previous) * MIN_SHARE)
    if len(rows) < min_cards:
        raise DataError(
            f"the API returned {len(rows)} cards, fewer than the {min_cards} expected: "
            "partial data, not installed"
        )
    # built, merged and checked in a new folder beside the data in use, then swapped in
    # whole (deckcheck.io.outfile.new_folder): a failure or a kill leaves the data in use
    with new_folder(target, force=True, owns=is_snapshot_file) as fresh:
        source_file = fresh / "cards.jsonl.gz"
        with gzip.open(source_file, "wt", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(to_record(row), ensure_ascii=False) + "\n")
        try:
            cards, manifest = build_cards(source_file)
        except (ValueError, TypeError, KeyError) as exc:
            raise DataError(f"the downloaded cards could not be built: {exc}") from exc
        source_file.unlink()
        cards, manifest["merged"] = merge_with_installed(cards, previous)
        write_snapshot_files(cards, fresh, manifest)
        check = CardDB.open(fresh)
        sample = next((r["id"] for r in rows if _kind(r["frameType"]) == "monster"), None)
        if len(check) != len(rows) or (sample is not None and check.get(sample) is None):
            raise DataError("the built snapshot does not hold the downloaded cards")
        del check
    write_state(
        "cards",
        {"version": version, "last_update": last_update, "cards": len(rows), "source": api.base},
    )
    return UpdateResult(True, version, f"installed {len(rows)} cards (database {version})")
