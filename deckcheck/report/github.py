"""GitHub Actions workflow commands: ``::error file=...,line=...::message`` annotations that
appear on the pull request's changed files, then a one-line summary."""

from __future__ import annotations

from deckcheck.report.render import checked_line
from deckcheck.report.source import file_path, short
from deckcheck.validation.report import Report, Violation

COMMANDS = {"error": "error", "warning": "warning"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(report: Report, v: Violation) -> str:
    props = []
    path = file_path(report.deck.source)
    if path is not None:
        props.append(f"file={escape_property(path)}")
        if v.line:
            props.append(f"line={v.line}")
    props.append(f"title={escape_property(f'{v.code} {v.rule}')}")
    command = COMMANDS.get(v.severity, "notice")
    message = v.message if path else f"{short(report.deck.source)}: {v.message}"
    return f"::{command} {','.join(props)}::{escape_data(message)}"


def render(reports: list[Report]) -> str:
    lines = [annotation(r, v) for r in reports for v in r.violations]
    lines.append(f"deckcheck: {checked_line(reports)}")
    return "\n".join(lines)
