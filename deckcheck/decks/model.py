"""The deck model: three sections of card slots, each slot remembering where it came from.

Plain data (slotted dataclasses): readers build thousands of slots per second and the
checker reads them; nothing here is validated again. Deck files are checked by the readers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Literal

from deckcheck.cards.cache import BoundedCache
from deckcheck.io.digest import sha256

Section = Literal["main", "extra", "side"]
SECTIONS: tuple[Section, ...] = ("main", "extra", "side")
_passcode = attrgetter("passcode")


class _Spelled(BoundedCache[tuple[int, int], str]):
    """ "(passcode, copies)" as the digest spells each pair, kept: a look-up in C costs less
    than formatting two numbers (a batch meets the same cards again and again)."""

    def __missing__(self, pair: tuple[int, int]) -> str:
        found = self[pair] = f"({pair[0]}, {pair[1]})"
        return found


_SPELLED = _Spelled(16_384)
_spelled = _SPELLED.__getitem__


@dataclass(slots=True)
class Slot:
    """One copy of a card in a section.

    ``passcode`` is None when the input named a card the data does not know; ``text`` then
    keeps what was written so the report can say it. ``line`` is the 1-based input line.
    """

    passcode: int | None = None
    text: str | None = None
    line: int | None = None


@dataclass(slots=True)
class ParseProblem:
    message: str
    line: int | None = None
    section: Section | None = None


@dataclass(slots=True)
class Deck:
    source: str = "<memory>"
    main: list[Slot] = field(default_factory=list)
    extra: list[Slot] = field(default_factory=list)
    side: list[Slot] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    name: str | None = None

    def section(self, name: Section) -> list[Slot]:
        return getattr(self, name)

    def sizes(self) -> dict[Section, int]:
        return {"main": len(self.main), "extra": len(self.extra), "side": len(self.side)}

    def passcodes(self, section: Section) -> list[int]:
        return [s.passcode for s in self.section(section) if s.passcode is not None]

    def counts(self, section: Section) -> Counter[int]:
        counts = Counter(map(_passcode, self.section(section)))
        counts.pop(None, None)  # type: ignore[call-overload]
        return counts

    def digest(self, counts: dict[Section, dict[int, int]] | None = None) -> str:
        """Order-independent, printing-aware digest of the 75 (alternate arts differ).

        ``counts``: the sections' passcode counts when the caller has them already.
        """
        parts = []
        for name in SECTIONS:
            counts_here = counts[name] if counts is not None else self.counts(name)
            # section name, then the (passcode, copies) pairs in passcode order, spelled as
            # repr() of the sorted pairs (the digests already stored use it) but built faster
            codes = sorted(counts_here)  # ints sort faster than pairs
            pairs = map(_spelled, zip(codes, map(counts_here.__getitem__, codes), strict=True))
            parts.append(f"{name}:[{', '.join(pairs)}];")
            slots = self.section(name)
            if len(slots) != sum(counts_here.values()):  # cards named but not known
                unknown = sorted(s.text or "" for s in slots if s.passcode is None)
                parts.append("?" + "|".join(unknown))
        # the full SHA-256 (registration records of format 1 hold its first 32 hex digits)
        return "sha256:" + sha256("".join(parts).encode()).hexdigest()

    @classmethod
    def from_passcodes(
        cls,
        main: list[int],
        extra: list[int] | None = None,
        side: list[int] | None = None,
        source: str = "<memory>",
    ) -> Deck:
        def slots(codes: list[int] | None) -> list[Slot]:
            return [Slot(p) for p in codes or []]

        return cls(source, slots(main), slots(extra), slots(side))
