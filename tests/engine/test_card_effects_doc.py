"""The vocabulary page (docs/card-effects.md) names everything a card file can say: every
verb the engine registers, every trigger event, every condition and every schema field,
so the page cannot fall behind the code."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

from deckcheck.engine.effects import schema
from deckcheck.engine.effects.ops import VERBS

PAGE = Path(__file__).resolve().parents[2] / "docs" / "card-effects.md"
MODELS = [
    schema.CardFile,
    schema.EffectSpec,
    schema.Trigger,
    schema.Condition,
    schema.Cards,
    schema.Op,
    schema.Once,
    schema.Applies,
    schema.MonsterForm,
]


def section(title: str, text: str | None = None) -> str:
    """The text of the page's ``## title`` section."""
    text = PAGE.read_text(encoding="utf-8") if text is None else text
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert found, f"docs/card-effects.md has no '## {title}' section"
    return found.group(1)


def rows(text: str) -> set[str]:
    """The first cell of every table row: the names a section documents."""
    out = set()
    for line in text.splitlines():
        cell = re.match(r"\| (`[^|]+`) \|", line)
        if cell:
            out.update(re.findall(r"`([^`]+)`", cell.group(1)))
    return out


def field_names(model: type[BaseModel]) -> set[str]:
    return {f.alias or name for name, f in model.model_fields.items()}


def test_every_verb_has_a_row():
    missing = sorted(set(VERBS) - rows(section("Operation verbs")))
    assert not missing, f"verbs missing from docs/card-effects.md: {missing}"


def test_every_verb_the_schema_accepts_is_registered_and_documented():
    words = set(typing.get_args(schema.Op.model_fields["do"].annotation))
    assert words == set(VERBS), "schema.Op.do and ops.VERBS differ"
    assert words <= rows(section("Operation verbs"))


def test_every_event_has_a_row():
    missing = sorted(set(schema.EVENTS) - rows(section("Trigger events")))
    assert not missing, f"trigger events missing from docs/card-effects.md: {missing}"


def test_every_condition_has_a_row():
    missing = sorted(field_names(schema.Condition) - rows(section("Conditions")))
    assert not missing, f"conditions missing from docs/card-effects.md: {missing}"


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_schema_field_is_named(model):
    text = PAGE.read_text(encoding="utf-8")
    missing = sorted(f for f in field_names(model) if f"`{f}`" not in text)
    assert not missing, f"{model.__name__} fields missing from docs/card-effects.md: {missing}"


def test_every_effect_kind_and_once_variant_is_named():
    text = PAGE.read_text(encoding="utf-8")
    words = [
        *typing.get_args(schema.Kind),
        *typing.get_args(schema.Once.model_fields["per"].annotation),
    ]
    words += list(typing.get_args(schema.Until)) + list(typing.get_args(schema.Where))
    words += list(typing.get_args(schema.Cards.model_fields["of"].annotation))
    missing = sorted(w for w in words if f"`{w}`" not in text)
    assert not missing, f"words missing from docs/card-effects.md: {missing}"


def test_the_check_catches_a_verb_left_out():
    page = PAGE.read_text(encoding="utf-8")
    without = "\n".join(x for x in page.splitlines() if not x.startswith("| `mill` |"))
    assert "mill" in rows(section("Operation verbs", page))
    assert "mill" not in rows(section("Operation verbs", without))
