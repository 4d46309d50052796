"""YAML and JSON decks: item forms, line numbers on errors, alias bombs and size limits."""

from __future__ import annotations

import json

import pytest

from deckcheck.decks.common import MAX_COPIES, MAX_INPUT_BYTES
from deckcheck.decks.model import Deck
from deckcheck.decks.structured import (
    MAX_ALIASES,
    read_json,
    read_yaml,
    write_json,
    write_yaml,
)
from deckcheck.io.errors import InputError
from tests.decks.helpers import BEUD, BEWD, BORRELOAD, LIMIT_REVERSE, POT, RAIGEKI, UNKNOWN

YAML_DECK = f"""\
name: Test deck
main:
  - {BEWD}
  - Pot of Greed
  - 2 Raigeki
  - {{card: {BEWD}, count: 2}}
  - {{card: Pot of Greed, count: 2}}
  - {{name: Raigeki}}
  - 00027551
extra: [{BEUD}]
side:
  {BEWD}: 2
  Raigeki: 1
"""


def test_yaml_item_forms(db):
    deck = read_yaml(YAML_DECK, db)
    assert deck.name == "Test deck"
    assert deck.passcodes("main") == [BEWD, POT] + [RAIGEKI] * 2 + [BEWD] * 2 + [POT] * 2 + [
        RAIGEKI,
        LIMIT_REVERSE,  # leading zeros are decimal, not YAML 1.1 octal
    ]
    assert deck.passcodes("extra") == [BEUD]
    assert deck.passcodes("side") == [BEWD, BEWD, RAIGEKI]
    assert deck.problems == [] and deck.notices == []
    assert [s.line for s in deck.main[:3]] == [3, 4, 5]


def test_json_item_forms_with_line_numbers(db):
    text = json.dumps(
        {"main": [BEWD, "3 Pot of Greed", {"card": RAIGEKI, "count": 2}], "extra": []}, indent=2
    ).replace("  ", "\t")
    deck = read_json(text, db)
    assert deck.passcodes("main") == [BEWD] + [POT] * 3 + [RAIGEKI] * 2
    assert deck.main[0].line == 3


def test_compact_json(db):
    deck = read_json(f'{{"main":[{BEWD},{BEWD}],"extra":[],"side":["Raigeki"]}}', db)
    assert deck.passcodes("main") == [BEWD, BEWD] and deck.passcodes("side") == [RAIGEKI]


def test_unknown_names_and_passcodes_stay(db):
    deck = read_yaml(f"main: [Ash Blosom, {UNKNOWN}]\nextra: []\n", db)
    assert [(s.passcode, s.text) for s in deck.main] == [(None, "Ash Blosom"), (UNKNOWN, None)]


def test_no_extra_section_splits_with_a_notice(db):
    deck = read_yaml(f"main: [{BEWD}, {BORRELOAD}]\n", db)
    assert deck.passcodes("main") == [BEWD] and deck.passcodes("extra") == [BORRELOAD]
    assert len(deck.notices) == 1 and "extra section" in deck.notices[0]


def test_bad_items_are_problems_with_lines(db):
    text = f"""\
main:
  - true
  - 1.5
  -
  - [1, 2]
  - {{foo: 1}}
  - {{card: {POT}, count: three}}
  - {{card: {POT}, count: 0}}
  - {{card: {POT}, count: {MAX_COPIES + 1}}}
  - {{card: {POT}, count: {MAX_COPIES}}}
  - 0x10
  - 0
  - {{card: 3 Pot of Greed, count: 2}}
extra: []
deck: 3
side: {BEWD}
"""
    deck = read_yaml(text, db)
    assert deck.passcodes("main") == [POT] * MAX_COPIES
    assert [p.line for p in deck.problems] == [2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 15, 16]
    messages = [p.message for p in deck.problems]
    assert "unknown key 'foo'" in messages[4]
    assert "count 'three'" in messages[5]
    assert "not plausible" in messages[6] and "not plausible" in messages[7]
    assert "decimal" in messages[8]
    assert "positive" in messages[9]
    assert "count twice" in messages[10]
    assert "unknown section 'deck'" in messages[11] and deck.problems[11].section is None
    assert "must be a list" in messages[12]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2, 3]", "must be a mapping"),
        ("just words", "must be a mapping"),
        ("main: [1, 2\nside: []\n", "not valid YAML.*line"),
        ("--- {}\n--- {}\n", "not valid YAML"),
        ("# nothing\n", "empty"),
        ("[" * 50_000 + "]" * 50_000, "YAML"),
    ],
)
def test_unreadable_yaml(db, text, message):
    with pytest.raises(InputError, match=message):
        read_yaml(text, db)


def test_invalid_json_says_where(db):
    with pytest.raises(InputError, match="not valid JSON.*line 2 column"):
        read_json('{"main": [1,\n ]}', db)
    with pytest.raises(InputError, match="nested too deeply"):
        read_json("[" * 100_000 + "]" * 100_000, db)


def test_alias_bomb_is_refused(db):
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 9):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    lines.append("main: *i")
    with pytest.raises(InputError, match="aliases expand to too many entries"):
        read_yaml("\n".join(lines), db)


def test_alias_limit_edge(db):
    legal = f"main: &m [{POT}]\n" + "".join(f"s{i}: *m\n" for i in range(MAX_ALIASES))
    deck = read_yaml(legal + "extra: []\n", db)
    assert deck.passcodes("main") == [POT]  # the extra keys are reported, not read
    with pytest.raises(InputError, match=f"more than {MAX_ALIASES} YAML aliases"):
        read_yaml(legal + "more: *m\n", db)


def test_shared_section_by_alias(db):
    deck = read_yaml(f"main: &m [{POT}, {RAIGEKI}]\nextra: []\nside: *m\n", db)
    assert deck.passcodes("side") == [POT, RAIGEKI]


def test_size_limit(db):
    with pytest.raises(InputError, match="2 MB"):
        read_yaml("main: []\n" + "#" * MAX_INPUT_BYTES, db)


def test_write_json_and_yaml_read_back(db):
    deck = Deck.from_passcodes([BEWD, POT, BEWD, UNKNOWN], [BEUD], [RAIGEKI])
    deck.name = "Mine"
    text = write_json(deck, db)
    assert json.loads(text)["main"][0] == {
        "card": BEWD,
        "count": 2,
        "name": "Blue-Eyes White Dragon",
    }
    assert json.loads(text)["main"][2] == {"card": UNKNOWN, "count": 1}
    for back in (read_json(text, db), read_yaml(write_yaml(deck, db), db)):
        assert back.digest() == deck.digest() and back.name == "Mine"


def test_nesting_depth_edge(db):
    from deckcheck.decks.structured import MAX_DEPTH

    def nested(levels: int) -> str:  # the top mapping is one level
        return "main: " + "[" * (levels - 1) + "]" * (levels - 1) + "\n"

    deck = read_yaml(nested(MAX_DEPTH), db)
    assert deck.main == [] and "cannot be a list" in deck.problems[0].message
    with pytest.raises(InputError, match=f"nested more than {MAX_DEPTH} levels"):
        read_yaml(nested(MAX_DEPTH + 1), db)


@pytest.mark.parametrize("levels", [30, 300, 900])
def test_deep_json_is_a_clear_error_or_problems(db, levels):
    text = '{"main": ' + "[" * levels + "]" * levels + "}"
    try:
        deck = read_json(text, db)
    except InputError as exc:
        assert "nested" in str(exc)
    else:
        assert deck.main == [] and deck.problems


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (f'{{"main": [{BEWD}, {BEWD}],\n "main": [{POT}], "x": 1e5}}', 2),  # YAML reads 1e5 apart
        (f'{{"main": [{BEWD}],\n "main": [{POT}]}}', 2),
        (f'{{"main": [\n{{"card": {BEWD}, "card": {POT}}}]}}', 2),
        (f'{{"side": {{"{POT}": 1,\n "{POT}": 2}}}}', 2),
    ],
    ids=["with-1e5", "plain", "in-an-item", "in-a-section-mapping"],
)
def test_a_json_key_given_twice_is_an_error_with_its_line(db, text, line):
    with pytest.raises(InputError, match=f"line {line}: key '.*' given twice"):
        read_json(text, db)


def test_a_json_key_given_twice_where_yaml_cannot_say_the_line(db):
    text = '{"main": [1],\t"main": [2], "name": "\\ud83d\\ude00"}'  # an escape YAML refuses
    with pytest.raises(InputError, match="key 'main' given twice"):
        read_json(text, db)


def test_json_keys_given_once_are_read(db):
    deck = read_json(f'{{"main": [{BEWD}], "extra": [], "side": [{POT}], "x": 1e5}}', db)
    assert deck.passcodes("main") == [BEWD] and deck.passcodes("side") == [POT]


def test_a_yaml_key_given_twice_is_an_error_with_its_line(db):
    with pytest.raises(InputError, match="line 3: key 'main' given twice"):
        read_yaml(f"main: [{BEWD}]\nside: []\nmain: [{POT}]\n", db)
    with pytest.raises(InputError, match="line 2: the main section given twice .*main_deck"):
        read_yaml(f"main: [{BEWD}]\nmain_deck: [{POT}]\n", db)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('{"main": [\n' + "1" * 5000 + "]}", 2),
        ('{"name": "' + "1" * 5000 + '",\n"main": [{"card": 1, "count": -' + "1" * 5000 + "}]}", 2),
    ],
    ids=["passcode", "negative-count-after-a-long-string"],
)
def test_a_number_int_cannot_convert_is_an_error_with_its_line(db, text, line):
    with pytest.raises(InputError, match=f"line {line}: a number of 5000 digits"):
        read_json(text, db)


def test_the_longest_number_int_converts_is_a_problem(db):
    deck = read_json('{"main": [' + "9" * 4300 + "]}", db)
    assert deck.main == [] and "too large to be a passcode" in deck.problems[0].message


def test_more_copies_than_an_entry_holds_are_not_written(db):
    from deckcheck.decks.codecs import write_deck

    legal = Deck.from_passcodes([POT] * MAX_COPIES, [], [])
    for fmt in ("json", "yaml", "names"):
        assert read_deck_as(write_deck(legal, fmt, db), fmt, db).digest() == legal.digest()
    over = Deck.from_passcodes([POT] * (MAX_COPIES + 1), [], [])
    for fmt in ("json", "yaml", "names"):
        with pytest.raises(InputError, match=f"{MAX_COPIES + 1} copies of {POT}"):
            write_deck(over, fmt, db)


def read_deck_as(text: str, fmt: str, db) -> Deck:
    from deckcheck.decks.codecs import read_deck

    return read_deck(text, db, fmt=fmt)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        '{"main": [\n"\\ud800 Pot of Greed"]}',  # a loose name match would read past it
        '{"main": [1],\n"\\ud800x": [2]}',  # a key, shown in an "unknown section" message
        '{"main": [\n{"card": 55144522, "\\udc00": 2}]}',
        '{"main": [\n{"card": 55144522, "count": "\\ud800"}]}',
        '{"main": [],\n"name": "\\ud800"}',
    ],
    ids=["card", "section-key", "item-key", "count", "name"],
)
def test_half_a_character_anywhere_in_json_is_an_error_with_its_line(db, text):
    with pytest.raises(InputError, match="line 2: the deck holds invalid Unicode text"):
        read_json(text, db)


def test_a_whole_character_written_as_two_escapes_is_read(db):
    deck = read_json(f'{{"main": [{POT}], "name": "\\ud83d\\ude00"}}', db)
    assert deck.name == "\U0001f600" and deck.passcodes("main") == [POT]
