"""JSON output of ``check``: one object with every deck's report and a summary.

The shape is documented by docs/report.schema.json, generated from the boundary models of
deckcheck/report/models.py (``python -m deckcheck.report.json > docs/report.schema.json``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from deckcheck.report.render import Tally, json_stream
from deckcheck.validation.report import Report


def render(reports: Iterable[Report]) -> str:
    return "".join(stream(reports))


def stream(reports: Iterable[Report]) -> Iterator[str]:
    """The JSON document, one deck's report at a time: the same text as dumping it whole."""
    tally = Tally()

    def document(decks: list[Any]) -> dict[str, Any]:
        return {"decks": decks, "summary": tally.summary()}

    return json_stream(document, (r.as_json() for r in tally.seen(reports)))


def schema() -> str:
    from deckcheck.report.models import CheckOutput

    body = CheckOutput.model_json_schema()
    body["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    body["title"] = "deckcheck check --output-format json"
    return json.dumps(body, indent=2) + "\n"


if __name__ == "__main__":
    print(schema(), end="")
