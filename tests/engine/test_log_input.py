"""Duel logs are untrusted input: a hand-edited or corrupted log is an InputError naming the
line and the field (CLI exit 2) or a replay that does not match (exit 1), never a crash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.duel import Duel
from deckcheck.engine.log import header, read_log, replay, write_log
from deckcheck.engine.template import prepare
from deckcheck.io.errors import DeckcheckError, InputError

SEED = 5


@pytest.fixture(scope="module")
def real_log(db, deck_lists, tmp_path_factory) -> list[str]:
    """The lines of the log of a real duel, Blackwing against Dark Magician."""
    template = prepare([deck_lists["AI_Blackwing"], deck_lists["AI_DarkMagician"]], db)
    duel = Duel.new(template, SEED, 0)
    play(duel, (make_agent("random", SEED, 0), make_agent("random", SEED, 1)))
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    write_log(path, header(template, db.version, SEED, 0, ["random", "random"]), duel)
    return path.read_text().splitlines()


def replay_lines(lines: list[str], db: Any, tmp_path: Path) -> Any:  # noqa: ANN401
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return replay(read_log(path), db)


def edit_header(lines: list[str], **fields: Any) -> list[str]:
    head = json.loads(lines[0])
    head.update(fields)
    return [json.dumps(head), *lines[1:]]


def edit_deck(lines: list[str], **fields: Any) -> list[str]:
    head = json.loads(lines[0])
    head["decks"][0].update(fields)
    return [json.dumps(head), *lines[1:]]


def first_decision(lines: list[str]) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith('{"decision"'))


def edit_decision(lines: list[str], **fields: Any) -> list[str]:
    i = first_decision(lines)
    row = json.loads(lines[i])
    row["decision"].update(fields)
    return [*lines[:i], json.dumps(row), *lines[i + 1 :]]


def test_the_real_log_replays(db, real_log, tmp_path):
    result = replay_lines(real_log, db, tmp_path)
    assert result.ok, result.message


# each of these crashed the replay (IndexError, TypeError, AttributeError, RecursionError,
# ValueError) or was taken silently (a float seed, a float passcode, true as the format)
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda ls: edit_header(ls, first=5),
            r":1: header: first: should be less than or equal to 1",
        ),
        (lambda ls: edit_header(ls, first="x"), r":1: header: first: should be a valid integer"),
        (lambda ls: edit_header(ls, profile={}), r":1: header: profile: should be a valid string"),
        (lambda ls: edit_header(ls, profile="goat"), r":1: header: profile: unknown rules profile"),
        (lambda ls: edit_header(ls, seed=1.5), r":1: header: seed: should be a valid integer"),
        (lambda ls: edit_header(ls, seed=True), r":1: header: seed: should be a valid integer"),
        (lambda ls: edit_header(ls, seed=2**64), r":1: header: seed: should be less than or equal"),
        (lambda ls: edit_header(ls, format=True), r":1: log format True is not supported"),
        (lambda ls: edit_header(ls, decks=[]), r":1: header: decks: should have at least 2 items"),
        (lambda ls: edit_header(ls, colour="red"), r":1: header: colour: unknown field"),
        (
            lambda ls: edit_deck(ls, main=["Blackwing"] * 40),
            r"decks\[0\]\.main\[0\]: should be a valid integer",
        ),
        (
            lambda ls: edit_deck(ls, main=[{}] * 40),
            r"decks\[0\]\.main\[0\]: should be a valid integer",
        ),
        (
            lambda ls: edit_deck(ls, main=[75498415.0] * 40),
            r"decks\[0\]\.main\[0\]: should be a valid integer",
        ),
        (
            lambda ls: edit_deck(ls, main=[0] * 40),
            r"decks\[0\]\.main\[0\]: should be greater than or equal to 1",
        ),
        (
            lambda ls: edit_deck(ls, main=[75498415] * 1001),
            r"decks\[0\]\.main: should have at most 1000 items",
        ),
        (lambda ls: edit_deck(ls, extra=None), r"decks\[0\]\.extra: should be a valid list"),
        (lambda ls: [ls[0], '{"decision": null}', *ls[1:]], r":2: decision: should be a mapping"),
        (
            lambda ls: edit_decision(ls, player=2),
            r"decision: player: should be less than or equal to 1",
        ),
        (
            lambda ls: edit_decision(ls, action=json.loads("[" * 600 + "]" * 600)),
            r"decision: action\[0\]",
        ),
        (lambda ls: edit_decision(ls, action="end"), r"decision: action: should be a valid list"),
        (
            lambda ls: [ls[0], '{"event": [' + "9" * 5000 + "]}", *ls[1:]],
            r":2: not JSON \(a number of 5000 digits\)",
        ),
        (
            lambda ls: [ls[0], '{"event": ' + "[" * 100_000 + "]" * 100_000 + "}", *ls[1:]],
            r":2: not JSON",
        ),
        (lambda ls: [ls[0], '{"event": NaN}', *ls[1:]], r":2: not JSON \(NaN is not a number"),
        (
            lambda ls: [ls[0][:-1] + ', "seed": 1}', *ls[1:]],
            r":1: not JSON \(the key 'seed' appears twice\)",
        ),
        (
            lambda ls: [ls[0], '{"event": {"damage": 100}}', *ls[1:]],
            r":2: event: should be a valid list",
        ),
        (
            lambda ls: [ls[0], '{"event": [7, 1]}', *ls[1:]],
            r":2: event: \[0\]: must be the event's name",
        ),
        (
            lambda ls: [ls[0], '{"event": ["draw"], "decision": {}}', *ls[1:]],
            r":2: not an event, decision or result",
        ),
        (lambda ls: ls[:-1], r": the log ends without its result line"),
        (lambda ls: ls[:1], r":1: the log ends without its result line"),
        (lambda ls: [*ls, ls[1]], r": records follow the result line"),
        (lambda ls: [*ls[:-1], ls[-1][:12]], r": not JSON"),
        (
            lambda ls: edit_header(ls, card_data="cards-000000000000"),
            r":1: the log was made with card data",
        ),
    ],
)
def test_a_corrupted_log_is_an_input_error_naming_the_line(db, real_log, tmp_path, edit, message):
    with pytest.raises(InputError, match=message):
        replay_lines(edit(real_log), db, tmp_path)


def test_a_decision_that_is_not_legal_there_fails_the_replay_naming_the_line(
    db, real_log, tmp_path
):
    i = first_decision(real_log)
    lines = edit_decision(real_log, action=["set_card", 9999])
    result = replay_lines(lines, db, tmp_path)
    assert not result.ok
    assert result.message.startswith(f"line {i + 1}: set_card #9999 is not a legal")
    blank = [real_log[0], "", *real_log[1:]]  # a blank line moves the line numbers
    assert replay_lines(blank, db, tmp_path).ok
    moved = replay_lines(edit_decision(blank, action=["set_card", 9999]), db, tmp_path)
    assert moved.message.startswith(f"line {i + 2}:")


def test_the_legal_edges_of_the_header(db, real_log, tmp_path):
    # the largest seed and no fixed first player are well-formed (the duel then differs)
    edges = [edit_header(real_log, seed=2**64 - 1), edit_header(real_log, first=None)]
    for lines in edges:
        assert not replay_lines(lines, db, tmp_path).ok
    assert replay_lines(edit_header(real_log, agents=[]), db, tmp_path).ok


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _replace_somewhere(value: Any, path: list[int], new: Any) -> Any:  # noqa: ANN401
    """``value`` with one nested item (picked by ``path``) replaced by ``new``."""
    if not path or not isinstance(value, dict | list) or not value:
        return new
    keys = list(value) if isinstance(value, dict) else list(range(len(value)))
    key = keys[path[0] % len(keys)]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[key] = _replace_somewhere(value[key], path[1:], new)  # type: ignore[index]
    return copy


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    line=st.integers(min_value=0),
    path=st.lists(st.integers(min_value=0), max_size=4),
    new=JSON,
    cut=st.one_of(st.none(), st.integers(min_value=0)),
    raw=st.booleans(),
)
def test_fuzz_a_mutated_real_log_replays_or_is_refused(
    db, real_log, tmp_path, line, path, new, cut, raw
):
    lines = list(real_log)
    n = line % len(lines)
    if raw:  # damage the text of the line itself
        text = json.dumps(new)
        lines[n] = lines[n][: (cut or 0) % (len(lines[n]) + 1)] + text
    else:
        lines[n] = json.dumps(_replace_somewhere(json.loads(lines[n]), path, new))
        if cut is not None:
            lines = lines[: cut % (len(lines) + 1)]
    try:
        result = replay_lines(lines, db, tmp_path)
    except DeckcheckError:
        return
    assert result.message
