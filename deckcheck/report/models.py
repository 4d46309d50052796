"""The JSON report where it crosses the boundary: pydantic models that document it
(docs/report.schema.json, ``python -m deckcheck.report.json``) and the service's response
bodies. Inside, reports are plain data (deckcheck/validation/report.py), whose ``as_json``
gives exactly what these models serialise (tests/report/test_models.py holds them together).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

# schemas are built on first use (the OpenAPI document, the schema file), not at import
LAZY = ConfigDict(defer_build=True)


class Violation(BaseModel):
    model_config = LAZY

    rule: str
    code: str
    severity: str = "error"
    message: str
    section: str | None = None
    cards: list[int] = []
    name: str | None = None
    count: int | None = None
    limit: int | float | None = None
    line: int | None = None


class DeckInfo(BaseModel):
    model_config = LAZY

    source: str
    main: int
    extra: int
    side: int
    digest: str


class FormatInfo(BaseModel):
    model_config = LAZY

    id: str
    date: str
    banlist: str | None = None


class CardDataInfo(BaseModel):
    model_config = LAZY

    version: str


class Report(BaseModel):
    model_config = LAZY

    deck: DeckInfo
    format: FormatInfo
    card_data: CardDataInfo
    valid: bool
    violations: list[Violation] = []
    notes: list[str] = []
    error: str | None = None


class Summary(BaseModel):
    model_config = LAZY

    decks: int
    valid: int
    invalid: int


class CheckOutput(BaseModel):
    model_config = LAZY

    decks: list[Report]
    summary: Summary
