"""YGOPro ``.ydk`` decks: one passcode per line under ``#main``, ``#extra`` and ``!side``.

Tolerated: CRLF/CR line ends, a BOM, leading zeros, blank lines, ``#``/``!`` comment lines
(``#created by ...``) and a comment after a passcode. Every other line is a problem with
its line number; reading goes on after it.
"""

from __future__ import annotations

import re

from deckcheck.cards.cache import BoundedCache
from deckcheck.decks.common import (
    BLANKS,
    MAX_CARDS,
    MAX_PASSCODE,
    CardLookup,
    DeckBuilder,
    parse_passcode,
    require_passcodes,
    split_extra,
    split_lines,
)
from deckcheck.decks.model import SECTIONS, Deck, Section

HEADERS: dict[str, Section] = {
    "#main": "main",
    "#extra": "extra",
    "!side": "side",
    "#side": "side",  # some editors write it this way
}
_NUMBER_START = re.compile(r"[+-]?[0-9]")


def read_ydk(text: str, db: CardLookup | None, source: str = "<text>") -> Deck:
    """Read a .ydk. Without any ``#extra`` line, Extra Deck monsters are moved out of main
    (a notice says so); otherwise cards stay where the file puts them."""
    deck = read_plain(text, db, source)
    return deck if deck is not None else read_by_line(text, db, source)


def read_by_line(text: str, db: CardLookup | None, source: str) -> Deck:
    """Any .ydk, line by line, each odd line a problem at its number."""
    build = DeckBuilder(source)
    for number, raw in enumerate(split_lines(text), 1):
        if _line(build, number, raw):
            break
    return build.finish(db, "no #extra line")


class _Values(BoundedCache[str, int]):
    """A line's value for ``read_plain``: a passcode line's passcode, 0 for any other line
    (whose kind ``_KINDS`` then says). Lines of the kinds the whole reading takes are kept:
    a batch meets the same lines again and again, and a look-up costs a fraction of working
    one out."""

    def __missing__(self, raw: str) -> int:
        kind = _kind(raw)
        if kind is None:
            return 0  # not kept: odd lines vary (and _KINDS has none of them)
        if kind.__class__ is int:
            self[raw] = kind  # type: ignore[assignment]
            return kind  # type: ignore[return-value]
        _KINDS[raw] = kind  # type: ignore[assignment]
        self[raw] = 0
        return 0


_VALUES = _Values(16_384)
_KINDS: BoundedCache[str, Section | str] = BoundedCache(1_024)  # header: section; else ""


def read_plain(text: str, db: CardLookup | None, source: str) -> Deck | None:
    """The usual .ydk read whole: passcode lines, headers, comments and blank lines, with at
    least one card and at most MAX_CARDS lines. None for anything else, which the line by
    line reading takes; the same deck either way (``_kind`` says which lines are taken).

    The lines it takes hold no control character and no line break but LF and CRLF, so for
    plain ASCII bytes decoding would find nothing to refuse or change (``load_deck``)."""
    lines = text.split("\n")
    if len(lines) > MAX_CARDS:
        return None
    if not lines[-1]:
        lines.pop()  # what follows the last line end: no line
    last = len(lines)
    values = list(map(_VALUES.__getitem__, lines))  # 0 for a line to look at
    values.append(0)  # the end
    codes: dict[Section, list[int]] = {"main": [], "extra": [], "side": []}
    numbers: dict[Section, list[int | None]] = {"main": [], "extra": [], "side": []}
    section: Section = "main"
    extra = False
    start = 0
    while True:
        end = values.index(0, start)  # the next line that is not a passcode line
        if end > start:
            codes[section] += values[start:end]
            numbers[section] += range(start + 1, end + 1)
        if end == last:
            break
        kind = _KINDS.get(lines[end])
        if kind is None:  # an odd line, or a known one _KINDS has dropped
            kind = _kind(lines[end])
            if kind is None or kind.__class__ is int:
                return None
            _KINDS[lines[end]] = kind  # type: ignore[assignment]
        if kind:
            section = kind  # type: ignore[assignment]
            extra = extra or kind == "extra"
        start = end + 1
    if not (codes["main"] or codes["extra"] or codes["side"]):
        return None  # no card: the line by line reading says what the text is
    deck = Deck.held(source, codes, numbers)
    if not extra:
        split_extra(deck, db, "no #extra line")
    return deck


def _kind(raw: str) -> int | str | None:
    """What ``read_plain`` makes of a line: a passcode line's passcode, a header's section,
    "" for a comment or a blank line; None for any other line (a CR alone, a control
    character, a passcode with a comment after it, anything the line by line reading would
    complain about)."""
    line = raw.removesuffix("\r").strip(BLANKS)
    if line.isdigit() and line.isascii() and len(line) <= 10:
        value = int(line)
        return value if 0 < value <= MAX_PASSCODE else None
    if not line.isprintable():  # a CR alone (a line end too), other controls, odd blanks
        return None
    if not line:
        return ""
    header = HEADERS.get(line.split(maxsplit=1)[0].lower())
    return header if header is not None else "" if line[0] in "#!" else None


def _line(build: DeckBuilder, number: int, raw: str) -> bool:
    """One line; True when reading must stop (too many problems)."""
    if raw.isdigit() and raw.isascii() and len(raw) <= 10:
        value = int(raw)
        if 0 < value <= MAX_PASSCODE and build.total < MAX_CARDS:
            build.total += 1
            build.target.append(value)
            build.target_lines.append(number)
            return False
    line = raw.strip(BLANKS)
    if not line:
        return False
    if line.isascii() and line.isdigit() and len(line) <= 10:
        value = int(line)
        if 0 < value <= MAX_PASSCODE:
            build.add_passcode(value, number)
            return False
    words = line.split(maxsplit=1)
    if not words:  # white space that is no blank of ours (U+2000, \x1c): a blank line too
        return False
    first = words[0]
    header = HEADERS.get(first.lower())
    if header is not None:
        build.switch(header)
        return False
    if line[0] in "#!":
        return False
    passcode, why = parse_passcode(first)
    rest = line[len(first) :].strip(BLANKS)
    if why:
        build.problem(number, why)
        return build.full
    if _NUMBER_START.match(rest):
        build.problem(number, f"unexpected '{rest}' after passcode {passcode}")
        return build.full
    build.add(passcode, line=number)
    return False


def write_ydk(deck: Deck, created_by: str = "deckcheck") -> str:
    require_passcodes(deck, ".ydk")
    lines = [f"#created by {created_by}"]
    for name, header in zip(SECTIONS, ("#main", "#extra", "!side"), strict=True):
        lines.append(header)
        lines.extend(str(code) for code in deck.passcodes(name))
    return "\n".join(lines) + "\n"
