"""Fixtures for the service: an app on a SQLite file, a live server, PostgreSQL if present."""

from __future__ import annotations

import os
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import DECKS

with warnings.catch_warnings():  # starlette's notice about its httpx-based test client
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PG_ENV = "DECKCHECK_TEST_DATABASE_URL"
EVENT_DAY = "2026-06-01"
# valid for tcg on EVENT_DAY (checked by the tests that rely on it)
LEGAL_DECK = DECKS / "AI_Blackwing.ydk"
ASH = 14558127  # Ash Blossom & Joyous Spring, not in the Blackwing deck


def deck_text(path: Path = LEGAL_DECK) -> str:
    return path.read_text(encoding="utf-8")


def with_side(text: str, *codes: int) -> str:
    """The deck with these cards as its Side Deck (the file has an empty !side)."""
    return text.rstrip("\n") + "\n" + "".join(f"{c}\n" for c in codes)


def make_service(db, database_url: str):
    from deckcheck.banlist.store import BanlistStore
    from deckcheck.formats.registry import load_formats
    from deckcheck.service.settings import Settings
    from deckcheck.service.state import Service
    from deckcheck.service.storage import open_storage
    from deckcheck.validation import Checker

    # as Service.build does: the name index is built before any request, not by the first
    # search (about 1 s here; past the 10 s request timeout on a loaded machine: a 503)
    db.name_index()
    banlists = BanlistStore.open(include_user=False)
    formats = load_formats()
    return Service(
        Settings(database_url=database_url),
        db,
        banlists,
        formats,
        Checker(db, banlists, formats),
        open_storage(database_url),
    )


def make_client(service, **settings) -> TestClient:
    from deckcheck.service.app import create_app
    from deckcheck.service.settings import Settings

    app = create_app(Settings(database_url=service.settings.database_url, **settings), service)
    return TestClient(app, raise_server_exceptions=False)


@pytest.fixture(scope="module")
def service(db, tmp_path_factory):
    path = tmp_path_factory.mktemp("service") / "service.sqlite3"
    svc = make_service(db, f"sqlite:///{path}")
    yield svc
    svc.close()


@pytest.fixture(scope="module")
def client(service) -> TestClient:
    return make_client(service)


def need_pg() -> str:
    """The test database URL. Without one the test skips; a URL that does not answer is a
    failure (CI sets it only after starting the server)."""
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"no PostgreSQL: set {PG_ENV} to a reachable database (.ci/run does)")
    import psycopg

    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.Error as exc:
        pytest.fail(f"{PG_ENV} is set but PostgreSQL does not answer: {exc}")
    return url


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """The app on uvicorn in a thread of the test process, on a free loopback port."""

    def __init__(self, app) -> None:
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def live(service) -> Iterator[LiveServer]:
    from deckcheck.service.app import create_app
    from deckcheck.service.settings import Settings

    app = create_app(Settings(database_url=service.settings.database_url), service)
    with LiveServer(app) as server:
        yield server


class ServeProcess:
    """``deckcheck serve`` as its own process (with worker processes) on a free port."""

    def __init__(self, database_url: str, workers: int = 2, home: Path | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.args = [
            "-m",
            "deckcheck",
            "serve",
            "--port",
            str(self.port),
            "--workers",
            str(workers),
            "--database-url",
            database_url,
            "--log-level",
            "warning",
        ]
        self.env = {**os.environ}
        if home is not None:
            self.env["DECKCHECK_HOME"] = str(home)
        self.proc = None

    def __enter__(self) -> ServeProcess:
        import subprocess
        import sys

        import httpx

        self.proc = subprocess.Popen(
            [sys.executable, *self.args],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                out = self.proc.stdout.read().decode(errors="replace") if self.proc.stdout else ""
                raise RuntimeError(f"deckcheck serve exited with {self.proc.returncode}: {out}")
            try:
                if httpx.get(self.url + "/v1/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.__exit__()
                raise RuntimeError("deckcheck serve did not answer within 60 s")
            time.sleep(0.2)

    def __exit__(self, *exc: object) -> None:
        import subprocess

        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
