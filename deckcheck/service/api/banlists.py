"""Banlists: the list in force on a date, the changes between two lists, exports.

Every answer carries an ETag (a digest of its content) and honours If-None-Match.
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum
from typing import Any

from fastapi import APIRouter, Path, Query, Request, Response
from pydantic import BaseModel, Field

from deckcheck.service.api import Svc
from deckcheck.service.errors import responses
from deckcheck.service.responses import tagged, tagged_json

router = APIRouter(tags=["banlists"])

NOT_MODIFIED = {304: {"description": "Not modified (If-None-Match)"}}
FormatId = Path(max_length=64, description="Format id, e.g. tcg")
KEY_HELP = "A list name (2026.04) or a date (2026-04-15: the list in force that day)"


class Export(StrEnum):
    lflist = "lflist"
    yaml = "yaml"
    json = "json"


class BanlistEntry(BaseModel):
    name: str | None = None
    limit: int | None = None
    points: float | None = None
    group: int | None = None


class BanlistOut(BaseModel):
    series: str
    name: str
    effective: date | None = None
    title: str | None = None
    whitelist: bool = False
    points_cap: float | None = None
    source: str | None = None
    group_limits: dict[str, int] = {}
    entries: dict[str, BanlistEntry]


def _today(day: date | None) -> date:
    return day or date.today()


@router.get(
    "/banlists/{format_id}",
    response_model=BanlistOut,
    responses={**NOT_MODIFIED, **responses(404, 422)},
)
def in_force(
    request: Request,
    svc: Svc,
    format_id: str = FormatId,
    on: date | None = Query(None, alias="date", description="Day (default today)"),
) -> Response:
    """The list the format applies on the date (Traditional: Forbidden read as Limited)."""
    from deckcheck.banlist.files import to_dict

    return tagged_json(request, to_dict(svc.banlist(format_id, _today(on))))


class ChangeOut(BaseModel):
    name: str
    before: str
    after: str
    passcodes: list[int]
    points_before: float | None = None
    points_after: float | None = None
    group_before: int | None = None
    group_after: int | None = None


class DiffOut(BaseModel):
    series: str
    from_: str = Field(alias="from")
    to: str
    changes: list[ChangeOut]


@router.get(
    "/banlists/{format_id}/diff",
    response_model=DiffOut,
    responses={**NOT_MODIFIED, **responses(404, 422)},
)
def diff(
    request: Request,
    svc: Svc,
    format_id: str = FormatId,
    old: str = Query(alias="from", max_length=32, description=KEY_HELP),
    new: str = Query(alias="to", max_length=32, description=KEY_HELP),
) -> Response:
    """What changed between two lists of the format's series: per card, its status (and
    points or group) before and after."""
    from deckcheck.banlist.diff import diff as diff_lists

    before = svc.resolve_banlist(format_id, old)
    after = svc.resolve_banlist(format_id, new)
    return tagged_json(request, diff_lists(before, after).to_dict())


MEDIA = {
    "lflist": "text/plain; charset=utf-8",
    "yaml": "application/yaml",
    "json": "application/json",
}


@router.get(
    "/banlists/{format_id}/export",
    responses={
        200: {
            "description": "The list as lflist.conf (EDOPro style), YAML or JSON",
            "content": {"text/plain": {}, "application/yaml": {}, "application/json": {}},
        },
        **NOT_MODIFIED,
        **responses(404, 422),
    },
)
def export(
    request: Request,
    svc: Svc,
    format_id: str = FormatId,
    on: date | None = Query(None, alias="date", description="Day (default today)"),
    as_: Export = Query(Export.lflist, alias="as"),
) -> Response:
    """The list in force as a file: ``lflist`` (EDOPro lflist.conf), ``yaml`` or ``json``."""
    from deckcheck.banlist.files import to_json, to_yaml
    from deckcheck.banlist.lflist import write_lflist

    banlist = svc.banlist(format_id, _today(on))
    writers: dict[str, Any] = {
        "lflist": lambda: write_lflist([banlist]),
        "yaml": lambda: to_yaml(banlist),
        "json": lambda: to_json([banlist]),
    }
    response = tagged(request, writers[as_.value](), MEDIA[as_.value])
    suffix = {"lflist": "lflist.conf", "yaml": "yaml", "json": "json"}[as_.value]
    filename = f"{banlist.series}-{banlist.name}.{suffix}".replace('"', "")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
