"""Service settings: where registrations are stored and the limits on each request.

``deckcheck serve`` passes its options through the environment so that every uvicorn
worker process builds the same app (``create_app`` with no arguments reads them).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from deckcheck.io.errors import InputError

ENV_DATABASE_URL = "DECKCHECK_DATABASE_URL"
ENV_CARDS = "DECKCHECK_CARDS"
MAX_BODY = 256 * 1024  # a deck is a few KB; 256 KB leaves room for long name lists
REQUEST_TIMEOUT = 10.0  # seconds for one request, body reading included
# connections (deckcheck.service.connections): seconds a connection may send nothing between
# requests, seconds from then to a request's complete headers, open connections per worker
IDLE_TIMEOUT = 5.0
HEADER_TIMEOUT = 10.0
MAX_CONNECTIONS = 1000


@dataclass(frozen=True)
class Settings:
    # None: a SQLite file in the user's data directory
    database_url: str | None = None
    max_body: int = MAX_BODY
    timeout: float = REQUEST_TIMEOUT
    cards: Path | None = None

    @classmethod
    def from_env(cls) -> Settings:
        cards = os.environ.get(ENV_CARDS)
        return cls(
            database_url=os.environ.get(ENV_DATABASE_URL) or None,
            cards=Path(cards) if cards else None,
        )

    def to_env(self) -> dict[str, str]:
        env = {}
        if self.database_url:
            env[ENV_DATABASE_URL] = self.database_url
        if self.cards:
            env[ENV_CARDS] = str(self.cards)
        return env


def check_database_url(url: str) -> str:
    """Accept ``sqlite:///PATH`` and ``postgresql://...`` (or ``postgres://``)."""
    lowered = url.lower()
    if lowered.startswith(("postgresql://", "postgres://", "sqlite:///")):
        return url
    raise InputError(f"unsupported database URL {url!r}: use postgresql://... or sqlite:///PATH")
