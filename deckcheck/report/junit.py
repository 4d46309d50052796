"""JUnit XML for CI test views: one test case per deck, failing with its violations."""

from __future__ import annotations

import re
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator

from deckcheck.report.render import counted
from deckcheck.report.source import file_path, shown
from deckcheck.validation.report import Report, Violation

# characters XML 1.0 cannot hold (control characters from garbage input)
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def violation_line(v: Violation) -> str:
    where = f"line {v.line}: " if v.line else ""
    return f"{where}{v.code} {v.rule}: {v.message}"


def _case(report: Report) -> ET.Element:
    fmt = report.format
    case = ET.Element(
        "testcase",
        classname=clean(f"deckcheck.{fmt.id}"),
        name=clean(shown(report.deck.source)),
    )
    path = file_path(report.deck.source)
    if path is not None:
        case.set("file", clean(path))
    errors = [v for v in report.violations if v.severity == "error"]
    if not report.valid:
        first = errors[0] if errors else None
        count = len(errors)
        failure = ET.SubElement(
            case,
            "failure",
            message=clean(
                f"{counted(count, 'problem')}: {first.message}" if first else "deck is not valid"
            ),
            type=first.rule if first else "invalid",
        )
        failure.text = clean("\n".join(violation_line(v) for v in report.violations))
    listed = f", list {fmt.banlist}" if fmt.banlist else ""
    info = [f"{fmt.id} on {fmt.date}{listed}; Main {report.deck.main}, Extra {report.deck.extra}"]
    info[0] += f", Side {report.deck.side}; digest {report.deck.digest}"
    if report.valid:
        info += [violation_line(v) for v in report.violations]  # warnings
    info += [f"note: {n}" for n in report.notes]
    ET.SubElement(case, "system-out").text = clean("\n".join(info))
    return case


def render(reports: Iterable[Report]) -> str:
    return "".join(stream(reports))


def stream(reports: Iterable[Report]) -> Iterator[str]:
    """The JUnit document. Its header holds the counts, so the test cases are written to a
    temporary file as they come (memory stays flat) and follow the header at the end."""
    tests = failures = 0
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="") as spool:
        for report in reports:
            case = _case(report)
            ET.indent(case, level=2)  # as deep as it sits in the document
            spool.write(("\n    " if tests else "") + ET.tostring(case, encoding="unicode"))
            tests += 1
            failures += not report.valid
        head, tail = _envelope(tests, failures, with_cases=tests > 0)
        yield head
        spool.seek(0)
        while block := spool.read(1 << 14):
            yield block
        yield tail


def _envelope(tests: int, failures: int, with_cases: bool) -> tuple[str, str]:
    """The document's text before and after its test cases."""
    counts = {"tests": str(tests), "failures": str(failures), "errors": "0"}
    root = ET.Element("testsuites", name="deckcheck", **counts)
    suite = ET.SubElement(root, "testsuite", name="deckcheck", skipped="0", **counts)
    if with_cases:
        ET.SubElement(suite, "cases")
    ET.indent(root)
    body = '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")
    head, _, tail = body.partition("<cases />")
    return head, tail
