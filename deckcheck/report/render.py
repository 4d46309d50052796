"""Output formats for reports, by name; each renderer's module is imported only when used."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

from deckcheck.errors import InputError

if TYPE_CHECKING:
    from deckcheck.validation.report import Report

# name -> module with a ``render(reports) -> str``
MODULES = {
    "text": "deckcheck.report.text",
    "json": "deckcheck.report.json",
    "sarif": "deckcheck.report.sarif",
    "junit": "deckcheck.report.junit",
    "github": "deckcheck.report.github",
    "markdown": "deckcheck.report.markdown",
}
OUTPUT_FORMATS = tuple(MODULES)


def renderer(name: str) -> Callable[..., str]:
    if name not in MODULES:
        known = ", ".join(OUTPUT_FORMATS)
        raise InputError(f"unknown output format {name!r}; choose from {known}")
    return import_module(MODULES[name]).render


def summary(reports: list[Report]) -> dict[str, int]:
    """The counts every output format ends with."""
    valid = sum(1 for r in reports if r.valid)
    return {"decks": len(reports), "valid": valid, "invalid": len(reports) - valid}
