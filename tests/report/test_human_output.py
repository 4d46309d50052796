"""Output a new user reads: plurals, colour on pipes and NO_COLOR, short labels for ydke://
URLs, the card-name note once per run, and what ``check`` without inputs looked for."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from deckcheck.cli.common import colour_wanted
from deckcheck.report.render import counted
from tests.cli.helpers import run
from tests.conftest import DECKS, ROOT

EXAMPLE = str(ROOT / "examples" / "blue-eyes.ydk")
CYBER = str(DECKS / "AI_CyberDragon.ydk")  # valid, with three "count as different names" notes
NOTE = "Cyber Dragon Drei and Cyber Dragon count as different names"
ESC = "\x1b["


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_counted_nouns():
    assert counted(1, "deck") == "1 deck"
    assert counted(0, "deck") == "0 decks"
    assert counted(2, "card") == "2 cards"
    assert counted(3, "entry") == "3 entries"
    assert counted(1, "entry") == "1 entry"


def test_one_deck_is_one_deck(capsys):
    one = run(capsys, "check", EXAMPLE, "--format", "tcg", "--date", "2026-06-01")
    assert one.out.rstrip().endswith("\n1 deck checked: 1 valid, 0 invalid")
    two = run(capsys, "check", EXAMPLE, CYBER, "--format", "tcg", "--date", "2026-06-01")
    assert two.out.rstrip().endswith("\n2 decks checked: 2 valid, 0 invalid")
    github = run(capsys, "check", EXAMPLE, "--format", "ocg", "--output-format", "github")
    assert github.out.rstrip().endswith("deckcheck: 1 deck checked: 0 valid, 1 invalid")


def test_color_is_kept_on_a_pipe_when_asked(capsys):
    coloured = run(capsys, "check", EXAMPLE, "--format", "ocg", "--date", "2026-08-01", "--color")
    assert f"{ESC}31mINVALID{ESC}0m" in coloured.out
    plain = run(capsys, "check", EXAMPLE, "--format", "ocg", "--date", "2026-08-01")
    assert ESC not in plain.out and "INVALID" in plain.out


def test_no_color_is_honoured_on_a_terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert colour_wanted(None, FakeTerminal()) is True
    assert colour_wanted(None, io.StringIO()) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert colour_wanted(None, FakeTerminal()) is False
    assert colour_wanted(True, FakeTerminal()) is True  # the option wins
    monkeypatch.setenv("NO_COLOR", "")  # empty: not set (no-color.org)
    assert colour_wanted(None, FakeTerminal()) is True


def test_no_color_end_to_end(capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr("sys.stdout", FakeTerminal())
    run(capsys, "check", EXAMPLE, "--format", "ocg", "--date", "2026-08-01")
    import sys

    text = sys.stdout.getvalue()
    assert "INVALID" in text and ESC not in text


def test_a_ydke_url_gets_a_short_label(capsys):
    url = run(capsys, "convert", EXAMPLE, "--to", "ydke").out.strip()
    text = run(capsys, "check", url, "--format", "ocg", "--date", "2026-08-01")
    heading = text.out.splitlines()[0]
    assert heading.startswith(url[:31] + "…: INVALID for ocg")
    assert url not in text.out
    # the JSON report keeps the whole source: it is the contract
    data = run(capsys, "check", url, "-f", "ocg", "-d", "2026-08-01", "--output-format", "json")
    assert json.loads(data.out)["decks"][0]["deck"]["source"] == url


def test_a_file_path_is_shown_whole(capsys, tmp_path):
    deck = tmp_path / ("a-rather-long-folder-name-for-decks" * 2) / "blue-eyes.ydk"
    deck.parent.mkdir()
    deck.write_text(Path(EXAMPLE).read_text())
    text = run(capsys, "check", str(deck), "--format", "tcg", "--date", "2026-06-01")
    assert text.out.startswith(f"{deck}: valid")


@pytest.mark.parametrize("output_format", ["text", "markdown"])
def test_the_card_name_note_once_per_run(capsys, output_format):
    # the same deck for two formats: the same explanation, given once
    args = ["check", CYBER, CYBER, "--format", "tcg", "--date", "2026-06-01"]
    if output_format == "markdown":
        # markdown lists invalid decks only: ocg on this date breaks the deck
        args = ["check", CYBER, CYBER, "--format", "speed", "--date", "2026-06-01"]
    result = run(capsys, *args, "--output-format", output_format)
    assert result.out.count(NOTE) == 1, result.out
    # JSON keeps every deck's notes
    data = run(capsys, *args, "--output-format", "json")
    assert [NOTE in " ".join(r["notes"]) for r in json.loads(data.out)["decks"]] == [True, True]


def test_a_decks_own_notice_is_kept_for_every_deck(capsys, tmp_path):
    # a .ydk without #extra: each deck says its Extra Deck monsters were moved
    text = Path(CYBER).read_text().replace("#extra\n", "")
    for name in ("a.ydk", "b.ydk"):
        (tmp_path / name).write_text(text)
    result = run(capsys, "check", str(tmp_path), "--format", "tcg", "--date", "2026-06-01")
    assert result.out.count("moved") == 2
    assert result.out.count(NOTE) == 1


def test_check_without_inputs_names_the_configuration_it_looked_for(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    none = run(capsys, "check")
    assert none.code == 2
    assert "deckcheck.toml" in none.err and "[tool.deckcheck]" in none.err
    assert str(tmp_path) in none.err and "Traceback" not in none.err
    config = tmp_path / "deckcheck.toml"
    config.write_text('paths = ["decks/**/*.ydk"]\n')
    nothing = run(capsys, "check")
    assert nothing.code == 2
    assert f"paths = [decks/**/*.ydk] in {config} match nothing" in nothing.err
