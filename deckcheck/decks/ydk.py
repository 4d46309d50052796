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
    build = DeckBuilder(source)
    lines = split_lines(text)
    if _whole(build, lines):
        return build.finish(db, "no #extra line")
    build = DeckBuilder(source)  # anything else line by line
    for number, raw in enumerate(lines, 1):
        if _line(build, number, raw):
            break
    return build.finish(db, "no #extra line")


class _Passcodes(BoundedCache[str, int | None]):
    """A bare passcode line's value (None for any other line), kept: a batch meets the same
    passcodes again and again, and a look-up costs a fraction of ``int`` and the checks."""

    def __missing__(self, line: str) -> int | None:
        if line.isdigit() and line.isascii() and len(line) <= 10:
            value = int(line)
            if 0 < value <= MAX_PASSCODE:
                self[line] = value
                return value
        return None  # not kept: headers, comments and odd lines vary


_PASSCODES = _Passcodes(16_384)


def _whole(build: DeckBuilder, lines: list[str]) -> bool:
    """The usual .ydk in a few passes: bare passcodes, headers, comments and blank lines
    only, within the card limit. False for anything else (``build`` then holds part of the
    deck: start again), which the line by line reading takes; the same deck either way."""
    if len(lines) > MAX_CARDS:
        return False
    values = list(map(_PASSCODES.__getitem__, lines))
    values.append(None)  # the end
    start = 0
    while True:
        end = values.index(None, start)  # the next line that is not a bare passcode
        if end > start:
            build.target.extend(values[start:end])  # type: ignore[arg-type]
            build.target_lines.extend(range(start + 1, end + 1))
        if end == len(lines):
            build.total = len(values) - values.count(None)
            return True
        line = lines[end].strip(BLANKS)
        if line:
            header = HEADERS.get(line.split(maxsplit=1)[0].lower())
            if header is not None:
                build.switch(header)
            elif line[0] not in "#!" or line.isdigit():
                return False  # a passcode with blanks around it, or a line to complain about
        start = end + 1


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
    first = line.split(maxsplit=1)[0]
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
