"""The storage layer on SQLite and PostgreSQL: the same behaviour from both."""

from __future__ import annotations

import threading
from datetime import UTC, date, datetime
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier

import pytest

from deckcheck.io.errors import DataError, InputError
from deckcheck.service.storage import ReplaceRefused, default_sqlite_path, open_storage
from deckcheck.service.tokens import new_event_id
from tests.service.conftest import need_pg


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request, tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite3'}" if request.param == "sqlite" else need_pg()
    store = open_storage(url)
    yield store
    store.close()


def ANYONE(stored_hash: str) -> bool:
    return True


def new_event(storage, **fields):
    values = {
        "name": "Locals",
        "format_id": "tcg",
        "day": date(2026, 6, 1),
        "points_cap": None,
        "deadline": None,
        "token_hash": "sha256:x",
        **fields,
    }
    return storage.create_event(new_event_id(), **values)


def test_events_round_trip(storage):
    deadline = datetime(2026, 5, 31, 18, 0, tzinfo=UTC)
    event = new_event(storage, points_cap=90.5, deadline=deadline)
    found = storage.event(event.id)
    assert found is not None
    assert (found.name, found.format, found.date, found.points_cap) == (
        "Locals",
        "tcg",
        date(2026, 6, 1),
        90.5,
    )
    assert found.deadline == deadline
    assert storage.token_hash(event.id) == "sha256:x"
    assert storage.event("missing") is None
    assert storage.token_hash("missing") is None


def test_registrations_keep_history(storage):
    event = new_event(storage)
    first, new = storage.register(event.id, "Ann Lee", "sha256:1", {"n": 1}, "k1", ANYONE)
    second, again = storage.register(event.id, "ann  LEE", "sha256:2", {"n": 2}, "k2", ANYONE)
    other, _ = storage.register(event.id, "Bo", "sha256:3", {"n": 3}, "k3", ANYONE)
    assert (new, again) == (True, False)
    assert (first.revision, second.revision, other.revision) == (1, 2, 1)
    assert [r.digest for r in storage.registrations(event.id)] == ["sha256:2", "sha256:3"]
    history = storage.registrations(event.id, history=True)
    assert [(r.player, r.revision, r.current) for r in history] == [
        ("Ann Lee", 1, False),
        ("ann  LEE", 2, True),
        ("Bo", 1, True),
    ]
    assert storage.registration(event.id, "ANN LEE").record == {"n": 2}
    assert storage.registration(event.id, "Cy") is None
    assert storage.count(event.id) == (2, 3)
    # registrations belong to their event
    assert storage.registrations(new_event(storage).id) == []


def test_replacing_needs_permission_and_keeps_the_first_key(storage):
    event = new_event(storage)
    seen = []

    def only_with_k1(stored_hash: str) -> bool:
        seen.append(stored_hash)
        return stored_hash == "k1"

    storage.register(event.id, "Cy", "sha256:1", {}, "k1", only_with_k1)
    assert seen == []  # a first registration needs no permission
    with pytest.raises(ReplaceRefused):
        storage.register(event.id, "cy", "sha256:2", {}, "k2", lambda stored: False)
    assert storage.count(event.id) == (1, 1)  # the refused attempt left nothing behind
    row, first = storage.register(event.id, "CY", "sha256:3", {}, "k3", only_with_k1)
    assert (row.revision, first, seen) == (2, False, ["k1"])  # the stored key is the first


def test_concurrent_writers_lose_nothing(storage):
    event = new_event(storage)
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            storage.register(event.id, f"p{i % 10}", f"sha256:{i}", {"i": i}, "k", ANYONE)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert storage.count(event.id) == (10, 40)
    for player in range(10):
        rows = [r for r in storage.registrations(event.id, True) if r.player == f"p{player}"]
        assert sorted(r.revision for r in rows) == [1, 2, 3, 4]
        assert [r.current for r in rows if r.revision == 4] == [True]


def test_default_is_sqlite_in_the_user_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_HOME", str(tmp_path))
    store = open_storage()
    try:
        assert store.kind == "sqlite"
        assert default_sqlite_path() == str(tmp_path / "service.sqlite3")
        assert (tmp_path / "service.sqlite3").is_file()
    finally:
        store.close()


def test_bad_database_urls():
    with pytest.raises(InputError, match="unsupported database URL"):
        open_storage("mysql://localhost/x")
    with pytest.raises(DataError, match="cannot connect to PostgreSQL"):
        open_storage("postgresql://nobody:secret@127.0.0.1:1/none")


def test_connection_errors_hide_the_password():
    with pytest.raises(DataError) as caught:
        open_storage("postgresql://nobody:hunter2-secret@127.0.0.1:1/none")
    assert "hunter2-secret" not in str(caught.value)


def _open_when_all_are_ready(url: str, ready: Barrier, results: Queue[str]) -> None:
    try:
        ready.wait()
        open_storage(url).close()
        results.put("ok")
    except Exception as exc:  # noqa: BLE001 - the parent reports it
        results.put(repr(exc))


def test_server_workers_opening_a_new_sqlite_file_together(tmp_path):
    # `serve --workers N` on a new file: every worker switches it to WAL at the same moment,
    # which SQLite could refuse at once with "database is locked" (about 1 start in 20)
    import multiprocessing

    fork = multiprocessing.get_context("fork")
    failures = []
    for trial in range(100):
        url = f"sqlite:///{tmp_path / f'{trial}.sqlite3'}"
        ready, results = fork.Barrier(3), fork.Queue()
        workers = [
            fork.Process(target=_open_when_all_are_ready, args=(url, ready, results))
            for _ in range(3)
        ]
        for worker in workers:
            worker.start()
        outcomes = [results.get(timeout=60) for _ in workers]
        for worker in workers:
            worker.join()
        failures += [o for o in outcomes if o != "ok"]
    assert failures == []
