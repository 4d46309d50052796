"""The rule units, one module each (deckcheck/validation/rule.py says what a unit declares).

Every module of this package with a ``UNIT`` is a unit: adding a rule is adding its module
and its page in deckcheck/docs/rules/. Units run in the order of their first code, which is
the order of the violations in a report.
"""

from __future__ import annotations

import os
from importlib import import_module

from deckcheck.validation.rule import Rule, Unit


def _units() -> tuple[Unit, ...]:
    # the folder's modules listed by hand: pkgutil costs a one-deck check's start-up more
    # than the listing itself (issue 15)
    names = [n[:-3] for n in os.listdir(__path__[0]) if n.endswith(".py") and n != "__init__.py"]
    found = [import_module(f"{__name__}.{name}").UNIT for name in names]
    return tuple(sorted(found, key=lambda unit: unit.rules[0].code))


UNITS = _units()
DECK_UNITS = tuple(unit for unit in UNITS if unit.scope == "deck")
RULES: dict[str, Rule] = {rule.slug: rule for unit in UNITS for rule in unit.rules}
RULES_BY_CODE: dict[str, Rule] = {rule.code: rule for rule in RULES.values()}


def find_rule(key: str) -> Rule | None:
    """By slug or code, case-insensitive."""
    key = key.strip()
    return RULES.get(key.lower()) or RULES_BY_CODE.get(key.upper())
