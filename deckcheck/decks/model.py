"""The deck model: three sections of cards, each card remembering where it came from.

Plain data: readers build thousands of decks per second and the checker reads them; nothing
here is validated again. Deck files are checked by the readers.

A section is held one of two ways. As read from passcodes, it is two lists, the passcodes
and their input lines: no object per card (building one cost more than reading the file),
and the checker counts and digests the passcodes as they are (issue 15). Once a section's
``Slot`` objects are asked for (to iterate, change or compare them) it becomes a list of
slots, and the slots are the section from then on; ``codes`` and ``lines`` read them.
"""

from __future__ import annotations

from collections import Counter
from itertools import repeat
from operator import attrgetter
from typing import Literal

from deckcheck.cards.cache import BoundedCache
from deckcheck.io.digest import sha256
from deckcheck.io.record import Record

Section = Literal["main", "extra", "side"]
SECTIONS: tuple[Section, ...] = ("main", "extra", "side")
_passcode = attrgetter("passcode")
_line = attrgetter("line")
_text = attrgetter("text")


class _Spelled(BoundedCache[tuple[int, int], str]):
    """ "(passcode, copies)" as the digest spells each pair, kept: a look-up in C costs less
    than formatting two numbers (a batch meets the same cards again and again)."""

    def __missing__(self, pair: tuple[int, int]) -> str:
        found = self[pair] = f"({pair[0]}, {pair[1]})"
        return found


_SPELLED = _Spelled(16_384)
_spelled = _SPELLED.__getitem__


class Slot(Record):
    """One copy of a card in a section.

    ``passcode`` is None when the input named a card the data does not know; ``text`` then
    keeps what was written so the report can say it. ``line`` is the 1-based input line.
    """

    __slots__ = ("passcode", "text", "line")

    def __init__(
        self, passcode: int | None = None, text: str | None = None, line: int | None = None
    ) -> None:
        self.passcode = passcode
        self.text = text
        self.line = line


class ParseProblem(Record):
    __slots__ = ("message", "line", "section")

    def __init__(
        self, message: str, line: int | None = None, section: Section | None = None
    ) -> None:
        self.message = message
        self.line = line
        self.section = section


class _SectionSlots:
    """``deck.main`` and its kin: the section's slots (built on first read), or new ones."""

    def __init__(self, name: Section) -> None:
        self.name: Section = name

    def __get__(self, deck: Deck, owner: type | None = None) -> list[Slot]:
        return deck.section(self.name)

    def __set__(self, deck: Deck, slots: list[Slot]) -> None:
        deck._set(self.name, slots)


class Deck(Record):
    """``main``, ``extra`` and ``side`` are lists of slots; ``codes`` and ``lines`` give a
    section's passcodes (None for a name the data did not know) and input lines without
    building slots. Those lists belong to the deck: read them, never change them."""

    __slots__ = ("source", "problems", "notices", "name", "_slots", "_codes", "_lines")

    def __init__(
        self,
        source: str = "<memory>",
        main: list[Slot] | None = None,
        extra: list[Slot] | None = None,
        side: list[Slot] | None = None,
        problems: list[ParseProblem] | None = None,
        notices: list[str] | None = None,
        name: str | None = None,
    ) -> None:
        self.source = source
        self.problems = [] if problems is None else problems
        self.notices = [] if notices is None else notices
        self.name = name
        # per section: its slots, or None while it is held as passcodes and lines
        self._slots: dict[Section, list[Slot] | None] = {
            "main": [] if main is None else main,
            "extra": [] if extra is None else extra,
            "side": [] if side is None else side,
        }
        self._codes: dict[Section, list[int]] = {}
        self._lines: dict[Section, list[int | None]] = {}

    def put(self, section: Section, codes: list[int], lines: list[int | None]) -> None:
        """Make ``section`` these passcodes (each a card's, no names) at these lines."""
        self._slots[section] = None
        self._codes[section] = codes
        self._lines[section] = lines

    def section(self, name: Section) -> list[Slot]:
        slots = self._slots[name]
        if slots is None:  # the slots are the section from now on
            slots = self._slots[name] = list(
                map(Slot, self._codes.pop(name), repeat(None), self._lines.pop(name))
            )
        return slots

    main = _SectionSlots("main")
    extra = _SectionSlots("extra")
    side = _SectionSlots("side")

    def _set(self, name: Section, slots: list[Slot]) -> None:
        self._slots[name] = slots
        self._codes.pop(name, None)
        self._lines.pop(name, None)

    def codes(self, section: Section) -> list[int | None]:
        """Each card's passcode in input order (None: a name the data did not know)."""
        slots = self._slots[section]
        return self._codes[section] if slots is None else list(map(_passcode, slots))

    def lines(self, section: Section) -> list[int | None]:
        """Each card's input line, beside ``codes``."""
        slots = self._slots[section]
        return self._lines[section] if slots is None else list(map(_line, slots))

    def texts(self, section: Section) -> list[str | None]:
        """What the input wrote for each card the data did not know, beside ``codes``."""
        slots = self._slots[section]
        return [None] * len(self._codes[section]) if slots is None else list(map(_text, slots))

    def size(self, section: Section) -> int:
        slots = self._slots[section]
        return len(self._codes[section]) if slots is None else len(slots)

    def sizes(self) -> dict[Section, int]:
        return {"main": self.size("main"), "extra": self.size("extra"), "side": self.size("side")}

    def passcodes(self, section: Section) -> list[int]:
        return [code for code in self.codes(section) if code is not None]

    def counts(self, section: Section) -> Counter[int]:
        counts = Counter(self.codes(section))
        counts.pop(None, None)  # type: ignore[call-overload]
        return counts  # type: ignore[return-value]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Deck:
            return NotImplemented
        mine = (self.source, self.problems, self.notices, self.name)
        theirs = (other.source, other.problems, other.notices, other.name)  # type: ignore[attr-defined]
        return mine == theirs and all(self._cards(s) == other._cards(s) for s in SECTIONS)  # type: ignore[attr-defined]

    def _cards(self, section: Section) -> list[tuple[int | None, str | None, int | None]]:
        return list(zip(self.codes(section), self.texts(section), self.lines(section), strict=True))

    def __repr__(self) -> str:
        cards = ", ".join(f"{s}={self.codes(s)!r}" for s in SECTIONS)
        return f"Deck(source={self.source!r}, {cards}, problems={self.problems!r})"

    def digest(self, counts: dict[Section, dict[int, int]] | None = None) -> str:
        """Order-independent, printing-aware digest of the 75 (alternate arts differ).

        ``counts``: the sections' passcode counts when the caller has them already.
        """
        if counts is None:
            counts = {name: self.counts(name) for name in SECTIONS}
        unknown: dict[Section, list[str]] = {}
        for name in SECTIONS:
            slots = self._slots[name]
            if slots is not None and len(slots) != sum(counts[name].values()):
                # cards named but not known (a section of passcodes has none)
                unknown[name] = sorted(s.text or "" for s in slots if s.passcode is None)
        return digest_of(counts, unknown)

    @classmethod
    def from_passcodes(
        cls,
        main: list[int],
        extra: list[int] | None = None,
        side: list[int] | None = None,
        source: str = "<memory>",
    ) -> Deck:
        codes = {"main": list(main), "extra": list(extra or []), "side": list(side or [])}
        lines = {name: [None] * len(here) for name, here in codes.items()}
        return cls.held(source, codes, lines)  # type: ignore[arg-type]

    @classmethod
    def held(
        cls,
        source: str,
        codes: dict[Section, list[int]],
        lines: dict[Section, list[int | None]],
    ) -> Deck:
        """A deck of passcodes alone, each section held as its passcodes and input lines
        (the dicts, with an entry per section, and their lists become the deck's)."""
        deck = cls.__new__(cls)
        deck.source = source
        deck.problems = []
        deck.notices = []
        deck.name = None
        deck._slots = {"main": None, "extra": None, "side": None}
        deck._codes = codes
        deck._lines = lines
        return deck


def digest_of(
    counts: dict[Section, dict[int, int]], unknown: dict[Section, list[str]] | None = None
) -> str:
    """``Deck.digest`` from the sections' passcode counts and, per section, what was written
    for the cards named but not known (sorted)."""
    parts = []
    for name in SECTIONS:
        counts_here = counts[name]
        # section name, then the (passcode, copies) pairs in passcode order, spelled as
        # repr() of the sorted pairs (the digests already stored use it) but built faster
        codes = sorted(counts_here)  # ints sort faster than pairs
        pairs = map(_spelled, zip(codes, map(counts_here.__getitem__, codes), strict=True))
        parts.append(f"{name}:[{', '.join(pairs)}];")
        if unknown and name in unknown:
            parts.append("?" + "|".join(unknown[name]))
    # the full SHA-256 (registration records of format 1 hold its first 32 hex digits)
    return "sha256:" + sha256("".join(parts).encode()).hexdigest()
