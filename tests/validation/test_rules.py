"""The rule units: every module of deckcheck/validation/rules/ is one, each rule has one slug,
one code and a page, the units run in the order of their codes, and the README's table
lists exactly the rules there are."""

from __future__ import annotations

import pkgutil
import re
from importlib import import_module, resources

from deckcheck.validation import rules
from deckcheck.validation.rule import Unit
from deckcheck.validation.rules import DECK_UNITS, RULES, RULES_BY_CODE, UNITS, find_rule
from tests.conftest import ROOT


def test_every_module_is_a_unit_and_every_unit_is_run():
    names = [m.name for m in pkgutil.iter_modules(rules.__path__)]
    found = [import_module(f"deckcheck.validation.rules.{name}").UNIT for name in names]
    assert all(isinstance(unit, Unit) and unit.rules for unit in found)
    assert set(found) == set(UNITS)
    assert {u for u in UNITS if u.scope == "deck"} == set(DECK_UNITS)
    assert [u.scope for u in UNITS if u not in DECK_UNITS] == ["swap"]


def test_slugs_and_codes_are_unique_and_units_run_in_code_order():
    every = [rule for unit in UNITS for rule in unit.rules]
    assert len({r.slug for r in every}) == len({r.code for r in every}) == len(every) == 20
    assert [u.rules[0].code for u in UNITS] == sorted(u.rules[0].code for u in UNITS)
    assert RULES_BY_CODE["DC201"] is RULES["copy-limit"]
    assert find_rule(" dc302 ") is find_rule("LIMITED") is RULES["limited"]
    assert find_rule("DC999") is None


def test_each_rule_has_its_page():
    folder = resources.files("deckcheck").joinpath("docs", "rules")
    assert {p.name for p in folder.iterdir()} == {f"{slug}.md" for slug in RULES}


def test_the_readme_table_lists_the_rules():
    text = (ROOT / "README.md").read_text()
    table = dict(re.findall(r"^\| ([a-z-]+) \| (DC\d{3}) \|", text, flags=re.M))
    assert table == {slug: rule.code for slug, rule in RULES.items()}


def test_a_violation_carries_its_rules_code_and_severity():
    found = RULES["never-legal"].violation("x is never legal", name="x")
    assert (found.rule, found.code, found.severity, found.name) == (
        "never-legal",
        "DC402",
        "error",
        "x",
    )
