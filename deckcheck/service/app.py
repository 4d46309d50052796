"""The ASGI app: the JSON API under /v1 (OpenAPI at /openapi.json) and the web pages.

``create_app()`` with no arguments reads its settings from the environment; that is how
``deckcheck serve --workers N`` gives every worker process the same configuration.
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from deckcheck import __version__
from deckcheck.service import errors
from deckcheck.service.limits import BodyLimit, Timeout
from deckcheck.service.settings import Settings
from deckcheck.service.state import Service
from deckcheck.service.suggestions import SuggestionLimit

DESCRIPTION = """Banlists, card look-ups, deck validation and event registration.

Decks are posted as text in any format the `deckcheck` CLI reads (ydk, ydke:// URL, name
list, JSON or YAML); the report is the CLI's JSON report. Errors always have the shape
`{"error": {"status", "code", "message", "details"}}`.
"""


def create_app(settings: Settings | None = None, service: Service | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    state: dict[str, Service] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # what exists at start-up lives as long as the server: keep it out of every GC pass
        gc.collect()
        gc.freeze()
        yield
        if service is None and "service" in state:
            state.pop("service").close()

    app = FastAPI(
        title="deckcheck",
        version=__version__,
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # the Swagger page loads scripts from a CDN; /openapi.json is enough
        redoc_url=None,
    )
    # built now, not at start-up: a missing database is an error before serving
    app.state.service = state["service"] = service or Service.build(settings)
    from deckcheck.service import pages
    from deckcheck.service.api import banlists, cards, events, meta, validate

    errors.install(app, html=pages.html_error)

    for module in (validate, meta, banlists, cards, events):  # the busiest route first
        app.include_router(module.router, prefix="/v1")
    app.include_router(pages.router)
    pages.mount_static(app)
    # outermost first: the timeout covers reading the body
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(Timeout, seconds=settings.timeout)
    app.add_middleware(SuggestionLimit, seconds=settings.timeout)  # "did you mean" budget
    return app
