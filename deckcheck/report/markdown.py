"""Markdown for pull-request comments: a verdict line, then a table of problems per invalid
deck with links to the rule pages. Kept under GitHub's comment size limit."""

from __future__ import annotations

from deckcheck.report.render import summary
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


def _deck_section(report: Report) -> list[str]:
    deck, fmt = report.deck, report.format
    listed = f", list {fmt.banlist}" if fmt.banlist else ""
    errors = sum(1 for v in report.violations if v.severity == "error")
    lines = [
        f"### :x: {code_span(shown(deck.source))}: {errors} problem{'s' if errors != 1 else ''}",
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
    lines += [f"> {cell(note)}" for note in report.notes]
    return [*lines, ""]


def render(reports: list[Report]) -> str:
    counts = summary(reports)
    invalid = [r for r in reports if not r.valid]
    verdict = ":white_check_mark:" if not invalid else ":x:"
    head = [
        f"## {verdict} deckcheck: {counts['invalid']} of {counts['decks']} "
        f"deck{'s' if counts['decks'] != 1 else ''} invalid",
        "",
    ]
    if not invalid:
        head.append(f"All {counts['decks']} checked decks are valid.")
        return "\n".join(head) + "\n"
    out = head
    size = sum(len(line) + 1 for line in out)
    for done, report in enumerate(invalid):
        block = _deck_section(report)
        block_size = sum(len(line) + 1 for line in block)
        if size + block_size > MAX_CHARS:
            out.append(f"... and {len(invalid) - done} more invalid decks (output shortened).")
            break
        out += block
        size += block_size
    if counts["valid"]:
        out.append(f"{counts['valid']} other deck{'s' if counts['valid'] != 1 else ''} valid.")
    return "\n".join(out) + "\n"
