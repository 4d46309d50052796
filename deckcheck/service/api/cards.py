"""Cards by passcode and by name, each with its legality in every format on a date
(``deckcheck.formats.legality``: the validator's own verdict, the list in force that day;
formats that did not exist yet are marked, never a 400 for the whole look-up)."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel

from deckcheck.cards.model import Card
from deckcheck.formats.legality import FormatLegality, card_legality
from deckcheck.report.card import card_facts
from deckcheck.service.api import Svc
from deckcheck.service.errors import ApiError, responses
from deckcheck.service.state import Service

router = APIRouter(tags=["cards"])

MAX_PASSCODE = 2**32 - 1


class CardInfo(BaseModel):
    card: dict[str, Any]
    name_keys: list[str]
    date: date
    formats: dict[str, FormatLegality]


class CardSearch(BaseModel):
    query: str
    cards: list[CardInfo]
    suggestions: list[str]


def card_info(svc: Service, card: Card, on: date) -> CardInfo:
    return CardInfo(
        card=card_facts(card),
        name_keys=list(card.name_keys),
        date=on,
        formats=card_legality(svc.checker, card, on, svc.formats.values()),
    )


OnDate = Query(None, alias="date", description="Day for legality (default today)")


@router.get("/cards/{passcode}", response_model=CardInfo, responses=responses(404, 422))
def by_passcode(
    svc: Svc,
    passcode: int = Path(ge=1, le=MAX_PASSCODE, description="Any printing's passcode"),
    on: date | None = OnDate,
) -> CardInfo:
    """A card's facts (no effect text), name keys and legality per format."""
    card = svc.db.get(passcode)
    if card is None:
        raise ApiError(404, f"no card with passcode {passcode}")
    return card_info(svc, card, on or date.today())


@router.get("/cards", response_model=CardSearch, responses=responses(422))
def search(
    svc: Svc,
    name: str = Query(min_length=1, max_length=200, description="Card name in any language"),
    limit: int = Query(5, ge=1, le=20, description="Most suggestions"),
    on: date | None = OnDate,
) -> CardSearch:
    """Cards with exactly this name (case, width and accents ignored), and close names."""
    day = on or date.today()
    cleaned = " ".join(name.split())
    found = svc.db.find_all(cleaned) if cleaned else []
    hints = [] if found or not cleaned else svc.db.suggest(cleaned, limit)
    return CardSearch(query=name, cards=[card_info(svc, c, day) for c in found], suggestions=hints)
