"""POST /v1/validate: a deck in any codec the CLI reads, answered with the CLI's report."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable, Coroutine
from enum import StrEnum
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, Field, ValidationError
from starlette.concurrency import run_in_threadpool

from deckcheck.report.models import Report as ReportBody
from deckcheck.service.errors import ApiError, responses
from deckcheck.service.state import Service
from deckcheck.service.suggestions import slow_lane_wait

router = APIRouter(tags=["validation"])
INLINE_BYTES = 16 * 1024

DECK_BODY = {
    "requestBody": {
        "required": True,
        "description": "The deck as text: ydk, a ydke:// or YGOPRODeck URL, a name list "
        '("3 Ash Blossom & Joyous Spring"), JSON or YAML. The format is sniffed unless '
        "`codec` names it.",
        "content": {
            "text/plain": {"schema": {"type": "string"}},
            "application/json": {"schema": {"type": "object"}},
            "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
        },
    }
}


class Codec(StrEnum):
    ydk = "ydk"
    ydke = "ydke"
    names = "names"
    json = "json"
    yaml = "yaml"


class ValidateQuery(BaseModel):
    format: str = Field("tcg", max_length=64, description="Format id")
    date: dt.date | None = Field(None, description="Event date (default today)")
    points_cap: float | None = Field(None, gt=0, le=1e6, description="Points cap (Genesys)")
    codec: Codec | None = Field(None, description="The deck's format (default: sniffed)")
    source: str = Field("<request>", max_length=200, description="A label for the report")


class LeanRoute(APIRoute):
    """A route whose endpoint takes the request and its query model only: the query is
    parsed with the same model that documents it in OpenAPI, without FastAPI's per-request
    dependency resolution (a quarter of the CPU of a validation)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        endpoint = self.endpoint

        async def handle(request: Request) -> Response:
            try:
                query = ValidateQuery.model_validate(dict(request.query_params))
            except ValidationError as exc:
                errors = [{**e, "loc": ("query", *e["loc"])} for e in exc.errors()]
                raise RequestValidationError(errors) from None
            return await endpoint(request, query)

        return handle


async def validate(request: Request, query: Annotated[ValidateQuery, Query()]) -> JSONResponse:
    """Check one deck; the body is the same report as ``deckcheck check --output-format
    json`` gives for it (one element of its ``decks``)."""
    svc: Service = request.app.state.service  # not a dependency: this path is the hot one
    format_id, on, points_cap, source = query.format, query.date, query.points_cap, query.source
    svc.format(format_id)  # an unknown format is a parameter error before any reading
    body = await request.body()
    name = query.codec.value if query.codec else None
    # a usual deck is read and checked in the event loop: a thread hop would cost more than
    # the work; large bodies and decks with unknown names (slow "did you mean") go to a thread
    small = len(body) <= INLINE_BYTES
    deck = (
        svc.read_deck(body, source, name)
        if small
        else await run_in_threadpool(svc.read_deck, body, source, name)
    )
    if not svc.unknown_names(deck):
        if small:
            report = svc.validate(deck, format_id, on, points_cap)
        else:
            report = await run_in_threadpool(svc.validate, deck, format_id, on, points_cap)
    else:  # decks with unknown names take turns (deckcheck.service.suggestions)
        wait = slow_lane_wait()
        if wait is None:
            message = "too many decks with unknown card names at once; try again shortly"
            raise ApiError(503, message, "busy")
        if wait > 0:
            await asyncio.sleep(wait)
        report = await run_in_threadpool(svc.validate, deck, format_id, on, points_cap)
    return JSONResponse(report.as_json())


router.add_api_route(
    "/validate",
    validate,
    methods=["POST"],
    response_model=ReportBody,
    responses=responses(400, 413, 422),
    openapi_extra=DECK_BODY,
    route_class_override=LeanRoute,
)
