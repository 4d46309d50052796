"""Where events and registrations are kept: SQLite (default) or PostgreSQL."""

from __future__ import annotations

from deckcheck.io.paths import user_data_dir
from deckcheck.service.settings import check_database_url
from deckcheck.service.storage.base import (
    EventRow,
    RegistrationRow,
    ReplaceRefused,
    RequestReused,
    Storage,
    player_key,
)

__all__ = [
    "EventRow",
    "RegistrationRow",
    "ReplaceRefused",
    "RequestReused",
    "Storage",
    "default_sqlite_path",
    "open_storage",
    "player_key",
]

SQLITE_FILE = "service.sqlite3"


def default_sqlite_path() -> str:
    return str(user_data_dir() / SQLITE_FILE)


def open_storage(url: str | None = None) -> Storage:
    """A SQLite file in the user's data directory unless ``url`` names another store."""
    if url is None:
        from pathlib import Path

        from deckcheck.service.storage.sqlite import SqliteStorage

        return SqliteStorage(Path(default_sqlite_path()))
    check_database_url(url)
    if url.lower().startswith("sqlite:///"):
        from deckcheck.service.storage.sqlite import SqliteStorage, sqlite_path

        return SqliteStorage(sqlite_path(url))
    from deckcheck.service.storage.postgres import PostgresStorage

    return PostgresStorage(url)
