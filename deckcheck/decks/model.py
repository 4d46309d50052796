"""The deck model: three sections of card slots, each slot remembering where it came from."""

from __future__ import annotations

import hashlib
from collections import Counter
from operator import attrgetter
from typing import Literal

from pydantic import BaseModel, ConfigDict

Section = Literal["main", "extra", "side"]
SECTIONS: tuple[Section, ...] = ("main", "extra", "side")
_passcode = attrgetter("passcode")
# schemas built on first validation: the readers and the checker construct decks directly,
# so `deckcheck check` does not pay for building them
LAZY = ConfigDict(defer_build=True)


class Slot(BaseModel):
    """One copy of a card in a section.

    ``passcode`` is None when the input named a card the data does not know; ``text`` then
    keeps what was written so the report can say it. ``line`` is the 1-based input line.
    """

    model_config = LAZY

    passcode: int | None = None
    text: str | None = None
    line: int | None = None


class ParseProblem(BaseModel):
    model_config = LAZY

    line: int | None = None
    message: str
    section: Section | None = None


class Deck(BaseModel):
    model_config = LAZY

    source: str = "<memory>"
    main: list[Slot] = []
    extra: list[Slot] = []
    side: list[Slot] = []
    problems: list[ParseProblem] = []
    notices: list[str] = []
    name: str | None = None

    def section(self, name: Section) -> list[Slot]:
        return getattr(self, name)

    def sizes(self) -> dict[Section, int]:
        return {s: len(self.section(s)) for s in SECTIONS}

    def passcodes(self, section: Section) -> list[int]:
        return [s.passcode for s in self.section(section) if s.passcode is not None]

    def counts(self, section: Section) -> Counter[int]:
        counts = Counter(map(_passcode, self.section(section)))
        counts.pop(None, None)  # type: ignore[call-overload]
        return counts

    def digest(self, counts: dict[Section, Counter[int]] | None = None) -> str:
        """Order-independent, printing-aware digest of the 75 (alternate arts differ).

        ``counts``: the sections' passcode counts when the caller has them already.
        """
        h = hashlib.sha256()
        for name in SECTIONS:
            counts_here = counts[name] if counts is not None else self.counts(name)
            # section name, then the (passcode, copies) pairs in passcode order, spelled as
            # repr() of the sorted pairs (the digests already stored use it) but built faster
            pairs = ", ".join([f"({code}, {n})" for code, n in sorted(counts_here.items())])
            h.update(f"{name}:[{pairs}];".encode())
            slots = self.section(name)
            if len(slots) != counts_here.total():  # cards named but not known
                unknown = sorted(s.text or "" for s in slots if s.passcode is None)
                h.update(("?" + "|".join(unknown)).encode())
        # the full SHA-256 (registration records of format 1 hold its first 32 hex digits)
        return "sha256:" + h.hexdigest()

    @classmethod
    def trusted(
        cls,
        source: str = "<memory>",
        main: list[Slot] | None = None,
        extra: list[Slot] | None = None,
        side: list[Slot] | None = None,
    ) -> Deck:
        """A deck of slots the caller built, not validated again (readers, the checker).

        Every field is passed: for a missing one, model_construct inspects the signature of
        its default factory, which costs more than all the rest of the call."""
        return cls.model_construct(
            source=source,
            main=[] if main is None else main,
            extra=[] if extra is None else extra,
            side=[] if side is None else side,
            problems=[],
            notices=[],
            name=None,
        )

    @classmethod
    def from_passcodes(
        cls,
        main: list[int],
        extra: list[int] | None = None,
        side: list[int] | None = None,
        source: str = "<memory>",
    ) -> Deck:
        def slots(codes: list[int] | None) -> list[Slot]:
            return [Slot(passcode=p) for p in codes or []]

        return cls(source=source, main=slots(main), extra=slots(extra), side=slots(side))
