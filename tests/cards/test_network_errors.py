"""A failed download says in one line which host and what failed, for ``cards update`` and
``banlist update`` alike. Only a closed local port and a reserved name (.invalid never
resolves) are contacted: both fail at once, no real host is asked."""

from __future__ import annotations

import socket

import pytest

from tests.cli.helpers import run


@pytest.fixture
def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # closed again when the fixture returns


@pytest.mark.parametrize("command", [["cards", "update"], ["banlist", "update"]])
def test_a_closed_port_is_one_line(capsys, closed_port, command):
    url = f"http://127.0.0.1:{closed_port}/api"
    result = run(capsys, *command, "--source", url)
    assert result.code == 2
    (line,) = result.err.splitlines()
    assert line.endswith(
        f"kept: 127.0.0.1:{closed_port}: connection refused (GET {url}/checkDBVer.php)"
    )
    for noise in ("Max retries", "HTTPConnectionPool", "NewConnectionError", "Traceback"):
        assert noise not in result.err


@pytest.mark.parametrize("command", [["cards", "update"], ["banlist", "update"]])
def test_an_unknown_host_is_one_line(capsys, command):
    result = run(capsys, *command, "--source", "http://nonexistent.invalid")
    assert result.code == 2
    (line,) = result.err.splitlines()
    assert line.endswith(
        "kept: nonexistent.invalid: host name not found "
        "(GET http://nonexistent.invalid/checkDBVer.php)"
    )
    assert "NameResolutionError" not in line and "Max retries" not in line


@pytest.mark.parametrize(
    "source", ["db.example/api", "ftp://127.0.0.1/api", "http://127.0.0.1:99999/api"]
)
def test_a_source_that_is_no_url(capsys, source):
    result = run(capsys, "cards", "update", "--source", source)
    assert result.code == 2
    (line,) = result.err.splitlines()
    assert line.endswith(f"'{source}/checkDBVer.php' is not a valid http:// or https:// URL")
