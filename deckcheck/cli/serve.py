"""``deckcheck serve``: the banlist and registration service on uvicorn."""

from __future__ import annotations

import typer

from deckcheck.cli.common import LogLevel, app, fail
from deckcheck.service.settings import HEADER_TIMEOUT, IDLE_TIMEOUT, MAX_CONNECTIONS


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8080, min=0, max=65535, help="Port to listen on."),
    workers: int = typer.Option(1, min=1, max=64, help="Worker processes."),
    database_url: str = typer.Option(
        None,
        "--database-url",
        help="postgresql://user:pass@host/db to share one database between workers or "
        "machines (default: a SQLite file in the user data directory).",
    ),
    log_level: LogLevel = typer.Option("info", help="uvicorn's log level."),
    idle_timeout: float = typer.Option(
        IDLE_TIMEOUT,
        min=0.1,
        max=3600,
        help="Seconds a connection may send nothing between requests before it is closed.",
    ),
    header_timeout: float = typer.Option(
        HEADER_TIMEOUT,
        min=0.1,
        max=3600,
        help="Seconds a connection has from going idle to a request's complete headers.",
    ),
    max_connections: int = typer.Option(
        MAX_CONNECTIONS,
        min=1,
        max=1_000_000,
        help="Open connections per worker (within the open-file limit); the longest idle "
        "one is closed to make room.",
    ),
) -> None:
    """Serve the JSON API (/v1, OpenAPI at /openapi.json) and the web page."""
    import os

    import uvicorn

    from deckcheck.service.app import create_app
    from deckcheck.service.connections import ConnectionLimits, connection_cap, guarded_protocol
    from deckcheck.service.settings import Settings, check_database_url
    from deckcheck.service.storage import default_sqlite_path

    if header_timeout < idle_timeout:
        fail("--header-timeout must be at least --idle-timeout")
    if database_url:
        check_database_url(database_url)
    settings = Settings(database_url=database_url)
    if not database_url:
        where = f"SQLite {default_sqlite_path()}"
    elif database_url.lower().startswith("sqlite:///"):
        where = f"SQLite {database_url[len('sqlite:///') :]}"
    else:
        where = "PostgreSQL"
    typer.echo(f"deckcheck: registrations in {where}", err=True)
    cap = connection_cap(max_connections)
    if cap < max_connections:
        typer.echo(f"deckcheck: at most {cap} connections per worker (open-file limit)", err=True)
    limits = ConnectionLimits(header_timeout, idle_timeout, cap)
    options = {
        "host": host,
        "port": port,
        "log_level": log_level,
        "timeout_keep_alive": idle_timeout,
        "http": guarded_protocol(limits),
    }
    if workers == 1:
        app_instance = create_app(settings)  # fails here, with a message, if storage is broken
        uvicorn.run(app_instance, **options)
        return
    # each worker process builds its own app from the same settings
    os.environ.update(settings.to_env())
    create_app(settings).state.service.close()  # check storage (and create tables) once
    try:
        uvicorn.run("deckcheck.service.app:create_app", factory=True, workers=workers, **options)
    except SystemExit as exc:
        if exc.code not in (0, None):
            fail("the server stopped with an error", code=1)
