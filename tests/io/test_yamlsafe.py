"""Untrusted YAML: data or a clear InputError, never a crash or a bomb."""

from __future__ import annotations

import pytest

from deckcheck.io import yamlsafe
from deckcheck.io.errors import InputError


def test_plain_documents():
    assert yamlsafe.load("a: [1, 2]\nb: x\n") == {"a": [1, 2], "b": "x"}
    assert yamlsafe.load_all("a: 1\n---\n---\nb: 2\n") == [{"a": 1}, {"b": 2}]


def test_aliases_are_refused():
    bomb = "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    with pytest.raises(InputError, match="aliases are not allowed"):
        yamlsafe.load(bomb, "bomb.yaml")


@pytest.mark.parametrize("depth", [32, 33, 100_000])
def test_nesting_is_bounded(depth):
    text = "[" * depth + "]" * depth
    if depth <= yamlsafe.MAX_DEPTH:
        assert yamlsafe.load(text) is not None
    else:
        with pytest.raises(InputError, match="nested more than 32 levels"):
            yamlsafe.load(text, "deep.yaml")


def test_unsafe_tags_are_refused():
    with pytest.raises(InputError, match="not valid YAML"):
        yamlsafe.load("!!python/object/apply:os.system ['true']")
