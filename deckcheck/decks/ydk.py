"""YGOPro ``.ydk`` decks: one passcode per line under ``#main``, ``#extra`` and ``!side``.

Tolerated: CRLF/CR line ends, a BOM, leading zeros, blank lines, ``#``/``!`` comment lines
(``#created by ...``) and a comment after a passcode. Every other line is a problem with
its line number; reading goes on after it.
"""

from __future__ import annotations

import re
from itertools import compress, count
from operator import not_

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
    # the lines that are not all digits (headers, comments, blanks, anything odd) one by
    # one; the runs of digit lines between them, most of a ydk, in bulk
    start = 0
    for index in compress(count(), map(not_, map(str.isdigit, lines))):
        if _run(build, lines, start, index) or _line(build, index + 1, lines[index]):
            return build.finish(db, "no #extra line")
        start = index + 1
    _run(build, lines, start, len(lines))
    return build.finish(db, "no #extra line")


def _run(build: DeckBuilder, lines: list[str], start: int, end: int) -> bool:
    """Lines ``start`` to ``end`` (0-based, all digits); True when reading must stop."""
    if start >= end:
        return False
    run = lines[start:end]
    if build.total + len(run) <= MAX_CARDS and max(map(len, run)) <= 10 and "".join(run).isascii():
        values = list(map(int, run))
        if min(values) > 0 and max(values) <= MAX_PASSCODE:  # bare passcodes, the usual
            build.total += len(values)
            build.target.extend(values)
            build.target_lines.extend(range(start + 1, end + 1))
            return False
    return any(_line(build, number, raw) for number, raw in enumerate(run, start + 1))


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
