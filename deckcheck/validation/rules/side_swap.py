"""side-swap-sizes (DC601), side-swap-cards (DC602), registration-mismatch (DC603): a deck
against the one registered for the event (rulebook 1.2.3). Between games every section keeps
its size and the 75 cards stay the same cards; a deck presented at registration check must
be the registered one. One pass: the sizes, then each card that entered or left the 75."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from deckcheck.decks.model import SECTIONS, Deck
from deckcheck.io.record import Frozen
from deckcheck.validation.report import Violation
from deckcheck.validation.rule import Rule, Unit

if TYPE_CHECKING:
    from deckcheck.event.side import Tally

SIDE_SWAP_SIZES = Rule(
    "side-swap-sizes", "DC601", "A section's size differs from the registered deck", "1.2.3"
)
SIDE_SWAP_CARDS = Rule(
    "side-swap-cards", "DC602", "The 75 cards differ from the registered deck", "1.2.3"
)
REGISTRATION_MISMATCH = Rule(
    "registration-mismatch", "DC603", "Submitted deck is not the registered deck", "event"
)
TITLES = {"main": "Main", "extra": "Extra", "side": "Side"}


class Swap(Frozen):
    """What these rules see: both decks, each tallied by card identity (deckcheck.event.side),
    the name of each identity key, and whether this is a registration check (DC603)."""

    __slots__ = ("registered", "current", "before", "after", "name", "registration")

    def __init__(
        self,
        registered: Deck,
        current: Deck,
        before: Tally,
        after: Tally,
        name: Callable[[str], str],
        registration: bool = False,
    ) -> None:
        self._fields(registered, current, before, after, name, registration)


def find(swap: Swap) -> Iterator[Violation]:
    for section in SECTIONS:
        now, was = len(swap.current.section(section)), len(swap.registered.section(section))
        if now != was:
            yield SIDE_SWAP_SIZES.violation(
                f"{TITLES[section]} Deck has {_plural(now)}, registered with {was} "
                f"({now - was:+d}); siding must keep every section's size (rulebook 1.2.3)",
                section=section,
                count=now,
                limit=was,
            )
    rule = REGISTRATION_MISMATCH if swap.registration else SIDE_SWAP_CARDS
    deck_word = "submitted deck" if swap.registration else "current deck"
    before, after = swap.before, swap.after
    was_total, now_total = before.total(), after.total()
    for key in dict.fromkeys([*before.codes, *after.codes]):
        now, was = now_total[key], was_total[key]
        if now == was:
            continue
        name = swap.name(key)
        if was == 0:
            message = f"{name} (x{now}) is in the {deck_word} but not in the registered 75"
        elif now == 0:
            message = f"{name} (x{was}) is in the registered 75 but missing from the {deck_word}"
        else:
            message = f"{name}: {now} in the {deck_word}, {was} in the registered 75"
        tally = after if now > was else before
        section = tally.first_section(key)
        line = after.lines.get((section, key)) if now > was and section else None
        yield rule.violation(
            message,
            section=section,
            cards=list(tally.codes.get(key, [])),
            name=name,
            count=now,
            limit=was,
            line=line,
        )


def _plural(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


UNIT = Unit((SIDE_SWAP_SIZES, SIDE_SWAP_CARDS, REGISTRATION_MISMATCH), find, scope="swap")
