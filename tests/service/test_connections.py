"""Connection limits of a real ``deckcheck serve`` process: idle and slow-header connections
are closed after their timeouts, the longest idle one makes room when the cap (here set by
an open-file limit of 256) is reached, and /v1/health answers all the while."""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.service.conftest import free_port

IDLE, HEADERS = 1.0, 4.0  # short timeouts for the test (defaults 5 and 10 s)


@contextmanager
def serve(tmp: Path, *options: str, files: int | None = None) -> Iterator[tuple[str, list]]:
    """``deckcheck serve`` on a free port, optionally with a lower open-file limit; yields
    its URL and a list that receives its output when it stops."""
    port = free_port()
    args = [sys.executable, "-m", "deckcheck", "serve", "--port", str(port)]
    args += ["--database-url", f"sqlite:///{tmp / 'conn.sqlite3'}", "--log-level", "warning"]

    def limit_files() -> None:
        if files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    proc = subprocess.Popen(
        [*args, *options],
        env={**os.environ, "DECKCHECK_HOME": str(tmp / "home")},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        preexec_fn=limit_files,
    )
    url = f"http://127.0.0.1:{port}"
    output: list[str] = []
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
            try:
                if httpx.get(url + "/v1/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "deckcheck serve did not start"
            time.sleep(0.1)
        yield url, output
    finally:
        proc.terminate()
        try:
            out, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate(timeout=10)
        output.append(out.decode(errors="replace"))


def closed_by_server(sock: socket.socket) -> bool:
    """Has the server closed this connection? (never blocks)"""
    sock.setblocking(False)
    try:
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:  # reset
        return True


def connect(port: int, first: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    if first:
        sock.sendall(first)
    return sock


def test_idle_and_slow_header_connections_are_closed_and_health_answers(tmp_path):
    options = ("--idle-timeout", str(IDLE), "--header-timeout", str(HEADERS))
    with serve(tmp_path, *options, files=256) as (url, output):
        port = int(url.rsplit(":", 1)[1])
        # 300 connections that send nothing, more than the 256 files the process may open
        silent = [connect(port) for _ in range(300)]
        # and a few that send their headers a line at a time
        slow = [connect(port, b"GET /v1/health HTTP/1.1\r\nHost: x\r\n") for _ in range(5)]
        started = time.monotonic()
        health = httpx.get(url + "/v1/health", timeout=5)
        assert health.status_code == 200 and health.json()["status"] == "ok"
        # one that made a request and then went quiet (keep-alive)
        kept = connect(port, b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
        kept.settimeout(5)
        assert kept.recv(4096).startswith(b"HTTP/1.1 200")
        # the cap (256 files less the reserve) closed the longest idle ones at once
        assert sum(not closed_by_server(s) for s in silent) <= 96
        # the silent ones close after the idle timeout, while the slow ones, though they
        # keep sending, close only at the header timeout
        deadline = started + HEADERS + 5
        while not all(closed_by_server(s) for s in silent) or not closed_by_server(kept):
            assert time.monotonic() < deadline, "idle connections were not closed"
            for s in slow:
                s.sendall(b"X-Slow: 1\r\n")
            time.sleep(0.2)
        assert time.monotonic() - started < HEADERS - 1, "closed late, or the slow ones too soon"
        assert not any(closed_by_server(s) for s in slow)
        while not all(closed_by_server(s) for s in slow):
            assert time.monotonic() < deadline, "slow-header connections were not closed"
            time.sleep(0.2)
        assert time.monotonic() - started >= HEADERS - 1
        assert httpx.get(url + "/v1/health", timeout=5).status_code == 200
        for s in [*silent, *slow, kept]:
            s.close()
    assert "at most 96 connections per worker (open-file limit)" in output[0]


def test_a_connection_over_the_cap_with_all_others_busy_gets_503(tmp_path):
    request = (
        b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n"
        b"Expect: 100-continue\r\n\r\n"
    )
    with serve(tmp_path, "--max-connections", "2") as (url, _):
        port = int(url.rsplit(":", 1)[1])
        busy = [connect(port, request) for _ in range(2)]
        for s in busy:  # the app is reading the body, which never comes: both are in a request
            assert s.recv(4096).startswith(b"HTTP/1.1 100 Continue")
        extra = connect(port)
        extra.settimeout(5)
        answer = extra.recv(4096)
        assert answer.startswith(b"HTTP/1.1 503")
        assert b"too many open connections" in answer
        for s in [*busy, extra]:
            s.close()
        # with the busy ones gone there is room again
        deadline = time.monotonic() + 10
        while True:
            try:
                if httpx.get(url + "/v1/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline
            time.sleep(0.2)
