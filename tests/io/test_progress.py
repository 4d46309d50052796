"""Progress lines: on stderr only when it is a terminal, never in pipes or machine output."""

from __future__ import annotations

import io
import json
import re
import sys
import time

import pytest

from deckcheck.io import progress as progress_module
from deckcheck.io.progress import progress
from tests.cli.helpers import run
from tests.conftest import DECKS, ROOT

EXAMPLE = str(ROOT / "examples" / "blue-eyes.ydk")
CATEGORIES = str(ROOT / "docs" / "images" / "hands-blue-eyes.yaml")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def at_once(monkeypatch):
    """No waiting before the line appears, and a redraw on every step."""
    monkeypatch.setattr(progress_module, "DELAY", 0.0)
    monkeypatch.setattr(progress_module, "INTERVAL", 0.0)


def test_nothing_on_a_pipe(at_once):
    pipe = io.StringIO()
    with progress("checking decks", 3, pipe) as shown:
        for _ in range(3):
            shown.advance()
    assert pipe.getvalue() == ""


def test_counts_on_a_terminal_and_wipes_the_line(at_once):
    tty = FakeTerminal()
    with progress("checking decks", 3, tty) as shown:
        for _ in range(3):
            shown.advance()
    text = tty.getvalue()
    # done/total, then the rate and the time left at that rate
    assert re.search(r"\r\x1b\[Kchecking decks\.\.\. 1/3, [\d.]+/s, \d+ s left \(0 s\)", text)
    assert "checking decks... 3/3, " in text and " 0 s left" in text
    assert text.endswith("\r\x1b[K")  # the next output starts on a clean line


def test_quick_work_prints_nothing_even_on_a_terminal():
    tty = FakeTerminal()
    with progress("checking decks", 1, tty) as shown:
        shown.advance()  # well before DELAY
    assert tty.getvalue() == ""


def test_work_without_steps_shows_the_time(monkeypatch):
    monkeypatch.setattr(progress_module, "DELAY", 0.0)
    monkeypatch.setattr(progress_module, "INTERVAL", 0.01)
    tty = FakeTerminal()
    with progress("building the card data", stream=tty):
        time.sleep(0.2)
    assert "\r\x1b[Kbuilding the card data... (0 s)" in tty.getvalue()
    pipe = io.StringIO()
    with progress("building the card data", stream=pipe):
        time.sleep(0.05)
    assert pipe.getvalue() == ""


def test_check_over_a_folder(capsys, monkeypatch, at_once):
    args = ["check", str(DECKS), "-f", "tcg", "-d", "2026-06-01", "--output-format", "json"]
    piped = run(capsys, *args, "--workers", "1")
    assert piped.err == ""  # stderr is not a terminal under capsys
    assert json.loads(piped.out)["summary"]["decks"] == 47
    for workers in ("1", "2"):  # in this process, and with worker processes
        tty = FakeTerminal()
        monkeypatch.setattr(sys, "stderr", tty)
        shown = run(capsys, *args, "--workers", workers)
        assert "checking decks... 47/47" in tty.getvalue()
        assert json.loads(shown.out)["summary"]["decks"] == 47  # stdout untouched


def test_hands_with_many_samples(capsys, monkeypatch, at_once):
    monkeypatch.setattr(progress_module, "INTERVAL", 0.01)
    args = ["hands", EXAMPLE, "--categories", CATEGORIES, "--turns", "1"]
    args += ["--method", "monte-carlo", "--samples", "200000", "--output-format", "json"]
    piped = run(capsys, *args)
    assert piped.code == 0 and piped.err == ""
    tty = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", tty)
    result = run(capsys, *args)
    assert result.code == 0
    assert "counting opening hands..." in tty.getvalue()
    assert json.loads(result.out) == json.loads(piped.out)  # the figures, nothing else
