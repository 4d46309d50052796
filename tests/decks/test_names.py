"""Name lists: counts, headings, languages, unknown names, absurd counts, the split."""

from __future__ import annotations

import pytest

from deckcheck.decks.common import MAX_COPIES
from deckcheck.decks.model import Deck, Slot
from deckcheck.decks.names import heading, read_names, write_names
from tests.decks.helpers import (
    ASH,
    BEUD,
    BEUD_ALT,
    BEWD,
    BORRELOAD,
    DARK_MAGICIAN,
    DARK_MAGICIAN_ALT,
    HARPIE_LADY_1,
    POT,
    RAIGEKI,
    SEVEN,
    SEVEN_COLORED_FISH,
    UNKNOWN,
)


@pytest.mark.parametrize(
    "line",
    [
        "3 Pot of Greed",
        "3x Pot of Greed",
        "3X Pot of Greed",
        "3 x Pot of Greed",
        "3× Pot of Greed",
        "Pot of Greed x3",
        "Pot of Greed x 3",
        "- 3 Pot of Greed",
        "* Pot of Greed x3",
        "  3 pot of greed  ",
        "3 強欲な壺",
        "3 Pot de Cupidité",
        "3 POT DE CUPIDITE",
        f"3 {POT}",
    ],
)
def test_count_forms(db, line):
    deck = read_names(line, db)
    assert deck.passcodes("main") == [POT] * 3
    assert deck.problems == []
    assert {s.line for s in deck.main} == {1}


def test_one_copy_without_a_count(db):
    deck = read_names(f"Pot of Greed\nRaigeki\n{BEWD}\n", db)
    assert deck.passcodes("main") == [POT, RAIGEKI, BEWD]


def test_names_starting_with_a_number(db):
    deck = read_names("7 Colored Fish\n2 7 Colored Fish\n3 7\n7\n", db)
    assert deck.passcodes("main") == [SEVEN_COLORED_FISH] * 3 + [SEVEN] * 4


def test_unknown_names_stay_as_text_with_their_line(db):
    deck = read_names("Main Deck\n3 Ash Blosom\nPot of Greed\n", db)
    assert deck.main[:3] == [Slot(passcode=None, text="Ash Blosom", line=2)] * 3
    assert deck.passcodes("main") == [POT]
    assert deck.problems == []


def test_unknown_passcode_numbers_are_kept(db):
    assert read_names(f"2 {UNKNOWN}\n", db).passcodes("main") == [UNKNOWN, UNKNOWN]


def test_count_edges(db):
    deck = read_names(f"{MAX_COPIES} Pot of Greed\n", db)
    assert len(deck.main) == MAX_COPIES and deck.problems == []
    for text in (f"{MAX_COPIES + 1} Pot of Greed", "10000x Pot of Greed", "0 Pot of Greed"):
        deck = read_names(f"Raigeki\n{text}\nRaigeki\n", db)
        assert deck.passcodes("main") == [RAIGEKI, RAIGEKI], text
        assert [p.line for p in deck.problems] == [2], text
        assert "not a plausible count" in deck.problems[0].message


def test_absurd_count_digits_do_not_build_slots(db):
    deck = read_names("99999999999999999999 Pot of Greed\n", db)
    assert deck.main == [] and len(deck.problems) == 1


def test_bad_passcode_numbers_are_problems(db):
    deck = read_names("0\n3 99999999999\n", db)
    assert deck.main == []
    assert [p.line for p in deck.problems] == [1, 2]


@pytest.mark.parametrize(
    ("line", "section"),
    [
        ("Main Deck", "main"),
        ("Main Deck:", "main"),
        ("Main Deck (40)", "main"),
        ("Main Deck: 40 cards", "main"),
        ("== Main Deck ==", "main"),
        ("#main", "main"),
        ("Monster", "main"),
        ("Monsters: 14", "main"),
        ("Monster Cards (14)", "main"),
        ("Spell", "main"),
        ("Trap Cards", "main"),
        ("Extra", "extra"),
        ("Extra Deck [15]", "extra"),
        ("#extra", "extra"),
        ("Side", "side"),
        ("Side Deck:", "side"),
        ("!side", "side"),
        ("Sideboard", "side"),
        ("3 Monster", None),
        ("Pot of Greed", None),
    ],
)
def test_headings(line, section):
    assert heading(line) == section


def test_ygoprodeck_style_export(db):
    text = (
        "Monster\n3 Ash Blossom & Joyous Spring\n1 Blue-Eyes White Dragon\n\n"
        "Spell\n1 Pot of Greed\n\nTrap\n\nExtra\n1 Borreload Dragon\n\nSide\n2 Raigeki\n"
    )
    deck = read_names(text, db)
    assert deck.passcodes("main") == [ASH] * 3 + [BEWD, POT]
    assert deck.passcodes("extra") == [BORRELOAD]
    assert deck.passcodes("side") == [RAIGEKI, RAIGEKI]
    assert deck.notices == [] and deck.problems == []


def test_edopro_card_name_export(db):
    """EDOPro's "copy card names": headed sections, "N Name" lines, two blank lines between."""
    text = (
        "Main Deck:\n3 Pot of Greed\n1 Raigeki\n\n\nExtra Deck:\n1 Borreload Dragon\n\n\n"
        "Side Deck:\n2 Raigeki\n"
    )
    deck = read_names(text, db)
    assert deck.passcodes("main") == [POT] * 3 + [RAIGEKI]
    assert deck.passcodes("extra") == [BORRELOAD] and deck.passcodes("side") == [RAIGEKI] * 2
    assert deck.problems == [] and deck.notices == []


def test_ydk_style_headings_in_a_name_list(db):
    text = "#created by someone\n#main\n3 Pot of Greed\n#extra\n1 Borreload Dragon\n!side\n"
    deck = read_names(text, db)
    assert deck.passcodes("main") == [POT] * 3 and deck.passcodes("extra") == [BORRELOAD]


def test_comments_and_separators_are_skipped(db):
    text = "// my deck\n# notes\n-----\n3 Pot of Greed\n=====\n"
    deck = read_names(text, db)
    assert deck.passcodes("main") == [POT] * 3 and deck.problems == []


def test_without_extra_heading_extra_monsters_move_with_a_notice(db):
    deck = read_names("3 Pot of Greed\n1 Borreload Dragon\nSide Deck\n1 Borreload Dragon\n", db)
    assert deck.passcodes("main") == [POT] * 3
    assert deck.passcodes("extra") == [BORRELOAD]
    assert deck.passcodes("side") == [BORRELOAD]
    assert len(deck.notices) == 1 and "Extra Deck heading" in deck.notices[0]


def test_with_extra_heading_misplaced_cards_stay(db):
    deck = read_names("Main Deck\n1 Borreload Dragon\nExtra Deck\n1 Pot of Greed\n", db)
    assert deck.passcodes("main") == [BORRELOAD] and deck.passcodes("extra") == [POT]
    assert deck.notices == []


def test_write_names_groups_counts_under_headings(db):
    deck = Deck.from_passcodes([POT, BEWD, POT, UNKNOWN], [BEUD], [HARPIE_LADY_1])
    assert write_names(deck, db) == (
        "Main Deck\n2 Pot of Greed\n1 Blue-Eyes White Dragon\n"
        f"1 {UNKNOWN}\n\nExtra Deck\n1 Blue-Eyes Ultimate Dragon\n\n"
        "Side Deck\n1 Harpie Lady 1\n"
    )


def test_written_names_keep_the_printing(db):
    deck = Deck.from_passcodes([DARK_MAGICIAN_ALT, DARK_MAGICIAN], [BEUD_ALT])
    text = write_names(deck, db)
    assert f"1 Dark Magician [{DARK_MAGICIAN_ALT}]" in text
    back = read_names(text, db)
    assert back.passcodes("main") == [DARK_MAGICIAN_ALT, DARK_MAGICIAN]
    assert back.passcodes("extra") == [BEUD_ALT]


def test_names_with_dashes_and_quotes_round_trip(db):
    names = ["Raidraptor - Ultimate Falcon", 'Maxx "C"', "Harpie's Feather Duster"]
    deck = read_names("\n".join(names) + "\nExtra Deck\n", db)
    assert len(deck.passcodes("main")) + len(deck.passcodes("extra")) == 3
    back = read_names(write_names(deck, db), db)
    assert back.digest() == deck.digest()


def test_known_cards_without_passcode_are_problems(db):
    text = "Main Deck\n1 Rainbow Crystal Collection\n2 Adventurer Token\n1 Pot of Greed\n"
    deck = read_names(text, db)
    assert deck.passcodes("main") == [POT] and len(deck.main) == 1
    assert [p.line for p in deck.problems] == [2, 3]
    assert "known skill card but has no passcode" in deck.problems[0].message
    assert "known token card" in deck.problems[1].message


def test_a_negative_count_is_a_problem_not_a_card_name(db):
    deck = read_names("Main Deck\n-3 Dark Magician\n2 Dark Magician\n", db)
    assert len(deck.main) == 2
    (problem,) = deck.problems
    assert problem.line == 2 and "cannot be negative" in problem.message
