"""Input, size and placement rules (rulebook 1.2)."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.cards.model import Card
from deckcheck.cards.suggest import budget_scope
from deckcheck.decks.model import SECTIONS
from deckcheck.validation.context import Context, Placed
from deckcheck.validation.report import Violation, violation

SECTION_TITLES = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}
SIZE_RULES = {"main": "main-deck-size", "extra": "extra-deck-size", "side": "side-deck-size"}
NEAR_PASSCODES = 20  # how far below an unknown passcode a hint looks for a known one


def parse_errors(ctx: Context) -> Iterator[Violation]:
    for problem in ctx.deck.problems:
        yield violation("parse-error", problem.message, section=problem.section, line=problem.line)


def unknown_cards(ctx: Context) -> Iterator[Violation]:
    """One violation per unknown passcode or name and section, with its count."""
    if not ctx.has_unknown:
        return
    groups: dict[tuple[str, int | str], list[Placed]] = {}
    for p in ctx.placed:
        if p.card is None:
            key = p.slot.passcode if p.slot.passcode is not None else (p.slot.text or "")
            groups.setdefault((p.section, key), []).append(p)
    with budget_scope():  # one budget per deck, unless a request's is in force
        found = list(_unknown(ctx, groups))  # all inside the scope, not across yields
    yield from found


def _unknown(
    ctx: Context, groups: dict[tuple[str, int | str], list[Placed]]
) -> Iterator[Violation]:
    for (section, key), found in groups.items():
        lines = [p.slot.line for p in found if p.slot.line]
        copies = f" ({len(found)} copies)" if len(found) > 1 else ""
        where = dict(section=section, count=len(found), line=min(lines) if lines else None)
        if isinstance(key, int):
            message = f"Unknown passcode {key}{copies}: no card in the card data has it"
            near = near_passcode(ctx, key)
            if near is not None:
                message += (
                    f"; {near.passcode} is {near.name} (simulators number some alternate "
                    "artworks just above the original: check the passcode)"
                )
            yield violation("unknown-card", message, cards=[key], **where)
        else:
            hints = ctx.db.suggest(key)
            hint = f"; did you mean {' or '.join(repr(h) for h in hints)}?" if hints else ""
            if hints.skipped:
                hint = "; no suggestions: the search budget is spent"
            message = f"Unknown card name {key!r}{copies}{hint}"
            yield violation("unknown-card", message, name=key, **where)


def near_passcode(ctx: Context, passcode: int) -> Card | None:
    """A known card numbered just below an unknown passcode, as YGOPro alternate arts are."""
    return ctx.db.below(passcode, NEAR_PASSCODES)


def _counted(ctx: Context, section: str) -> int:
    """Skill Cards sit outside the Main Deck count where the format uses them."""
    if ctx.format.skill_cards and section == "main":
        return sum(
            1 for p in ctx.placed if p.section == "main" and not (p.card and p.card.kind == "skill")
        )
    return len(ctx.deck.section(section))  # type: ignore[arg-type]


def sizes(ctx: Context) -> Iterator[Violation]:
    for section, slug in SIZE_RULES.items():
        bounds = getattr(ctx.format, section)
        size = _counted(ctx, section)
        title = SECTION_TITLES[section]
        if size < bounds.min:
            message = f"{title} has {size} cards; {ctx.format.name} needs at least {bounds.min}"
            yield violation(slug, message, section=section, count=size, limit=bounds.min)
        elif size > bounds.max:
            message = f"{title} has {size} cards; {ctx.format.name} allows at most {bounds.max}"
            yield violation(slug, message, section=section, count=size, limit=bounds.max)


def misplaced(card: Card, section: str, allow_skills: bool) -> str | None:
    """The placement rule a card breaks in a section, if any."""
    if card.kind == "token" or (card.kind == "skill" and not allow_skills):
        return "not-a-deck-card"
    if section == "main" and card.is_extra_deck_monster:
        return "extra-deck-card-in-main"
    if section == "extra" and not card.is_extra_deck_monster:
        return "main-deck-card-in-extra"
    return None


def placement(ctx: Context) -> Iterator[Violation]:
    allow_skills = ctx.format.skill_cards > 0
    cards = ctx.cards
    for section in SECTIONS:
        for code in ctx.section_counts[section]:
            card = cards[code]
            if card is None:
                continue
            slug = misplaced(card, section, allow_skills)
            if slug is None:
                continue
            message = _placement_message(slug, card)
            for slot in ctx.deck.section(section):
                if slot.passcode == code:
                    yield violation(
                        slug,
                        message,
                        section=section,
                        cards=[code],
                        name=card.name,
                        line=slot.line,
                    )


def article(words: str) -> str:
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def _placement_message(slug: str, card: Card) -> str:
    if slug == "not-a-deck-card":
        what = "a Token" if card.kind == "token" else "a Skill Card"
        return f"{card.name} is {what}; it cannot be put in any part of a deck"
    if slug == "extra-deck-card-in-main":
        return f"{card.name} is a {card.type_line}; it belongs in the Extra Deck, not the Main Deck"
    return (
        f"{card.name} is {article(card.type_line)}; only Fusion, Synchro, Xyz and Link "
        "monsters go in the Extra Deck"
    )
