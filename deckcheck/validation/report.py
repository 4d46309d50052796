"""Violations and reports as plain data (slotted classes), and their JSON form.

The JSON shape is the contract of docs/report.schema.json; the pydantic models that document
it (and the service's response bodies) are in deckcheck/report/models.py, where the report
crosses the boundary. ``as_json`` gives exactly what those models would serialise.

A report from the checker carries its verdicts at once: valid or not, and each violation's
rule, code, severity and cards. What costs more and a caller may never read (the digest,
the notes, each violation's message and first line) is worked out when first read,
serialised or pickled, by the rule unit's own function given to ``Rule.later`` (issue 15:
a check pays only for what its caller asks). So the deck must not change between the check
and the reading of its report; check a copy of a deck you go on changing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from deckcheck.io.record import Record

LATER = object()  # a field that the pending work gives


class Later(Record):
    """A record some of whose fields are worked out on first read: those slots stay unset
    (so reading one reaches ``__getattr__``) until ``_later`` fills them all at once.

    ``_later`` is (work, args, names): ``work(*args)`` gives the fields ``names`` (a tuple
    of arguments costs less to make per check than a ``functools.partial``)."""

    __slots__ = ("_later",)
    DEFAULTS: ClassVar[dict[str, Any]] = {}

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401 (only unset slots come here)
        if name == "_later":
            raise AttributeError(name)
        later = self._later
        if later is None:
            raise AttributeError(name)
        self._later = None
        work, args, names = later
        values = work(*args)
        defaults = self.DEFAULTS
        for key in names:
            value = values[key] if key in values else defaults[key]
            setattr(self, key, list(value) if value.__class__ is list else value)
        return getattr(self, name)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (a batch's worker processes) with every field worked out."""
        return (_rebuild, (self.__class__, tuple(getattr(self, n) for n in self.__slots__)))


def _rebuild(cls: type[Later], values: tuple[Any, ...]) -> Later:
    found = cls.__new__(cls)
    found._later = None
    for name, value in zip(cls.__slots__, values, strict=True):
        setattr(found, name, value)
    return found


class Violation(Later):
    __slots__ = (
        "rule",
        "code",
        "severity",
        "message",
        "section",
        "cards",
        "name",
        "count",
        "limit",
        "line",
    )
    DEFAULTS: ClassVar[dict[str, Any]] = {
        "severity": "error",
        "message": "",
        "section": None,
        "cards": [],
        "name": None,
        "count": None,
        "limit": None,
        "line": None,
    }

    def __init__(
        self,
        *,
        rule: str,
        code: str,
        severity: str = "error",
        message: str,
        section: str | None = None,
        cards: list[int] | None = None,
        name: str | None = None,
        count: int | None = None,
        limit: float | None = None,
        line: int | None = None,
    ) -> None:
        self._later = None
        self.rule = rule
        self.code = code
        self.severity = severity
        self.message = message
        self.section = section
        self.cards = [] if cards is None else cards
        self.name = name
        self.count = count
        self.limit = limit
        self.line = line

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


# the fields a violation's later work gives (Rule.later)
MESSAGE_LINE = ("message", "line")
MESSAGE = ("message",)


def violation(slug: str, message: str, **fields: Any) -> Violation:  # noqa: ANN401
    """A violation of the rule ``slug`` (its code and severity from the catalogue)."""
    from deckcheck.validation.rules import RULES

    return RULES[slug].violation(message, **fields)


class DeckInfo(Later):
    """``digest`` may be worked out on first read (``DeckInfo.later``)."""

    __slots__ = ("source", "main", "extra", "side", "digest")

    def __init__(self, source: str, main: int, extra: int, side: int, digest: str) -> None:
        self._later = None
        self.source = source
        self.main = main
        self.extra = extra
        self.side = side
        self.digest = digest

    @classmethod
    def later(
        cls,
        source: str,
        main: int,
        extra: int,
        side: int,
        digest: Callable[..., str],
        args: tuple[Any, ...],
    ) -> DeckInfo:
        """``digest(*args)`` gives the digest when it is first read."""
        found = cls.__new__(cls)
        found.source = source
        found.main = main
        found.extra = extra
        found.side = side
        found._later = (_digest_field, (digest, args), _DIGEST)
        return found


_DIGEST = ("digest",)


def _digest_field(digest: Callable[..., str], args: tuple[Any, ...]) -> dict[str, Any]:
    return {"digest": digest(*args)}


class FormatInfo(Record):
    # one object is shared by every report of a format, day and list: never changed
    __slots__ = ("id", "date", "banlist")

    def __init__(self, id: str, date: str, banlist: str | None = None) -> None:  # noqa: A002
        self.id = id
        self.date = date
        self.banlist = banlist


class CardDataInfo(Record):
    __slots__ = ("version",)

    def __init__(self, version: str) -> None:
        self.version = version


class Report(Later):
    """``notes``: explanations that are not problems (e.g. why two cards count separately),
    possibly worked out on first read; ``error``: set when the input could not be read at
    all (the CLI then exits 2)."""

    __slots__ = ("deck", "format", "card_data", "valid", "violations", "notes", "error")
    DEFAULTS: ClassVar[dict[str, Any]] = {"notes": []}

    def __init__(
        self,
        deck: DeckInfo,
        format: FormatInfo,  # noqa: A002
        card_data: CardDataInfo,
        valid: bool,
        violations: list[Violation] | None = None,
        notes: list[str] | None = None,
        error: str | None = None,
        *,
        later_notes: Callable[[], list[str]] | None = None,
    ) -> None:
        self.deck = deck
        self.format = format
        self.card_data = card_data
        self.valid = valid
        self.violations = [] if violations is None else violations
        self.error = error
        if later_notes is None:
            self._later = None
            self.notes = [] if notes is None else notes
        else:
            self._later = (_notes_field, (later_notes,), _NOTES)

    def replaced(self, **fields: Any) -> Report:  # noqa: ANN401
        """A copy with ``fields`` changed (the others as read from this report)."""
        values = {name: getattr(self, name) for name in self.__slots__}
        values.update(fields)
        return Report(**values)

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


_NOTES = ("notes",)


def _notes_field(notes: Callable[[], list[str]]) -> dict[str, Any]:
    return {"notes": notes()}
