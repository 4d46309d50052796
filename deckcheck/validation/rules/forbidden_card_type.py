"""forbidden-card-type (DC501): a card kind the format bans (Genesys: Link and Pendulum)."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.cards.model import Card
from deckcheck.decks.model import Section
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit
from deckcheck.validation.rules.placement import article

FORBIDDEN_CARD_TYPE = Rule("forbidden-card-type", "DC501", "A card kind the format bans", "format")
KIND_NAMES = {"link": "Link", "pendulum": "Pendulum"}


def find(ctx: Context) -> Iterator[Violation]:
    kinds = ctx.format.forbidden_kinds
    if not kinds:
        return
    from deckcheck.cards.filters import is_a, traits  # only formats that ban kinds need it

    for used in ctx.used:
        for kind in kinds:
            if is_a(traits(used.card), kind):
                label = KIND_NAMES.get(kind, kind.title())
                message = (
                    f"{used.card.name} is {article(used.card.type_line)}; {ctx.format.name} "
                    f"allows no {label} monsters"
                )
                yield ctx.card_violation(FORBIDDEN_CARD_TYPE, used, message)
                break


def concerns(day: Context, card: Card, section: Section) -> bool:
    if not day.format.forbidden_kinds:
        return False
    from deckcheck.cards.filters import is_a, traits

    return any(is_a(traits(card), kind) for kind in day.format.forbidden_kinds)


UNIT = Unit((FORBIDDEN_CARD_TYPE,), find, card=concerns)
