"""Registrations in a SQLite file: the default, needs nothing else installed.

One connection per thread; WAL lets readers work beside the one writer, and every write
transaction starts with BEGIN IMMEDIATE so writers queue on the file lock (busy timeout)
instead of failing half-way. Several worker processes can share the file on one machine.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from deckcheck.io.errors import DataError
from deckcheck.service.storage.base import Cursor, Storage

BUSY_TIMEOUT_MS = 30_000


class _SqliteCursor(Cursor):
    def __init__(self, cur: sqlite3.Cursor) -> None:
        self._cur = cur

    def execute(self, sql: str, args: tuple[Any, ...] = ()) -> None:
        self._cur.execute(sql, args)

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._cur.fetchone()

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self._cur.fetchall()


class SqliteStorage(Storage):
    kind = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DataError(f"cannot create the folder for {path}: {exc}") from exc
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        with self._connection() as con:
            self._use_wal(con)
        self.migrate("INTEGER")

    def _use_wal(self, con: sqlite3.Connection) -> None:
        """Switch the file to WAL. Server workers open a new file at the same moment, and
        SQLite can answer this PRAGMA "database is locked" at once, without waiting out the
        busy timeout: retry until that timeout has passed."""
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        pause = 0.005
        while True:
            try:
                con.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise DataError(f"cannot open {self.path}: {exc}") from exc
            time.sleep(pause)
            pause = min(pause * 2, 0.25)

    def _connect(self) -> sqlite3.Connection:
        try:
            con = sqlite3.connect(
                self.path,
                timeout=BUSY_TIMEOUT_MS / 1000,
                isolation_level=None,
                check_same_thread=False,
            )
        except sqlite3.Error as exc:
            raise DataError(f"cannot open {self.path}: {exc}") from exc
        con.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        con.execute("PRAGMA foreign_keys=ON")
        con.execute("PRAGMA synchronous=NORMAL")
        with self._lock:
            self._all.append(con)
        return con

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        con = getattr(self._local, "con", None)
        if con is None:
            con = self._local.con = self._connect()
        yield con

    @contextmanager
    def transaction(self, write: bool) -> Iterator[Cursor]:
        with self._connection() as con:
            cur = con.cursor()
            cur.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield _SqliteCursor(cur)
            except BaseException:
                con.rollback()
                raise
            con.commit()

    def lock_schema(self, cur: Cursor) -> None:
        pass  # BEGIN IMMEDIATE already holds the database's write lock

    def lock_player(self, cur: Cursor, event_id: str, key: str) -> None:
        pass  # as above: one writer at a time

    def close(self) -> None:
        with self._lock:
            for con in self._all:
                con.close()
            self._all.clear()
        self._local = threading.local()


def sqlite_path(url: str) -> Path:
    """``sqlite:///relative/path`` or ``sqlite:////absolute/path``."""
    return Path(url[len("sqlite:///") :])
