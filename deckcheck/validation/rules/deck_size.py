"""main-deck-size (DC101), extra-deck-size (DC102), side-deck-size (DC103): a section's
size outside the format's bounds (rulebook 1.2, 1.2.3)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from deckcheck.decks.model import Section
from deckcheck.formats.model import Format
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

MAIN_DECK_SIZE = Rule(
    "main-deck-size", "DC101", "Main Deck size outside the format's bounds", "1.2"
)
EXTRA_DECK_SIZE = Rule(
    "extra-deck-size", "DC102", "Extra Deck size outside the format's bounds", "1.2"
)
SIDE_DECK_SIZE = Rule(
    "side-deck-size", "DC103", "Side Deck size outside the format's bounds", "1.2.3"
)
SIZE_RULES: dict[Section, Rule] = {
    "main": MAIN_DECK_SIZE,
    "extra": EXTRA_DECK_SIZE,
    "side": SIDE_DECK_SIZE,
}
SECTION_TITLES = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}


def counted(ctx: Context, section: Section) -> int:
    """Skill Cards sit outside the Main Deck count where the format uses them."""
    size = ctx.scan.sizes[section]
    if ctx.format.skill_cards and section == "main":
        cards = ctx.cards
        size -= sum(
            n
            for code, n in ctx.section_counts["main"].items()
            if (card := cards[code]) is not None and card.kind == "skill"
        )
    return size


def find(ctx: Context) -> Iterable[Violation]:
    fmt = ctx.format
    sizes = ctx.scan.sizes
    if (
        not fmt.skill_cards
        and fmt.main.min <= sizes["main"] <= fmt.main.max
        and fmt.extra.min <= sizes["extra"] <= fmt.extra.max
        and fmt.side.min <= sizes["side"] <= fmt.side.max
    ):
        return ()  # every size within its bounds, said without a generator
    return _outside(ctx, fmt, sizes)


def _outside(ctx: Context, fmt: Format, sizes: dict[Section, int]) -> Iterator[Violation]:
    skill_cards = fmt.skill_cards
    for section, rule in SIZE_RULES.items():
        bounds = getattr(fmt, section)
        # counted() only where Skill Cards may be left out (a call per section costs)
        size = counted(ctx, section) if skill_cards and section == "main" else sizes[section]
        if bounds.min <= size <= bounds.max:
            continue
        title = SECTION_TITLES[section]
        if size < bounds.min:
            message = f"{title} has {size} cards; {fmt.name} needs at least {bounds.min}"
            yield rule.violation(message, section=section, count=size, limit=bounds.min)
        else:
            message = f"{title} has {size} cards; {fmt.name} allows at most {bounds.max}"
            yield rule.violation(message, section=section, count=size, limit=bounds.max)


UNIT = Unit((MAIN_DECK_SIZE, EXTRA_DECK_SIZE, SIDE_DECK_SIZE), find)
