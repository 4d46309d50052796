"""Registrations in PostgreSQL (psycopg 3 with a connection pool).

Several worker processes, or machines, share one database. A registration takes a
transaction-scoped advisory lock on (event, player), so two submissions for one player queue
while different players register side by side.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from deckcheck.io.errors import DataError
from deckcheck.service.storage.base import Cursor, Storage

POOL_MAX = 8
SCHEMA_LOCK = 0x646563  # any constant; the same in every process


class _PgCursor(Cursor):
    def __init__(self, cur: Any) -> None:  # noqa: ANN401 (psycopg cursor)
        self._cur = cur

    def execute(self, sql: str, args: tuple[Any, ...] = ()) -> None:
        self._cur.execute(sql.replace("?", "%s"), args)

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._cur.fetchone()

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self._cur.fetchall()


class PostgresStorage(Storage):
    kind = "postgresql"

    def __init__(self, url: str, max_size: int = POOL_MAX) -> None:
        try:
            import psycopg
            from psycopg_pool import ConnectionPool
        except ImportError as exc:
            raise DataError(f"PostgreSQL support needs psycopg and psycopg-pool: {exc}") from exc
        try:  # one plain connection first: a bad URL fails at once with the server's reason
            psycopg.connect(url, connect_timeout=10).close()
        except psycopg.Error as exc:
            raise DataError(f"cannot connect to PostgreSQL: {_clean(str(exc), url)}") from None
        try:
            self._pool = ConnectionPool(
                url,
                min_size=1,
                max_size=max_size,
                open=True,
                timeout=30,
                kwargs={"connect_timeout": 10},
            )
            self._pool.wait(timeout=30)
        except Exception as exc:
            raise DataError(f"cannot connect to PostgreSQL: {_clean(str(exc), url)}") from None
        self.migrate("BIGSERIAL")

    @contextmanager
    def transaction(self, write: bool) -> Iterator[Cursor]:
        with self._pool.connection() as con, con.transaction(), con.cursor() as cur:
            yield _PgCursor(cur)

    def lock_schema(self, cur: Cursor) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    def lock_player(self, cur: Cursor, event_id: str, key: str) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (f"{event_id}/{key}",))

    def close(self) -> None:
        self._pool.close()


def _clean(message: str, url: str) -> str:
    """Never echo a password from the URL back in an error."""
    from urllib.parse import urlsplit

    password = urlsplit(url).password
    return message.replace(password, "***") if password else message
