"""``deckcheck convert`` end to end through the real entry point."""

from __future__ import annotations

import json

import pytest

from deckcheck.decks import read_deck
from deckcheck.decks.common import MAX_COPIES
from tests.cli.helpers import run
from tests.conftest import DECKS
from tests.decks.helpers import BEUD, BEWD, POT, SEVEN

ALTERGEIST = str(DECKS / "AI_Altergeist.ydk")  # every card known to the data
ALBAZ = str(DECKS / "AI_Albaz.ydk")  # three passcodes the data does not know


def test_convert_to_stdout(capsys, db):
    result = run(capsys, "convert", ALTERGEIST, "--to", "ydke")
    assert result.code == 0, result.err
    assert result.out.startswith("ydke://") and result.out.count("!") == 3
    original = read_deck((DECKS / "AI_Altergeist.ydk").read_text(), db)
    assert read_deck(result.out, db).digest() == original.digest()


def test_convert_url_argument(capsys):
    url = "ydke://o6lXBaOpVwU=!0iNuAQ==!!"
    result = run(capsys, "convert", url, "--to", "json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert doc["main"] == [{"card": BEWD, "count": 2, "name": "Blue-Eyes White Dragon"}]
    assert doc["extra"][0]["card"] == BEUD


def test_convert_to_file_refuses_to_overwrite(capsys, tmp_path):
    out = tmp_path / "deck.yaml"
    assert run(capsys, "convert", ALTERGEIST, "--to", "yaml", "-o", str(out)).code == 0
    first = out.read_text()
    assert "Altergeist" in first
    out.write_text("mine\n")
    result = run(capsys, "convert", ALTERGEIST, "--to", "names", "-o", str(out))
    assert result.code == 2 and "already exists" in result.err
    assert out.read_text() == "mine\n"
    result = run(capsys, "convert", ALTERGEIST, "--to", "names", "-o", str(out), "--force")
    assert result.code == 0
    assert out.read_text().startswith("Main Deck\n")


def test_unknown_cards_exit_2_with_the_list(capsys):
    result = run(capsys, "convert", ALBAZ, "--to", "names")
    assert result.code == 2
    assert "3 cards not in the card data" in result.err
    for code in ("55273561", "68468460", "95515790"):
        assert code in result.err
    assert result.out == ""
    allowed = run(capsys, "convert", ALBAZ, "--to", "names", "--allow-unknown")
    assert allowed.code == 0 and "1 55273561" in allowed.out


def test_unknown_names_get_suggestions(capsys, tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("3 Pot of Greed\n2 Ash Blosom\n")
    result = run(capsys, "convert", str(path), "--to", "ydk")
    assert result.code == 2
    assert "Ash Blosom (did you mean Ash Blossom & Joyous Spring" in result.err


def test_unreadable_lines_exit_2_with_line_numbers(capsys, tmp_path):
    path = tmp_path / "bad.ydk"
    path.write_text(f"#main\n{POT}\nabc\n0\n#extra\n")
    result = run(capsys, "convert", str(path), "--to", "ydke")
    assert result.code == 2
    assert "2 unreadable entries" in result.err
    assert "line 3: 'abc' is not a passcode" in result.err and "line 4:" in result.err


def test_notice_goes_to_stderr(capsys, tmp_path):
    path = tmp_path / "noextra.ydk"
    path.write_text(f"#main\n{BEWD}\n{BEUD}\n")
    result = run(capsys, "convert", str(path), "--to", "ydk")
    assert result.code == 0
    assert "note: no #extra line" in result.err
    assert result.out.endswith(f"#main\n{BEWD}\n#extra\n{BEUD}\n!side\n")


def test_bad_usage_and_bad_input(capsys, tmp_path):
    assert run(capsys, "convert", ALTERGEIST, "--to", "pdf").code == 2
    assert "no such file" in run(capsys, "convert", str(tmp_path / "x"), "--to", "ydk").err
    binary = tmp_path / "x.ydk"
    binary.write_bytes(bytes(range(256)))
    result = run(capsys, "convert", str(binary), "--to", "ydk")
    assert result.code == 2 and "binary" in result.err and "Traceback" not in result.err


def ydk_with(tmp_path, *codes: int):
    path = tmp_path / "many.ydk"
    path.write_text("#main\n" + "".join(f"{c}\n" for c in codes) + "#extra\n!side\n")
    return str(path)


@pytest.mark.parametrize("to", ["json", "yaml", "names"])
def test_as_many_copies_as_an_entry_holds_convert_and_read_back(capsys, tmp_path, db, to):
    result = run(capsys, "convert", ydk_with(tmp_path, *[POT] * MAX_COPIES), "--to", to)
    assert result.code == 0, result.err
    assert read_deck(result.out, db, fmt=to).passcodes("main") == [POT] * MAX_COPIES


@pytest.mark.parametrize("to", ["json", "yaml", "names"])
def test_more_copies_than_an_entry_holds_are_refused(capsys, tmp_path, to):
    result = run(capsys, "convert", ydk_with(tmp_path, *[POT] * (MAX_COPIES + 1)), "--to", to)
    assert result.code == 2 and result.out == ""
    assert f"{MAX_COPIES + 1} copies of {POT}" in result.err


def test_ydke_holds_any_number_of_copies(capsys, tmp_path, db):
    result = run(capsys, "convert", ydk_with(tmp_path, *[POT] * (MAX_COPIES + 1)), "--to", "ydke")
    assert result.code == 0
    assert read_deck(result.out, db).passcodes("main") == [POT] * (MAX_COPIES + 1)


def test_what_would_read_back_as_another_card_is_refused(capsys, tmp_path, db):
    # 7 is no passcode; a name list writes it as "1 7", which reads as the Spell Card "7"
    path = ydk_with(tmp_path, 7)
    result = run(capsys, "convert", path, "--to", "names", "--allow-unknown")
    assert result.code == 2 and result.out == ""
    assert "would not read back as the same deck" in result.err and f"{SEVEN}" in result.err
    kept = run(capsys, "convert", path, "--to", "json", "--allow-unknown")
    assert kept.code == 0 and read_deck(kept.out, db).passcodes("main") == [7]
