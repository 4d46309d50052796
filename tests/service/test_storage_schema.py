"""Databases written before schema 2 (request ids, player keys by width and invisible
characters) keep working: their registrations are found, their keys still open them, their
format-1 records still verify, and names that would now be one player are not merged."""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Iterator

import pytest

from deckcheck.service.storage import open_storage
from tests.service.conftest import EVENT_DAY, LEGAL_DECK, deck_text, make_client, make_service
from tests.service.conftest import need_pg as _need_pg

# the tables exactly as schema 1 created them ({serial}: INTEGER or BIGSERIAL)
OLD_TABLES = (
    """CREATE TABLE events (id TEXT PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL,
        date TEXT NOT NULL, points_cap DOUBLE PRECISION, deadline TEXT,
        token_hash TEXT NOT NULL, created TEXT NOT NULL)""",
    """CREATE TABLE registrations (id {serial} PRIMARY KEY,
        event_id TEXT NOT NULL REFERENCES events (id), player TEXT NOT NULL,
        player_key TEXT NOT NULL, revision INTEGER NOT NULL, current INTEGER NOT NULL,
        digest TEXT NOT NULL, record TEXT NOT NULL, created TEXT NOT NULL,
        UNIQUE (event_id, player_key, revision))""",
    """CREATE UNIQUE INDEX registrations_current
        ON registrations (event_id, player_key) WHERE current = 1""",
    """CREATE TABLE players (event_id TEXT NOT NULL REFERENCES events (id),
        player_key TEXT NOT NULL, token_hash TEXT NOT NULL,
        PRIMARY KEY (event_id, player_key))""",
)
EVENT = "OldOpen1"
ORGANISER = "organiser-token-of-the-old-event-000000000000"
FULL_WIDTH = "\uff41\uff4c\uff49\uff43\uff45"  # "alice" in full-width letters
# AI_Blackwing's digest as format-1 records and schema-1 rows held it: 32 hex digits
BLACKWING_V1 = "sha256:d68263586755764e8d54834d27a49118"


def old_record(db, player: str) -> dict:
    """A registration record of format 1, as deckcheck wrote it then."""
    from deckcheck.decks.codecs import load_deck
    from deckcheck.event.registration import canonical

    deck = load_deck(str(LEGAL_DECK), db)
    return {
        "kind": "deckcheck-registration",
        "schema_version": 1,
        "player": player,
        "event": "Old Open",
        "format": "tcg",
        "date": EVENT_DAY,
        "banlist": "2026.05",
        "sizes": {"main": 40, "extra": 15, "side": 0},
        "deck": canonical(deck, db).model_dump(mode="json"),
        "digest": BLACKWING_V1,
        "source": "registration of " + player,
        "registered_at": "2026-05-20T10:00:00Z",
        "deckcheck_version": "0.1.0",
        "card_data_version": "2026-11-01",
    }


def fill_old_database(execute, db, players: dict[str, str]) -> None:
    """Schema-1 rows: the event, and per player (name -> player key) a registration."""
    from deckcheck.service.tokens import hash_token

    created = "2026-05-20T10:00:00+00:00"
    execute(
        "INSERT INTO events VALUES (?, 'Old Open', 'tcg', ?, NULL, NULL, ?, ?)",
        (EVENT, EVENT_DAY, hash_token(ORGANISER), created),
    )
    for name, key in players.items():
        old_key = " ".join(name.split()).casefold()  # how schema 1 keyed a name
        execute("INSERT INTO players VALUES (?, ?, ?)", (EVENT, old_key, hash_token(key)))
        record = json.dumps(old_record(db, name), ensure_ascii=False, sort_keys=True)
        execute(
            "INSERT INTO registrations (event_id, player, player_key, revision, current, "
            "digest, record, created) VALUES (?, ?, ?, 1, 1, ?, ?, ?)",
            (EVENT, name, old_key, BLACKWING_V1, record, created),
        )


@pytest.fixture(params=["sqlite", "postgresql"])
def old_database(request, tmp_path, db) -> Iterator:
    """A function that writes a schema-1 database with the given players and returns its
    URL (PostgreSQL: in a schema of its own)."""
    if request.param == "sqlite":
        path = tmp_path / "old.sqlite3"

        def make(players: dict[str, str]) -> str:
            with sqlite3.connect(path) as con:
                for statement in OLD_TABLES:
                    con.execute(statement.format(serial="INTEGER"))
                fill_old_database(con.execute, db, players)
            return f"sqlite:///{path}"

        yield make
        return
    import psycopg

    base = _need_pg()
    schema = f"old_{uuid.uuid4().hex[:12]}"
    url = f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"

    def make_pg(players: dict[str, str]) -> str:
        with psycopg.connect(base, autocommit=True) as con:
            con.execute(f"CREATE SCHEMA {schema}")
        with psycopg.connect(url) as con:
            for statement in OLD_TABLES:
                con.execute(statement.format(serial="BIGSERIAL"))
            fill_old_database(
                lambda sql, args: con.execute(sql.replace("?", "%s"), args), db, players
            )
        return url

    yield make_pg
    with psycopg.connect(base, autocommit=True) as con:
        con.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def test_old_registrations_keep_working(old_database, db):
    url = old_database({FULL_WIDTH: "key-of-alice-0000000000000000000000000000", "Bo": "bo-key"})
    service = make_service(db, url)
    try:
        client = make_client(service)
        organiser = {"Authorization": f"Bearer {ORGANISER}"}
        base = f"/v1/events/{EVENT}"
        listing = client.get(f"{base}/registrations", headers=organiser).json()
        assert sorted(r["player"] for r in listing["registrations"]) == ["Bo", FULL_WIDTH]
        # the format-1 record verifies, under any spelling of the name
        for spelling in (FULL_WIDTH, "alice", "Al\u00adice"):
            check = client.post(
                f"{base}/verify",
                params={"player": spelling},
                content=deck_text(),
                headers=organiser,
            )
            assert check.status_code == 200, spelling
            assert check.json()["valid"] is True
            assert check.json()["notes"][-1].endswith(f"({BLACKWING_V1})")
        # the key from schema 1 still opens the registration, now under the new spelling
        body = {"player": "alice", "deck": deck_text()}
        assert client.post(f"{base}/registrations", json=body).status_code == 403
        again = client.post(
            f"{base}/registrations",
            json={**body, "player_key": "key-of-alice-0000000000000000000000000000"},
        )
        assert (again.status_code, again.json()["revision"]) == (201, 2)
        bo = client.post(
            f"{base}/registrations",
            json={"player": "BO", "deck": deck_text(), "player_key": "bo-key"},
        )
        assert bo.status_code == 201
        # and a request id works on the migrated tables
        retry = {"player": "Cy", "deck": deck_text(), "request_id": str(uuid.uuid4())}
        first = client.post(f"{base}/registrations", json=retry).json()
        assert client.post(f"{base}/registrations", json=retry).json() == first
    finally:
        service.close()
    # opened again: migrated once only
    store = open_storage(url)
    try:
        assert store.registration(EVENT, "ALICE").revision == 2
        assert store.count(EVENT) == (3, 5)
    finally:
        store.close()


def test_names_that_would_now_be_one_player_are_not_merged(old_database, db):
    url = old_database({"alice": "ascii-key", FULL_WIDTH: "full-width-key"})
    store = open_storage(url)
    try:
        # each registration stays the one its own spelling finds
        assert store.registration(EVENT, "alice").record["player"] == "alice"
        assert store.registration(EVENT, FULL_WIDTH).record["player"] == FULL_WIDTH
        assert store.count(EVENT) == (2, 2)
        # a new submission of either spelling is the player of the new key: "alice"
        from deckcheck.service.tokens import hash_token, token_matches

        def with_key(key: str):
            return lambda stored: token_matches(key, stored)

        row, first = store.register(
            EVENT, "alice", "sha256:x", {"n": 1}, hash_token("k"), with_key("ascii-key")
        )
        assert (row.revision, first) == (2, False)
    finally:
        store.close()


def test_a_new_database_is_at_schema_2(tmp_path):
    store = open_storage(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    store.close()
    with sqlite3.connect(tmp_path / "new.sqlite3") as con:
        assert con.execute("SELECT MAX(version) FROM schema_version").fetchone() == (2,)
        columns = [row[1] for row in con.execute("PRAGMA table_info(registrations)")]
    assert "request" in columns
