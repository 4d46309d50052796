"""``ydke://`` deck URLs: three base64 blocks of little-endian uint32 passcodes.

``ydke://MAIN!EXTRA!SIDE!`` (the last ``!`` is optional). Also read: percent-encoded
URLs and YGOPRODeck deck-builder links that carry the same payload in the ``y`` query
parameter (``https://ygoprodeck.com/deck-builder/?y=MAIN!EXTRA!SIDE!``, with or without
the ``ydke://`` prefix inside).
"""

from __future__ import annotations

import base64
import binascii
import re
import struct
from urllib.parse import unquote

from deckcheck.decks.common import MAX_CARDS, DeckBuilder, require_passcodes
from deckcheck.decks.model import SECTIONS, Deck, Section
from deckcheck.io.errors import InputError

PREFIX = "ydke://"
_BASE64 = re.compile(r"[A-Za-z0-9+/]*")
_HTTP = re.compile(r"https?://", re.IGNORECASE)
_ENCODED_HTTP = re.compile(r"https?%3A", re.IGNORECASE)
_Y_PARAM = re.compile(r"[?&]y=")


def is_ydke(text: str) -> bool:
    """True for text that should be read as a ydke URL (plain, encoded or YGOPRODeck)."""
    text = _whole_link(text.strip())
    head = text[:40]
    if _HTTP.match(head):
        return _Y_PARAM.search(text) is not None
    return _unquote(head).lower().startswith(PREFIX)


def payload(url: str) -> str:
    """The ``MAIN!EXTRA!SIDE`` part of a ydke or YGOPRODeck URL, percent-decoded."""
    text = _whole_link(url.strip())
    if _HTTP.match(text):
        text = _query_value(text, "y")
    text = _unquote(text).strip()
    if text.lower().startswith(PREFIX):
        text = text[len(PREFIX) :]
    return text


def _whole_link(text: str) -> str:
    """A link percent-encoded as a whole (``https%3A%2F%2F...``), decoded."""
    for _ in range(3):
        if not _ENCODED_HTTP.match(text):
            break
        text = unquote(text)
    return text


def _unquote(text: str) -> str:
    for _ in range(3):  # links are sometimes encoded twice
        if "%" not in text:
            break
        text = unquote(text)
    return text


def _query_value(url: str, key: str) -> str:
    query = url.split("#", 1)[0].partition("?")[2]
    for pair in query.split("&"):
        name, _, value = pair.partition("=")
        if unquote(name) == key and value:
            return value
    raise InputError(
        "not a deck link deckcheck can read; give a ydke:// URL or a "
        "YGOPRODeck deck-builder link with ?y=..."
    )


def decode(url: str) -> tuple[list[int], list[int], list[int]]:
    """Passcodes of main, extra and side; InputError when the URL is malformed."""
    parts = payload(url).split("!")
    if len(parts) == 4 and parts[3].strip() == "":
        parts = parts[:3]
    if len(parts) != 3:
        raise InputError(f"a ydke URL has 3 sections (main!extra!side!), found {len(parts)}")
    main, extra, side = (_decode_block(p, s) for p, s in zip(parts, SECTIONS, strict=True))
    return main, extra, side


def _decode_block(block: str, section: Section) -> list[int]:
    # tolerate the URL-safe alphabet, '+' turned into ' ' by form decoding, lost padding
    text = "".join(block.replace("-", "+").replace("_", "/").replace(" ", "+").split())
    text = text.rstrip("=")
    if not _BASE64.fullmatch(text) or len(text) % 4 == 1:
        raise InputError(f"the {section} section of the ydke URL is not valid base64")
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except binascii.Error as exc:
        raise InputError(f"the {section} section of the ydke URL is not valid base64") from exc
    if len(data) % 4:
        raise InputError(
            f"the {section} section of the ydke URL decodes to {len(data)} bytes, "
            "not a whole number of 4-byte passcodes"
        )
    count = len(data) // 4
    if count > MAX_CARDS:
        raise InputError(f"the {section} section of the ydke URL holds {count} cards")
    return list(struct.unpack(f"<{count}I", data))


def read_ydke(text: str, source: str | None = None) -> Deck:
    """A Deck from a ydke/YGOPRODeck URL; passcode 0 entries become problems."""
    source = source if source is not None else text.strip()
    try:
        sections = decode(text)
    except InputError as exc:
        raise InputError(f"{_clip(source)}: {exc}") from None
    build = DeckBuilder(source)
    for section, codes in zip(SECTIONS, sections, strict=True):
        for position, code in enumerate(codes, start=1):
            if code == 0:
                build.problem(None, f"card {position} of the {section} section is 0", section)
            else:
                build.add(code, section=section)
    return build.result()


def encode(main: list[int], extra: list[int], side: list[int]) -> str:
    blocks = []
    for section, codes in zip(SECTIONS, (main, extra, side), strict=True):
        bad = [code for code in codes if not 0 < code < 2**32]
        if bad:
            raise InputError(f"cannot write ydke: {section} passcode {bad[0]} is not a uint32")
        data = struct.pack(f"<{len(codes)}I", *codes)
        blocks.append(base64.b64encode(data).decode("ascii"))
    return PREFIX + "!".join(blocks) + "!"


def write_ydke(deck: Deck) -> str:
    require_passcodes(deck, "ydke")
    return encode(*(deck.passcodes(name) for name in SECTIONS))


def _clip(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
