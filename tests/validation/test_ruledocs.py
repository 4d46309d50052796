"""Every rule has a documentation page (what, why, example, how to fix) inside the package,
and ``deckcheck rule`` prints it."""

from __future__ import annotations

from importlib import resources

import pytest

from deckcheck.io.errors import InputError
from deckcheck.validation.ruledocs import HEADINGS, help_text, page, sections
from deckcheck.validation.rules import RULES
from tests.cli.helpers import run


@pytest.mark.parametrize("slug", list(RULES))
def test_each_rule_has_a_full_page(slug):
    rule = RULES[slug]
    text = page(slug)
    assert text.startswith(f"# {slug} ({rule.code})\n")
    parts = sections(slug)
    assert list(parts) == list(HEADINGS)
    assert all(len(body) > 20 for body in parts.values())


def test_no_page_without_a_rule():
    folder = resources.files("deckcheck").joinpath("docs", "rules")
    names = {p.name.removesuffix(".md") for p in folder.iterdir() if p.name.endswith(".md")}
    assert names == set(RULES)


def test_side_rules_cite_rulebook_1_2_3():
    for slug in ("side-swap-sizes", "side-swap-cards", "side-deck-size"):
        assert "1.2.3" in sections(slug)["Why"]


def test_help_text_is_plain_what_and_fix():
    text = help_text("side-swap-sizes")
    assert text.startswith("Between games, the current deck's Main, Extra or Side Deck")
    assert "\n\nHow to fix: Exchange card for card" in text


def test_lookup_by_code_and_unknown_rule():
    assert page("dc603") == page("registration-mismatch")
    with pytest.raises(InputError, match="unknown rule 'DC999'"):
        page("DC999")


def test_rule_command(capsys):
    result = run(capsys, "rule", "copy-limit")
    assert result.code == 0 and result.out == page("copy-limit")
    listing = run(capsys, "rule")
    assert listing.code == 0
    assert listing.out.splitlines()[8].split()[:2] == ["DC201", "copy-limit"]
    missing = run(capsys, "rule", "no-such-rule")
    assert missing.code == 2 and "unknown rule 'no-such-rule'" in missing.err
