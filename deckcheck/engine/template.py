"""A prepared pairing of two decks: compiled once, then stamped into duels cheaply."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deckcheck.engine.cards import CardDef, card_def
from deckcheck.engine.procedures import MaterialOracle
from deckcheck.engine.profiles import Profile, get_profile
from deckcheck.engine.rng import Rng
from deckcheck.engine.state import DECK, EMPTY, EXTRA, Inst, Side, State
from deckcheck.io.errors import InputError

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.model import Deck


@dataclass(frozen=True, slots=True)
class DeckList:
    """One player's deck as passcodes, with the digest of the deck it came from."""

    main: tuple[int, ...]
    extra: tuple[int, ...]
    digest: str = ""
    name: str = ""


@dataclass(frozen=True, slots=True)
class DuelTemplate:
    profile: Profile
    decks: tuple[DeckList, DeckList]
    defs: tuple[CardDef, ...]  # by card id: player 0 main, extra, then player 1's
    owners: tuple[int, ...]
    zones: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # per player (main, extra)
    oracle: MaterialOracle = field(default_factory=MaterialOracle, compare=False)

    def new_state(self, seed: int, first: int | None = None) -> State:
        """The state at the very start of a duel; the processor shuffles and deals."""
        cards = [Inst(d, o, o, DECK) for d, o in zip(self.defs, self.owners, strict=True)]
        sides = []
        for main, extra in self.zones:
            for i in extra:
                cards[i].loc = EXTRA
            sides.append(Side(self.profile.start_lp, deck=list(main), extra=list(extra)))
        state = State(cards, sides, Rng(seed).state)
        state.first = EMPTY if first is None else first
        return state


def build_template(
    decks: Sequence[DeckList], cards: dict[int, CardDef], profile: Profile | str | None = None
) -> DuelTemplate:
    """A template from two deck lists and the definitions of every passcode they use."""
    if len(decks) != 2:
        raise InputError("a duel needs exactly two decks")
    prof = profile if isinstance(profile, Profile) else get_profile(profile)
    defs: list[CardDef] = []
    owners: list[int] = []
    zones = []
    for p, deck in enumerate(decks):
        ids = []
        for codes in (deck.main, deck.extra):
            start = len(defs)
            for code in codes:
                if code not in cards:
                    raise InputError(f"card {code} is not in the card data")
                defs.append(cards[code])
                owners.append(p)
            ids.append(tuple(range(start, len(defs))))
        zones.append((ids[0], ids[1]))
    return DuelTemplate(prof, (decks[0], decks[1]), tuple(defs), tuple(owners), tuple(zones))


def deck_list(deck: Deck) -> DeckList:
    """The playable part of a Deck (Main and Extra); unknown cards are an error."""
    for section in ("main", "extra"):
        for slot in deck.section(section):
            if slot.passcode is None:
                where = f" (line {slot.line})" if slot.line else ""
                raise InputError(f"{deck.source}: unknown card {slot.text!r}{where}")
    return DeckList(
        tuple(deck.passcodes("main")),
        tuple(deck.passcodes("extra")),
        deck.digest(),
        deck.name or deck.source,
    )


def prepare(
    decks: Sequence[Deck | DeckList], db: CardDB, profile: Profile | str | None = None
) -> DuelTemplate:
    """Compile two decks against the card data into a template."""
    lists = [d if isinstance(d, DeckList) else deck_list(d) for d in decks]
    cards: dict[int, CardDef] = {}
    for deck in lists:
        for code in (*deck.main, *deck.extra):
            if code not in cards:
                card = db.get(code)
                if card is None:
                    raise InputError(f"card {code} is not in the card data")
                cards[code] = card_def(card)
    return build_template(lists, cards, profile)
