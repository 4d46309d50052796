"""JSON output of ``check``: one object with every deck's report and a summary.

The shape is documented by docs/report.schema.json, generated from the boundary models of
deckcheck/report/models.py (``python -m deckcheck.report.json > docs/report.schema.json``).
"""

from __future__ import annotations

import json

from deckcheck.report.render import summary
from deckcheck.validation.report import Report


def render(reports: list[Report]) -> str:
    data = {
        "decks": [r.as_json() for r in reports],
        "summary": summary(reports),
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


def schema() -> str:
    from deckcheck.report.models import CheckOutput

    body = CheckOutput.model_json_schema()
    body["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    body["title"] = "deckcheck check --output-format json"
    return json.dumps(body, indent=2) + "\n"


if __name__ == "__main__":
    print(schema(), end="")
