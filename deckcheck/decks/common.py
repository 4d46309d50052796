"""Pieces every deck codec shares: limits, passcode checks, the card look-up protocol and a
builder that collects slots and problems with line numbers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import repeat
from typing import TYPE_CHECKING, Protocol

from deckcheck.decks.model import SECTIONS, Deck, ParseProblem, Section, Slot
from deckcheck.io.errors import InputError

if TYPE_CHECKING:
    from deckcheck.cards.model import Card

MAX_INPUT_BYTES = 2 * 1024 * 1024
MAX_PASSCODE = 2**32 - 1  # ydke stores uint32; nothing larger is a passcode anywhere
MAX_COPIES = 99  # per line or item: more is a typo, not a deck
MAX_CARDS = 1000  # per deck, all sections (a real one has at most 90)
MAX_PROBLEMS = 200  # stop reading after this many unreadable lines

BLANKS = " \t\f\v\u00a0\u200b\ufeff\u3000"  # stripped from line ends
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_OTHER_BREAKS = "\v\f\x1c\x1d\x1e"  # where str.splitlines also breaks, in ASCII
_DIGITS = re.compile(r"[+-]?[0-9]+")


class CardLookup(Protocol):
    """What the codecs need from the card data (``deckcheck.cards.db.CardDB`` fits)."""

    def get(self, passcode: int) -> Card | None: ...

    def find(self, name: str) -> Card | None: ...

    def find_loose(self, name: str) -> Card | None: ...


class UnknownCardsError(InputError):
    """A deck cannot be written because some cards are not known; ``cards`` names them."""

    def __init__(self, message: str, cards: list[str]) -> None:
        super().__init__(message + ": " + ", ".join(cards))
        self.cards = cards


def section_name(key: str) -> str:
    """A structured deck's key as its reader takes it: "Main Deck", "main_deck" -> "main"."""
    key = " ".join(key.lower().split())
    return key.removesuffix(" deck").removesuffix("_deck")


def split_lines(text: str) -> list[str]:
    """Lines as an editor numbers them: CRLF, CR and LF all end a line; a BOM is dropped."""
    text = text.removeprefix("\ufeff")
    # str.splitlines is several times faster, and the same for ASCII text without the
    # other characters it also breaks at, but for the empty line after a final line end
    if text.isascii() and not _other_breaks(text):
        lines = text.splitlines()
        if not text or text[-1] in "\r\n":
            lines.append("")
        return lines
    return _LINE_BREAK.split(text)


def _other_breaks(text: str) -> bool:
    # five `in` tests, not a generator over _OTHER_BREAKS: that costs more than the scans
    return "\v" in text or "\f" in text or "\x1c" in text or "\x1d" in text or "\x1e" in text


def parse_passcode(token: str) -> tuple[int | None, str | None]:
    """(passcode, None) or (None, why not) for one token such as ``01315120``."""
    if token.isascii() and token.isdigit() and len(token) <= 10:  # the common case, quickly
        value = int(token)
        if 0 < value <= MAX_PASSCODE:
            return value, None
    if not _DIGITS.fullmatch(token):
        return None, f"'{_short(token)}' is not a passcode"
    digits = token.lstrip("+-").lstrip("0") or "0"
    if len(digits) > 10:  # checked before int(): huge digit strings are slow to convert
        return None, f"'{_short(token)}' is too large to be a passcode (at most {MAX_PASSCODE})"
    value = -int(digits) if token[0] == "-" else int(digits)
    why = passcode_problem(value)
    return (None, why) if why else (value, None)


def passcode_problem(value: int) -> str | None:
    if value <= 0:
        return f"passcode must be a positive number, not {value}"
    if value > MAX_PASSCODE:
        return f"{value} is too large to be a passcode (at most {MAX_PASSCODE})"
    return None


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class DeckBuilder:
    """Collects cards and problems for one deck; enforces the card and problem limits.

    ``section`` is where cards go now; ``seen`` the sections the input named. Cards are
    kept as passcodes and lines per section (``target`` and ``target_lines`` are the current
    section's), with what the input wrote for the cards named but not known; ``result``
    makes the deck.
    """

    def __init__(self, source: str) -> None:
        self.deck = Deck(source)
        self.total = 0
        self.section: Section = "main"
        # displays, not comprehensions: each of those is a call (a builder per deck read)
        self.codes: dict[Section, list[int | None]] = {"main": [], "extra": [], "side": []}
        self.card_lines: dict[Section, list[int | None]] = {"main": [], "extra": [], "side": []}
        self.texts: dict[Section, dict[int, str]] = {}  # section -> index -> text
        self.target = self.codes["main"]
        self.target_lines = self.card_lines["main"]
        self.seen: set[Section] = set()

    def switch(self, section: Section) -> None:
        self.section = section
        self.target = self.codes[section]
        self.target_lines = self.card_lines[section]
        self.seen.add(section)

    def lines(self, text: str) -> Iterator[tuple[int, str]]:
        """(line number, stripped line) of the non-blank lines, until too many problems."""
        problems = self.deck.problems
        for number, raw in enumerate(split_lines(text), start=1):
            if problems and len(problems) >= MAX_PROBLEMS:
                return
            line = raw.strip(BLANKS)
            if line:
                yield number, line

    def result(self) -> Deck:
        """The deck: a section without names is kept as passcodes and lines."""
        deck = self.deck
        for section in SECTIONS:
            codes, lines = self.codes[section], self.card_lines[section]
            texts = self.texts.get(section)
            if texts is None and None not in codes:
                deck.put(section, codes, lines)  # type: ignore[arg-type]
            else:
                written = map((texts or {}).get, range(len(codes)))
                slots = map(Slot, codes, written, lines)
                deck.section(section).extend(slots)
        return deck

    def finish(self, db: CardLookup | None, why: str) -> Deck:
        """The deck; if the input named no Extra Deck section, split it out (see split_extra)."""
        deck = self.result()
        if "extra" not in self.seen:
            split_extra(deck, db, why)
        return deck

    @property
    def full(self) -> bool:
        """True once MAX_PROBLEMS were recorded; the reader should stop."""
        return len(self.deck.problems) >= MAX_PROBLEMS

    def add_passcode(self, passcode: int, line: int) -> None:
        """One copy of a passcode in the current section: a ydk's usual line, kept lean."""
        if self.total < MAX_CARDS:
            self.total += 1
            self.target.append(passcode)
            self.target_lines.append(line)
        else:
            self.add(passcode, line=line)

    def add(
        self,
        passcode: int | None,
        text: str | None = None,
        line: int | None = None,
        copies: int = 1,
        section: Section | None = None,
    ) -> None:
        """Add ``copies`` cards to ``section`` (default: the current one)."""
        where = section or self.section
        if text is None and copies == 1 and self.total < MAX_CARDS:  # one passcode: quickly
            self.total += 1
            self.codes[where].append(passcode)
            self.card_lines[where].append(line)
            return
        self.total += copies
        if self.total > MAX_CARDS:
            raise InputError(f"{self.deck.source}: more than {MAX_CARDS} cards; this is not a deck")
        if text is not None and any("\ud800" <= ch <= "\udfff" for ch in text):
            # a lone surrogate (a broken \u escape in JSON) is no text a card can have
            at = f" line {line}:" if line else ""
            raise InputError(
                f"{self.deck.source}:{at} the deck holds invalid Unicode text "
                "(a \\u escape for half a character)"
            )
        codes = self.codes[where]
        if text is not None:
            texts = self.texts.setdefault(where, {})
            for index in range(len(codes), len(codes) + copies):
                texts[index] = text
        codes.extend(repeat(passcode, copies))
        self.card_lines[where].extend(repeat(line, copies))

    def problem(
        self, line: int | None, message: str, section: Section | None = None, whole: bool = False
    ) -> None:
        """Record an unreadable entry in ``section`` (default: the current one; none if
        ``whole``, for input that belongs to no section)."""
        problems = self.deck.problems
        if len(problems) < MAX_PROBLEMS:
            where = None if whole else section or self.section
            problems.append(ParseProblem(message, line, where))
        if len(problems) == MAX_PROBLEMS:
            where = f" at line {line}" if line else ""
            problems.append(
                ParseProblem(
                    line=line, message=f"too many unreadable entries; stopped reading{where}"
                )
            )


def split_extra(deck: Deck, db: CardLookup | None, why: str) -> None:
    """Move Extra Deck monsters from the main list to the extra list, with a notice.

    Used when the input has no Extra Deck section at all. Unknown cards stay in main.
    """
    if db is None:
        return
    keep: list[Slot] = []
    moved: list[Slot] = []
    for slot in deck.main:
        card = db.get(slot.passcode) if slot.passcode is not None else None
        (moved if card is not None and card.is_extra_deck_monster else keep).append(slot)
    if moved:
        deck.main = keep
        deck.extra.extend(moved)
        noun = "card" if len(moved) == 1 else "cards"
        deck.notices.append(
            f"{why}: moved {len(moved)} Extra Deck monster {noun} "
            "(Fusion/Synchro/Xyz/Link) from the main list to the Extra Deck"
        )


def without_names(deck: Deck) -> tuple[Deck, list[str]]:
    """The deck without the slots that have no passcode (names the data did not know), and
    those names, each once: what a passcode-only format can hold of it."""
    left: list[str] = []
    kept: dict[Section, list[Slot]] = {}
    for name in SECTIONS:
        kept[name] = [s for s in deck.section(name) if s.passcode is not None]
        left.extend(s.text or "?" for s in deck.section(name) if s.passcode is None)
    without = Deck(
        deck.source, **kept, problems=deck.problems, notices=deck.notices, name=deck.name
    )
    return without, list(dict.fromkeys(left))


def require_passcodes(deck: Deck, target: str) -> None:
    """Raise UnknownCardsError if some slot has no passcode (a name the data did not know)."""
    missing = [s.text or "?" for name in SECTIONS for s in deck.section(name) if s.passcode is None]
    if missing:
        raise UnknownCardsError(
            f"cannot write {target}: these cards are unknown and have no passcode",
            list(dict.fromkeys(missing)),
        )
