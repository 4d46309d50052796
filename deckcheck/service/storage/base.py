"""What the service stores: events and registrations, the same on SQLite and PostgreSQL.

A registration row is never updated except to mark it replaced: a player who registers again
adds a row with the next revision and the previous one stops being current. A submission may
carry a request id (its hash is kept): the same submission sent again is answered with the
row it stored. The SQL here is shared; each backend supplies connections, transactions and
its placeholder style.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, date, datetime
from typing import Any

from pydantic import BaseModel

from deckcheck.event.registration import name_key


class EventRow(BaseModel):
    id: str
    name: str
    format: str
    date: date
    points_cap: float | None = None
    deadline: datetime | None = None
    created: datetime


class RegistrationRow(BaseModel):
    id: int
    event_id: str
    player: str
    revision: int
    current: bool
    digest: str
    created: datetime
    # the registration record (deckcheck.event.registration) as JSON
    record: dict[str, Any]


class ReplaceRefused(Exception):
    """A player is registered already and the caller may not replace the registration."""


class RequestReused(Exception):
    """A request id the player's earlier submission used, sent with another deck."""


def now() -> datetime:
    return datetime.now(UTC)


def player_key(player: str) -> str:
    """Names that differ only in case, width, spacing or invisible characters are one
    player (schema 2)."""
    return name_key(player)


def legacy_key(player: str) -> str:
    """The key of schema 1: case and spacing only."""
    return " ".join(player.split()).casefold()


SCHEMA = (
    """CREATE TABLE IF NOT EXISTS events (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        format TEXT NOT NULL,
        date TEXT NOT NULL,
        points_cap DOUBLE PRECISION,
        deadline TEXT,
        token_hash TEXT NOT NULL,
        created TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS registrations (
        id {serial} PRIMARY KEY,
        event_id TEXT NOT NULL REFERENCES events (id),
        player TEXT NOT NULL,
        player_key TEXT NOT NULL,
        revision INTEGER NOT NULL,
        current INTEGER NOT NULL,
        digest TEXT NOT NULL,
        record TEXT NOT NULL,
        created TEXT NOT NULL,
        UNIQUE (event_id, player_key, revision)
    )""",
    # at most one current registration per player and event, whatever the interleaving
    """CREATE UNIQUE INDEX IF NOT EXISTS registrations_current
        ON registrations (event_id, player_key) WHERE current = 1""",
    # the key a player got at the first registration (hashed): needed to register again
    """CREATE TABLE IF NOT EXISTS players (
        event_id TEXT NOT NULL REFERENCES events (id),
        player_key TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (event_id, player_key)
    )""",
)

SCHEMA_VERSION = 2  # 1: the tables above; 2: request ids, player keys by name_key

_EVENT_COLUMNS = "id, name, format, date, points_cap, deadline, created"
_REG_COLUMNS = "id, event_id, player, revision, current, digest, record, created"


def _event(row: tuple[Any, ...]) -> EventRow:
    keys = _EVENT_COLUMNS.split(", ")
    return EventRow(**dict(zip(keys, row, strict=True)))


def _registration(row: tuple[Any, ...]) -> RegistrationRow:
    keys = _REG_COLUMNS.split(", ")
    data = dict(zip(keys, row, strict=True))
    data["record"] = json.loads(data["record"])
    data["current"] = bool(data["current"])
    return RegistrationRow(**data)


class Cursor(ABC):
    """The few cursor calls the shared SQL needs, with ``?`` placeholders."""

    @abstractmethod
    def execute(self, sql: str, args: tuple[Any, ...] = ()) -> None: ...

    @abstractmethod
    def fetchone(self) -> tuple[Any, ...] | None: ...

    @abstractmethod
    def fetchall(self) -> list[tuple[Any, ...]]: ...


class Storage(ABC):
    """Events and registrations. Every method is one transaction."""

    kind: str = "?"

    @abstractmethod
    def transaction(self, write: bool) -> AbstractContextManager[Cursor]: ...

    @abstractmethod
    def lock_player(self, cur: Cursor, event_id: str, key: str) -> None:
        """Serialise writers of one player's registration (inside a write transaction)."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def lock_schema(self, cur: Cursor) -> None:
        """Keep two processes from creating the tables at once."""

    def migrate(self, serial: str) -> None:
        with self.transaction(write=True) as cur:
            self.lock_schema(cur)
            for statement in SCHEMA:
                cur.execute(statement.format(serial=serial))
            cur.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            cur.execute("SELECT MAX(version) FROM schema_version")
            row = cur.fetchone()
            version = int(row[0]) if row and row[0] is not None else 1
            if version < 2:
                _to_schema_2(cur)
            if version < SCHEMA_VERSION:
                cur.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))

    def create_event(
        self,
        event_id: str,
        name: str,
        format_id: str,
        day: date,
        points_cap: float | None,
        deadline: datetime | None,
        token_hash: str,
    ) -> EventRow:
        created = now()
        with self.transaction(write=True) as cur:
            cur.execute(
                "INSERT INTO events (id, name, format, date, points_cap, deadline, token_hash, "
                "created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    event_id,
                    name,
                    format_id,
                    day.isoformat(),
                    points_cap,
                    deadline.isoformat() if deadline else None,
                    token_hash,
                    created.isoformat(),
                ),
            )
        return EventRow(
            id=event_id,
            name=name,
            format=format_id,
            date=day,
            points_cap=points_cap,
            deadline=deadline,
            created=created,
        )

    def event(self, event_id: str) -> EventRow | None:
        with self.transaction(write=False) as cur:
            cur.execute(f"SELECT {_EVENT_COLUMNS} FROM events WHERE id = ?", (event_id,))
            row = cur.fetchone()
        return _event(row) if row else None

    def token_hash(self, event_id: str) -> str | None:
        with self.transaction(write=False) as cur:
            cur.execute("SELECT token_hash FROM events WHERE id = ?", (event_id,))
            row = cur.fetchone()
        return str(row[0]) if row else None

    def register(
        self,
        event_id: str,
        player: str,
        digest: str,
        record: dict[str, Any],
        token_hash: str,
        may_replace: Callable[[str], bool],
        request: str | None = None,
    ) -> tuple[RegistrationRow, bool]:
        """Add the player's registration, and whether it is the player's first. An earlier
        one stays as history; replacing it needs ``may_replace(stored player key hash)``,
        else ReplaceRefused. A first registration stores ``token_hash`` as the player's key.

        ``request`` (a hash of the client's request id): when the player has a row from
        it, that row is the answer (first when it made the player with ``token_hash``), or
        RequestReused if it holds another deck.
        """
        key = player_key(player)
        created = now()
        with self.transaction(write=True) as cur:
            self.lock_player(cur, event_id, key)
            cur.execute(
                "SELECT token_hash FROM players WHERE event_id = ? AND player_key = ?",
                (event_id, key),
            )
            known = cur.fetchone()
            if known is not None and request is not None:
                stored = self._stored(cur, event_id, key, request, digest, token_hash)
                if stored is not None:
                    return stored
            if known is None:
                cur.execute(
                    "INSERT INTO players (event_id, player_key, token_hash) VALUES (?, ?, ?)",
                    (event_id, key, token_hash),
                )
            elif not may_replace(str(known[0])):
                raise ReplaceRefused(player)
            # the current registration always has the player's highest revision
            cur.execute(
                "UPDATE registrations SET current = 0 "
                "WHERE event_id = ? AND player_key = ? AND current = 1 RETURNING revision",
                (event_id, key),
            )
            replaced = cur.fetchone()
            revision = int(replaced[0]) + 1 if replaced else 1
            cur.execute(
                "INSERT INTO registrations (event_id, player, player_key, revision, current, "
                "digest, record, created, request) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?) "
                f"RETURNING {_REG_COLUMNS}",
                (
                    event_id,
                    player,
                    key,
                    revision,
                    digest,
                    json.dumps(record, ensure_ascii=False, sort_keys=True),
                    created.isoformat(),
                    request,
                ),
            )
            row = cur.fetchone()
        assert row is not None  # RETURNING gives the inserted row
        return _registration(row), known is None

    def stored(
        self, event_id: str, player: str, request: str, digest: str, token_hash: str
    ) -> tuple[RegistrationRow, bool] | None:
        """The row an earlier submission with this request hash stored, as ``register``
        answers it, or None (for a retry that arrives after registration closed)."""
        with self.transaction(write=False) as cur:
            return self._stored(cur, event_id, player_key(player), request, digest, token_hash)

    def _stored(
        self, cur: Cursor, event_id: str, key: str, request: str, digest: str, token_hash: str
    ) -> tuple[RegistrationRow, bool] | None:
        cur.execute(
            f"SELECT {_REG_COLUMNS} FROM registrations "
            "WHERE event_id = ? AND player_key = ? AND request = ?",
            (event_id, key, request),
        )
        found = cur.fetchone()
        if found is None:
            return None
        row = _registration(found)
        if row.digest != digest:
            raise RequestReused(row.player)
        cur.execute(
            "SELECT token_hash FROM players WHERE event_id = ? AND player_key = ?",
            (event_id, key),
        )
        known = cur.fetchone()
        first = row.revision == 1 and known is not None and str(known[0]) == token_hash
        return row, first

    def registrations(self, event_id: str, history: bool = False) -> list[RegistrationRow]:
        """Current registrations by player (and, with ``history``, the replaced ones too)."""
        where = "" if history else " AND current = 1"
        with self.transaction(write=False) as cur:
            cur.execute(
                f"SELECT {_REG_COLUMNS} FROM registrations WHERE event_id = ?{where} "
                "ORDER BY player_key, revision",
                (event_id,),
            )
            rows = cur.fetchall()
        return [_registration(r) for r in rows]

    def registration(self, event_id: str, player: str) -> RegistrationRow | None:
        """The player's current registration."""
        with self.transaction(write=False) as cur:
            for key in dict.fromkeys((legacy_key(player), player_key(player))):
                # a name left on its schema-1 key (see _to_schema_2) is found by that first
                cur.execute(
                    f"SELECT {_REG_COLUMNS} FROM registrations "
                    "WHERE event_id = ? AND player_key = ? AND current = 1",
                    (event_id, key),
                )
                row = cur.fetchone()
                if row:
                    return _registration(row)
        return None

    def replace_player_key(self, event_id: str, player: str, token_hash: str) -> str | None:
        """Give a registered player a new key (its hash): the organiser's way back in for a
        player who lost theirs. The stored name, or None for a name nobody registered."""
        with self.transaction(write=True) as cur:
            for key in dict.fromkeys((legacy_key(player), player_key(player))):
                self.lock_player(cur, event_id, key)
                cur.execute(
                    "UPDATE players SET token_hash = ? WHERE event_id = ? AND player_key = ? "
                    "RETURNING player_key",
                    (token_hash, event_id, key),
                )
                if cur.fetchone():
                    cur.execute(
                        "SELECT player FROM registrations WHERE event_id = ? AND player_key = ? "
                        "ORDER BY revision DESC",
                        (event_id, key),
                    )
                    row = cur.fetchone()
                    return str(row[0]) if row else player
        return None

    def count(self, event_id: str) -> tuple[int, int]:
        """(current registrations, all rows including history)."""
        with self.transaction(write=False) as cur:
            cur.execute(
                "SELECT COALESCE(SUM(current), 0), COUNT(*) FROM registrations WHERE event_id = ?",
                (event_id,),
            )
            row = cur.fetchone()
        return (int(row[0]), int(row[1])) if row else (0, 0)


def _to_schema_2(cur: Cursor) -> None:
    """Request ids, and every player's key recomputed by name_key (width, invisible
    characters). Names that would then become one player in an event (two players who
    registered as "alice" and "\uff41\uff4c\uff49\uff43\uff45") keep their old keys: neither
    loses a registration, and new submissions of either spelling go to the new key."""
    cur.execute("ALTER TABLE registrations ADD COLUMN request TEXT")
    cur.execute("SELECT event_id, player_key, player FROM registrations ORDER BY id")
    new_keys: dict[tuple[str, str], str] = {}
    for event_id, old, player in cur.fetchall():
        new_keys.setdefault((event_id, old), player_key(player))
    olds: dict[tuple[str, str], list[str]] = {}
    for (event_id, old), new in new_keys.items():
        olds.setdefault((event_id, new), []).append(old)
    for (event_id, old), new in new_keys.items():
        if new != old and len(olds[(event_id, new)]) == 1:
            for table in ("players", "registrations"):
                cur.execute(
                    f"UPDATE {table} SET player_key = ? WHERE event_id = ? AND player_key = ?",
                    (new, event_id, old),
                )
