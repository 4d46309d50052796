"""A prepared pairing of two decks: compiled once, then stamped into duels cheaply."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, NamedTuple

from deckcheck.engine.carddefs import CardDef, card_def
from deckcheck.engine.procedures import MaterialOracle
from deckcheck.engine.profiles import Profile, get_profile
from deckcheck.engine.rng import Rng
from deckcheck.engine.state import DECK, EMPTY, EXTRA, MZONE, PILES, SZONE, Inst, Side, State
from deckcheck.io.errors import InputError

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.model import Deck
    from deckcheck.engine.effects.model import Effect
    from deckcheck.engine.effects.triggers import Answering

# the kinds of window: Spell Speed 2 or more needed, a chain to respond to, no window (a
# prompt of the game: the Main Phase, the Battle Step)
SLOW, CHAIN, NO_WINDOW = 1, 2, 4
Effects = tuple["Effect", ...]
Asked = dict[int, Effects]  # card id -> its effects a window may ask


class Place(NamedTuple):
    """One place of ``DuelTemplate.askable``: the ``Side`` list that holds its cards
    (None: read every card's location), the ids of the cards listed there and their
    effects; in the Spell & Trap Zones, ``up`` for the face-up cards (their effects but
    the card's own activation) and ``ids`` has both."""

    place: str
    pile: str | None
    ids: frozenset[int]
    asked: Asked
    up: Asked | None


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
    tokens: dict[int, CardDef] = field(default_factory=dict, compare=False)
    # card ids whose cards have effects to activate, triggers, continuous effects
    effect_cards: tuple[int, ...] = field(default=(), compare=False)
    trigger_cards: tuple[int, ...] = field(default=(), compare=False)
    continuous_cards: tuple[int, ...] = field(default=(), compare=False)
    # the continuous_cards that take effect damage as counters (Black-Winged Dragon)
    counter_cards: tuple[int, ...] = field(default=(), compare=False)
    replace_cards: tuple[int, ...] = field(default=(), compare=False)  # "... instead"
    # cards with a mandatory Quick Effect (Light and Darkness Dragon)
    forced_cards: tuple[int, ...] = field(default=(), compare=False)
    continuous_set: frozenset[int] = field(default=frozenset(), compare=False)
    # what timing.activations asks, by the kind of window (``SLOW | CHAIN | NO_WINDOW``):
    # per place, the cards there with activated effects that window may ask
    askable: tuple[tuple[Place, ...], ...] = field(default=(), compare=False)
    # event kind (and a phase's name) -> the trigger_cards with an effect that may answer it
    # (triggers.collect)
    trigger_index: dict[str | tuple[str, str], Answering] = field(
        default_factory=dict, compare=False
    )

    def __post_init__(self) -> None:
        defs = self.defs
        acts = tuple(i for i, d in enumerate(defs) if d.fx and _activated(d))
        trig = tuple(i for i, d in enumerate(defs) if d.fx and d.fx.triggers)
        cont = tuple(i for i, d in enumerate(defs) if d.fx and d.fx.continuous)
        object.__setattr__(self, "effect_cards", acts)
        object.__setattr__(self, "askable", tuple(_askable(defs, acts, k) for k in range(8)))
        object.__setattr__(self, "trigger_cards", trig)
        object.__setattr__(self, "continuous_cards", cont)
        object.__setattr__(self, "continuous_set", frozenset(cont))
        counters = tuple(i for i in cont if _takes_counters(defs[i]))
        object.__setattr__(self, "counter_cards", counters)
        repl = tuple(i for i, d in enumerate(defs) if d.fx and d.fx.replacements)
        object.__setattr__(self, "replace_cards", repl)
        forced = tuple(i for i in acts if _forced(defs[i]))
        object.__setattr__(self, "forced_cards", forced)

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


def _takes_counters(d: CardDef) -> bool:
    """Whether a continuous effect of the card takes effect damage as counters."""
    fx = d.fx
    return fx is not None and any(
        e.applies is not None and bool(e.applies.damage_counter) for e in fx.continuous
    )


def _askable(defs: Sequence[CardDef], acts: tuple[int, ...], kind: int) -> tuple[Place, ...]:
    """The activated effects a kind of window may ask, per place and card: only Spell
    Speed 2 or more unless it is the Main Phase prompt with an empty chain (``SLOW``);
    "when ... is activated" only with a chain (``CHAIN``); "when" an event only in a
    window (not ``NO_WINDOW``); a card's own activation not while it is face-up in the
    Spell & Trap Zones (``up``). Most copies wait in the Deck, most effects answer from
    one place and most windows need Spell Speed 2."""
    found: dict[tuple[str, bool], Asked] = {}
    for i in acts:
        fx = defs[i].fx
        assert fx is not None
        for place in sorted(fx.where):
            for up in (False, True) if place == SZONE else (False,):
                effects = tuple(e for e in fx.activated if _asked(e, place, up, kind))
                if effects:
                    found.setdefault((place, up), {})[i] = effects
    out = []
    for place in sorted({p for p, _ in found}):
        asked, up = found.get((place, False), {}), found.get((place, True))
        if place == SZONE and up is None:
            up = {}  # a face-up card there has nothing to ask
        ids = frozenset(asked) | frozenset(up or ())
        pile = PILES.get(place) or {MZONE: "mzone", SZONE: "szone"}.get(place)
        out.append(Place(place, pile, ids, asked, up))
    return tuple(out)


def _asked(e: Effect, place: str, up: bool, kind: int) -> bool:
    if up and e.kind == "activate":
        return False
    if place not in e.range or kind & SLOW and e.speed < 2:
        return False
    t = e.trigger
    if t is None:
        return True
    if t.on == "activated":
        return bool(kind & CHAIN)
    return not kind & NO_WINDOW


def _activated(d: CardDef) -> bool:
    assert d.fx is not None
    return any(e.kind not in ("trigger", "flip", "continuous") for e in d.fx.effects)


def token_codes(defs: Sequence[CardDef]) -> set[int]:
    """Passcodes of the Tokens the cards' effects create."""
    out: set[int] = set()

    def walk(ops: Sequence[object]) -> None:
        for o in ops:
            token = getattr(getattr(o, "spec", None), "token", None)
            if token:
                out.add(token)
            nested = getattr(o, "effect", None)
            if nested is not None:
                walk(nested.ops)

    for d in defs:
        if d.fx is not None:
            for e in d.fx.effects:
                walk(e.ops)
                walk(e.cost)
    return out


def build_template(
    decks: Sequence[DeckList],
    cards: dict[int, CardDef],
    profile: Profile | str | None = None,
    tokens: dict[int, CardDef] | None = None,
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
    return DuelTemplate(
        prof, (decks[0], decks[1]), tuple(defs), tuple(owners), tuple(zones), tokens=tokens or {}
    )


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
    return build_template(lists, cards, profile, load_tokens(list(cards.values()), db))


def load_tokens(defs: Sequence[CardDef], db: CardDB) -> dict[int, CardDef]:
    """The definitions of the Tokens these cards create, from the card data."""
    out = {}
    for code in sorted(token_codes(defs)):
        card = db.get(code)
        if card is None:
            raise InputError(f"token {code} (created by a card effect) is not in the card data")
        out[code] = card_def(card)
    return out


def without_effects(template: DuelTemplate) -> DuelTemplate:
    """The same decks with every card file set aside: the rules of play alone (the vanilla
    pair of the benchmarks and of the pinned games)."""
    codes = [c for d in template.decks for c in (*d.main, *d.extra)]
    cards = {c: replace(d, fx=None) for c, d in zip(codes, template.defs, strict=True)}
    return build_template(template.decks, cards, template.profile)


def _forced(d: CardDef) -> bool:
    """Whether the card has a mandatory Quick Effect (Light and Darkness Dragon)."""
    return d.fx is not None and any(e.kind == "quick" and e.mandatory for e in d.fx.effects)
