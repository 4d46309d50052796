"""Markdown for pull-request comments: a verdict line, then a table of problems per invalid
deck with links to the rule pages. Kept under GitHub's comment size limit."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from deckcheck.report.render import RunNotes, Tally, counted
from deckcheck.report.source import shown
from deckcheck.validation.report import Report
from deckcheck.validation.rules import RULES

# GitHub refuses comments over 65,536 characters; leave room for a footer
MAX_CHARS = 60_000


def cell(text: object) -> str:
    """Table-cell safe: no line breaks, pipes escaped, HTML-significant characters escaped."""
    value = " ".join(str(text).split())
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "\\|")):
        value = value.replace(char, entity)
    return value


def code_span(text: str) -> str:
    value = " ".join(text.split())
    fence = "``" if "`" in value else "`"
    return f"{fence} {value} {fence}" if fence == "``" else f"`{value}`"


def _deck_section(report: Report, notes: list[str]) -> list[str]:
    deck, fmt = report.deck, report.format
    listed = f", list {fmt.banlist}" if fmt.banlist else ""
    errors = sum(1 for v in report.violations if v.severity == "error")
    lines = [
        f"### :x: {code_span(shown(deck.source))}: {counted(errors, 'problem')}",
        "",
        f"{cell(fmt.id)} on {fmt.date}{cell(listed)}; "
        f"Main {deck.main}, Extra {deck.extra}, Side {deck.side}",
        "",
        "| line | rule | section | problem |",
        "| ---: | --- | --- | --- |",
    ]
    for v in report.violations:
        rule = RULES.get(v.rule)
        link = f"[{v.code} {v.rule}]({rule.help_uri})" if rule else f"{v.code} {cell(v.rule)}"
        lines.append(f"| {v.line or ''} | {link} | {cell(v.section or '')} | {cell(v.message)} |")
    lines += [f"> {cell(note)}" for note in notes]
    return [*lines, ""]


def render(reports: Iterable[Report]) -> str:
    return "".join(stream(reports))


def stream(reports: Iterable[Report]) -> Iterator[str]:
    """The comment, written once every report is in, since it opens with the counts. It is
    bounded by MAX_CHARS: deck sections are kept only while they fit, the rest counted."""
    tally, notes = Tally(), RunNotes()
    invalid: list[list[str]] = []  # the sections that may fit, in order
    kept = more = 0  # characters kept; invalid decks past them
    for report in tally.seen(reports):
        if report.valid:
            continue
        if more:
            more += 1
            continue
        block = _deck_section(report, notes.of(report))
        size = sum(len(line) + 1 for line in block)
        if kept + size > MAX_CHARS:  # it cannot fit even before the heading is counted
            more = 1
            continue
        invalid.append(block)
        kept += size
    yield _comment(tally, invalid, more)


def _comment(tally: Tally, invalid: list[list[str]], more: int) -> str:
    counts = tally.summary()
    verdict = ":white_check_mark:" if not counts["invalid"] else ":x:"
    head = [
        f"## {verdict} deckcheck: {counts['invalid']} of {counted(counts['decks'], 'deck')} "
        "invalid",
        "",
    ]
    if not counts["invalid"]:
        decks = counts["decks"]
        head.append(
            "The checked deck is valid." if decks == 1 else f"All {decks} checked decks are valid."
        )
        return "\n".join(head) + "\n"
    out = head
    size = sum(len(line) + 1 for line in out)
    for done, block in enumerate(invalid):
        block_size = sum(len(line) + 1 for line in block)
        if size + block_size > MAX_CHARS:
            more += len(invalid) - done
            break
        out += block
        size += block_size
    if more:
        out.append(f"... and {counted(more, 'more invalid deck')} (output shortened).")
    if counts["valid"]:
        out.append(f"{counted(counts['valid'], 'other deck')} valid.")
    return "\n".join(out) + "\n"
