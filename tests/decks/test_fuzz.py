"""Fuzzing the deck and lflist readers: whatever the bytes or text, the only exceptions are
the project's own (InputError, a DeckcheckError); decks and lists written read back the same.

Examples are few and bounded so the whole file runs in seconds on a busy machine.
"""

from __future__ import annotations

import base64
import json
import struct
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deckcheck.banlist.lflist import parse_lflist, write_lflist
from deckcheck.banlist.model import Banlist, Entry
from deckcheck.decks.codecs import FORMATS, decode_bytes, read_deck, write_deck
from deckcheck.decks.common import MAX_COPIES
from deckcheck.decks.model import SECTIONS, Deck
from deckcheck.io.errors import DeckcheckError, InputError
from tests.conftest import DECKS
from tests.decks.helpers import ASH, BEUD, BEUD_ALT, DARK_MAGICIAN_ALT, SEVEN, UNKNOWN

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# real cards of a real deck, alternate artworks, a card named "7", a passcode no card has
REAL = sorted(
    {int(line) for line in (DECKS / "AI_Blackwing.ydk").read_text().split() if line.isdigit()}
)
CODES = [*REAL, BEUD, BEUD_ALT, DARK_MAGICIAN_ALT, SEVEN, ASH, UNKNOWN]
WORDS = [
    "#main", "#extra", "!side", "#side", "Main Deck", "Extra Deck:", "Side", "main:", "extra:",
    "side_deck:", "- ", "3", "3x", "x3", "99", "100", "-1", "0", "00027551", "89631139",
    "4294967296", "9" * 5000, "Pot of Greed", "Raigeki", "Ash Blossom & Joyous Spring", "7",
    "[83764718]", "{", "}", "[", "]", ",", ":", '"', "card:", "count:", "&a", "*a", "!!int",
    "ydke://", "!", "==", "\t", "\r\n", "\n", "\ufeff", "\x00", "\ud800", "é", "·", "#",
]  # fmt: skip


def read_any(text: str, db, fmt: str | None) -> Deck | None:
    """The deck, or None when the reader refused the text with the project's own error."""
    try:
        return read_deck(text, db, "<fuzz>", fmt)  # type: ignore[arg-type]
    except DeckcheckError:
        return None


deck_like = st.lists(st.sampled_from(WORDS), max_size=40).map(" ".join) | st.lists(
    st.sampled_from(WORDS), max_size=40
).map("\n".join)


@FUZZ
@given(text=st.text(max_size=300) | deck_like, fmt=st.sampled_from([None, *FORMATS]))
@example(text='{"main": [' + "1" * 5000 + "]}", fmt=None)
@example(text='{"main": [1], "main": [2], "x": 1e5}', fmt=None)
@example(text="main_deck:\n  - 89631139\n", fmt="names")
@example(text="\ud800", fmt="yaml")  # libyaml refused it with UnicodeEncodeError
@example(text="#main\n\ud800", fmt=None)  # a ydk kept it as a card's text
def test_any_text_is_a_deck_or_an_input_error(db, text, fmt):
    check_read(db, text, fmt)


@pytest.mark.parametrize("fmt", [None, *FORMATS])
def test_half_a_character_in_text_is_an_input_error_with_its_line(db, fmt):
    # a str from a service body or an argument can hold what no file decodes to
    with pytest.raises(InputError, match=r"line 2: invalid Unicode text \(half a character\)"):
        read_deck("#main\n\ud800 x\n", db, "<text>", fmt)


def check_read(db, text: str, fmt: str | None) -> None:
    deck = read_any(text, db, fmt)
    if deck is not None:
        assert sum(deck.sizes().values()) <= 1000
        assert all(p.message for p in deck.problems)
        shown = [deck.name or "", *deck.notices, *(p.message for p in deck.problems)]
        shown += [s.text or "" for section in SECTIONS for s in deck.section(section)]
        "".join(shown).encode("utf-8")  # what a report prints can be printed


@FUZZ
@given(value=st.recursive(st.text(max_size=8), lambda inner: st.lists(inner, max_size=4)))
def test_json_strings_with_any_characters_read_or_refuse_cleanly(db, value):
    check_read(db, json.dumps({"main": value, "x": 1}), "json")


@FUZZ
@given(data=st.binary(max_size=400))
@example(data=b"\xff\xfe#\x00m\x00")
@example(data=b"\x00\x00\xfe\xff")
def test_any_bytes_are_text_or_an_input_error(db, data):
    try:
        text = decode_bytes(data, "<fuzz>")
    except DeckcheckError:
        return
    read_any(text, db, None)


def ydke_block(codes: list[int]) -> str:
    return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode()


ydke_like = st.builds(
    lambda a, b, c, tail: f"ydke://{a}!{b}!{c}{tail}",
    *(st.lists(st.integers(0, 2**32 - 1), max_size=8).map(ydke_block) | st.text(max_size=12)
      for _ in range(3)),
    st.sampled_from(["!", "", "!!", "%21", " "]),
)  # fmt: skip


@FUZZ
@given(url=ydke_like)
def test_any_ydke_url_is_a_deck_or_an_input_error(db, url):
    read_any(url, db, None)


json_scalar = (
    st.integers(-(10**12), 10**12)
    | st.sampled_from(CODES)
    | st.sampled_from(["Pot of Greed", "3 Raigeki", "7", "", "\u00e9", "99 Raigeki", "\ud800 7"])
    | st.floats(allow_nan=False)
    | st.booleans()
    | st.none()
)
json_value = st.recursive(
    json_scalar,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(
                ["main", "extra", "side", "name", "card", "count", "Main Deck", "x", "\udc00"]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=20,
)


@FUZZ
@given(value=json_value, fmt=st.sampled_from(["json", "yaml", None]))
def test_any_json_document_is_a_deck_or_an_input_error(db, value, fmt):
    read_any(json.dumps(value), db, fmt)


deck_codes = st.lists(st.sampled_from(CODES), max_size=30)


@FUZZ
@given(main=deck_codes, extra=deck_codes, side=deck_codes, to=st.sampled_from(FORMATS))
def test_write_then_read_keeps_every_card_of_every_section(db, main, extra, side, to):
    deck = Deck.from_passcodes(main, extra, side)
    text = write_deck(deck, to, db)  # type: ignore[arg-type]
    back = read_deck(text, db, "<fuzz>", to)  # type: ignore[arg-type]
    assert back.problems == []
    for section in SECTIONS:  # names keep printings by their [passcode] marks
        assert Counter(back.passcodes(section)) == Counter(deck.passcodes(section))


@FUZZ
@given(copies=st.integers(1, MAX_COPIES + 5), to=st.sampled_from(["names", "json", "yaml"]))
def test_a_written_count_is_one_the_reader_takes(db, copies, to):
    deck = Deck.from_passcodes([ASH] * copies, [], [])
    try:
        text = write_deck(deck, to, db)  # type: ignore[arg-type]
    except DeckcheckError:
        assert copies > MAX_COPIES
        return
    assert read_deck(text, db, "<fuzz>", to).passcodes("main") == [ASH] * copies  # type: ignore[arg-type]


lflist_line = st.lists(
    st.sampled_from(
        ["55144522", "0", "1", "2", "3", "-1", "4", "9" * 5000, "$genesys", "$whitelist",
         "!2026.07 OCG", "#[2026.07 OCG]", "#Limited 2", "#Limited " + "9" * 5000, "--Pot",
         "1.5", "#Forbidden", "x", "\t", "00027551"]
    ),
    max_size=5,
).map(" ".join)  # fmt: skip


@FUZZ
@given(lines=st.lists(lflist_line, max_size=12) | st.lists(st.text(max_size=40), max_size=6))
def test_any_lflist_text_is_a_list_with_problems_never_an_exception(lines):
    parsed = parse_lflist("\n".join(lines))
    assert all(p.message for p in parsed.problems)


entry = st.builds(
    lambda code, limit, points: Entry(passcode=code, limit=limit, points=points),
    st.sampled_from(CODES),
    st.sampled_from([None, -1, 0, 1, 2, 3]),
    st.none() | st.integers(0, 100),
)


@FUZZ
@given(entries=st.lists(entry, max_size=20), whitelist=st.booleans())
def test_lflist_write_then_read_keeps_every_entry(entries, whitelist):
    banlist = Banlist(
        series="tcg",
        name="2026.07",
        whitelist=whitelist,
        entries={e.passcode: e for e in entries if not (e.limit is None and e.points is None)},
    )
    again = parse_lflist(write_lflist([banlist]))
    assert again.problems == []
    (back,) = again.banlists
    assert back.whitelist == whitelist
    for code, e in banlist.entries.items():
        got = back.entries[code]
        assert (got.limit if got.limit is not None else 3) == (
            e.limit if e.limit is not None else 3
        )
        assert got.points == e.points
