"""skill-card-count (DC503): more Skill Cards than the format allows (Speed Duel: one)."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.cards.model import Card
from deckcheck.decks.model import Section
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

SKILL_CARD_COUNT = Rule("skill-card-count", "DC503", "Speed Duel skill card rules", "format")


def find(ctx: Context) -> Iterator[Violation]:
    allowed = ctx.format.skill_cards
    if allowed <= 0:
        return  # not-a-deck-card speaks for Skill Cards where a format has none
    skills = [u for u in ctx.used if u.card.kind == "skill"]
    total = sum(u.count for u in skills)
    if total <= allowed:
        return
    names = ", ".join(f"{u.card.name} x{u.count}" for u in skills)
    message = f"{total} Skill Cards ({names}); {ctx.format.name} allows {allowed}"
    codes = sorted({c for u in skills for c in u.codes})
    lines = [line for u in skills if (line := ctx.first_line(u.codes)) is not None]
    yield SKILL_CARD_COUNT.violation(
        message, cards=codes, count=total, limit=allowed, line=min(lines, default=None)
    )


def concerns(day: Context, card: Card, section: Section) -> bool:
    return day.format.skill_cards > 0 and card.kind == "skill"


UNIT = Unit((SKILL_CARD_COUNT,), find, card=concerns)
