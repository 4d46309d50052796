"""Run the real ``deckcheck`` entry point in process and capture what it prints."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pytest

from deckcheck.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str


def run(capsys: pytest.CaptureFixture[str], *args: str) -> Result:
    old = sys.argv
    sys.argv = ["deckcheck", *args]
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.argv = old
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)
