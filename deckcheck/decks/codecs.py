"""Reading and writing decks in every supported format, with format sniffing.

``read_deck`` reads text, ``load_deck`` reads a path, ``-`` (stdin) or a ydke/YGOPRODeck URL,
``write_deck`` writes one of ``ydk``, ``ydke``, ``names``, ``json``, ``yaml``.

Round trips: ydk, ydke, json and yaml keep the exact multiset of passcodes per section.
Name lists keep the cards but not the printing: an alternate-art passcode is written by its
card's name and read back as the card's primary passcode.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from typing import Literal, get_args

from deckcheck.decks import ydk, ydke
from deckcheck.decks.common import (
    BLANKS,
    MAX_COPIES,
    MAX_INPUT_BYTES,
    CardLookup,
    section_name,
    split_lines,
)
from deckcheck.decks.model import SECTIONS, Deck, Slot
from deckcheck.io.errors import InputError
from deckcheck.io.infile import read_bytes, read_stdin

Format = Literal["ydk", "ydke", "names", "json", "yaml"]
FORMATS: tuple[str, ...] = get_args(Format)
DECK_SUFFIXES = frozenset({".ydk", ".txt", ".yaml", ".yml", ".json", ".ydke"})
SUFFIX_FORMATS: dict[str, Format] = {
    ".ydk": "ydk",
    ".ydke": "ydke",
    ".json": "json",
    ".yaml": "yaml",
    ".yml": "yaml",
}
SNIFF_CHARS, SNIFF_LINES = 65_536, 400  # enough for any deck; big inputs are not scanned
_PASSCODE_LINE = re.compile(r"[+-]?[0-9]+(\s+(#|--|//).*)?")
_NAME_LINE = re.compile(r"[0-9]+\s*[xX×]?\s+\S|[^\W\d_]")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f]")  # not tab, line ends or page breaks
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x20)])
_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
_BOM_STARTS = frozenset(bom[:1] for bom, _ in _BOMS)


def sniff(text: str) -> Format:
    """Guess the format of deck text.

    In order: a ydke/YGOPRODeck URL; JSON (starts with ``{`` or ``[``); ydk (``#main``-style
    headers unless most lines read like card names, or mostly bare passcodes); a YAML
    mapping with main/extra/side lists; otherwise a name list.
    """
    body = text.removeprefix("\ufeff").strip()
    if ydke.is_ydke(body):
        return "ydke"
    if body[:1] in "{[":
        return "json"
    headers = content = names_like = numeric = 0
    lines = split_lines(body[:SNIFF_CHARS])[:SNIFF_LINES]
    for raw in lines:
        if raw.isdigit() and raw.isascii():  # a bare passcode, the usual ydk line
            content += 1
            numeric += 1
            continue
        line = raw.strip()
        if not line:
            continue
        if line[0] in "#!":
            head = line.lower().split(maxsplit=1)[0]
            headers += head in ("#main", "#extra", "!side", "#side")
            continue
        content += 1
        if line.isascii() and line.isdigit():  # a bare passcode, the usual ydk line
            numeric += 1
            continue
        names_like += _NAME_LINE.match(line) is not None
        numeric += _PASSCODE_LINE.fullmatch(line) is not None
    if (headers and names_like * 2 <= content) or (content and numeric * 2 >= content):
        return "ydk"
    if any(_section_key(line) for line in lines):
        from deckcheck.decks.structured import looks_structured

        if looks_structured(body):
            return "yaml"
    return "names"


def _section_key(line: str) -> bool:
    """True for a top-level YAML key the structured reader takes as a section."""
    key, colon, _ = line.partition(":")
    return bool(colon) and line[:1] not in " \t" and section_name(key.strip("\"' \t")) in SECTIONS


def read_deck(
    text: str, db: CardLookup | None, source: str = "<text>", fmt: Format | None = None
) -> Deck:
    """Read deck text in the given format, or the sniffed one when ``fmt`` is None."""
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(f"{source}: larger than {MAX_INPUT_BYTES // 1024 // 1024} MB")
    if not text.strip(BLANKS + "\r\n"):
        raise InputError(f"{source}: empty input, no deck to read")
    _refuse_half_characters(text, source)
    fmt = fmt or sniff(text)
    if fmt == "ydk":
        return ydk.read_ydk(text, db, source)
    if fmt == "ydke":
        return ydke.read_ydke(text, source)
    if fmt == "names":
        from deckcheck.decks import names  # its many patterns: compiled only when needed

        return names.read_names(text, db, source)
    if fmt in ("json", "yaml"):
        from deckcheck.decks import structured

        read = structured.read_json if fmt == "json" else structured.read_yaml
        return read(text, db, source)
    raise InputError(f"unknown deck format '{fmt}' (use one of {', '.join(FORMATS)})")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _refuse_half_characters(text: str, source: str) -> None:
    """Text given as a string (a service body, an argument) may hold a lone surrogate, half
    a character that no file decodes to and no report can print."""
    if text.isascii():
        return
    found = _SURROGATE.search(text)
    if found is not None:
        line = text.count("\n", 0, found.start()) + 1
        raise InputError(f"{source}: line {line}: invalid Unicode text (half a character)")


def load_deck(path_or_url: str, db: CardLookup | None) -> Deck:
    """Read a deck file, ``-`` for stdin, or a ydke:// / YGOPRODeck ?y= URL.

    ``Deck.source`` is ``path_or_url`` exactly as given. Files over 2 MB, binary files and
    text that is not UTF-8 (or UTF-16/32 with a BOM) raise InputError.
    """
    stripped = path_or_url.strip()
    # a link has a colon or a percent sign (an encoded one); most paths have neither
    if (":" in stripped or "%" in stripped) and (
        ydke.is_ydke(stripped) or re.match(r"https?://", stripped, re.I)
    ):
        return ydke.read_ydke(stripped, source=path_or_url)
    if path_or_url == "-":
        return read_deck(decode_bytes(_stdin_bytes(), "<stdin>"), db, source=path_or_url)
    stem, suffix = _stem_suffix(path_or_url)
    data = read_bytes(path_or_url, MAX_INPUT_BYTES, "deck file")
    fmt = SUFFIX_FORMATS.get(suffix.lower())
    deck = None
    if fmt == "ydk" and data.isascii():
        # no BOM can start ASCII, and the lines ydk.read_plain takes hold no NUL, control
        # character or end-of-file mark: decoding's checks would find nothing
        deck = ydk.read_plain(data.decode("ascii"), db, path_or_url)
    if deck is None:
        deck = read_deck(decode_bytes(data, path_or_url), db, source=path_or_url, fmt=fmt)
    if deck.name is None:
        deck.name = stem
    return deck


def _stem_suffix(path: str) -> tuple[str, str]:
    """``Path(path).stem`` and ``.suffix``, without building a Path for every deck of a
    batch (the same rule: a dot that starts or ends the name begins no suffix)."""
    name = path.rstrip("/")
    # os.path.basename's own work where "/" is the one separator (a call is most of its cost)
    name = name[name.rfind("/") + 1 :] if _SLASH_ONLY else os.path.basename(name)
    dot = name.rfind(".")
    if 0 < dot < len(name) - 1:
        return name[:dot], name[dot:]
    return name, ""


_SLASH_ONLY = os.sep == "/" and os.altsep is None
_STDIN: list[tuple[object, bytes]] = []


def _stdin_bytes() -> bytes:
    """Standard input, read once: a deck given as ``-`` and checked for several formats is
    read again from what was kept (while ``sys.stdin`` is the same stream)."""
    if not _STDIN or _STDIN[0][0] is not sys.stdin:
        _STDIN[:] = [(sys.stdin, read_stdin(MAX_INPUT_BYTES))]
    return _STDIN[0][1]


def decode_bytes(data: bytes, shown: str) -> str:
    """Text from file bytes: BOMs honoured, UTF-8 otherwise; binary data refused."""
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"{shown}: larger than 2 MB; deck files over 2 MB are refused")
    encoding = "utf-8"
    if data[:1] in _BOM_STARTS:  # most files start with none: no loop over the five
        for bom, name in _BOMS:
            if data.startswith(bom):
                data, encoding = data[len(bom) :], name
                break
    if encoding == "utf-8" and b"\x00" in data:
        raise InputError(f"{shown}: binary data, not a deck file")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex()
        raise InputError(
            f"{shown}: not {encoding.upper()} text (byte 0x{bad} at offset {exc.start}); "
            "save the deck as UTF-8"
        ) from None
    text = text.removesuffix("\x1a")  # DOS end-of-file mark
    if "\x00" in text or _controls(text, data if encoding == "utf-8" else None) * 20 > len(text):
        raise InputError(f"{shown}: binary data, not a deck file")
    return text


def _controls(text: str, utf8: bytes | None) -> int:
    """Control characters in the text; from its UTF-8 bytes when given (the same count,
    since those bytes only stand for themselves there, found without a regex)."""
    if utf8 is None:
        return len(_CONTROL.findall(text))
    found = len(utf8) - len(utf8.translate(None, _CONTROL_BYTES))
    return found - utf8.endswith(b"\x1a")  # the end-of-file mark removed from the text


def write_deck(deck: Deck, to: Format, db: CardLookup | None) -> str:
    """The deck as text in format ``to``. Raises UnknownCardsError (an InputError) when a
    card has no passcode and the format needs one (ydk, ydke), and InputError for more
    copies of a card than one entry of a name list, JSON or YAML holds (the readers
    refuse those counts)."""
    if to in ("names", "json", "yaml"):
        _check_copies(deck, to)
    if to == "ydk":
        return ydk.write_ydk(deck)
    if to == "ydke":
        return ydke.write_ydke(deck) + "\n"
    if to == "names":
        if db is None:
            raise InputError("writing a name list needs the card data")
        from deckcheck.decks import names

        return names.write_names(deck, db)
    if to in ("json", "yaml"):
        from deckcheck.decks import structured

        return (structured.write_json if to == "json" else structured.write_yaml)(deck, db)
    raise InputError(f"unknown deck format '{to}' (use one of {', '.join(FORMATS)})")


def _check_copies(deck: Deck, to: str) -> None:
    for section in SECTIONS:
        counts = Counter(_card_key(slot) for slot in deck.section(section))
        for card, count in counts.items():
            if count > MAX_COPIES:
                raise InputError(
                    f"{deck.source}: cannot write {to}: {count} copies of {card} in the "
                    f"{section} section; an entry holds at most {MAX_COPIES} (ydk and ydke "
                    "have no such limit)"
                )


def _card_key(slot: Slot) -> int | str:
    return slot.passcode if slot.passcode is not None else slot.text or "?"


def convert_deck(deck: Deck, to: Format, db: CardLookup | None) -> str:
    """``write_deck``, refused (InputError) unless the text reads back as the same cards
    in the same sections: what ``deckcheck convert`` writes always reads back."""
    text = write_deck(deck, to, db)
    back = read_deck(text, db, deck.source, to)
    why = back.problems[0].message if back.problems else None
    for section in SECTIONS:
        before = Counter(_card_key(slot) for slot in deck.section(section))
        after = Counter(_card_key(slot) for slot in back.section(section))
        if not why and before != after:
            changed = ", ".join(sorted(map(str, (before - after) | (after - before)))[:4])
            why = f"the {section} section would read back with other cards: {changed}"
    if why:
        raise InputError(
            f"{deck.source}: cannot convert to {to}, it would not read back as the same deck "
            f"({why}); convert to ydk or ydke instead"
        )
    return text


def unknown_cards(deck: Deck, db: CardLookup) -> list[str]:
    """Cards the data does not know, as written (names) or as passcodes, each once."""
    found: dict[str, None] = {}
    for section in SECTIONS:
        for slot in deck.section(section):
            if slot.passcode is None:
                found[slot.text or "?"] = None
            elif db.get(slot.passcode) is None:
                found[str(slot.passcode)] = None
    return list(found)
