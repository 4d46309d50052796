"""SARIF 2.1.0 output for code-scanning tools: one rule entry per slug, results at file and
line. Rule ids are the codes (DC201), rule names the slugs (copy-limit)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from deckcheck import __version__
from deckcheck.report.render import Tally, json_stream
from deckcheck.report.source import short, source_uri
from deckcheck.validation.report import Report, Violation
from deckcheck.validation.rules import RULES

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFO_URI = "https://github.com/deckcheck/deckcheck"
LEVELS = {"error": "error", "warning": "warning"}


def _rules() -> list[dict[str, Any]]:
    from deckcheck.validation.ruledocs import help_text, page

    out = []
    for rule in RULES.values():
        out.append(
            {
                "id": rule.code,
                "name": rule.slug,
                "shortDescription": {"text": rule.title},
                "fullDescription": {"text": help_text(rule.slug).split("\n\n")[0]},
                "help": {"text": help_text(rule.slug), "markdown": page(rule.slug)},
                "helpUri": rule.help_uri,
                "defaultConfiguration": {"level": LEVELS.get(rule.severity, "note")},
                "properties": {"rulebook": rule.source},
            }
        )
    return out


def _result(report: Report, v: Violation, index: dict[str, int]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": v.code,
        "level": LEVELS.get(v.severity, "note"),
        "message": {"text": v.message},
        "properties": {
            "rule": v.rule,
            **{
                k: getattr(v, k)
                for k in ("section", "name", "count", "limit")
                if getattr(v, k) is not None
            },
            "cards": v.cards,
        },
    }
    if v.rule in index:
        result["ruleIndex"] = index[v.rule]
    uri = source_uri(report.deck.source)
    if uri is not None:
        location: dict[str, Any] = {"artifactLocation": {"uri": uri}}
        if v.line is not None and v.line >= 1:
            location["region"] = {"startLine": v.line}
        result["locations"] = [{"physicalLocation": location}]
    else:
        result["properties"]["source"] = short(report.deck.source)
    return result


def render(reports: Iterable[Report]) -> str:
    return "".join(stream(reports))


def stream(reports: Iterable[Report]) -> Iterator[str]:
    """The SARIF log, its results one at a time inside the fixed envelope; the run's deck
    counts come after the results, so they are written last."""
    index = {slug: i for i, slug in enumerate(RULES)}
    tally = Tally()
    tool = {
        "driver": {
            "name": "deckcheck",
            "version": __version__,
            "informationUri": INFO_URI,
            "rules": _rules(),
        }
    }

    def document(results: list[Any]) -> dict[str, Any]:
        properties = {"decks": tally.decks, "invalid": tally.decks - tally.valid}
        run = {"tool": tool, "results": results, "properties": properties}
        return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}

    results = (_result(r, v, index) for r in tally.seen(reports) for v in r.violations)
    return json_stream(document, results, ascii_only=True)
