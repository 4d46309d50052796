"""Live updates against a local HTTP server in the API's shape: success, version skip, and
every failure mode (HTTP 500, timeout, garbage, truncated body, partial data)."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest

from deckcheck.banlist.live import banlist_update
from deckcheck.banlist.store import BanlistStore
from deckcheck.cards import update as upd
from deckcheck.cards.db import SNAPSHOT, CardDB
from deckcheck.io.errors import DataError
from deckcheck.io.paths import user_data_dir
from tests.cli.helpers import run

FAST = (2.0, 2.0)
FRAME = {"fusion": "fusion", "synchro": "synchro", "xyz": "xyz", "link": "link", "ritual": "ritual"}
BAN = {0: "Banned", 1: "Limited", 2: "Semi-Limited"}


def api_row(card, tcg_limits: dict[int, int]) -> dict:
    """A real card in the shape of cardinfo.php?misc=yes (no effect text)."""
    frame = next((FRAME[f] for f in card.frames if f in FRAME), None)
    if card.kind != "monster":
        frame = card.kind
    elif frame is None:
        frame = "effect" if card.is_effect else "normal"
    if card.is_pendulum and card.kind == "monster":
        frame += "_pendulum"
    row = {
        "id": card.passcode,
        "name": card.name,
        "type": card.type_line,
        "frameType": frame,
        "desc": "",
        "race": card.race or (card.spell_property or "normal").replace("quickplay", "Quick-Play"),
        "card_images": [{"id": c} for c in card.passcodes],
        "misc_info": [
            {
                "formats": ["TCG", "OCG"],
                "tcg_date": str(card.release.get("tcg", "")),
                "ocg_date": str(card.release.get("ocg", "")),
                "konami_id": card.konami_id,
            }
        ],
    }
    if card.kind == "monster":
        row.update(attribute=(card.attribute or "").upper(), atk=card.atk)
        row["level"] = card.rank if card.rank is not None else card.level
        if card.is_link:
            back = {v: k.title() for k, v in upd.LINK_ARROWS.items()}
            row["linkmarkers"] = [back[a] for a in card.link_arrows]
            row["linkval"] = len(card.link_arrows)
        else:
            row["def"] = card.defense
        if card.scale is not None:
            row["scale"] = card.scale
    limit = min((tcg_limits[c] for c in card.passcodes if c in tcg_limits), default=None)
    if limit is not None:
        row["banlist_info"] = {"ban_tcg": BAN[limit]}
    return row


class Server:
    """Routes: path -> (status, body bytes, mode); mode "sleep" delays, "truncate" lies."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[int, bytes, str]] = {}
        self.hits: list[str] = []
        routes, hits = self.routes, self.hits

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                url = urlparse(self.path)
                key = url.path.rsplit("/", 1)[-1]
                query = parse_qs(url.query)
                if "banlist" in query:
                    key += "?banlist=" + query["banlist"][0]
                hits.append(key)
                status, body, mode = routes.get(key, (404, b"{}", ""))
                if mode == "sleep":
                    time.sleep(3)
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                length = len(body) * 2 if mode == "truncate" else len(body)
                self.send_header("Content-Length", str(length))
                self.end_headers()
                with contextlib.suppress(OSError):
                    self.wfile.write(body)
                self.close_connection = True

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/api/v7"

    def set(self, key: str, data: object, status: int = 200, mode: str = "") -> None:
        body = data if isinstance(data, bytes) else json.dumps(data).encode()
        self.routes[key] = (status, body, mode)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    srv = Server()
    yield srv
    srv.close()


@pytest.fixture(autouse=True)
def _own_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_HOME", str(tmp_path / "home"))


@pytest.fixture(scope="module")
def rows(db) -> list[dict]:
    tcg = BanlistStore.open(include_user=False).get("tcg", "2025.10")
    limits = {c: e.limit for c, e in tcg.entries.items() if e.limit is not None}
    wanted = [
        "Pot of Greed",
        "Decode Talker",
        "Blue-Eyes White Dragon",
        "Raigeki",
        "Mystical Space Typhoon",
        "Odd-Eyes Pendulum Dragon",
        "Number 39: Utopia",
        "Called by the Grave",
        "Harpie Lady 1",
        "Cyber Dragon Zwei",
    ]
    cards = [db.find(n) for n in wanted]
    cards += [c for c in db.all_cards() if c.passcodes and c.kind != "token"][:300]
    return [api_row(c, limits) for c in {c.uid: c for c in cards}.values()]


def version(srv: Server, v: str, day: str = "2025-10-30 10:00:00") -> None:
    srv.set("checkDBVer.php", [{"database_version": v, "last_update": day}])


def test_cards_update_installs_and_skips_same_version(server, rows, db):
    version(server, "138.1")
    server.set("cardinfo.php", {"data": rows})
    result = upd.cards_update(server.url, timeout=FAST, min_cards=1)
    assert result.updated and result.version == "138.1"
    installed = user_data_dir() / "card_data" / SNAPSHOT
    assert installed.is_file()
    fresh = CardDB.open()  # the user's snapshot now wins
    assert fresh.path == installed and len(fresh) == len(rows)
    talker = fresh.find("Decode Talker")
    assert talker.is_link and talker.link_arrows == db.find("Decode Talker").link_arrows
    assert fresh.find("Odd-Eyes Pendulum Dragon").is_pendulum
    assert fresh.find("Pot of Greed").legality["tcg"].status == "forbidden"
    assert fresh.find("Pot of Greed").release["tcg"] == date(2002, 3, 8)
    # same database version: no second download
    server.hits.clear()
    again = upd.cards_update(server.url, timeout=FAST, min_cards=1)
    assert not again.updated and server.hits == ["checkDBVer.php"]
    assert upd.cards_update(server.url, force=True, timeout=FAST, min_cards=1).updated


def test_cards_update_keeps_what_only_the_installed_data_knows(server, rows, db):
    # the API has English names and the current lists; the installed data has the rest
    new_card = {
        "id": 99999001,
        "name": "A Card Printed Tomorrow",
        "type": "Normal Monster",
        "frameType": "normal",
        "desc": "",
        "race": "Dragon",
        "attribute": "LIGHT",
        "atk": 1000,
        "def": 1000,
        "level": 4,
        "card_images": [{"id": 99999001}],
        "misc_info": [{"formats": ["TCG"], "tcg_date": "2026-12-01"}],
    }
    version(server, "139.0")
    server.set("cardinfo.php", {"data": [*rows, new_card]})
    upd.cards_update(server.url, timeout=FAST, min_cards=1)
    fresh = CardDB.open()
    pot, before = fresh.find("Pot of Greed"), db.find("Pot of Greed")
    assert pot.uid == before.uid
    assert pot.names["de"] == "Topf der Gier" and pot.names == before.names
    assert fresh.find("Topf der Gier") == pot
    assert pot.legality["tcg"].status == "forbidden"  # from the API
    assert pot.legality["tcg"].history == before.legality["tcg"].history
    assert pot.legality["tcg"].history  # a real history was there to keep
    assert pot.release == before.release
    assert set(before.legality) - {"tcg", "ocg", "genesys"} <= set(pot.legality)
    # names by rule and by effect: curated in the installed data, not in the API's fields
    assert fresh.find("Harpie Lady 1").name_keys == ("Harpie Lady",)
    zwei = fresh.find("Cyber Dragon Zwei")
    assert zwei.effect_name_changes == db.find("Cyber Dragon Zwei").effect_name_changes
    assert zwei.effect_name_changes == ("Cyber Dragon",)
    # a card the installed data does not have comes in as the API gives it
    tomorrow = fresh.get(99999001)
    assert tomorrow.name == "A Card Printed Tomorrow" and tomorrow.names == {}
    assert tomorrow.uid == "ygoprodeck:99999001"
    merged = fresh.manifest["merged"]
    assert merged.startswith(f"{len(rows)} cards completed from the installed data")
    assert merged.endswith("; 1 new")


@pytest.mark.parametrize(
    ("status", "body", "mode", "message"),
    [
        (500, b'{"error": "boom"}', "", "HTTP 500"),
        (200, b"<html>not json</html>", "", "not valid JSON"),
        (200, b'{"data": [{"id": 1, "name": "x", "frameType": "normal"}, {"id"', "", "not valid"),
        (200, b'{"data": []}', "truncate", "IncompleteRead"),
        (200, b'{"data": []}', "sleep", "timed out"),
        (200, b'{"data": [{"id": 89631139}]}', "", "lacks id, name or frameType"),
        (200, b'{"cards": []}', "", "no 'data' list"),
    ],
    ids=["500", "garbage", "cut-json", "truncated", "timeout", "missing-fields", "wrong-shape"],
)
def test_cards_update_failures_keep_previous_data(server, rows, status, body, mode, message):
    version(server, "138.1")
    server.set("cardinfo.php", {"data": rows})
    upd.cards_update(server.url, timeout=FAST, min_cards=1)
    installed = user_data_dir() / "card_data" / SNAPSHOT
    before = installed.read_bytes()
    version(server, "138.2")
    server.set("cardinfo.php", body, status=status, mode=mode)
    with pytest.raises(DataError, match=message):
        upd.cards_update(server.url, timeout=(2.0, 1.0), min_cards=1)
    assert installed.read_bytes() == before
    assert json.loads((upd.updates_dir() / "state.json").read_text())["cards"]["version"] == "138.1"
    assert not list(installed.parent.parent.glob(".update-*"))  # staging cleaned up


def test_partial_card_list_is_refused(server, rows):
    version(server, "138.3")
    server.set("cardinfo.php", {"data": rows})  # 300-odd cards, the snapshot has ~14,000
    with pytest.raises(DataError, match="partial data"):
        upd.cards_update(server.url, timeout=FAST)
    assert not (user_data_dir() / "card_data" / SNAPSHOT).exists()


def test_offline(rows):
    with pytest.raises(DataError, match="127.0.0.1:9"):
        upd.cards_update("http://127.0.0.1:9/api/v7", timeout=(1.0, 1.0), min_cards=1)


def test_rate_limit_spaces_requests(monkeypatch):
    now = [100.0]
    slept: list[float] = []
    monkeypatch.setattr(
        upd.time, "sleep", lambda s: (slept.append(s), now.__setitem__(0, now[0] + s))
    )
    limiter = upd.RateLimiter(20, clock=lambda: now[0])
    for _ in range(21):
        limiter.wait()
    assert len(slept) == 20 and now[0] - 100.0 == pytest.approx(1.0)


def _banlist_rows(rows: list[dict], extra_ban: str | None = None) -> list[dict]:
    out = []
    for row in rows:
        row = json.loads(json.dumps(row))
        if row["name"] == extra_ban:
            row["banlist_info"] = {"ban_tcg": "Banned"}
        if "banlist_info" in row:
            out.append(row)
    return out


def test_banlist_update_saves_only_a_changed_list(server, rows, db):
    tcg = BanlistStore.open(include_user=False).get("tcg", "2025.10")
    full = [
        api_row(db.get(c), {k: e.limit for k, e in tcg.entries.items()})
        for c in {db.get(c).uid: c for c in tcg.entries if db.get(c)}.values()
    ]
    version(server, "140.0", "2025-11-03 08:00:00")
    server.set("cardinfo.php?banlist=tcg", {"data": full})
    ocg = BanlistStore.open(include_user=False).in_force("ocg", date(2025, 11, 3))
    ocg_rows = []
    for code in {db.get(c).uid: c for c in ocg.entries if db.get(c)}.values():
        row = api_row(db.get(code), {})
        row["banlist_info"] = {"ban_ocg": BAN[ocg.entries[code].limit]}
        ocg_rows.append(row)
    server.set("cardinfo.php?banlist=ocg", {"data": ocg_rows})
    done = banlist_update(server.url, timeout=FAST)
    assert [d.path for d in done] == [None, None]  # both equal the bundled lists in force
    assert "same as list 2025.10" in done[0].message
    # a new TCG list: Raigeki Forbidden
    raigeki = api_row(db.find("Raigeki"), {})
    raigeki["banlist_info"] = {"ban_tcg": "Banned"}
    version(server, "140.1", "2025-11-10 08:00:00")
    server.set("cardinfo.php?banlist=tcg", {"data": [*full, raigeki]})
    done = banlist_update(server.url, timeout=FAST)
    assert done[0].path is not None and done[1].path is None
    store = BanlistStore.open()
    assert store.in_force("tcg", date(2025, 11, 10)).limit_of(12580477) == 0
    assert store.in_force("tcg", date(2025, 11, 9)).limit_of(12580477) is None
    assert banlist_update(server.url, timeout=FAST) == []  # version unchanged


def test_banlist_update_cli_failure(capsys, server):
    version(server, "141.0")
    server.set("cardinfo.php?banlist=tcg", b"garbage")
    result = run(capsys, "banlist", "update", "--source", server.url)
    assert result.code == 2
    assert "banlist update failed, previous lists kept" in result.err
    assert "not valid JSON" in result.err
    assert not (user_data_dir() / "banlists").exists()


def test_cards_update_cli(capsys, server, rows):
    version(server, "150.0")
    server.set("cardinfo.php", {"data": rows})
    # a few hundred cards against a 14,360-card snapshot: partial data, refused
    refused = run(capsys, "cards", "update", "--source", server.url)
    assert refused.code == 2
    assert "card update failed, previous card data kept" in refused.err
    assert "partial data" in refused.err
    assert not (user_data_dir() / "card_data" / SNAPSHOT).exists()
    server.set("checkDBVer.php", b"oops", status=500)
    offline = run(capsys, "cards", "update", "--source", server.url)
    assert offline.code == 2 and "HTTP 500" in offline.err
