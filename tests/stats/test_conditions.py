"""The condition language: what it reads, how it evaluates, and its errors."""

from __future__ import annotations

import re

import pytest

from deckcheck.io.errors import InputError
from deckcheck.stats.conditions import Both, Count, Either, caps, parse_condition

NAMES = ["starters", "extenders", "hand traps", "bricks", "and more"]


def parse(text: str):
    return parse_condition(text, NAMES)


def test_counts():
    assert parse("1+ starters") == Count("starters", "at_least", 1)
    assert parse("at least 2 starters") == Count("starters", "at_least", 2)
    assert parse("at most 1 bricks") == Count("bricks", "at_most", 1)
    assert parse("exactly 2 extenders") == Count("extenders", "exactly", 2)
    assert parse("no bricks") == Count("bricks", "exactly", 0)
    assert parse("0 bricks") == Count("bricks", "exactly", 0)
    # a bare count is "at least", as players say "1 starter + 1 extender"
    assert parse("2 hand traps") == Count("hand traps", "at_least", 2)


def test_singular_names_and_case():
    assert parse("1 Starter") == Count("starters", "at_least", 1)
    assert parse('1+ "Hand Traps"') == Count("hand traps", "at_least", 1)


def test_and_binds_tighter_than_or():
    found = parse("2+ hand traps or 1 starter + 1 extender")
    assert found == Either(
        (
            Count("hand traps", "at_least", 2),
            Both((Count("starters", "at_least", 1), Count("extenders", "at_least", 1))),
        )
    )
    assert parse("(1+ starters or 1+ extenders) and 0 bricks") == Both(
        (
            Either((Count("starters", "at_least", 1), Count("extenders", "at_least", 1))),
            Count("bricks", "exactly", 0),
        )
    )


def test_text_reads_back_to_the_same_condition():
    for text in (
        "2+ hand traps or 1 starter + 1 extender",
        "(1+ starters or at most 2 extenders) and no bricks",
        'exactly 1 "and more"',
    ):
        condition = parse(text)
        assert parse(condition.text()) == condition


def test_evaluation_at_each_edge():
    condition = parse("1+ starters and at most 1 bricks")
    assert condition.holds({"starters": 1, "bricks": 1})
    assert not condition.holds({"starters": 0, "bricks": 1})
    assert not condition.holds({"starters": 1, "bricks": 2})
    exactly = parse("exactly 2 extenders")
    assert [exactly.holds({"extenders": n}) for n in range(4)] == [False, False, True, False]


def test_caps_are_one_above_the_largest_count():
    assert caps(parse("2+ starters or at most 1 starters and exactly 3 bricks")) == {
        "starters": 3,
        "bricks": 4,
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1+ startrs", "did you mean starters"),
        ("1+ nothing", "unknown category 'nothing'"),
        ("starters", "expected a count"),
        ("1+", "expected a category name"),
        ("(1+ starters", "missing ')'"),
        ("1+ starters)", "unexpected ')'"),
        ("1+ starters and", "ends where a count"),
        ("exactly starters", "expected a number"),
        ("99+ starters", "larger than any deck"),
        ("1+ and more", "expected a category name"),
        ("", "non-empty"),
        ("(" * 30 + "1+ starters" + ")" * 30, "nested too deeply"),
        ("1+ starters or " * 60, "longer than"),
    ],
)
def test_errors_say_what_is_wrong(text, message):
    with pytest.raises(InputError, match=re.escape(message)):
        parse(text)
