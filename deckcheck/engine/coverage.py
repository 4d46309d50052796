"""Coverage: which cards the engine plays fully (a card file with all of their effects, or
nothing to play beyond the rules: a Normal Monster) and which it does not, and why.

A card is never partly supported: either its definition has no issue, or it is named here
with its reasons. ``deck_support`` answers for one deck (``deckcheck cards coverage``),
``template_support`` for both decks of a duel (``deckcheck duel`` shows it first), and
``coverage`` lists the unsupported cards of a pairing with the copies in each deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcheck.engine.carddefs import CardDef, card_def
from deckcheck.engine.template import DuelTemplate

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.model import Deck

UNKNOWN = "not in the card data"


@dataclass(frozen=True)
class CoverageRow:
    name: str
    passcode: int
    copies: tuple[int, int]  # copies in player 0's and player 1's decks
    issues: tuple[str, ...]


@dataclass(frozen=True)
class Unsupported:
    """A card of a deck that the engine does not play fully."""

    name: str
    passcode: int | None
    copies: int
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class DeckSupport:
    """How much of a deck (Main and Extra Deck copies) the engine plays fully."""

    deck: str
    copies: int
    supported: int
    unsupported: tuple[Unsupported, ...]
    hatches: tuple[str, ...] = ()  # supported cards that use a Python escape hatch

    @property
    def share(self) -> float:
        return self.supported / self.copies if self.copies else 1.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "copies": self.copies,
            "supported": self.supported,
            "share": round(self.share, 4),
            "unsupported": [
                {
                    "name": u.name,
                    "passcode": u.passcode,
                    "copies": u.copies,
                    "reasons": list(u.reasons),
                }
                for u in self.unsupported
            ],  # fmt: skip
            "hatches": list(self.hatches),
        }

    def headline(self) -> str:
        return (
            f"{self.deck}: {self.share:.1%} of card copies supported ({self.supported} of "
            f"{self.copies}); {len(self.unsupported)} cards not supported"
        )


def support(deck: str, defs: Sequence[CardDef], unknown: Sequence[str] = ()) -> DeckSupport:
    """The support of a deck from the definitions of its copies (and the names of copies
    that are not in the card data)."""
    copies: Counter[str] = Counter()
    by_uid: dict[str, CardDef] = {}
    for d in defs:
        if d.issues:
            copies[d.uid] += 1
            by_uid[d.uid] = d
    rows = [Unsupported(d.name, d.code, copies[uid], d.issues) for uid, d in by_uid.items()]
    rows += [Unsupported(text, None, n, (UNKNOWN,)) for text, n in Counter(unknown).items()]
    hatches = sorted({d.name for d in defs if d.fx is not None and d.fx.hatch})
    total = len(defs) + len(unknown)
    supported = sum(1 for d in defs if not d.issues)
    rows.sort(key=lambda r: (-r.copies, r.name))
    return DeckSupport(deck, total, supported, tuple(rows), tuple(hatches))


def deck_support(deck: Deck, db: CardDB) -> DeckSupport:
    """The support of one deck's Main and Extra Deck."""
    defs: list[CardDef] = []
    unknown: list[str] = []
    for section in ("main", "extra"):
        for slot in deck.section(section):
            card = db.get(slot.passcode) if slot.passcode is not None else None
            if card is None:
                unknown.append(slot.text or str(slot.passcode))
            else:
                defs.append(card_def(card))
    return support(deck.name or deck.source, defs, unknown)


def template_support(template: DuelTemplate) -> tuple[DeckSupport, DeckSupport]:
    """The support of both decks of a duel."""
    out = []
    for p in (0, 1):
        defs = [d for d, o in zip(template.defs, template.owners, strict=True) if o == p]
        out.append(support(template.decks[p].name or f"deck {p + 1}", defs))
    return out[0], out[1]


def render_text(reports: Sequence[DeckSupport]) -> str:
    """Per deck: the supported share, then each unsupported card with copies and reasons."""
    lines: list[str] = []
    for r in reports:
        lines.append(r.headline())
        for u in r.unsupported:
            code = f" [{u.passcode}]" if u.passcode else ""
            lines.append(f"  {u.copies}x {u.name}{code}: {'; '.join(u.reasons)}")
        if r.hatches:
            lines.append(f"  Python escape hatches: {', '.join(r.hatches)}")
    return "\n".join(lines)


def coverage(template: DuelTemplate) -> list[CoverageRow]:
    """Cards with at least one issue, by name, with how many copies each deck holds."""
    copies: dict[str, Counter[int]] = {}
    defs = {}
    for d, owner in zip(template.defs, template.owners, strict=True):
        if d.issues:
            copies.setdefault(d.uid, Counter())[owner] += 1
            defs[d.uid] = d
    rows = [
        CoverageRow(d.name, d.code, (copies[uid][0], copies[uid][1]), d.issues)
        for uid, d in defs.items()
    ]
    return sorted(rows, key=lambda r: r.name)


def faithful_share(template: DuelTemplate) -> float:
    """The share of card copies in the two decks that play faithfully."""
    if not template.defs:
        return 1.0
    return sum(1 for d in template.defs if not d.issues) / len(template.defs)
