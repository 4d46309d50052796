"""The tournament commands end to end on real decks: side check/apply, register, verify,
sheet; exit codes 0/1/2 and never overwriting a file without --force."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckcheck.decks.codecs import load_deck, write_deck
from tests.cli.helpers import run
from tests.conftest import DECKS

from .helpers import DROLL, MORPHING_JAR, OJAMA_TRIO, replace, swap

CHAINBURN = str(DECKS / "AI_ChainBurn.ydk")
RYZEAL = str(DECKS / "AI_Ryzeal.ydk")
OCG = ["--format", "ocg", "--date", "2025-11-01"]


def write(path: Path, deck, db) -> str:
    path.write_text(write_deck(deck, "ydk", db))
    return str(path)


@pytest.fixture
def sided(db, tmp_path) -> str:
    base = load_deck(CHAINBURN, db)
    return write(tmp_path / "sided.ydk", swap(base, OJAMA_TRIO, MORPHING_JAR), db)


@pytest.fixture
def record(capsys, tmp_path) -> Path:
    out = tmp_path / "reg.json"
    result = run(capsys, "register", CHAINBURN, *OCG, "--player", "Jaden", "-o", str(out))
    assert result.code == 0, result.err
    return out


def test_side_check_legal_swap(capsys, sided):
    result = run(capsys, "side", "check", CHAINBURN, sided, *OCG)
    assert result.code == 0, result.out
    assert "-1 Ojama Trio (Main), +1 Morphing Jar (Main)" in result.out


def test_side_check_new_card_json(capsys, db, tmp_path):
    base = load_deck(CHAINBURN, db)
    current = write(tmp_path / "cur.ydk", replace(base, OJAMA_TRIO, DROLL, "main"), db)
    result = run(capsys, "side", "check", CHAINBURN, current, *OCG, "--output-format", "json")
    assert result.code == 1
    (report,) = json.loads(result.out)["decks"]
    assert [v["code"] for v in report["violations"]] == ["DC602", "DC602"]


def test_side_check_takes_format_and_date_from_a_record(capsys, record, sided):
    result = run(capsys, "side", "check", str(record), sided, "--output-format", "json")
    assert result.code == 0
    (report,) = json.loads(result.out)["decks"]
    assert report["format"] == {"id": "ocg", "date": "2025-11-01", "banlist": "2025.10"}


def test_side_apply_writes_the_sided_deck(capsys, db, tmp_path):
    plan = tmp_path / "plan.yaml"
    plan.write_text("out: [1 Ojama Trio]\nin: [Morphing Jar]\n")
    out = tmp_path / "game2.ydk"
    result = run(capsys, "side", "apply", CHAINBURN, str(plan), "-o", str(out))
    assert result.code == 0, result.err
    assert result.out.strip() == f"{out}: -1 Ojama Trio (Main), +1 Morphing Jar (Main)"
    written = load_deck(str(out), db)
    assert written.sizes() == {"main": 56, "extra": 3, "side": 8}
    assert written.counts("main")[MORPHING_JAR] == 1
    # an existing OUT is kept unless --force
    again = run(capsys, "side", "apply", CHAINBURN, str(plan), "-o", str(out))
    assert again.code == 2 and "already exists; use --force" in again.err
    assert run(capsys, "side", "apply", CHAINBURN, str(plan), "-o", str(out), "--force").code == 0


def test_side_apply_refused_plan(capsys, tmp_path):
    plan = tmp_path / "plan.yaml"
    plan.write_text("out: [2 Ojama Trio]\nin: [Morphing Jar]\n")
    out = tmp_path / "game2.ydk"
    result = run(capsys, "side", "apply", CHAINBURN, str(plan), "-o", str(out))
    assert result.code == 2
    assert "refused" in result.err and "it would have 55 cards instead of 56" in result.err
    assert not out.exists()


def test_register_writes_the_record(capsys, record):
    data = json.loads(record.read_text())
    assert (data["player"], data["format"], data["date"]) == ("Jaden", "ocg", "2025-11-01")
    assert data["sizes"] == {"main": 56, "extra": 3, "side": 8}


def test_register_refuses_an_invalid_deck(capsys, tmp_path):
    out = tmp_path / "reg.json"
    result = run(capsys, "register", RYZEAL, *OCG, "--player", "Yusei", "-o", str(out))
    assert result.code == 1
    assert "Abyss Dweller is Forbidden" in result.out and "not registered" in result.err
    assert not out.exists()


def test_register_never_overwrites(capsys, record):
    before = record.read_text()
    result = run(capsys, "register", CHAINBURN, *OCG, "--player", "Other", "-o", str(record))
    assert result.code == 2 and record.read_text() == before


def test_verify(capsys, record, sided, db, tmp_path):
    assert run(capsys, "verify", str(record), CHAINBURN).code == 0
    assert run(capsys, "verify", str(record), sided).code == 0
    base = load_deck(CHAINBURN, db)
    other = write(tmp_path / "other.ydk", replace(base, OJAMA_TRIO, DROLL, "main"), db)
    result = run(capsys, "verify", str(record), other, "--output-format", "json")
    assert result.code == 1
    (report,) = json.loads(result.out)["decks"]
    assert {v["rule"] for v in report["violations"]} == {"registration-mismatch"}


def test_verify_bad_record(capsys, tmp_path):
    bad = tmp_path / "reg.json"
    bad.write_text("{}")
    result = run(capsys, "verify", str(bad), CHAINBURN)
    assert result.code == 2 and "not a deckcheck registration record" in result.err


def test_sheet(capsys, tmp_path):
    out = tmp_path / "list.pdf"
    args = ["sheet", CHAINBURN, "--player", "Jaden", "--event", "Locals", "-f", "ocg"]
    result = run(capsys, *args, "-o", str(out))
    assert result.code == 0, result.err
    text = PdfReader(io.BytesIO(out.read_bytes())).pages[0].extract_text()
    assert "MAIN DECK TOTAL 56" in text and "Total Extra Deck 3" in text
    assert "FORMAT\nOCG" in text
    assert run(capsys, *args, "-o", str(out)).code == 2  # exists


def test_bad_date_is_a_usage_error(capsys, tmp_path):
    result = run(
        capsys,
        "register",
        CHAINBURN,
        "-f",
        "ocg",
        "-d",
        "2025-02-30",
        "--player",
        "J",
        "-o",
        str(tmp_path / "r.json"),
    )
    assert result.code == 2 and "bad date '2025-02-30'" in result.err
