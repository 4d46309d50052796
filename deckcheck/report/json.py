"""JSON output of ``check``: one object with every deck's report and a summary.

The shape is documented by docs/report.schema.json, generated from these models
(``python -m deckcheck.report.json > docs/report.schema.json``).
"""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict

from deckcheck.report.render import summary
from deckcheck.validation.report import Report


class Summary(BaseModel):
    model_config = ConfigDict(defer_build=True)  # only the schema needs it

    decks: int
    valid: int
    invalid: int


class CheckOutput(BaseModel):
    model_config = ConfigDict(defer_build=True)

    decks: list[Report]
    summary: Summary


def render(reports: list[Report]) -> str:
    data = {
        "decks": [r.model_dump(mode="json") for r in reports],
        "summary": summary(reports),
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


def schema() -> str:
    body = CheckOutput.model_json_schema()
    body["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    body["title"] = "deckcheck check --output-format json"
    return json.dumps(body, indent=2) + "\n"


if __name__ == "__main__":
    print(schema(), end="")
