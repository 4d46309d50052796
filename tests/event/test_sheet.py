"""The printable registration sheet: the PDF's text holds the fields, every card with its
quantity in the right list, and totals the tool computed."""

from __future__ import annotations

import io
from datetime import date

import pytest
from pypdf import PdfReader

from deckcheck.decks.model import Deck, Slot
from deckcheck.errors import InputError
from deckcheck.report import sheet
from deckcheck.report.sheet import latin1, render_sheet, sheet_data

from .helpers import deck

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
