"""``deckcheck check`` end to end: exit codes, text and JSON output, real decks and lists."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tests.conftest import DECKS, ROOT

from .helpers import run

EXAMPLE = str(ROOT / "examples" / "blue-eyes.ydk")
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text())


def test_example_deck_is_valid_for_tcg(capsys):
    result = run(capsys, "check", EXAMPLE, "--format", "tcg", "--date", "2026-06-01")
    assert result.code == 0, result.out
    assert "valid for tcg on 2026-06-01, list 2026.05" in result.out


def test_example_deck_breaks_the_ocg_list(capsys):
    result = run(
        capsys,
        "check",
        EXAMPLE,
        "--format",
        "ocg",
        "--date",
        "2026-08-01",
        "--output-format",
        "json",
    )
    assert result.code == 1
    data = json.loads(result.out)
    jsonschema.validate(data, SCHEMA)
    (report,) = data["decks"]
    assert report["deck"]["source"] == EXAMPLE
    assert report["format"] == {"id": "ocg", "date": "2026-08-01", "banlist": "2026.07"}
    found = {(v["rule"], v["name"], v["count"], v["limit"]) for v in report["violations"]}
    assert found == {
        ("limited", "Ash Blossom & Joyous Spring", 3, 2),
        ("forbidden", "Called by the Grave", 1, 0),
        ("limited", "Droll & Lock Bird", 2, 1),
    }
    assert data["summary"] == {"decks": 1, "valid": 0, "invalid": 1}


def test_all_real_decks_in_one_command(capsys):
    for fmt in ("ocg", "tcg"):
        result = run(
            capsys,
            "check",
            str(DECKS),
            "--format",
            fmt,
            "--date",
            "2026-06-01",
            "--output-format",
            "json",
        )
        assert result.code == 1  # some of these decks are from older eras
        data = json.loads(result.out)
        jsonschema.validate(data, SCHEMA)
        assert data["summary"]["decks"] == 47
        by_name = {Path(r["deck"]["source"]).name: r for r in data["decks"]}
        assert set(by_name) == {p.name for p in DECKS.glob("*.ydk")}
        assert all(r["deck"]["main"] >= 40 for r in data["decks"])


def test_real_deck_expectations(capsys):
    result = run(
        capsys,
        "check",
        str(DECKS / "AI_Albaz.ydk"),
        "--format",
        "tcg",
        "--date",
        "2026-06-01",
        "--output-format",
        "json",
    )
    report = json.loads(result.out)["decks"][0]
    rules = {v["rule"] for v in report["violations"]}
    # the deck uses simulator passcodes for alternate artworks that the data does not have
    assert "unknown-card" in rules
    unknown = [v for v in report["violations"] if v["rule"] == "unknown-card"]
    assert all(v["line"] for v in unknown)


@pytest.mark.parametrize(
    "args",
    [
        ["check", "no-such-file.ydk"],
        ["check", EXAMPLE, "--format", "nope"],
        ["check", EXAMPLE, "--date", "2026-13-45"],
        ["check", EXAMPLE, "--output-format", "yaml"],
    ],
)
def test_usage_errors_exit_2_with_a_message(capsys, args):
    result = run(capsys, *args)
    assert result.code == 2
    assert "error" in result.err.lower()
    assert "Traceback" not in result.err + result.out


def test_date_selects_the_list_in_force(capsys, tmp_path):
    # Called by the Grave: OCG Forbidden from the 2026.07 list (not before)
    before = run(
        capsys,
        "check",
        EXAMPLE,
        "--format",
        "ocg",
        "--date",
        "2026-06-30",
        "--output-format",
        "json",
    )
    after = run(
        capsys,
        "check",
        EXAMPLE,
        "--format",
        "ocg",
        "--date",
        "2026-07-01",
        "--output-format",
        "json",
    )
    names = [
        {v["name"] for v in json.loads(r.out)["decks"][0]["violations"]} for r in (before, after)
    ]
    assert "Called by the Grave" not in names[0]
    assert "Called by the Grave" in names[1]


def test_committed_schema_matches_the_models():
    from deckcheck.report.json import schema

    assert json.loads(schema()) == SCHEMA


def test_a_format_before_it_existed_is_a_usage_error(capsys):
    result = run(capsys, "check", EXAMPLE, "--format", "genesys", "--date", "2025-09-21")
    assert result.code == 2
    assert "starts on 2025-09-22" in result.err
    ok = run(capsys, "check", EXAMPLE, "--format", "genesys", "--date", "2025-09-22")
    assert ok.code in (0, 1) and "genesys on 2025-09-22" in ok.out


def test_check_reads_the_repository_configuration(capsys, tmp_path, monkeypatch):
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "blue-eyes.ydk").write_text(Path(EXAMPLE).read_text())
    (tmp_path / "deckcheck.toml").write_text(
        'format = "ocg"\ndate = 2026-08-01\npaths = ["decks/**/*.ydk"]\noutput-format = "json"\n'
    )
    monkeypatch.chdir(tmp_path)
    result = run(capsys, "check")
    assert result.code == 1  # the OCG list breaks the example deck
    (report,) = json.loads(result.out)["decks"]
    assert report["format"]["id"] == "ocg" and report["format"]["date"] == "2026-08-01"
    # options on the command line win over the file
    again = run(capsys, "check", "--format", "tcg", "--date", "2026-06-01")
    assert again.code == 0
    assert json.loads(again.out)["decks"][0]["format"]["id"] == "tcg"


def test_ydke_urls_plain_and_fully_percent_encoded(capsys):
    from urllib.parse import quote

    url = run(capsys, "convert", EXAMPLE, "--to", "ydke").out.strip()
    for given in (url, url.rstrip("!"), quote(url, safe="")):
        result = run(capsys, "check", given, "--format", "tcg", "--date", "2026-06-01")
        assert result.code == 0, (given, result.err)
        assert "Main 40, Extra 14, Side 13" in result.out


def test_one_command_checks_for_several_formats(capsys):
    result = run(
        capsys,
        "check",
        EXAMPLE,
        "-f",
        "tcg",
        "--format",
        "ocg,genesys",
        "--date",
        "2026-08-01",
        "--output-format",
        "json",
    )
    ids = [r["format"]["id"] for r in json.loads(result.out)["decks"]]
    assert ids == ["tcg", "ocg", "genesys"]
    assert result.code == 1  # the OCG list breaks it


def test_a_deck_on_standard_input_for_two_formats(capsys, monkeypatch):
    import io
    import sys

    text = Path(EXAMPLE).read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    result = run(capsys, "check", "-", "--format", "ocg,tcg", "--date", "2026-08-01")
    assert result.code == 1
    assert "-: INVALID for ocg on 2026-08-01" in result.out
    assert "-: valid for tcg on 2026-08-01" in result.out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    twice = run(capsys, "check", "-", "-")
    assert twice.code == 2 and "'-' (standard input) given twice" in twice.err
