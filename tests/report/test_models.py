"""The plain report of the core and the pydantic models of the boundary are one shape: the
same fields in the same order, and a report's ``as_json`` is what the models validate and
serialise unchanged (docs/report.schema.json is generated from the models)."""

from __future__ import annotations

import jsonschema
import pytest

from deckcheck.report import models
from deckcheck.validation import report
from tests.cli.test_check import SCHEMA

from .helpers import make_reports

PAIRS = [
    (report.Violation, models.Violation),
    (report.DeckInfo, models.DeckInfo),
    (report.FormatInfo, models.FormatInfo),
    (report.CardDataInfo, models.CardDataInfo),
    (report.Report, models.Report),
]


@pytest.fixture(scope="module")
def reports(db, tmp_path_factory):
    return make_reports(db, tmp_path_factory.mktemp("reports"))


@pytest.mark.parametrize(("plain", "model"), PAIRS, ids=[p.__name__ for p, _ in PAIRS])
def test_the_same_fields_in_the_same_order(plain, model):
    assert list(plain.__slots__) == list(model.model_fields)


def test_as_json_is_what_the_models_serialise(reports):
    assert any(r.violations for r in reports)
    for found in reports:
        data = found.as_json()
        assert models.Report.model_validate(data).model_dump(mode="json") == data
        assert all(list(v) == list(models.Violation.model_fields) for v in data["violations"])
        jsonschema.validate(
            {"decks": [data], "summary": {"decks": 1, "valid": 0, "invalid": 1}}, SCHEMA
        )


def test_a_float_limit_stays_a_float_and_an_int_an_int():
    base = dict(rule="points-cap", code="DC502", message="over")
    assert report.Violation(**base, limit=100.0).as_json()["limit"] == 100.0
    assert isinstance(report.Violation(**base, limit=100.0).as_json()["limit"], float)
    assert isinstance(report.Violation(**base, limit=3).as_json()["limit"], int)
    dumped = models.Violation(**base, limit=100.0).model_dump(mode="json")
    assert dumped == report.Violation(**base, limit=100.0).as_json()
