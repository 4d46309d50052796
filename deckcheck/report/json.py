"""JSON output of ``check``: one object with every deck's report and a summary."""

from __future__ import annotations

import json

from deckcheck.validation.report import Report


def summary(reports: list[Report]) -> dict[str, int]:
    valid = sum(1 for r in reports if r.valid)
    return {"decks": len(reports), "valid": valid, "invalid": len(reports) - valid}


def render(reports: list[Report]) -> str:
    data = {
        "decks": [r.model_dump(mode="json") for r in reports],
        "summary": summary(reports),
    }
    return json.dumps(data, indent=2, ensure_ascii=False)
