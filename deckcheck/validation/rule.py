"""What every rule unit declares: its rules (slug, code, title, rulebook source) and the
function that finds their violations.

A unit is one module of deckcheck/validation/rules/ with a ``UNIT``; its documentation page
is deckcheck/docs/rules/SLUG.md and its tests tests/validation/rules/test_MODULE.py. Most
units have one rule; a unit whose violations come from one pass (placement, the list's
statuses) has one per code it reports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from deckcheck.validation.report import Violation

DOCS_URL = "https://github.com/deckcheck/deckcheck/blob/main/deckcheck/docs/rules/{slug}.md"


@dataclass(frozen=True, slots=True)
class Rule:
    slug: str
    code: str
    title: str
    source: str
    severity: str = "error"

    @property
    def help_uri(self) -> str:
        return DOCS_URL.format(slug=self.slug)

    def violation(self, message: str, **fields: Any) -> Violation:  # noqa: ANN401
        return Violation(
            rule=self.slug, code=self.code, severity=self.severity, message=message, **fields
        )


@dataclass(frozen=True, slots=True)
class Unit:
    """``find`` takes a deck's Context (scope "deck") or a SwapContext (scope "swap": a
    deck against the one registered) and yields violations of ``rules`` in report order."""

    rules: tuple[Rule, ...]
    find: Callable[[Any], Iterable[Violation]]
    scope: Literal["deck", "swap"] = "deck"
