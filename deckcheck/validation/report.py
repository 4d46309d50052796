"""Violations and reports: the JSON shape of DESIGN.md."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from deckcheck.validation.rules import RULES

# Schemas are built on first use, not at import: a check of a clean deck never validates
# a Violation, and reports are assembled with model_construct (start-up time).
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


def violation(slug: str, message: str, **fields: object) -> Violation:
    rule = RULES[slug]
    return Violation(rule=slug, code=rule.code, severity=rule.severity, message=message, **fields)


class DeckInfo(BaseModel):
    model_config = LAZY

    source: str
    main: int
    extra: int
    side: int
    digest: str


class FormatInfo(BaseModel):
    # frozen: one object is shared by every report of a format, day and list
    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    date: str
    banlist: str | None = None


class CardDataInfo(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    version: str


class Report(BaseModel):
    model_config = LAZY

    deck: DeckInfo
    format: FormatInfo
    card_data: CardDataInfo
    valid: bool
    violations: list[Violation] = []
    # explanations that are not problems (e.g. why two cards count separately)
    notes: list[str] = []
    # set when the input could not be read at all (the CLI then exits 2)
    error: str | None = None
