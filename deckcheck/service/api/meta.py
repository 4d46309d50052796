"""Health and formats."""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Path, Request, Response
from pydantic import BaseModel

from deckcheck import __version__
from deckcheck.formats import schema
from deckcheck.formats.model import Format
from deckcheck.service.api import Svc
from deckcheck.service.errors import responses
from deckcheck.service.responses import tagged_json

router = APIRouter(tags=["meta"])


class LatestList(BaseModel):
    name: str
    effective: date | None = None


class Health(BaseModel):
    status: str
    deckcheck: str
    card_data: str
    banlists: dict[str, LatestList]
    storage: str


class FormatOut(schema.Format):
    # the list this format applies today, if it has one
    banlist_today: str | None = None


@router.get("/health", response_model=Health)
async def health(svc: Svc) -> Health:
    """Versions of deckcheck, the card data and the newest list of each banlist series."""
    latest = {}
    for series in svc.banlists.series():
        refs = svc.banlists.refs(series)
        if refs:
            latest[series] = LatestList(name=refs[-1].name, effective=refs[-1].effective)
    return Health(
        status="ok",
        deckcheck=__version__,
        card_data=svc.db.version,
        banlists=latest,
        storage=svc.storage.kind,
    )


def _format_out(svc: Svc, fmt: Format) -> dict[str, object]:
    today = svc.banlists.for_format(fmt, date.today())
    data = fmt.record(defaults=True)
    data["banlist_today"] = today.name if today else None
    return data


@router.get(
    "/formats",
    response_model=list[FormatOut],
    responses={304: {"description": "Not modified (If-None-Match)"}},
)
def formats(request: Request, svc: Svc) -> Response:
    """Every format: deck sizes, copy limit, banlist series, card pool and special rules."""
    return tagged_json(request, [_format_out(svc, f) for f in svc.formats.values()])


@router.get(
    "/formats/{format_id}",
    response_model=FormatOut,
    responses={304: {"description": "Not modified (If-None-Match)"}, **responses(404)},
)
def format_detail(request: Request, svc: Svc, format_id: str = Path(max_length=64)) -> Response:
    """One format by id (``tcg``, ``ocg``, ``genesys``, ...)."""
    return tagged_json(request, _format_out(svc, svc.format(format_id, status=404)))
