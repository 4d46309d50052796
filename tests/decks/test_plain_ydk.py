"""A .ydk read whole (ydk.read_plain, issue 15) gives the deck the line by line reading
gives, or leaves the text to it; a plain ASCII file skips decoding with the same result."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deckcheck.decks import ydk
from deckcheck.decks.codecs import decode_bytes, load_deck, read_deck
from deckcheck.decks.common import MAX_CARDS
from deckcheck.io.errors import DeckcheckError
from tests.conftest import DECKS
from tests.decks.helpers import ASH, BEUD, BEWD, LIMIT_REVERSE, UNKNOWN

# every kind of line a .ydk may hold, the odd ones too
LINES = [
    str(BEWD), str(ASH), str(BEUD), str(UNKNOWN), "00027551", "000000000027551", " 89631139",
    "89631139\t", "\ufeff89631139", "89631139 # a comment", "0", "4294967295", "4294967296",
    "１２", "+14558127", "-5", "1e5", "#main", "#MAIN", "#main deck", "#extra", "!side",
    "#side", "#created by ...", "!comment", "#extra#created by x", "", "  ", "\t", "\x0c",
    "\u3000", "\u2000", "\x1c", "#a\x01b", "#a\tb", "#a\x1cb", "#é", "x", "\x1a", "\x00",
    "89631139\r", "#main\r", "\r", "1\r2",
]  # fmt: skip
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ends = st.sampled_from(["\n", "\r\n"])


def _by_line(text: str, db) -> object:  # noqa: ANN001
    try:
        return ydk.read_by_line(text, db, "<t>")
    except DeckcheckError as exc:
        return str(exc)


@SETTINGS
@given(lines=st.lists(st.sampled_from(LINES), max_size=30), end=ends, last=st.booleans())
@example(lines=["#main", str(BEWD), "", str(BEWD), "#extra", str(BEUD)], end="\n", last=True)
@example(lines=["#created by ...", "#main", str(BEWD), str(BEUD)], end="\r\n", last=False)
def test_read_whole_or_left_to_the_line_by_line_reading_the_deck_is_the_same(db, lines, end, last):  # noqa: ANN001
    text = end.join(lines) + (end if last else "")
    whole = ydk.read_plain(text, db, "<t>")
    if whole is not None:
        assert whole == _by_line(text, db)
    assert ydk.read_ydk(text, db, "<t>") == _by_line(text, db)


def _load(data: bytes, db) -> object:  # noqa: ANN001
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "d.ydk"
        path.write_bytes(data)
        try:
            return load_deck(str(path), db)
        except DeckcheckError as exc:
            return str(exc).replace(str(path), "d.ydk")


def _decoded(data: bytes, db) -> object:  # noqa: ANN001
    try:
        deck = read_deck(decode_bytes(data, "d.ydk"), db, "d.ydk", "ydk")
    except DeckcheckError as exc:
        return str(exc)
    deck.name = "d"
    return deck


@SETTINGS
@given(lines=st.lists(st.sampled_from(LINES), max_size=30), end=ends)
@example(lines=["#main", str(BEWD), "\x01\x01"], end="\n")  # a control character: decoded
@example(lines=["#main", str(BEWD), "\x1a"], end="")  # the DOS end-of-file mark
@example(lines=["", " ", "\r"], end="\n")  # no card: empty input
def test_a_plain_ascii_file_skips_decoding_and_reads_the_same(db, lines, end):  # noqa: ANN001
    data = end.join(lines).encode("utf-8", "surrogatepass")
    loaded = _load(data, db)
    if isinstance(loaded, str):
        assert loaded == _decoded(data, db)
    else:
        loaded.source = "d.ydk"
        assert loaded == _decoded(data, db)


def test_every_real_deck_is_read_whole(db) -> None:  # noqa: ANN001
    for path in sorted(DECKS.glob("*.ydk")):
        text = path.read_text()
        whole = ydk.read_plain(text, db, str(path))
        assert whole is not None and whole == ydk.read_by_line(text, db, str(path)), path.name


def test_lines_of_other_white_space_are_blank_lines_not_a_crash(db) -> None:  # noqa: ANN001
    # "\x1c" and U+2000 are white space to str.split but no blank of ours: the line by line
    # reading once failed with an IndexError on such a line
    for blank in ("\x1c", "\u2000", " \u2028 "):
        deck = ydk.read_ydk(f"#main\n{blank}\n{BEWD}\n#extra\n!side\n", db)
        assert deck.codes("main") == [BEWD] and deck.lines("main") == [3]
        assert deck.problems == []


def test_the_card_limit_and_line_numbers_after_a_blank_line_or_a_comment(db) -> None:  # noqa: ANN001
    text = f"#main\n{BEWD}\n\n#c\n00027551\n#extra\n!side\n{ASH}\n#main\n{BEWD}\n"
    deck = ydk.read_plain(text, db, "<t>")
    assert deck is not None
    assert deck.codes("main") == [BEWD, LIMIT_REVERSE, BEWD] and deck.lines("main") == [2, 5, 10]
    assert deck.codes("side") == [ASH] and deck.lines("side") == [8]
    many = "#main\n" + f"{BEWD}\n" * (MAX_CARDS - 2)  # MAX_CARDS lines with the last, empty one
    assert ydk.read_plain(many, db, "<t>") is not None
    assert ydk.read_plain(many + f"{BEWD}\n", db, "<t>") is None  # more lines: line by line
    assert ydk.read_ydk(many + f"{BEWD}\n", db).size("main") == MAX_CARDS - 1
