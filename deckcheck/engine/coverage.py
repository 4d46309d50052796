"""Coverage: every card in a pairing that the engine does not play faithfully, and why."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from deckcheck.engine.template import DuelTemplate


@dataclass(frozen=True)
class CoverageRow:
    name: str
    passcode: int
    copies: tuple[int, int]  # copies in player 0's and player 1's decks
    issues: tuple[str, ...]


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
