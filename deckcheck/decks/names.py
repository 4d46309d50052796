"""Name lists: one card per line as ``3 Name``, ``3x Name``, ``Name x3`` or ``Name``.

Section headings (Main/Extra/Side Deck, YGOPRODeck's Monster/Spell/Trap/Extra/Side,
``#main``/``#extra``/``!side``, the Japanese, Chinese and Korean ones, with or without counts
and colons) switch the section. Names are matched in any language the card data has; a bare
number is a passcode unless a card has that name ("7"). A name no card has exactly is
matched blind to punctuation, spaces, hyphens and articles when exactly one card fits
("Blue Eyes White Dragon"), with a notice. Unknown names stay in the deck as text for the
validator.

Writing gives ``3 Name`` under Main/Extra/Side Deck headings. A card is written by the name
of its card, so reading it back gives the card's primary passcode: name lists keep the
cards, not the printings. Passcodes the data does not know, and names that do not lead
back to the same card, are written as the passcode itself so nothing is lost.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from deckcheck.decks.common import (
    BLANKS,
    MAX_COPIES,
    CardLookup,
    DeckBuilder,
    parse_passcode,
)
from deckcheck.decks.model import SECTIONS, Deck, Section, Slot
from deckcheck.io.errors import InputError

TITLES: dict[Section, str] = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}
HEADINGS: dict[str, Section] = {
    **dict.fromkeys(("main", "main deck", "maindeck", "deck"), "main"),
    **dict.fromkeys(("monster", "monsters", "spell", "spells", "trap", "traps"), "main"),
    **dict.fromkeys(("spells & traps", "spell & trap", "spells and traps"), "main"),
    **dict.fromkeys(("extra", "extra deck", "extradeck"), "extra"),
    **dict.fromkeys(("side", "side deck", "sidedeck", "sideboard", "side board"), "side"),
    # Japanese, Chinese (simplified and traditional) and Korean sites and apps
    **dict.fromkeys(
        ("メインデッキ", "メイン", "モンスター", "魔法", "罠", "モンスターカード"), "main"
    ),
    **dict.fromkeys(("魔法カード", "罠カード", "主卡组", "主卡組", "主牌组", "主牌組"), "main"),
    **dict.fromkeys(("怪兽", "怪獸", "怪兽卡", "怪獸卡", "魔法卡", "陷阱", "陷阱卡"), "main"),
    **dict.fromkeys(("메인 덱", "메인덱", "몬스터", "마법", "함정"), "main"),
    **dict.fromkeys(("몬스터 카드", "마법 카드", "함정 카드"), "main"),
    **dict.fromkeys(("エクストラデッキ", "エクストラ", "额外卡组", "額外卡組"), "extra"),
    **dict.fromkeys(("额外牌组", "額外牌組", "엑스트라 덱", "엑스트라덱"), "extra"),
    **dict.fromkeys(("サイドデッキ", "サイド", "副卡组", "副卡組", "副牌组", "副牌組"), "side"),
    **dict.fromkeys(("사이드 덱", "사이드덱"), "side"),
}
_LEADING = re.compile(r"([0-9]+)\s*[xX×]?\s+(\S.*)")  # 3 Name, 3x Name, 3 x Name
_PRINTING = re.compile(r"(.*\S)\s*\[([0-9]{1,10})\]")
_NEGATIVE = re.compile(r"-\s*([0-9]+)\s*[xX×]?\s+(\S.*)")  # -3 Name: a mistake
_TRAILING = re.compile(r"(.*\S)\s+[xX×]\s*([0-9]+)")  # Name x3, Name x 3
# "(40 cards)", ": 40", "（40枚）" (Japanese 枚, Chinese 张/張 and Korean 장 count cards)
_HEADING_COUNT = re.compile(r"[\s:]*[(\[]?\s*[0-9]+\s*(cards?|枚|张|張|장)?\s*[)\]]?$")
_BULLET = re.compile(r"^[-*•]\s+")
_SEPARATOR = re.compile(r"[\W_]+")
_NUMBER = re.compile(r"[+-]?[0-9]+")


@dataclass
class Entry:
    """One parsed line or item: ``count`` copies of a card (``passcode`` None if unknown)."""

    count: int
    passcode: int | None
    name: str
    matched: str | None = None  # the card's name when ``name`` matched it only loosely


def heading(line: str) -> Section | None:
    """The section a heading line starts, or None if the line is not a heading."""
    text = line.strip(BLANKS)
    if not text.isascii():  # full-width brackets, colons and digits
        text = unicodedata.normalize("NFKC", text)
    text = text.lower().lstrip("#!/-=*>【 ").rstrip(":-=*】 ")
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
    matched = None
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
        for reading in readings:  # only when no reading names a card exactly
            card = db.find_loose(reading[1])
            if card is not None and card.passcode is not None:
                (count, name), found, matched = reading, card.passcode, card.name
                break
    if len(count) > 4 or not 0 < int(count) <= MAX_COPIES:
        return f"{count} copies of '{name}' is not a plausible count (1 to {MAX_COPIES})"
    if isinstance(found, str):
        return found
    return Entry(int(count), found, name, matched)


def add_entry(build: DeckBuilder, entry: Entry, line: int | None, copies: int = 1) -> None:
    """Add an entry's slots; a name matched loosely gets a notice naming the card chosen."""
    text = None if entry.passcode is not None else entry.name
    build.add(entry.passcode, text, line, copies * entry.count)
    if entry.matched is not None:
        where = f"line {line}: " if line else ""
        build.deck.notices.append(
            f"{where}'{entry.name}' read as {entry.matched}, the only card whose name matches "
            "it without punctuation, spaces and articles"
        )


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
        add_entry(build, entry, number)
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
