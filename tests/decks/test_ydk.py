"""The .ydk reader and writer: tolerances, errors with line numbers, the Extra Deck split."""

from __future__ import annotations

import pytest

from deckcheck.decks.common import MAX_CARDS, MAX_PASSCODE, MAX_PROBLEMS, UnknownCardsError
from deckcheck.decks.model import Deck, Slot
from deckcheck.decks.ydk import read_ydk, write_ydk
from deckcheck.io.errors import InputError
from tests.decks.helpers import BEUD, BEWD, BORRELOAD, LIMIT_REVERSE, POT, UNKNOWN


def codes(deck: Deck) -> tuple[list[int], list[int], list[int]]:
    return deck.passcodes("main"), deck.passcodes("extra"), deck.passcodes("side")


def test_plain_file(db):
    text = f"#created by someone\n#main\n{BEWD}\n{POT}\n#extra\n{BEUD}\n!side\n{POT}\n"
    deck = read_ydk(text, db)
    assert codes(deck) == ([BEWD, POT], [BEUD], [POT])
    assert deck.problems == [] and deck.notices == []
    assert [s.line for s in deck.main] == [3, 4]


def test_crlf_bom_blank_lines_and_comments(db):
    text = (
        f"\ufeff#created by MDPro3\r\n\r\n#main\r\n# my tech\r\n{BEWD}\r\n\r\n"
        f"!not a section\r\n{POT}\r\n#extra\r\n{BEUD}\r\n!side\r\n"
    )
    deck = read_ydk(text, db)
    assert codes(deck) == ([BEWD, POT], [BEUD], [])
    assert deck.problems == []
    assert [s.line for s in deck.main] == [5, 8]


def test_cr_only_and_mixed_line_ends_keep_line_numbers(db):
    deck = read_ydk(f"#main\r{BEWD}\r\nabc\n{POT}\r#extra\n", db)
    assert codes(deck)[0] == [BEWD, POT]
    assert [(p.line, p.section) for p in deck.problems] == [(3, "main")]
    assert [s.line for s in deck.main] == [2, 4]


def test_leading_zeros_and_trailing_comments(db):
    text = (
        "#main\n00027551\n"
        f"{BEWD} # Blue-Eyes\n{BEWD}\tBlue-Eyes White Dragon\n{BEWD} -- x\n  {POT}  \n"
        f"+{POT}\n#extra\n"
    )
    deck = read_ydk(text, db)
    assert codes(deck)[0] == [LIMIT_REVERSE, BEWD, BEWD, BEWD, POT, POT]
    assert deck.problems == []


def test_side_header_variants(db):
    assert codes(read_ydk(f"#main\n#extra\n#side\n{POT}\n", db))[2] == [POT]
    assert codes(read_ydk(f"#MAIN\n#Extra\n!Side\n{POT}\n", db))[2] == [POT]


def test_unreadable_tokens_are_problems_with_line_numbers_and_reading_goes_on(db):
    text = f"#main\nabc\n0\n-5\n1.5\n{BEWD}x\n12 3\n{POT}\n#extra\n!side\n{POT}\n"
    deck = read_ydk(text, db)
    assert codes(deck) == ([POT], [], [POT])
    found = [(p.line, p.section, p.message) for p in deck.problems]
    assert [(line, section) for line, section, _ in found] == [
        (2, "main"),
        (3, "main"),
        (4, "main"),
        (5, "main"),
        (6, "main"),
        (7, "main"),
    ]
    assert "'abc' is not a passcode" in found[0][2]
    assert "positive" in found[1][2] and "positive" in found[2][2]
    assert "unexpected '3'" in found[5][2]


def test_passcode_range_edges(db):
    text = f"#main\n{MAX_PASSCODE}\n{MAX_PASSCODE + 1}\n1\n0\n99999999999999\n#extra\n"
    deck = read_ydk(text, db)
    assert codes(deck)[0] == [MAX_PASSCODE, 1]
    assert [p.line for p in deck.problems] == [3, 5, 6]
    assert "too large" in deck.problems[0].message
    assert "too large" in deck.problems[2].message


def test_a_thousand_digit_token_is_refused_quickly(db):
    deck = read_ydk("#main\n" + "9" * 5000 + "\n#extra\n", db)
    assert deck.main == [] and "too large" in deck.problems[0].message


def test_unknown_passcodes_stay_in_the_deck(db):
    deck = read_ydk(f"#main\n{UNKNOWN}\n#extra\n", db)
    assert deck.main == [Slot(passcode=UNKNOWN, line=2)]
    assert deck.problems == []


def test_no_extra_line_splits_by_card_type_with_a_notice(db):
    deck = read_ydk(f"#main\n{BEWD}\n{BORRELOAD}\n{BEUD}\n{UNKNOWN}\n!side\n{BORRELOAD}\n", db)
    assert codes(deck) == ([BEWD, UNKNOWN], [BORRELOAD, BEUD], [BORRELOAD])
    assert len(deck.notices) == 1
    assert "#extra" in deck.notices[0] and "2" in deck.notices[0]


def test_no_extra_line_and_no_extra_monsters_says_nothing(db):
    deck = read_ydk(f"#main\n{BEWD}\n", db)
    assert codes(deck) == ([BEWD], [], []) and deck.notices == []


def test_with_an_extra_line_cards_stay_where_the_file_puts_them(db):
    deck = read_ydk(f"#main\n{BORRELOAD}\n#extra\n{BEWD}\n", db)
    assert codes(deck) == ([BORRELOAD], [BEWD], [])
    assert deck.notices == []


def test_passcodes_before_any_header_are_main(db):
    deck = read_ydk(f"{BEWD}\n#extra\n{BEUD}\n", db)
    assert codes(deck) == ([BEWD], [BEUD], [])


def test_garbage_stops_after_too_many_problems(db):
    deck = read_ydk("#main\n" + "junk\n" * (MAX_PROBLEMS * 3), db)
    assert len(deck.problems) == MAX_PROBLEMS + 1
    assert "too many" in deck.problems[-1].message


def test_runs_of_digit_lines_keep_the_line_by_line_rules(db):
    # digit lines are read in bulk; a run with one odd line is read line by line: the
    # Fullwidth digits and the zero are problems at their lines, the rest are cards
    text = f"#main\n{POT}\n\uff11\uff12\n{BEWD}\n0\n{POT}\n#extra\n{BEUD}\n"
    deck = read_ydk(text, db)
    assert codes(deck) == ([POT, BEWD, POT], [BEUD], [])
    assert [s.line for s in deck.main] == [2, 4, 6]
    assert [p.line for p in deck.problems] == [3, 5]
    # too many problems inside a run stop the reading there, later sections unread
    stopped = read_ydk("#main\n" + "0\n" * (MAX_PROBLEMS * 2) + f"#extra\n{BEUD}\n", db)
    assert len(stopped.problems) == MAX_PROBLEMS + 1 and stopped.extra == []


def test_card_limit_edge(db):
    legal = read_ydk("#main\n" + f"{POT}\n" * MAX_CARDS + "#extra\n", db)
    assert len(legal.main) == MAX_CARDS
    with pytest.raises(InputError, match="not a deck"):
        read_ydk("#main\n" + f"{POT}\n" * (MAX_CARDS + 1) + "#extra\n", db)


def test_write_ydk():
    deck = Deck.from_passcodes([BEWD, POT], [BEUD], [POT])
    assert write_ydk(deck) == (
        f"#created by deckcheck\n#main\n{BEWD}\n{POT}\n#extra\n{BEUD}\n!side\n{POT}\n"
    )


def test_write_ydk_refuses_cards_without_passcode():
    deck = Deck(main=[Slot(passcode=BEWD), Slot(text="Ash Blosom"), Slot(text="Ash Blosom")])
    with pytest.raises(UnknownCardsError) as err:
        write_ydk(deck)
    assert err.value.cards == ["Ash Blosom"]
