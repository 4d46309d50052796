"""What every rule unit declares: its rules (slug, code, title, rulebook source) and the
function that finds their violations.

A unit is one module of deckcheck/validation/rules/ with a ``UNIT``; its documentation page
is deckcheck/docs/rules/SLUG.md and its tests tests/validation/rules/test_MODULE.py. Most
units have one rule; a unit whose violations come from one pass (placement, the list's
statuses) has one per code it reports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal

from deckcheck.io.record import Frozen
from deckcheck.validation.report import LATER, MESSAGE, MESSAGE_LINE, Violation

if TYPE_CHECKING:
    from deckcheck.cards.model import Card
    from deckcheck.decks.model import Section
    from deckcheck.validation.context import Context

DOCS_URL = "https://github.com/deckcheck/deckcheck/blob/main/deckcheck/docs/rules/{slug}.md"


class Rule(Frozen):
    __slots__ = ("slug", "code", "title", "source", "severity")

    def __init__(
        self, slug: str, code: str, title: str, source: str, severity: str = "error"
    ) -> None:
        self._fields(slug, code, title, source, severity)

    @property
    def help_uri(self) -> str:
        return DOCS_URL.format(slug=self.slug)

    def violation(self, message: str, **fields: Any) -> Violation:  # noqa: ANN401
        return Violation(
            rule=self.slug, code=self.code, severity=self.severity, message=message, **fields
        )

    def later(
        self,
        work: Callable[..., dict[str, Any]],
        args: tuple[Any, ...],
        cards: list[int],
        *,
        section: str | None = None,
        name: str | None = None,
        count: int | None = None,
        limit: float | None = None,
        line: int | None | object = LATER,
    ) -> Violation:
        """A violation with its verdict (cards, name, count, ...) at once; ``work(*args)``
        gives its message, and its first line unless ``line`` is given, when first read
        (built here, not through ``Violation.later``: a call fewer per violation)."""
        found = Violation.__new__(Violation)
        found.rule = self.slug
        found.code = self.code
        found.severity = self.severity
        found.cards = cards
        found.section = section
        found.name = name
        found.count = count
        found.limit = limit
        if line is LATER:
            found._later = (work, args, MESSAGE_LINE)
        else:
            found.line = line  # type: ignore[assignment]
            found._later = (work, args, MESSAGE)
        return found


class Unit(Frozen):
    """``find`` takes a deck's Context (scope "deck") or a SwapContext (scope "swap": a
    deck against the one registered) and yields violations of ``rules`` in report order.

    A deck unit may say when ``find`` can have anything to say, so that a deck none of them
    concerns skips it; a unit that says nothing runs on every deck. Each is the unit's own
    test, a necessary condition of its violations, never a second rule:

    - ``card(day, card, section)``: this card in this section may be part of a violation
      (asked once per card, section, format and day; ``day`` is a Context without a deck);
    - ``names(day, key)``: a violation needs more copies of the name ``key`` than this
      (None: none; asked once per name, format and day);
    - ``deck(ctx)``: asked per deck, from what the checker's one scan found.
    """

    __slots__ = ("rules", "find", "scope", "card", "names", "deck")

    def __init__(
        self,
        rules: tuple[Rule, ...],
        find: Callable[[Any], Iterable[Violation]],
        scope: Literal["deck", "swap"] = "deck",
        card: Callable[[Context, Card, Section], bool] | None = None,
        names: Callable[[Context, str], int | None] | None = None,
        deck: Callable[[Context], bool] | None = None,
    ) -> None:
        self._fields(rules, find, scope, card, names, deck)

    @property
    def screened(self) -> bool:
        return self.card is not None or self.names is not None or self.deck is not None
