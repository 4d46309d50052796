"""The CI output formats by name (``check --output-format``); text and json live beside
them in deckcheck.report.render."""

from __future__ import annotations

from collections.abc import Callable

from deckcheck.report import github, junit, markdown, sarif
from deckcheck.validation.report import Report

RENDERERS: dict[str, Callable[[list[Report]], str]] = {
    "sarif": sarif.render,
    "junit": junit.render,
    "github": github.render,
    "markdown": markdown.render,
}
