"""Events and registrations, shared by the API and the web pages.

Registering and verifying call ``deckcheck.event.registration`` (as ``deckcheck register`` and
``deckcheck verify`` do); this module adds the event, the organiser token and storage.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from datetime import UTC, date, datetime
from typing import Any

from pydantic import BaseModel, Field, field_validator

from deckcheck.decks.model import Deck, Section
from deckcheck.event.registration import Registration, RegistrationRefused, Sections
from deckcheck.service.errors import ApiError
from deckcheck.service.state import Service
from deckcheck.service.storage import EventRow, RegistrationRow, ReplaceRefused, RequestReused
from deckcheck.service.tokens import (
    hash_token,
    new_event_id,
    new_token,
    request_player_key,
    token_matches,
)
from deckcheck.validation.report import Report

REQUEST_ID = r"^[A-Za-z0-9._:-]{16,128}$"  # a client's id for one submission


def clean_text(value: str) -> str:
    """One line of text: spaces collapsed, control characters refused."""
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
        raise ValueError("must not contain control characters")
    cleaned = " ".join(value.split())
    if not cleaned:
        raise ValueError("must not be empty")
    return cleaned


def clean_name(value: str) -> str:
    """A player's name: clean text that keeps a visible character (deckcheck.event.registration
    drops the invisible ones)."""
    from deckcheck.event.registration import player_name

    if not player_name(clean_text(value)):
        raise ValueError("must have a visible character")
    return clean_text(value)


def as_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


class EventIn(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    format: str = Field(min_length=1, max_length=64, description="Format id, e.g. tcg")
    date: date
    points_cap: float | None = Field(None, gt=0, le=1e6, description="Own points cap")
    deadline: datetime | None = Field(
        None, description="Registrations close then (UTC when no offset is given)"
    )

    _name = field_validator("name")(clean_text)


class EventOut(EventRow):
    open: bool
    page: str


class EventCreated(EventOut):
    organiser_token: str = Field(description="Shown once; keep it to list registrations")


class RegistrationIn(BaseModel):
    player: str = Field(min_length=1, max_length=200)
    deck: str = Field(min_length=1, description="Deck text in any codec the CLI reads")
    codec: str | None = Field(None, pattern="^(ydk|ydke|names|json|yaml)$")
    player_key: str | None = Field(
        None,
        max_length=200,
        description="To register again: the key given at the player's first registration "
        "(the organiser's token in Authorization does as well)",
    )
    request_id: str | None = Field(
        None,
        min_length=16,
        max_length=128,
        pattern=REQUEST_ID,
        description="A random id the client picks for this submission (e.g. a UUID). Sent "
        "again with the same player and deck, after an answer that never arrived, it gets "
        "the stored registration back (a first registration's player key included) "
        "instead of a refusal; with another deck it is refused (409)",
    )

    _player = field_validator("player")(clean_name)


class RegistrationOut(BaseModel):
    event: str
    player: str
    revision: int
    current: bool
    replaced_earlier: bool
    digest: str
    registered_at: datetime
    format: str
    date: date
    banlist: str | None = None
    sizes: dict[Section, int]
    deck: Sections
    player_key: str | None = Field(
        None, description="Only on the first registration: needed to register again"
    )


class PlayerKey(BaseModel):
    event: str
    player: str
    player_key: str = Field(description="Shown once; the player's earlier key stops working")


class RegistrationList(BaseModel):
    event: EventOut
    current: int
    history: int
    registrations: list[RegistrationOut]


def is_open(event: EventRow, when: datetime | None = None) -> bool:
    return event.deadline is None or (when or datetime.now(UTC)) <= as_utc(event.deadline)


def event_out(event: EventRow) -> EventOut:
    return EventOut(**event.model_dump(), open=is_open(event), page=f"/events/{event.id}")


def create_event(svc: Service, data: EventIn) -> EventCreated:
    fmt = svc.format(data.format)
    token = new_token()
    deadline = as_utc(data.deadline) if data.deadline else None
    row = svc.storage.create_event(
        new_event_id(), data.name, fmt.id, data.date, data.points_cap, deadline, hash_token(token)
    )
    return EventCreated(**event_out(row).model_dump(), organiser_token=token)


def get_event(svc: Service, event_id: str) -> EventRow:
    event = svc.storage.event(event_id)
    if event is None:
        raise ApiError(404, f"no event {event_id!r}")
    return event


def authorise(svc: Service, event: EventRow, token: str | None) -> None:
    """401 without a token, 403 with a wrong one."""
    if not token:
        raise ApiError(
            401,
            "this needs the event's organiser token (Authorization: Bearer TOKEN)",
            headers={"WWW-Authenticate": "Bearer"},
        )
    stored = svc.storage.token_hash(event.id)
    if stored is None or not token_matches(token, stored):
        raise ApiError(403, "the organiser token does not match this event")


def registration_out(row: RegistrationRow, key: str | None = None) -> RegistrationOut:
    record = Registration.model_validate(row.record)
    return RegistrationOut(
        event=row.event_id,
        player=row.player,
        revision=row.revision,
        current=row.current,
        replaced_earlier=row.revision > 1,
        digest=row.digest,
        registered_at=row.created,
        format=record.format,
        date=record.date,
        banlist=record.banlist,
        sizes=record.sizes,
        deck=record.deck,
        player_key=key,
    )


def register(
    svc: Service,
    event: EventRow,
    player: str,
    deck: Deck,
    key: str | None = None,
    organiser: bool = False,
    request_id: str | None = None,
) -> RegistrationOut:
    """Validate and store; an invalid deck is refused (422) with its report. A player's
    first registration gets a key (shown once); registering again needs that key or the
    organiser's token, so nobody replaces another player's deck by giving their name.

    With ``request_id`` the same submission sent again gets the stored answer: the key of
    a first registration is worked out from the id, so it can be given again."""
    from deckcheck.event.registration import player_name
    from deckcheck.event.registration import register as make_record
    from deckcheck.service.storage import player_key

    name = player_name(player)
    if request_id and not re.fullmatch(REQUEST_ID, request_id):
        raise ApiError(422, "a request id is 16 to 128 letters, digits or . _ : -")
    if request_id:
        new_key = request_player_key(event.id, player_key(name), request_id)
        request = hash_token(request_id)
    else:
        new_key, request = new_token(), None
    try:
        if not is_open(event):
            stored = request and svc.storage.stored(
                event.id, name, request, deck.digest(), hash_token(new_key)
            )
            if not stored:
                raise ApiError(
                    409,
                    f"registration for {event.name} closed at {event.deadline}",
                    "registration-closed",
                )
            row, first = stored
            return registration_out(row, new_key if first else None)
        checker = svc.checker_for(event.format, event.points_cap)
        try:
            record = make_record(
                deck, svc.db, name, event.format, event.date, event=event.name, checker=checker
            )
        except RegistrationRefused as exc:
            raise ApiError(422, str(exc), "deck-invalid", report=exc.report) from None

        def may_replace(stored: str) -> bool:
            return organiser or (key is not None and token_matches(key, stored))

        row, first = svc.storage.register(
            event.id,
            record.player,
            record.digest,
            record.model_dump(mode="json"),
            hash_token(new_key),
            may_replace,
            request,
        )
    except ReplaceRefused:
        # the same answer for no key, a wrong key and another player's key
        raise ApiError(
            403,
            f"registering {name} for {event.name} needs the player key given at the first "
            "registration of that name, or the organiser's token",
            "player-key-required",
        ) from None
    except RequestReused:
        raise ApiError(
            409,
            "this request id was used for another deck; send a new submission with a new id",
            "request-id-reused",
        ) from None
    return registration_out(row, new_key if first else None)


def new_player_key(svc: Service, event: EventRow, player: str) -> PlayerKey:
    """A new key for a registered player (organiser only), for one who lost theirs."""
    key = new_token()
    found = svc.storage.replace_player_key(event.id, player, hash_token(key))
    if found is None:
        raise ApiError(404, f"no registration for player {player!r} in {event.name}")
    return PlayerKey(event=event.id, player=found, player_key=key)


def current_record(svc: Service, event: EventRow, player: str) -> Registration:
    row = svc.storage.registration(event.id, player)
    if row is None:
        raise ApiError(404, f"no registration for player {player!r} in {event.name}")
    return Registration.model_validate(row.record)


def verify(svc: Service, event: EventRow, player: str, deck: Deck, strict: bool) -> Report:
    """The presented deck against the player's registration (side rules included)."""
    from deckcheck.event.registration import verify as verify_record

    record = current_record(svc, event, player)
    checker = svc.checker_for(event.format, event.points_cap)
    return verify_record(record, deck, svc.db, strict=strict, checker=checker)


def registration_list(svc: Service, event: EventRow, history: bool) -> RegistrationList:
    rows = svc.storage.registrations(event.id, history)
    current, total = svc.storage.count(event.id)
    return RegistrationList(
        event=event_out(event),
        current=current,
        history=total - current,
        registrations=[registration_out(r) for r in rows],
    )


CSV_COLUMNS = (
    "player",
    "revision",
    "current",
    "registered_at",
    "digest",
    "format",
    "date",
    "banlist",
    "main",
    "extra",
    "side",
    "ydke",
)


def _cell(value: Any) -> str:  # noqa: ANN401
    """Text a spreadsheet will not run as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def registrations_csv(svc: Service, event: EventRow, history: bool) -> str:
    from deckcheck.decks.codecs import write_deck

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in svc.storage.registrations(event.id, history):
        record = Registration.model_validate(row.record)
        writer.writerow(
            _cell(v)
            for v in (
                row.player,
                row.revision,
                "yes" if row.current else "no",
                row.created.isoformat(),
                row.digest,
                record.format,
                record.date.isoformat(),
                record.banlist,
                record.sizes["main"],
                record.sizes["extra"],
                record.sizes["side"],
                write_deck(record.to_deck(), "ydke", svc.db).strip(),
            )
        )
    return out.getvalue()


def sheet_pdf(svc: Service, event: EventRow, player: str) -> tuple[bytes, str]:
    """The registered deck as a printable sheet, and a file name for it."""
    from deckcheck.report.sheet import render_sheet

    record = current_record(svc, event, player)
    fmt = svc.formats.get(record.format)
    pdf = render_sheet(
        record.to_deck(),
        svc.db,
        record.player,
        event.name,
        event.date,
        fmt.name if fmt else record.format,
    )
    safe = (
        "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in record.player).strip("-")
        or "player"
    )
    return pdf, f"{event.id}-{safe[:40]}.pdf"
