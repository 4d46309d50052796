"""extra-deck-card-in-main (DC111), main-deck-card-in-extra (DC112), not-a-deck-card (DC113):
a card in a section it cannot be in (rulebook 1.2). One pass: each misplaced copy is
reported at its line, in the order of the deck."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.cards.model import Card
from deckcheck.decks.model import SECTIONS, Section
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

EXTRA_DECK_CARD_IN_MAIN = Rule(
    "extra-deck-card-in-main", "DC111", "Fusion/Synchro/Xyz/Link monster in the Main Deck", "1.2"
)
MAIN_DECK_CARD_IN_EXTRA = Rule(
    "main-deck-card-in-extra", "DC112", "Main Deck card in the Extra Deck", "1.2"
)
NOT_A_DECK_CARD = Rule("not-a-deck-card", "DC113", "Token or skill card in a deck section", "1.2")
DECK_KINDS = frozenset({"monster", "spell", "trap"})  # never a Token or a Skill Card


def misplaced(card: Card, section: str, allow_skills: bool) -> Rule | None:
    """The placement rule a card breaks in a section, if any."""
    kind = card.kind
    if kind == "token" or (kind == "skill" and not allow_skills):
        return NOT_A_DECK_CARD
    if section == "main":
        return EXTRA_DECK_CARD_IN_MAIN if card.is_extra_deck_monster else None
    if section == "extra" and not card.is_extra_deck_monster:
        return MAIN_DECK_CARD_IN_EXTRA
    return None


def find(ctx: Context) -> Iterator[Violation]:
    allow_skills = ctx.format.skill_cards > 0
    cards = ctx.cards
    for section in SECTIONS:
        for code in ctx.section_counts[section]:
            card = cards[code]
            if card is None:
                continue
            # the common case first, without a call: a card where it belongs
            if card.kind in DECK_KINDS and (
                section == "side" or card.is_extra_deck_monster is (section == "extra")
            ):
                continue
            rule = misplaced(card, section, allow_skills)
            if rule is None:
                continue
            message = _message(rule, card)
            deck = ctx.deck
            for here, line in zip(deck.codes(section), deck.lines(section), strict=True):
                if here == code:
                    yield rule.violation(
                        message, section=section, cards=[code], name=card.name, line=line
                    )


def article(words: str) -> str:
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def _message(rule: Rule, card: Card) -> str:
    if rule is NOT_A_DECK_CARD:
        what = "a Token" if card.kind == "token" else "a Skill Card"
        return f"{card.name} is {what}; it cannot be put in any part of a deck"
    if rule is EXTRA_DECK_CARD_IN_MAIN:
        return f"{card.name} is a {card.type_line}; it belongs in the Extra Deck, not the Main Deck"
    return (
        f"{card.name} is {article(card.type_line)}; only Fusion, Synchro, Xyz and Link "
        "monsters go in the Extra Deck"
    )


def concerns(day: Context, card: Card, section: Section) -> bool:
    return misplaced(card, section, day.format.skill_cards > 0) is not None


UNIT = Unit(
    (EXTRA_DECK_CARD_IN_MAIN, MAIN_DECK_CARD_IN_EXTRA, NOT_A_DECK_CARD), find, card=concerns
)
