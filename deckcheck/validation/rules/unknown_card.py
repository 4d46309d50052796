"""unknown-card (DC002): a passcode or name the card data does not have, with a hint."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from deckcheck.cards.model import Card
from deckcheck.decks.model import SECTIONS
from deckcheck.validation.context import Context
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

UNKNOWN_CARD = Rule("unknown-card", "DC002", "Passcode or name not in the card data", "-")
NEAR_PASSCODES = 20  # how far below an unknown passcode a hint looks for a known one


def find(ctx: Context) -> Iterator[Violation]:
    """One violation per unknown passcode or name and section, with its count."""
    if not ctx.has_unknown:
        return
    named = ctx.scan.named  # a slot without a passcode: a name, with hints to look for
    missing = ctx.scan.missing
    groups: dict[tuple[str, int | str], list[int | None]] = {}  # the lines of each
    deck = ctx.deck
    for section in SECTIONS:
        codes = deck.codes(section)
        if named:
            texts, lines = deck.texts(section), deck.lines(section)
            for code, text, line in zip(codes, texts, lines, strict=True):
                if code is None or code in missing:
                    key = code if code is not None else (text or "")
                    groups.setdefault((section, key), []).append(line)
            continue
        # unknown passcodes alone: found in C, and each copy's line by its index
        found = dict.fromkeys(filter(missing.__contains__, codes))
        if found:
            lines = deck.lines(section)
            for code in found:
                at = groups[(section, code)] = []  # type: ignore[index]
                index = -1
                for _ in range(codes.count(code)):
                    index = codes.index(code, index + 1)
                    at.append(lines[index])
    if not named:  # unknown passcodes alone: no name to search for
        yield from _unknown(ctx, groups)
        return
    from deckcheck.cards.suggest import budget_scope  # only names need it

    with budget_scope():  # one budget per deck, unless a request's is in force
        found_all = list(_unknown(ctx, groups))  # all inside the scope, not across yields
    yield from found_all


def _unknown(
    ctx: Context, groups: dict[tuple[str, int | str], list[int | None]]
) -> Iterator[Violation]:
    for (section, key), found in groups.items():
        lines = [line for line in found if line]
        copies = f" ({len(found)} copies)" if len(found) > 1 else ""
        where = dict(section=section, count=len(found), line=min(lines) if lines else None)
        if isinstance(key, int):
            yield UNKNOWN_CARD.later(_passcode_message, (ctx, key, copies), [key], **where)
        else:
            hints = ctx.db.suggest(key)
            hint = f"; did you mean {' or '.join(repr(h) for h in hints)}?" if hints else ""
            if hints.skipped:
                hint = "; no suggestions: the search budget is spent"
            message = f"Unknown card name {key!r}{copies}{hint}"
            yield UNKNOWN_CARD.violation(message, name=key, **where)


def _passcode_message(ctx: Context, passcode: int, copies: str) -> dict[str, Any]:
    """An unknown passcode's message, with a near card's as a hint (looked for when first
    read)."""
    message = f"Unknown passcode {passcode}{copies}: no card in the card data has it"
    near = near_passcode(ctx, passcode)
    if near is not None:
        message += (
            f"; {near.passcode} is {near.name} (simulators number some alternate "
            "artworks just above the original: check the passcode)"
        )
    return {"message": message}


def near_passcode(ctx: Context, passcode: int) -> Card | None:
    """A known card numbered just below an unknown passcode, as YGOPro alternate arts are.
    Asked afresh each time: nothing about unknown passcodes is kept between checks (a client
    can send any number of them, tests/cards/test_bounds.py)."""
    return ctx.db.below(passcode, NEAR_PASSCODES)


UNIT = Unit((UNKNOWN_CARD,), find, deck=lambda ctx: ctx.has_unknown)
