"""Name lists pasted from web sites (issue 12): names blind to punctuation, hyphens and
articles when exactly one card fits, and Japanese, Chinese and Korean section headers."""

from __future__ import annotations

import pytest

from deckcheck.decks.codecs import read_deck
from deckcheck.decks.names import heading, read_names
from tests.cli.helpers import run
from tests.decks.helpers import ASH, BEWD, BORRELOAD, POT

TRADE_IN = 38120068
NIBIRU = 27204311
DICTATOR_OF_D = 66961194
MAXX_C = 23434538
ROCK_SPIRIT, THE_ROCK_SPIRIT = 82818645, 76305638


@pytest.mark.parametrize(
    ("line", "passcode", "name"),
    [
        ("3 Blue Eyes White Dragon", BEWD, "Blue-Eyes White Dragon"),
        ("3 Dictator of D", DICTATOR_OF_D, "Dictator of D."),
        ("3 Trade In", TRADE_IN, "Trade-In"),
        ("3 Nibiru the Primal Being", NIBIRU, "Nibiru, the Primal Being"),
        ("Nibiru Primal Being x3", NIBIRU, "Nibiru, the Primal Being"),
        ("3 Ash Blossom and Joyous Spring", ASH, "Ash Blossom & Joyous Spring"),
        ("3x Maxx C", MAXX_C, 'Maxx "C"'),
        ("3 BLUE-EYES WHITE-DRAGON", BEWD, "Blue-Eyes White Dragon"),
    ],
)
def test_web_names_are_read_with_a_notice(db, line, passcode, name):
    deck = read_names(f"Main Deck\n{line}\n", db)
    assert deck.passcodes("main") == [passcode] * 3 and not deck.problems
    (notice,) = deck.notices
    written = line.removesuffix(" x3").split(" ", 1)[1] if line[0] == "3" else line[:-3]
    assert notice == (
        f"line 2: '{written}' read as {name}, the only card whose name matches it without "
        "punctuation, spaces and articles"
    )


def test_exact_names_need_no_notice(db):
    deck = read_names("3 Blue-Eyes White Dragon\n1 Rock Spirit\n1 The Rock Spirit\n", db)
    assert deck.passcodes("main") == [BEWD] * 3 + [ROCK_SPIRIT, THE_ROCK_SPIRIT]
    assert deck.notices == []


@pytest.mark.parametrize("name", ["Rock-Spirit", "rock spirit!", "Rai Mei"])
def test_a_loose_name_that_fits_two_cards_stays_unknown(db, name):
    # "Rock Spirit" / "The Rock Spirit" and "Raimei" / "Rai-Mei" differ only loosely
    deck = read_names(f"1 {name}\n", db)
    assert deck.main[0].passcode is None and deck.main[0].text == name
    assert deck.notices == []


def test_loose_names_in_yaml_decks(db):
    deck = read_deck("main: [3 Trade In, {card: Blue Eyes White Dragon, count: 2}]\n", db)
    assert deck.passcodes("main") == [TRADE_IN] * 3 + [BEWD] * 2
    assert [n.split(" read as ")[1].split(",")[0] for n in deck.notices] == [
        "Trade-In",
        "Blue-Eyes White Dragon",
    ]


def test_convert_allow_unknown_converts_what_it_can(capsys, tmp_path):
    path = tmp_path / "pasted.txt"
    path.write_text(
        "3 Blue Eyes White Dragon\n1 Dictator of D\n2 Trade In\n1 Nibiru the Primal Being\n"
        "1 Qqzx Not A Card\n"
    )
    refused = run(capsys, "convert", str(path), "--to", "ydk")
    assert refused.code == 2 and "1 card not in the card data" in refused.err
    assert "Qqzx Not A Card" in refused.err and refused.out == ""
    result = run(capsys, "convert", str(path), "--to", "ydk", "--allow-unknown")
    assert result.code == 0, result.err
    main = result.out.split("#main\n")[1].split("#extra")[0].split()
    assert main == [str(BEWD)] * 3 + [str(DICTATOR_OF_D)] + [str(TRADE_IN)] * 2 + [str(NIBIRU)]
    assert "read as Trade-In" in result.err
    assert "note: left out 1 card that ydk cannot hold without a passcode: Qqzx" in result.err
    names = run(capsys, "convert", str(path), "--to", "names", "--allow-unknown")
    assert names.code == 0 and "1 Qqzx Not A Card\n" in names.out
    assert "3 Blue-Eyes White Dragon\n" in names.out


JAPANESE = """メインデッキ（3枚）
3 強欲な壺
【エクストラデッキ】
1 ヴァレルロード・ドラゴン
サイドデッキ：3枚
3 灰流うらら
"""


@pytest.mark.parametrize(
    "headers",
    [
        ("メインデッキ（3枚）", "【エクストラデッキ】", "サイドデッキ：3枚"),
        ("モンスター", "エクストラ", "サイド"),
        ("主卡组", "额外卡组", "副卡组"),
        ("主牌組 (3張)", "額外牌組", "副牌組"),
        ("메인 덱 (3장)", "엑스트라 덱", "사이드 덱"),
        ("메인덱", "엑스트라덱", "사이드덱"),
    ],
)
def test_cjk_section_headers(db, headers):
    main, extra, side = headers
    text = f"{main}\n3 強欲な壺\n{extra}\n1 ヴァレルロード・ドラゴン\n{side}\n3 灰流うらら\n"
    deck = read_names(text, db)
    assert not deck.problems
    assert deck.passcodes("main") == [POT] * 3
    assert deck.passcodes("extra") == [BORRELOAD]
    assert deck.passcodes("side") == [ASH] * 3  # not merged into the Main Deck
    assert all(slot.text is None for slot in deck.main)


@pytest.mark.parametrize(
    ("line", "section"),
    [
        ("サイドデッキ", "side"),
        ("サイドデッキ 15枚", "side"),
        ("サイドデッキ外", None),  # not a header: a (unknown) card name
        ("デッキ", None),
    ],
)
def test_header_edges(db, line, section):
    assert heading(line) == section
    assert db.find(line) is None
