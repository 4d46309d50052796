"""``deckcheck serve`` options and start-up errors (the running server is in
test_concurrency.py and test_connections.py)."""

from __future__ import annotations

from tests.cli.helpers import run


def test_serve_help(capsys):
    result = run(capsys, "serve", "--help")
    assert result.code == 0
    for option in (
        "--host",
        "--port",
        "--workers",
        "--database-url",
        "--idle-timeout",
        "--header-timeout",
        "--max-connections",
    ):
        assert option in result.out


def test_serve_refuses_an_unknown_database(capsys):
    result = run(capsys, "serve", "--database-url", "mysql://localhost/db")
    assert result.code == 2
    assert "unsupported database URL" in result.err


def test_serve_reports_an_unreachable_postgresql(capsys):
    result = run(capsys, "serve", "--database-url", "postgresql://u:pw@127.0.0.1:1/db")
    assert result.code == 2
    assert "cannot connect to PostgreSQL" in result.err


def test_serve_refuses_a_header_timeout_below_the_idle_timeout(capsys):
    result = run(capsys, "serve", "--idle-timeout", "5", "--header-timeout", "4.9")
    assert result.code == 2
    assert "--header-timeout must be at least --idle-timeout" in result.err
    assert run(capsys, "serve", "--max-connections", "0").code == 2
