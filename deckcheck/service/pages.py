"""The web page: check a deck, create an event, register for it, list registrations.

Server-rendered HTML forms (no script needed), built on the same calls as the API. Errors
that the API answers as JSON are shown on the page instead, with the right status.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from deckcheck.decks.model import SECTIONS, Deck
from deckcheck.service import events
from deckcheck.service.errors import ApiError
from deckcheck.service.state import Service
from deckcheck.service.tokens import new_token
from deckcheck.validation.report import Report
from deckcheck.validation.rules import RULES

HERE = Path(__file__).resolve().parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
router = APIRouter(include_in_schema=False)
SECTION_TITLES = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")


@dataclass
class DeckLine:
    count: int
    name: str
    passcode: int | None


def deck_lines(svc: Service, deck: Deck) -> dict[str, list[DeckLine]]:
    """Each section as "count x name" lines in deck order (unknown cards as written)."""
    out: dict[str, list[DeckLine]] = {}
    for section in SECTIONS:
        lines: dict[str, DeckLine] = {}
        for slot in deck.section(section):
            card = svc.db.get(slot.passcode) if slot.passcode is not None else None
            name = card.name if card else (slot.text or f"unknown passcode {slot.passcode}")
            key = f"{slot.passcode}:{name}"
            if key in lines:
                lines[key].count += 1
            else:
                lines[key] = DeckLine(1, name, slot.passcode)
        out[section] = list(lines.values())
    return out


def rule_help(report: Report) -> dict[str, dict[str, str]]:
    """Title, why and how to fix for each rule the report names."""
    from deckcheck.validation.ruledocs import sections

    out = {}
    for v in report.violations:
        if v.rule in out or v.rule not in RULES:
            continue
        try:
            parts = sections(v.rule)
        except Exception:  # a rule without its page still shows its title
            parts = {}
        out[v.rule] = {
            "title": RULES[v.rule].title,
            "why": parts.get("Why", ""),
            "fix": parts.get("How to fix", ""),
        }
    return out


def _svc(request: Request) -> Service:
    return request.app.state.service


# the pages run no script and load nothing from elsewhere; they may hold tokens and decks
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:  # noqa: ANN401
    svc = _svc(request)
    base = {"formats": list(svc.formats.values()), "today": date.today().isoformat()}
    response = templates.TemplateResponse(request, name, {**base, **context}, status_code=status)
    response.headers.update(PAGE_HEADERS)
    return response


def error_page(request: Request, exc: ApiError, template: str, **context: Any) -> HTMLResponse:  # noqa: ANN401
    return render(
        request,
        template,
        exc.status_code,
        error=str(exc.detail),
        code=exc.code,
        report=exc.report,
        help=rule_help(exc.report) if exc.report else {},
        **context,
    )


async def deck_input(text: str, upload: UploadFile | None) -> tuple[bytes | str, str]:
    """The uploaded file if one was chosen, else the pasted text."""
    if upload is not None and upload.filename:
        data = await upload.read()
        if data:
            return data, upload.filename
    return text, "pasted deck"


def _parse_date(value: str) -> date | None:
    if not value.strip():
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise ApiError(422, f"bad date {value!r}: use YYYY-MM-DD") from None


def html_error(request: Request, status: int, message: str) -> Response:
    """An error on a page request, as a page (the API answers the same errors as JSON)."""
    template = "missing.html" if status == 404 else "problem.html"
    return render(request, template, status, error=message)


@router.get("/", response_class=HTMLResponse)
def index(request: Request) -> HTMLResponse:
    return render(request, "index.html", chosen="tcg", chosen_date="")


@router.post("/check", response_class=HTMLResponse)
async def check(
    request: Request,
    format_id: str = Form("tcg", alias="format", max_length=64),
    on: str = Form("", alias="date", max_length=32),
    deck: str = Form("", max_length=256 * 1024),
    file: UploadFile | None = None,
) -> HTMLResponse:
    svc = _svc(request)
    keep = {"chosen": format_id, "chosen_date": on, "pasted": deck}
    try:
        day = _parse_date(on)
        svc.format(format_id)
        data, source = await deck_input(deck, file)

        def work() -> tuple[Report, dict[str, list[DeckLine]]]:
            parsed = svc.read_deck(data, source)
            return svc.validate(parsed, format_id, day), deck_lines(svc, parsed)

        report, lines = await run_in_threadpool(work)
    except ApiError as exc:
        return error_page(request, exc, "index.html", **keep)
    return render(
        request,
        "index.html",
        report=report,
        help=rule_help(report),
        lines=lines,
        titles=SECTION_TITLES,
        **keep,
    )


@router.post("/events", response_class=HTMLResponse)
def create_event(
    request: Request,
    name: str = Form("", max_length=200),
    format_id: str = Form("tcg", alias="format", max_length=64),
    on: str = Form("", alias="date", max_length=32),
) -> HTMLResponse:
    svc = _svc(request)
    try:
        data = events.EventIn(name=name, format=format_id, date=on)
    except ValidationError as exc:
        problems = "; ".join(f"{e['loc'][-1]}: {e['msg']}" for e in exc.errors())
        return render(
            request,
            "index.html",
            422,
            event_error=problems,
            chosen="tcg",
            chosen_date="",
            event_name=name,
        )
    try:
        created = events.create_event(svc, data)
    except ApiError as exc:
        return render(
            request,
            "index.html",
            exc.status_code,
            event_error=str(exc.detail),
            chosen="tcg",
            chosen_date="",
            event_name=name,
        )
    return render(request, "created.html", 201, event=created)


def _event_or_404(request: Request, event_id: str) -> events.EventRow | HTMLResponse:
    try:
        return events.get_event(_svc(request), event_id)
    except ApiError as exc:
        return render(request, "missing.html", 404, error=str(exc.detail))


@router.get("/events/{event_id}", response_class=HTMLResponse)
def event_page(request: Request, event_id: str) -> HTMLResponse:
    event = _event_or_404(request, event_id)
    if isinstance(event, HTMLResponse):
        return event
    # each form sent carries its own id: sent again (an answer lost), it gets the stored answer
    return render(request, "event.html", event=events.event_out(event), request_id=new_token())


@router.post("/events/{event_id}/register", response_class=HTMLResponse)
async def register(
    request: Request,
    event_id: str,
    player: str = Form("", max_length=200),
    deck: str = Form("", max_length=256 * 1024),
    key: str = Form("", alias="player_key", max_length=200),
    request_id: str = Form("", max_length=128),
    file: UploadFile | None = None,
) -> HTMLResponse:
    svc = _svc(request)
    event = await run_in_threadpool(_event_or_404, request, event_id)
    if isinstance(event, HTMLResponse):
        return event
    shown = events.event_out(event)
    keep = {"event": shown, "player": player, "pasted": deck, "request_id": new_token()}
    try:
        try:
            name = events.clean_name(player)
        except ValueError as exc:
            raise ApiError(422, f"player name {exc}") from None
        data, source = await deck_input(deck, file)

        def work() -> events.RegistrationOut:
            parsed = svc.read_deck(data, source)
            return events.register(
                svc, event, name, parsed, key.strip() or None, request_id=request_id or None
            )

        done = await run_in_threadpool(work)
    except ApiError as exc:
        return error_page(request, exc, "event.html", **keep)
    return render(request, "event.html", 201, registered=done, titles=SECTION_TITLES, **keep)


@router.get("/events/{event_id}/organiser", response_class=HTMLResponse)
def organiser_form(request: Request, event_id: str) -> HTMLResponse:
    event = _event_or_404(request, event_id)
    if isinstance(event, HTMLResponse):
        return event
    return render(request, "organiser.html", event=events.event_out(event))


def _organised(request: Request, event_id: str, token: str) -> events.EventRow | HTMLResponse:
    event = _event_or_404(request, event_id)
    if isinstance(event, HTMLResponse):
        return event
    try:
        events.authorise(_svc(request), event, token.strip())
    except ApiError as exc:
        return render(
            request,
            "organiser.html",
            exc.status_code,
            event=events.event_out(event),
            error=str(exc.detail),
        )
    return event


@router.post("/events/{event_id}/organiser", response_class=HTMLResponse)
def organiser_list(
    request: Request,
    event_id: str,
    token: str = Form("", max_length=200),
    history: bool = Form(False),
) -> HTMLResponse:
    event = _organised(request, event_id, token)
    if isinstance(event, HTMLResponse):
        return event
    listing = events.registration_list(_svc(request), event, history)
    return render(
        request,
        "organiser.html",
        event=listing.event,
        listing=listing,
        token=token,
        history=history,
    )


@router.post("/events/{event_id}/organiser/registrations.csv")
def organiser_csv(
    request: Request, event_id: str, token: str = Form("", max_length=200)
) -> Response:
    event = _organised(request, event_id, token)
    if isinstance(event, HTMLResponse):
        return event
    text = events.registrations_csv(_svc(request), event, history=True)
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{event.id}-registrations.csv"'},
    )


@router.post("/events/{event_id}/organiser/sheet.pdf")
def organiser_sheet(
    request: Request,
    event_id: str,
    token: str = Form("", max_length=200),
    player: str = Form("", max_length=200),
) -> Response:
    event = _organised(request, event_id, token)
    if isinstance(event, HTMLResponse):
        return event
    try:
        pdf, name = events.sheet_pdf(_svc(request), event, player)
    except ApiError as exc:
        return render(request, "missing.html", exc.status_code, error=str(exc.detail))
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )


@router.get("/rules/{slug}", response_class=HTMLResponse)
def rule_page(request: Request, slug: str) -> HTMLResponse:
    from deckcheck.io.errors import InputError
    from deckcheck.validation.ruledocs import rule_for, sections

    try:
        rule = rule_for(slug)
        parts = sections(rule.slug)
    except InputError as exc:
        return render(request, "missing.html", 404, error=str(exc))
    return render(request, "rule.html", rule=rule, parts=parts)
