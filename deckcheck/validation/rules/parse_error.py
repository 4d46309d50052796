"""parse-error (DC001): a line or token of the input cannot be read."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

PARSE_ERROR = Rule("parse-error", "DC001", "A line or token of the input cannot be read", "-")


def find(ctx: Context) -> Iterator[Violation]:
    for problem in ctx.deck.problems:
        yield PARSE_ERROR.violation(problem.message, section=problem.section, line=problem.line)


UNIT = Unit((PARSE_ERROR,), find, deck=lambda ctx: bool(ctx.deck.problems))
