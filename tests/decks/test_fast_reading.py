"""The quick paths of reading (issue 15) give what the general ones give: line numbers as an
editor counts them, the control-character limit at its edge, file names' stems."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.decks.codecs import _stem_suffix, decode_bytes, load_deck
from deckcheck.decks.common import split_lines
from deckcheck.decks.model import Deck, Slot
from deckcheck.decks.ydk import read_ydk
from deckcheck.io.errors import InputError
from tests.conftest import DECKS


def test_lines_break_only_at_line_ends_even_where_str_splitlines_would() -> None:
    # str.splitlines also breaks at \v, \f and \x1c-\x1e; an editor does not
    assert split_lines("a\x0bb\nc\x0c\r\nd\x1ce") == ["a\x0bb", "c\x0c", "d\x1ce"]
    assert split_lines("\ufeff1\r2\n") == ["1", "2", ""]


def test_a_form_feed_in_a_comment_keeps_the_following_line_numbers(db) -> None:  # noqa: ANN001
    deck = read_ydk("#created by x\x0cy\n#main\n89631139\n#extra\n!side\n", db)
    assert [(s.passcode, s.line) for s in deck.main] == [(89631139, 3)]


def test_control_characters_up_to_one_in_twenty_are_text_one_more_is_binary() -> None:
    text = "#main\n" + "1" * 93 + "\n"  # 100 characters
    assert decode_bytes((text[:-5] + "\x01" * 5).encode(), "d.ydk")
    with pytest.raises(InputError, match="binary data"):
        decode_bytes((text[:-6] + "\x01" * 6).encode(), "d.ydk")
    # the DOS end-of-file mark is dropped before counting
    assert decode_bytes((text[:-5] + "\x01" * 5).encode() + b"\x1a", "d.ydk")


def test_a_file_name_gives_its_stem_and_suffix_as_pathlib_does() -> None:
    names = ["a.ydk", "d/a.b.YDK", "x/.ydk", "foo.", "a/b/", "deck", "d..ydk", "a/..ydk", "/"]
    for name in [*names, "a\\b.ydk", "//a.ydk//"]:
        assert _stem_suffix(name) == (Path(name).stem, Path(name).suffix), name


def test_a_real_deck_reads_the_same_through_the_quick_path(db) -> None:  # noqa: ANN001
    path = DECKS / "AI_Blackwing.ydk"
    quick = load_deck(str(path), db)
    # the same text with trailing blanks on every line takes the general path
    slow = read_ydk(path.read_text().replace("\n", " \n"), db, str(path))
    assert quick.name == "AI_Blackwing"
    for section in ("main", "extra", "side"):
        assert quick.section(section) == slow.section(section)
    assert quick.problems == slow.problems == []


def test_a_read_ydk_is_held_as_passcodes_and_lines_and_gives_the_same_slots(db) -> None:  # noqa: ANN001
    text = "#main\n89631139\n\n89631139\n#extra\n!side\n14558127\n"
    deck = read_ydk(text, db)
    assert deck.codes("main") == [89631139, 89631139] and deck.lines("main") == [2, 4]
    assert deck.sizes() == {"main": 2, "extra": 0, "side": 1}
    digest = deck.digest()
    # asking for the slots gives the same deck, then the slots are the section
    assert deck == read_ydk(text, db)
    assert deck.main == [Slot(89631139, None, 2), Slot(89631139, None, 4)]
    deck.main.append(Slot(89631139, None, 9))
    assert deck.codes("main") == [89631139] * 3 and deck.lines("main") == [2, 4, 9]
    assert deck != read_ydk(text, db) and deck.digest() != digest


def test_a_deck_of_slots_and_one_of_passcodes_are_equal_and_digest_alike() -> None:
    slots = Deck(main=[Slot(89631139), Slot(89631139)], side=[Slot(14558127)])
    codes = Deck.from_passcodes([89631139, 89631139], side=[14558127])
    assert slots == codes and slots.digest() == codes.digest()
    named = Deck(main=[Slot(89631139), Slot(text="Ash Blosom")])
    assert named.codes("main") == [89631139, None] and named.texts("main") == [None, "Ash Blosom"]
    assert named.digest() != Deck.from_passcodes([89631139]).digest()


def test_every_real_deck_reads_the_same_through_the_quick_path_and_line_by_line(db) -> None:  # noqa: ANN001
    for path in sorted(DECKS.glob("*.ydk")):
        text = path.read_text()
        quick = read_ydk(text, db, str(path))
        slow = read_ydk(text.replace("\n", " \n"), db, str(path))  # blanks: line by line
        assert quick == slow, path.name


def test_a_line_the_quick_path_cannot_take_leaves_the_deck_to_the_line_by_line_reading(db) -> None:  # noqa: ANN001
    # passcodes read before the odd line are not kept twice; 0 is a problem at its line, a
    # passcode padded to 12 digits is read, full-width digits are no passcode
    text = "#main\n89631139\n89631139\n0\n#extra\n!side\n000014558127\n１２\n14558127\n"
    deck = read_ydk(text, db)
    assert deck.codes("main") == [89631139, 89631139] and deck.lines("main") == [2, 3]
    assert deck.codes("side") == [14558127, 14558127] and deck.lines("side") == [7, 9]
    assert [(p.line, p.message) for p in deck.problems] == [
        (4, "passcode must be a positive number, not 0"),
        (8, "'１２' is not a passcode"),
    ]
