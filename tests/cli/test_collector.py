"""main() keeps the garbage collector off while Typer and the command load (issue 15,
start-up) and on while the command runs, with what start-up made frozen; it is on again
however the run ends."""

from __future__ import annotations

import gc

import typer

from deckcheck.cli import check, common
from tests.cli.helpers import run


def test_the_collector_is_on_while_a_command_runs(capsys, monkeypatch):
    seen: list[bool] = []
    real = common.run

    def spy(app: typer.Typer) -> None:
        seen.append(gc.isenabled())  # start-up: off
        real(app)

    def parse_date(on: str | None) -> object:
        seen.append(gc.isenabled())  # the check command's body
        return common.parse_date(on)

    monkeypatch.setattr(common, "run", spy)
    monkeypatch.setattr(check, "parse_date", parse_date)
    result = run(capsys, "check", "examples/blue-eyes.ydk", "--format", "tcg")
    assert result.code == 0, result.err
    assert seen == [False, True]
    assert gc.isenabled()


def test_what_start_up_made_is_frozen_before_the_command_runs(capsys, monkeypatch):
    frozen: list[int] = []

    def parse_date(on: str | None) -> object:
        frozen.append(gc.get_freeze_count())  # the check command's body
        return common.parse_date(on)

    monkeypatch.setattr(check, "parse_date", parse_date)
    gc.unfreeze()
    try:
        result = run(capsys, "check", "examples/blue-eyes.ydk", "--format", "tcg")
        assert result.code == 0, result.err
        # the modules loaded by then (typer's, deckcheck's) are among the frozen objects
        assert frozen[0] > 10_000
    finally:
        gc.unfreeze()


def test_nothing_is_frozen_when_the_collector_was_off(capsys):
    gc.disable()
    gc.unfreeze()
    try:
        run(capsys, "--help")
        assert gc.get_freeze_count() == 0
    finally:
        gc.enable()


def test_on_again_after_a_run_that_stops_before_any_command(capsys):
    assert run(capsys, "--help").code == 0
    assert gc.isenabled()
    assert run(capsys, "no-such-command").code == 2
    assert gc.isenabled()


def test_left_off_when_it_was_off(capsys):
    gc.disable()
    try:
        run(capsys, "--help")
        assert not gc.isenabled()
    finally:
        gc.enable()
