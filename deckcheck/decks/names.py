"""Name lists: one card per line as ``3 Name``, ``3x Name``, ``Name x3`` or ``Name``.

Section headings (Main/Extra/Side Deck, YGOPRODeck's Monster/Spell/Trap/Extra/Side,
``#main``/``#extra``/``!side``, with or without counts and colons) switch the section.
Names are matched in any language the card data has; a bare number is a passcode unless
a card has that name ("7"). Unknown names stay in the deck as text for the validator.

Writing gives ``3 Name`` under Main/Extra/Side Deck headings. A card is written by the name
of its card, so reading it back gives the card's primary passcode: name lists keep the
cards, not the printings. Passcodes the data does not know, and names that do not lead
back to the same card, are written as the passcode itself so nothing is lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckcheck.decks.common import (
    BLANKS,
    MAX_COPIES,
    CardLookup,
    DeckBuilder,
    parse_passcode,
)
from deckcheck.decks.model import SECTIONS, Deck, Section, Slot
from deckcheck.errors import InputError

TITLES: dict[Section, str] = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}
HEADINGS: dict[str, Section] = {
    **dict.fromkeys(("main", "main deck", "maindeck", "deck"), "main"),
    **dict.fromkeys(("monster", "monsters", "spell", "spells", "trap", "traps"), "main"),
    **dict.fromkeys(("spells & traps", "spell & trap", "spells and traps"), "main"),
    **dict.fromkeys(("extra", "extra deck", "extradeck"), "extra"),
    **dict.fromkeys(("side", "side deck", "sidedeck", "sideboard", "side board"), "side"),
}
_LEADING = re.compile(r"([0-9]+)\s*[xX×]?\s+(\S.*)")  # 3 Name, 3x Name, 3 x Name
_PRINTING = re.compile(r"(.*\S)\s*\[([0-9]{1,10})\]")
_NEGATIVE = re.compile(r"-\s*([0-9]+)\s*[xX×]?\s+(\S.*)")  # -3 Name: a mistake
_TRAILING = re.compile(r"(.*\S)\s+[xX×]\s*([0-9]+)")  # Name x3, Name x 3
_HEADING_COUNT = re.compile(r"[\s:]*[(\[]?\s*[0-9]+\s*(cards?)?\s*[)\]]?$")
_BULLET = re.compile(r"^[-*•]\s+")
_SEPARATOR = re.compile(r"[\W_]+")
_NUMBER = re.compile(r"[+-]?[0-9]+")


@dataclass
class Entry:
    """One parsed line or item: ``count`` copies of a card (``passcode`` None if unknown)."""

    count: int
    passcode: int | None
    name: str


def heading(line: str) -> Section | None:
    """The section a heading line starts, or None if the line is not a heading."""
    text = line.strip(BLANKS).lower().lstrip("#!/-=*> ").rstrip(":-=* ")
    text = _HEADING_COUNT.sub("", text).rstrip(":-=* ")
    text = re.sub(r"\s+cards?$", "", re.sub(r"\s+", " ", text))
    return HEADINGS.get(text)


def parse_entry(text: str, db: CardLookup) -> Entry | str:
    """An Entry for ``3 Name``-style text, or a message saying why it cannot be read.

    Readings are tried in order (count first, count last, whole text as a name) and the
    first that names a known card wins, so "7 Colored Fish" is one card, not seven.
    """
    text = text.strip(BLANKS)
    if m := _PRINTING.fullmatch(text):
        # "2 Monster Reborn [83764718]": that artwork of the card (deckcheck writes this)
        entry = parse_entry(m[1], db)
        if not isinstance(entry, Entry) or entry.passcode is None:
            return entry
        printing, card = db.get(int(m[2])), db.get(entry.passcode)
        if printing is None or card is None or printing.uid != card.uid:
            return f"[{m[2]}] is not a printing of '{entry.name}'"
        return Entry(entry.count, int(m[2]), entry.name)
    readings: list[tuple[str, str]] = []
    if m := _LEADING.fullmatch(text):
        readings.append((m[1], m[2]))
    if m := _TRAILING.fullmatch(text):
        readings.append((m[2], m[1]))
    readings.append(("1", text))
    (count, name), found = readings[0], None
    for reading in readings:
        hit = _lookup(reading[1], db)
        if hit is not None:
            (count, name), found = reading, hit
            break
    else:
        if _NUMBER.fullmatch(name):  # a number that is neither a name nor a passcode
            return parse_passcode(name)[1] or f"'{name}' is not a passcode"
        if (m := _NEGATIVE.fullmatch(text)) and _lookup(m[2], db) is not None:
            return f"-{m[1]} copies of '{m[2]}': a count cannot be negative"
    if len(count) > 4 or not 0 < int(count) <= MAX_COPIES:
        return f"{count} copies of '{name}' is not a plausible count (1 to {MAX_COPIES})"
    if isinstance(found, str):
        return found
    return Entry(int(count), found, name)


def _lookup(name: str, db: CardLookup) -> int | str | None:
    """The passcode of a card name (any language) or of a number; None if neither.

    A known card without a passcode (most tokens and skills) gives a message instead.
    """
    card = db.find(name)
    if card is not None:
        if card.passcode is None:
            return f"'{name}' is a known {card.kind} card but has no passcode to put in a deck"
        return card.passcode
    if _NUMBER.fullmatch(name):
        passcode, why = parse_passcode(name)
        return None if why else passcode
    return None


def read_names(text: str, db: CardLookup | None, source: str = "<text>") -> Deck:
    """Read a name list; without an Extra Deck heading, Extra Deck monsters move to extra."""
    if db is None:
        raise InputError(f"{source}: reading a name list needs the card data")
    build = DeckBuilder(source)
    for number, raw in build.lines(text):
        line = _BULLET.sub("", raw, count=1)
        if line.startswith("//"):
            continue
        found = heading(line)
        if found is not None:
            build.switch(found)
            continue
        if line[0] == "#" or _SEPARATOR.fullmatch(line):
            continue
        entry = parse_entry(line, db)
        if isinstance(entry, str):
            build.problem(number, entry)
            continue
        text_kept = None if entry.passcode is not None else entry.name
        build.add(entry.passcode, text_kept, number, entry.count)
    return build.finish(db, "no Extra Deck heading")


def label(slot: Slot, db: CardLookup) -> str:
    """How a slot is written in a name list (a name when it reads back to the same card)."""
    if slot.passcode is None:
        return slot.text or "?"
    card = db.get(slot.passcode)
    if card is None:
        return str(slot.passcode)
    back = db.find(card.name)
    if back is None or back.uid != card.uid or _reads_as_other(card.name, db):
        return str(slot.passcode)
    if slot.passcode != card.passcode:  # another artwork: keep the printing
        return f"{card.name} [{slot.passcode}]"
    return card.name


def _reads_as_other(name: str, db: CardLookup) -> bool:
    """True when ``1 name`` would be read as another card ("x3" endings and the like)."""
    entry = parse_entry(f"1 {name}", db)
    return not isinstance(entry, Entry) or entry.count != 1 or entry.name != name


def write_names(deck: Deck, db: CardLookup) -> str:
    lines: list[str] = []
    labels: dict[tuple[int | None, str | None], str] = {}
    for section in SECTIONS:
        if lines:
            lines.append("")
        lines.append(TITLES[section])
        counts: dict[str, int] = {}
        for slot in deck.section(section):
            key = (slot.passcode, slot.text)
            if key not in labels:
                labels[key] = label(slot, db)
            counts[labels[key]] = counts.get(labels[key], 0) + 1
        lines.extend(f"{count} {text}" for text, count in counts.items())
    return "\n".join(lines) + "\n"
