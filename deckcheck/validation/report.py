"""Violations and reports as plain data (slotted dataclasses), and their JSON form.

The JSON shape is the contract of docs/report.schema.json; the pydantic models that document
it (and the service's response bodies) are in deckcheck/report/models.py, where the report
crosses the boundary. ``as_json`` gives exactly what those models would serialise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True, kw_only=True)
class Violation:
    rule: str
    code: str
    severity: str = "error"
    message: str
    section: str | None = None
    cards: list[int] = field(default_factory=list)
    name: str | None = None
    count: int | None = None
    limit: int | float | None = None
    line: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "section": self.section,
            "cards": list(self.cards),
            "name": self.name,
            "count": self.count,
            "limit": self.limit,
            "line": self.line,
        }


def violation(slug: str, message: str, **fields: Any) -> Violation:  # noqa: ANN401
    """A violation of the rule ``slug`` (its code and severity from the catalogue)."""
    from deckcheck.validation.rules import RULES

    return RULES[slug].violation(message, **fields)


@dataclass(slots=True)
class DeckInfo:
    source: str
    main: int
    extra: int
    side: int
    digest: str


@dataclass(frozen=True, slots=True)
class FormatInfo:
    # frozen: one object is shared by every report of a format, day and list
    id: str
    date: str
    banlist: str | None = None


@dataclass(frozen=True, slots=True)
class CardDataInfo:
    version: str


@dataclass(slots=True)
class Report:
    deck: DeckInfo
    format: FormatInfo
    card_data: CardDataInfo
    valid: bool
    violations: list[Violation] = field(default_factory=list)
    # explanations that are not problems (e.g. why two cards count separately)
    notes: list[str] = field(default_factory=list)
    # set when the input could not be read at all (the CLI then exits 2)
    error: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The report as JSON data, in the field order of docs/report.schema.json."""
        deck, fmt = self.deck, self.format
        return {
            "deck": {
                "source": deck.source,
                "main": deck.main,
                "extra": deck.extra,
                "side": deck.side,
                "digest": deck.digest,
            },
            "format": {"id": fmt.id, "date": fmt.date, "banlist": fmt.banlist},
            "card_data": {"version": self.card_data.version},
            "valid": self.valid,
            "violations": [v.as_json() for v in self.violations],
            "notes": list(self.notes),
            "error": self.error,
        }
