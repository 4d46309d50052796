"""Markdown for pull-request comments: a verdict line, then a table of problems per invalid
deck with links to the rule pages. Kept under GitHub's comment size limit."""

from __future__ import annotations

from deckcheck.report.render import counted, run_notes, summary
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


def render(reports: list[Report]) -> str:
    counts = summary(reports)
    invalid = [r for r in reports if not r.valid]
    verdict = ":white_check_mark:" if not invalid else ":x:"
    head = [
        f"## {verdict} deckcheck: {counts['invalid']} of {counted(counts['decks'], 'deck')} "
        "invalid",
        "",
    ]
    if not invalid:
        decks = counts["decks"]
        head.append(
            "The checked deck is valid." if decks == 1 else f"All {decks} checked decks are valid."
        )
        return "\n".join(head) + "\n"
    out = head
    size = sum(len(line) + 1 for line in out)
    notes = run_notes(invalid)
    for done, report in enumerate(invalid):
        block = _deck_section(report, notes[done])
        block_size = sum(len(line) + 1 for line in block)
        if size + block_size > MAX_CHARS:
            rest = counted(len(invalid) - done, "more invalid deck")
            out.append(f"... and {rest} (output shortened).")
            break
        out += block
        size += block_size
    if counts["valid"]:
        out.append(f"{counted(counts['valid'], 'other deck')} valid.")
    return "\n".join(out) + "\n"
