"""Events and registrations: create an event, register decks, list, verify, print sheets.

The organiser token (``Authorization: Bearer TOKEN``) is returned once when the event is
created. Players can register and re-register; only the organiser can read decks back.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from deckcheck.report.models import Report as ReportBody
from deckcheck.service import events
from deckcheck.service.api import Svc
from deckcheck.service.api.validate import DECK_BODY, Codec
from deckcheck.service.errors import responses
from deckcheck.service.events import (
    EventCreated,
    EventIn,
    EventOut,
    PlayerKey,
    RegistrationIn,
    RegistrationList,
    RegistrationOut,
)
from deckcheck.service.storage import EventRow
from deckcheck.validation.report import Report

router = APIRouter(tags=["events"])
NO_STORE = {"Cache-Control": "no-store"}  # answers that hold decks or tokens
bearer = HTTPBearer(auto_error=False, description="The event's organiser token")
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
EventId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,64}$", description="Event id")]
Player = Annotated[str, Path(min_length=1, max_length=200, description="Player name")]


class Export(StrEnum):
    json = "json"
    csv = "csv"


def _event(svc: Svc, event_id: EventId) -> EventRow:
    return events.get_event(svc, event_id)


def _organiser(svc: Svc, token: Token, event_id: EventId) -> EventRow:
    event = events.get_event(svc, event_id)
    events.authorise(svc, event, token.credentials if token else None)
    return event


Event = Annotated[EventRow, Depends(_event)]
OrganisedEvent = Annotated[EventRow, Depends(_organiser)]


@router.post(
    "/events", status_code=201, response_model=EventCreated, responses=responses(400, 413, 422)
)
def create(svc: Svc, data: EventIn, response: Response) -> EventCreated:
    """Create an event; the answer holds the organiser token, shown this once only."""
    response.headers["Cache-Control"] = "no-store"
    return events.create_event(svc, data)


@router.get("/events/{event_id}", response_model=EventOut, responses=responses(404, 422))
def show(event: Event) -> EventOut:
    """An event's public details (no registrations)."""
    return events.event_out(event)


@router.post(
    "/events/{event_id}/registrations",
    status_code=201,
    response_model=RegistrationOut,
    responses=responses(400, 403, 404, 409, 413, 422),
)
def register(svc: Svc, event: Event, data: RegistrationIn, token: Token) -> RegistrationOut:
    """Register a player's deck. Refused (422, with the report) when the deck is not valid
    for the event. The first registration answers with a player key, shown once; registering
    again (with that key, or by the organiser) replaces the earlier deck, which stays in the
    history. A submission sent again with its request_id gets the stored answer."""
    organiser = token is not None
    if organiser:
        events.authorise(svc, event, token.credentials)
    deck = svc.read_deck(data.deck, f"registration of {data.player}", data.codec)
    return events.register(
        svc, event, data.player, deck, data.player_key, organiser, data.request_id
    )


@router.post(
    "/events/{event_id}/registrations/{player}/key",
    response_model=PlayerKey,
    responses=responses(401, 403, 404, 422),
)
def new_key(svc: Svc, event: OrganisedEvent, player: Player, response: Response) -> PlayerKey:
    """A new player key for a registered player who lost theirs (organiser only); the
    earlier key stops working. Shown this once."""
    response.headers.update(NO_STORE)
    return events.new_player_key(svc, event, player)


@router.get(
    "/events/{event_id}/registrations",
    response_model=RegistrationList,
    responses={
        200: {"content": {"text/csv": {}}, "description": "JSON, or CSV with as=csv"},
        **responses(401, 403, 404, 422),
    },
)
def registrations(
    svc: Svc,
    event: OrganisedEvent,
    as_: Export = Query(Export.json, alias="as"),
    history: bool = Query(False, description="Include replaced registrations"),
) -> Response:
    """The event's registrations (organiser only), as JSON or CSV."""
    if as_ is Export.csv:
        text = events.registrations_csv(svc, event, history)
        name = f"{event.id}-registrations.csv"
        headers = {"Content-Disposition": f'attachment; filename="{name}"', **NO_STORE}
        return Response(text, media_type="text/csv; charset=utf-8", headers=headers)
    listing = events.registration_list(svc, event, history)
    return JSONResponse(listing.model_dump(mode="json"), headers=NO_STORE)


@router.post(
    "/events/{event_id}/verify",
    response_model=ReportBody,
    responses=responses(400, 401, 403, 404, 413, 422),
    openapi_extra=DECK_BODY,
)
async def verify(
    request: Request,
    svc: Svc,
    event: OrganisedEvent,
    player: str = Query(min_length=1, max_length=200),
    strict: bool = Query(False, description="Printings must match passcode for passcode"),
    codec: Codec | None = Query(None, description="The deck's format (default: sniffed)"),
) -> JSONResponse:
    """Check a presented deck against the player's registration (organiser only): the same
    75 in other sections is a sided deck (side rules); other cards are DC603."""
    body = await request.body()

    def work() -> Report:
        deck = svc.read_deck(body, f"deck of {player}", codec.value if codec else None)
        return events.verify(svc, event, player, deck, strict)

    return JSONResponse((await run_in_threadpool(work)).as_json())


@router.get(
    "/events/{event_id}/registrations/{player}/sheet.pdf",
    responses={
        200: {"content": {"application/pdf": {}}, "description": "The registration sheet"},
        **responses(401, 403, 404, 422),
    },
    response_class=Response,
)
def sheet(svc: Svc, event: OrganisedEvent, player: Player) -> Response:
    """The player's registered deck as a printable registration sheet (organiser only)."""
    pdf, name = events.sheet_pdf(svc, event, player)
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"', **NO_STORE},
    )
