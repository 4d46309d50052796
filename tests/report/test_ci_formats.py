"""The CI output formats on real reports: SARIF validated against the 2.1.0 schema, JUnit
parsed as XML, GitHub annotations and Markdown escaped."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET

import jsonschema
import pytest

from deckcheck.report import github, junit, markdown, sarif
from deckcheck.report.render import OUTPUT_FORMATS, renderer
from deckcheck.validation.rules import RULES
from tests.conftest import DATA

from .helpers import AWKWARD, make_reports

SARIF_SCHEMA = json.loads((DATA / "schemas" / "sarif-schema-2.1.0.json").read_text())


@pytest.fixture(scope="module")
def reports(db, tmp_path_factory):
    return make_reports(db, tmp_path_factory.mktemp("decks"))


@pytest.fixture
def in_tmp(reports, monkeypatch):
    """Run from the folder holding the awkward deck, so its path is relative."""
    monkeypatch.chdir(reports[2].deck.source.rsplit("/", 1)[0])


def test_registry_has_every_output_format():
    assert OUTPUT_FORMATS == ("text", "json", "sarif", "junit", "github", "markdown")
    assert renderer("sarif") is sarif.render and renderer("junit") is junit.render
    assert renderer("github") is github.render and renderer("markdown") is markdown.render


def test_sarif_is_valid_against_the_schema(reports):
    data = json.loads(sarif.render(reports))
    jsonschema.validate(data, SARIF_SCHEMA)
    assert data["version"] == "2.1.0"


def test_sarif_has_one_rule_per_slug(reports):
    (run,) = json.loads(sarif.render(reports))["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["name"] for r in rules] == list(RULES)
    copy = rules[list(RULES).index("copy-limit")]
    assert copy["id"] == "DC201"
    assert copy["helpUri"] == RULES["copy-limit"].help_uri
    assert "How to fix:" in copy["help"]["text"]
    assert copy["help"]["markdown"].startswith("# copy-limit (DC201)")


def test_sarif_results_at_file_and_line(reports, in_tmp):
    (run,) = json.loads(sarif.render(reports))["runs"]
    results = run["results"]
    assert len(results) == sum(len(r.violations) for r in reports)
    by_rule = {r["ruleId"]: r for r in results}
    parse = by_rule["DC001"]["locations"][0]["physicalLocation"]
    # relative to the working folder, percent-encoded
    assert parse["artifactLocation"]["uri"] == "odd%2C%20deck%3A%20100%25%20%7C%20v1.ydk"
    assert parse["region"]["startLine"] == 3
    assert by_rule["DC002"]["locations"][0]["physicalLocation"]["region"]["startLine"] == 4
    forbidden = [r for r in results if r["ruleId"] == "DC301"]
    assert forbidden[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (
        "file://" + reports[1].deck.source
    )
    assert all(r["ruleIndex"] == list(RULES).index(r["properties"]["rule"]) for r in results)
    # a ydke:// deck has no file: no location, the source in the properties
    size = by_rule["DC101"]
    assert "locations" not in size and size["properties"]["source"].startswith("ydke://")


def test_junit_one_case_per_deck(reports):
    root = ET.fromstring(junit.render(reports).encode())
    assert root.tag == "testsuites" and root.get("tests") == "4" and root.get("failures") == "3"
    cases = root.findall("./testsuite/testcase")
    assert [c.get("classname") for c in cases] == [
        "deckcheck.ocg",
        "deckcheck.tcg",
        "deckcheck.tcg",
        "deckcheck.tcg",
    ]
    assert cases[0].find("failure") is None
    failure = cases[1].find("failure")
    assert failure.get("message").startswith("11 problems: ")
    assert 'line 22: DC301 forbidden: Maxx "C" is Forbidden' in failure.text
    assert cases[3].get("file") is None and cases[3].get("name").endswith("…")


def test_junit_survives_control_characters(reports):
    report = copy.deepcopy(reports[2])
    report.violations[0].message = "bad \x00\x1b byte"
    root = ET.fromstring(junit.render([report]).encode())
    assert "bad \ufffd\ufffd byte" in root.find("./testsuite/testcase/failure").text


def test_github_annotations(reports, in_tmp):
    lines = github.render(reports).splitlines()
    assert lines[0] == (
        f"::error file={reports[1].deck.source},line=3,title=DC302 limited::Ice Ryzeal is "
        "Semi-Limited (2) in the TCG Advanced list 2025.10; the deck has 3"
    )
    # properties escape ',' ':' '%'; the message keeps ':' but escapes '%' and newlines
    assert (
        "::error file=odd%2C deck%3A 100%25 | v1.ydk,line=3,title=DC001 parse-error::"
        in (lines[11])
    )
    assert lines[13].startswith("::error title=DC101 main-deck-size::ydke://")
    assert lines[-1] == "deckcheck: 4 decks checked: 1 valid, 3 invalid"
    assert github.escape_data("50%\nnext") == "50%25%0Anext"


def test_markdown_comment(reports, in_tmp):
    text = markdown.render(reports)
    assert text.startswith("## :x: deckcheck: 3 of 4 decks invalid\n")
    assert "1 other deck valid." in text
    assert f"### :x: `{AWKWARD}`: 2 problems" in text
    row = next(line for line in text.splitlines() if line.startswith("| 3 | [DC001"))
    assert row == (
        "| 3 | [DC001 parse-error](" + RULES["parse-error"].help_uri + ") | main | "
        "'12345x' is not a passcode |"
    )
    assert markdown.cell("a|b<c>\nd") == "a\\|b&lt;c&gt; d"


def test_markdown_all_valid(reports):
    assert markdown.render(reports[:1]) == (
        "## :white_check_mark: deckcheck: 0 of 1 deck invalid\n\nThe checked deck is valid.\n"
    )


def test_markdown_stays_under_the_comment_limit(reports):
    many = [reports[1]] * 200
    text = markdown.render(many)
    assert len(text) <= markdown.MAX_CHARS + 200
    assert "more invalid decks (output shortened)" in text
