"""The printable registration sheet: the PDF's text holds the fields, every card with its
quantity in the right list, and totals the tool computed."""

from __future__ import annotations

import io
from datetime import date

import pytest
from pypdf import PdfReader

from deckcheck.decks.codecs import load_deck
from deckcheck.decks.model import Deck, Slot
from deckcheck.io.errors import InputError
from deckcheck.report import sheet
from deckcheck.report.sheet import latin1, render_sheet, sheet_data
from tests.conftest import DECKS
from tests.event.helpers import SCRAP_RECYCLER, deck

EVIL_TWIN_KI_SIKIL = 9205573  # a Link monster whose name has a star


def pdf_text(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    return reader.pages[0].extract_text().splitlines()


@pytest.fixture(scope="module")
def level8_lines(db):
    data = render_sheet(
        deck("AI_Level8", db), db, "Yugi Mutou", "Regional 42", date(2025, 11, 1), "OCG", "0042"
    )
    assert data.startswith(b"%PDF-")
    return pdf_text(data)


def test_fields(level8_lines):
    text = "\n".join(level8_lines)
    for label, value in [
        ("PLAYER NAME", "Yugi Mutou"),
        ("PLAYER ID", "0042"),
        ("EVENT", "Regional 42"),
        ("EVENT DATE", "2025-11-01"),
        ("FORMAT", "OCG"),
    ]:
        assert f"{label}\n{value}\n" in text


def test_quantities_and_names(level8_lines):
    for line in [
        "3 Scrap Recycler",  # Main Deck monster
        "3 Unexpected Dai",  # spell
        "2 Solemn Strike",  # trap
        "2 Scrap Wyvern",  # Extra Deck
        "2 Phantom Knights' Fog Blade",  # Side Deck
        "1 Number 41: Bagooska the Terribly Tired Tapir",  # a long name, narrowed not cut
    ]:
        assert line in level8_lines


def test_totals_are_computed(level8_lines):
    for line in [
        "Total Monster Cards 25",
        "Total Spell Cards 13",
        "Total Trap Cards 2",
        "MAIN DECK TOTAL 40",
        "Total Side Deck 15",
        "Total Extra Deck 15",
    ]:
        assert line in level8_lines


def test_lists_follow_the_deck(db):
    data = sheet_data(deck("AI_Level8", db), db)
    assert data.traps.lines == [(2, "Solemn Strike")]
    assert data.main_total == 40
    # the alternate-art Clear Wing in the Side Deck prints under the card's name
    assert (1, "Clear Wing Synchro Dragon") in data.side.lines
    # an Extra Deck monster is listed on the Extra Deck side only
    assert all(name != "Scrap Dragon" for _, name in data.monsters.lines)


def test_names_outside_latin1(db):
    d = Deck.from_passcodes([EVIL_TWIN_KI_SIKIL] * 2)
    lines = pdf_text(render_sheet(d, db, "Ki-sikil"))
    assert "2 Evil★Twin Ki-sikil" in lines
    assert "Total Monster Cards 2" in lines


def test_core_font_fallback_says_what_it_replaced(db, monkeypatch):
    monkeypatch.setattr(sheet, "_font_files", lambda: None)
    d = Deck.from_passcodes([EVIL_TWIN_KI_SIKIL])
    text = "\n".join(pdf_text(render_sheet(d, db, "Lil-la")))
    assert "1 Evil*Twin Ki-sikil" in text
    assert "symbols outside Latin-1 replaced" in text


def test_latin1_fallback_names():
    assert latin1("Enneacraft - Aizaβ.LEON") == "Enneacraft - Aizabeta.LEON"
    assert latin1("Cooky☆Yummy") == "Cooky*Yummy"
    assert latin1("Ōkami") == "?kami"


def test_unknown_cards_are_refused(db):
    d = Deck(main=[Slot(text="Blue Eyes Wite Dragon", line=2)])
    with pytest.raises(InputError, match="cannot print a sheet with unknown cards"):
        render_sheet(d, db, "Kaiba")


def test_bad_font_setting(db, monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_FONT", str(tmp_path / "missing.ttf"))
    with pytest.raises(InputError, match="not a font file"):
        render_sheet(Deck.from_passcodes([EVIL_TWIN_KI_SIKIL]), db, "X")


# --- names in Japanese, Chinese and Korean --------------------------------------------

CJK_PLAYERS = ["山田太郎", "张伟", "김철수"]  # Japanese, Chinese, Korean


def name_list(d: Deck, db, language: str) -> str:
    """The deck as a name list written in one language of the card data."""
    out = []
    for section, heading in (("main", "Main Deck"), ("extra", "Extra Deck"), ("side", "Side Deck")):
        out.append(heading)
        for slot in d.section(section):
            card = db.get(slot.passcode)
            out.append(f"1 {card.names.get(language, card.name)}")
    return "\n".join(out) + "\n"


@pytest.fixture
def cjk_font():
    from deckcheck.report.fonts import font_with, needed

    if font_with(needed("".join(CJK_PLAYERS) + "青眼の白龍")) is None:
        pytest.skip("no CJK font on this machine (.ci/services.sh installs fonts-wqy-microhei)")


@pytest.fixture
def no_fonts(monkeypatch, tmp_path):
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    monkeypatch.setenv("DECKCHECK_FONT_DIRS", str(empty))
    return empty


@pytest.mark.parametrize("player", CJK_PLAYERS)
def test_cjk_player_names_are_printed(db, cjk_font, player):
    text = "\n".join(pdf_text(render_sheet(deck("AI_Level8", db), db, player, "地区大会")))
    assert f"PLAYER NAME\n{player}\n" in text
    assert "地区大会" in text
    assert "3 Scrap Recycler" in text  # the Latin names still in the sheet's own font


def test_a_japanese_name_list_prints_japanese_names(db, cjk_font, tmp_path):
    level8 = deck("AI_Level8", db)
    path = tmp_path / "level8-ja.txt"
    path.write_text(name_list(level8, db, "ja"))
    assert sheet.language_of(str(path), db) == "ja"
    lines = pdf_text(render_sheet(load_deck(str(path), db), db, "山田太郎", language="ja"))
    recycler = db.get(SCRAP_RECYCLER).names["ja"]
    assert f"3 {recycler}" in lines
    assert "Total Monster Cards 25" in lines and "MAIN DECK TOTAL 40" in lines


def test_the_language_of_a_deck_file(db, tmp_path):
    level8 = deck("AI_Level8", db)
    assert sheet.language_of(str(DECKS / "AI_Level8.ydk"), db) is None  # passcodes
    for language in ("ko", "zh-CN", "de"):
        path = tmp_path / f"{language}.txt"
        path.write_text(name_list(level8, db, language))
        assert sheet.language_of(str(path), db) == language
    english = tmp_path / "en.txt"
    english.write_text(name_list(level8, db, "en"))
    assert sheet.language_of(str(english), db) is None
    # half Japanese, half English: no language wins, English names
    ja, en = name_list(level8, db, "ja").splitlines(), english.read_text().splitlines()
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("\n".join(ja[: len(ja) // 2] + en[len(en) // 2 :]) + "\n")
    assert sheet.language_of(str(mixed), db) is None
    assert sheet.language_of(str(tmp_path / "missing.txt"), db) is None
    assert sheet.language_of("-", db) is None


def test_no_cjk_font_is_a_clear_error(db, no_fonts):
    with pytest.raises(InputError) as refused:
        render_sheet(deck("AI_Level8", db), db, "山田太郎")
    message = str(refused.value)
    assert "cannot print the player name '山田太郎' on the sheet" in message
    assert f"DECKCHECK_FONT_DIRS: {no_fonts}" in message and "fonts-wqy-microhei" in message


def test_latin_names_need_no_font_search(db, no_fonts):
    # the legal edge: the sheet's own Unicode font has every glyph, nothing is looked for
    lines = pdf_text(render_sheet(Deck.from_passcodes([EVIL_TWIN_KI_SIKIL]), db, "Ōkami"))
    assert "1 Evil★Twin Ki-sikil" in lines


def test_cli_sheet_in_japanese(capsys, db, cjk_font, tmp_path):
    from tests.cli.helpers import run

    path = tmp_path / "level8-ja.txt"
    path.write_text(name_list(deck("AI_Level8", db), db, "ja"))
    out = tmp_path / "sheet.pdf"
    result = run(capsys, "sheet", str(path), "--player", "山田太郎", "-o", str(out))
    assert result.code == 0, result.err
    text = "\n".join(pdf_text(out.read_bytes()))
    assert f"3 {db.get(SCRAP_RECYCLER).names['ja']}" in text and "山田太郎" in text
    english = tmp_path / "sheet-en.pdf"
    again = run(
        capsys, "sheet", str(path), "--player", "Yugi", "--language", "en", "-o", str(english)
    )
    assert again.code == 0 and "3 Scrap Recycler" in pdf_text(english.read_bytes())


def test_cli_sheet_without_a_cjk_font_exits_2(capsys, db, no_fonts, tmp_path):
    from tests.cli.helpers import run

    out = tmp_path / "sheet.pdf"
    level8 = str(DECKS / "AI_Level8.ydk")
    result = run(capsys, "sheet", level8, "--player", "김철수", "-o", str(out))
    assert result.code == 2
    assert result.err.startswith("deckcheck: error: cannot print the player name '김철수'")
    assert not out.exists()  # never a sheet with a blank field


def test_one_unreadable_line_is_one_line(db, tmp_path):
    text = (DECKS / "AI_Level8.ydk").read_text().replace("#main\n", "#main\nnot-a-passcode\n", 1)
    path = tmp_path / "broken.ydk"
    path.write_text(text)
    with pytest.raises(InputError, match=r"unknown cards: 1 unreadable line$"):
        render_sheet(load_deck(str(path), db), db, "Yugi")
