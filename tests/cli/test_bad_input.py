"""Bad input of any kind: a clear message and exit 2, or a parse-error violation (exit 1).

Never a traceback or a hang.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import DECKS

from .helpers import run


def check_json(capsys, path):
    result = run(capsys, "check", str(path), "--output-format", "json")
    assert "Traceback" not in result.out + result.err
    return result


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("binary.ydk", bytes(range(256)) * 40),
        ("latin1.ydk", "#main\nCaf\xe9\n".encode("latin-1")),
        ("huge.ydk", b"#main\n" + b"55144522\n" * 2_000_000),
    ],
    ids=["binary", "latin1", "huge"],
)
def test_unreadable_files_exit_2(capsys, tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    result = check_json(capsys, path)
    assert result.code == 2
    assert result.err.startswith("deckcheck: error:")


def test_empty_file_is_an_invalid_deck_or_input_error(capsys, tmp_path):
    path = tmp_path / "empty.ydk"
    path.write_bytes(b"")
    result = check_json(capsys, path)
    assert result.code in (1, 2)
    if result.code == 1:
        rules = {v["rule"] for v in json.loads(result.out)["decks"][0]["violations"]}
        assert "main-deck-size" in rules


def test_bad_tokens_are_parse_errors_with_lines(capsys, tmp_path):
    path = tmp_path / "bad.ydk"
    path.write_text("#main\r\n55144522\r\nnot-a-number\r\n-5\r\n0\r\n#extra\r\n!side\r\n")
    result = check_json(capsys, path)
    assert result.code == 1
    violations = json.loads(result.out)["decks"][0]["violations"]
    parse = [v for v in violations if v["rule"] == "parse-error"]
    assert {v["line"] for v in parse} >= {3, 4, 5}


@pytest.mark.parametrize("url", ["ydke://A!!!", "ydke://abc!def!ghi!", "ydke://%%%"])
def test_bad_ydke_urls(capsys, url):
    result = run(capsys, "check", url)
    assert result.code == 2
    assert "ydke" in result.err.lower()
    assert "Traceback" not in result.err


def test_absurd_counts_in_name_lists(capsys, tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("Main Deck\n999999999999 Pot of Greed\n")
    result = check_json(capsys, path)
    assert result.code in (1, 2)
    assert "Traceback" not in result.err


@pytest.mark.parametrize(
    "args",
    [["check", "--date"], ["check", "x.ydk", "--workers", "many"], ["serve", "--port", "70000"]],
)
def test_option_errors_are_usage_errors(capsys, args):
    result = run(capsys, *args)
    assert result.code == 2
    assert "Traceback" not in result.err and result.err.startswith("deckcheck: error: ")


def test_broken_unicode_escapes_in_a_json_deck(capsys, tmp_path):
    path = tmp_path / "deck.json"
    path.write_text('{"main": ["\\ud800 Pot of Greed"]}')
    result = check_json(capsys, path)
    assert result.code == 2
    assert "invalid Unicode" in result.err


@pytest.mark.parametrize("cap", ["0", "-1", "nan", "inf", "-0.0"])
def test_points_cap_must_be_a_positive_finite_number(capsys, cap):
    deck = str(DECKS / "AI_Blackwing.ydk")
    result = run(capsys, "check", deck, "--format", "genesys", "--points-cap", cap)
    assert result.code == 2
    assert "--points-cap must be a positive number" in result.err


def test_the_smallest_points_cap_is_accepted(capsys):
    deck = str(DECKS / "AI_Blackwing.ydk")
    result = run(capsys, "check", deck, "--format", "genesys", "--points-cap", "0.5")
    assert result.code == 1 and "DC502" in result.out


BIG = "1" + "0" * 5000  # more digits than int() converts (4300)
HUGE_DECKS = {
    "passcode": f'{{"main": [55144522,\n {BIG}]}}',
    "count": f'{{"main": [\n{{"card": 55144522, "count": {BIG}}}]}}',
}


@pytest.mark.parametrize("text", HUGE_DECKS.values(), ids=HUGE_DECKS.keys())
@pytest.mark.parametrize(
    "command", [["check"], ["convert", "--to", "ydk"]], ids=["check", "convert"]
)
def test_a_number_of_thousands_of_digits_in_a_json_deck(capsys, tmp_path, text, command):
    path = tmp_path / "deck.json"
    path.write_text(text)
    result = run(capsys, command[0], str(path), *command[1:])
    assert result.code == 2
    assert "Traceback" not in result.err
    assert f"{path}: line 2: a number of 5001 digits" in result.err


def test_the_longest_number_int_converts_is_a_parse_error(capsys, tmp_path):
    path = tmp_path / "deck.json"
    path.write_text('{"main": [' + "9" * 4300 + "]}")
    result = check_json(capsys, path)
    assert result.code == 1
    (violation,) = [
        v for v in json.loads(result.out)["decks"][0]["violations"] if v["rule"] == "parse-error"
    ]
    assert "too large to be a passcode" in violation["message"]


BANLISTS = {
    "lflist-count": ("list.lflist.conf", f"!2026.07 OCG\n55144522 {BIG}\n", "line 2: bad count"),
    "lflist-passcode": ("list.lflist.conf", f"!2026.07 OCG\n{BIG} 1\n", "line 2: passcode"),
    "yaml": ("list.yaml", f"series: ocg\nname: x\nentries:\n  55144522: {BIG}\n", "digits"),
    "json": ("list.json", f'{{"series": "ocg", "name": "x", "entries": {{"1": {BIG}}}}}', "digits"),
    "json-key": (
        "list.json",
        f'{{"series": "ocg", "name": "x", "entries": {{"{BIG}": 1}}}}',
        "passcode 1000",
    ),
}


@pytest.mark.parametrize(("name", "text", "message"), BANLISTS.values(), ids=BANLISTS.keys())
@pytest.mark.parametrize("command", ["lint", "convert", "import"])
def test_a_number_of_thousands_of_digits_in_a_banlist_file(
    capsys, tmp_path, name, text, message, command
):
    path = tmp_path / name
    path.write_text(text)
    args = ["--to", "yaml"] if command == "convert" else []
    result = run(capsys, "banlist", command, str(path), *args)
    assert "Traceback" not in result.err
    if command == "lint" and name.endswith(".conf"):  # lint reports the line, exit 1
        assert result.code == 1 and f"{path}:2: error: [bad-" in result.out
    else:
        assert result.code == 2 and message in result.err
    assert max(map(len, (result.out + result.err).splitlines())) < 300
