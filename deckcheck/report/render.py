"""Output formats for reports, by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deckcheck.errors import InputError


def renderers() -> dict[str, Callable[..., str]]:
    from deckcheck.report import json, text

    found: dict[str, Callable[..., Any]] = {"text": text.render, "json": json.render}
    try:
        from deckcheck.report.formats import RENDERERS
    except ImportError:
        return found
    return found | RENDERERS


def renderer(name: str) -> Callable[..., str]:
    table = renderers()
    if name not in table:
        raise InputError(f"unknown output format {name!r}; choose from {', '.join(table)}")
    return table[name]
