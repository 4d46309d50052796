"""YGOPro ``.ydk`` decks: one passcode per line under ``#main``, ``#extra`` and ``!side``.

Tolerated: CRLF/CR line ends, a BOM, leading zeros, blank lines, ``#``/``!`` comment lines
(``#created by ...``) and a comment after a passcode. Every other line is a problem with
its line number; reading goes on after it.
"""

from __future__ import annotations

import re

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
from deckcheck.decks.model import SECTIONS, Deck, Section, Slot

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
    target = build.target
    for number, raw in enumerate(split_lines(text), start=1):
        # most lines: a bare passcode, put in its section without a call
        if raw.isdigit() and raw.isascii() and len(raw) <= 10:
            value = int(raw)
            if 0 < value <= MAX_PASSCODE and build.total < MAX_CARDS:
                build.total += 1
                target.append(Slot(value, None, number))
                continue
        line = raw.strip(BLANKS)
        if not line:
            continue
        if line.isascii() and line.isdigit() and len(line) <= 10:
            value = int(line)
            if 0 < value <= MAX_PASSCODE:
                build.add_passcode(value, number)
                continue
        first = line.split(maxsplit=1)[0]
        header = HEADERS.get(first.lower())
        if header is not None:
            build.switch(header)
            target = build.target
            continue
        if line[0] in "#!":
            continue
        passcode, why = parse_passcode(first)
        rest = line[len(first) :].strip(BLANKS)
        if why:
            build.problem(number, why)
            if build.full:
                break
        elif _NUMBER_START.match(rest):
            build.problem(number, f"unexpected '{rest}' after passcode {passcode}")
            if build.full:
                break
        else:
            build.add(passcode, line=number)
    return build.finish(db, "no #extra line")


def write_ydk(deck: Deck, created_by: str = "deckcheck") -> str:
    require_passcodes(deck, ".ydk")
    lines = [f"#created by {created_by}"]
    for name, header in zip(SECTIONS, ("#main", "#extra", "!side"), strict=True):
        lines.append(header)
        lines.extend(str(code) for code in deck.passcodes(name))
    return "\n".join(lines) + "\n"
