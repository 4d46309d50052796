"""GitHub Actions workflow commands: ``::error file=...,line=...::message`` annotations that
appear on the pull request's changed files, then a one-line summary."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from deckcheck.report.render import Tally
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


def render(reports: Iterable[Report]) -> str:
    return "".join(stream(reports))


def stream(reports: Iterable[Report]) -> Iterator[str]:
    """One annotation line per violation, then the summary line."""
    tally = Tally()
    joint = ""
    for report in tally.seen(reports):
        for v in report.violations:
            yield joint + annotation(report, v)
            joint = "\n"
    yield f"{joint}deckcheck: {tally.checked_line()}"
