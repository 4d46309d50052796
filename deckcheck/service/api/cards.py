"""Cards by passcode and by name, each with its legality in every format on a date.

Legality comes from the validator itself: the card is checked alone (in the section it
belongs to) for each format, and every rule except the deck-size rules speaks.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel

from deckcheck.cards.model import Card
from deckcheck.service.api import Svc
from deckcheck.service.errors import ApiError, responses
from deckcheck.service.state import Service

router = APIRouter(tags=["cards"])

SIZE_RULES = frozenset({"main-deck-size", "extra-deck-size", "side-deck-size"})
MAX_PASSCODE = 2**32 - 1


class Reason(BaseModel):
    rule: str
    code: str
    message: str


class FormatLegality(BaseModel):
    legal: bool
    # forbidden, limited, semi-limited, unlimited or (whitelists) illegal; None: no list
    status: str | None = None
    # copies a deck may hold (the format's copy limit, or less under the list)
    copies: int
    banlist: str | None = None
    points: float | None = None
    reasons: list[Reason] = []


class CardInfo(BaseModel):
    card: dict[str, Any]
    name_keys: list[str]
    date: date
    formats: dict[str, FormatLegality]


class CardSearch(BaseModel):
    query: str
    cards: list[CardInfo]
    suggestions: list[str]


def legality(svc: Service, card: Card, on: date) -> dict[str, FormatLegality]:
    from deckcheck.decks.model import Deck
    from deckcheck.validation.pool import points_of

    out = {}
    code = card.passcode
    for fmt in svc.formats.values():
        if code is None:
            reason = Reason(
                rule="not-a-deck-card",
                code="DC113",
                message=f"{card.name} has no passcode and cannot be put in a deck",
            )
            out[fmt.id] = FormatLegality(legal=False, copies=0, reasons=[reason])
            continue
        section = [code]
        deck = (
            Deck.from_passcodes([], section, source=card.name)
            if card.is_extra_deck_monster
            else Deck.from_passcodes(section, source=card.name)
        )
        report = svc.checker.check(deck, fmt.id, on)
        reasons = [
            Reason(rule=v.rule, code=v.code, message=v.message)
            for v in report.violations
            if v.rule not in SIZE_RULES and v.severity == "error"
        ]
        banlist = svc.checker.context(deck, fmt.id, on).banlist
        limit = banlist.limit_of(code) if banlist else None
        copies = fmt.copy_limit if limit is None else max(0, min(limit, fmt.copy_limit))
        out[fmt.id] = FormatLegality(
            legal=not reasons,
            status=banlist.status_of(code) if banlist else None,
            copies=0 if reasons else copies,
            banlist=banlist.name if banlist else None,
            points=(points_of(banlist, card) or None) if banlist else None,
            reasons=reasons,
        )
    return out


def card_info(svc: Service, card: Card, on: date) -> CardInfo:
    return CardInfo(
        card=card.model_dump(mode="json", exclude_defaults=True),
        name_keys=list(card.name_keys),
        date=on,
        formats=legality(svc, card, on),
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
