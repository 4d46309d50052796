"""The help a new user reads: every option of every command has help text, shows its
choices when it takes a fixed set of values (the same as the library's), shows its default
where it has one, and names the options it talks about as they are spelt."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, get_args

import pytest
import typer.main
from typer import _click as click

from deckcheck.cli import app, common

from .helpers import run

# an option named here takes one of a fixed set of values
CHOICE_OPTIONS = {
    "--output-format",
    "--to",
    "--going",
    "--method",
    "--agent",
    "--agents",
    "--profile",
    "--log-level",
}
# options that switch something on when given and have no default value
NO_DEFAULT = {"--categories", "--compare", "--plot", "--log", "--cdb"}
# capitals allowed in option help: acronyms and value patterns, not placeholders like OUT
ACRONYMS = {"API", "JSON", "JSONL", "YAML", "PDF", "URL", "ID", "TCG", "OCG", "YYYY", "MM", "DD"}


def commands() -> Iterator[tuple[str, Any]]:
    def walk(command: Any, path: list[str]) -> Iterator[tuple[str, Any]]:
        subs = getattr(command, "commands", None)
        if subs is None:
            yield " ".join(path), command
            return
        for name, sub in sorted(subs.items()):
            yield from walk(sub, [*path, name])

    yield from walk(typer.main.get_command(app), [])


def options() -> Iterator[tuple[str, Any, tuple[str, str]]]:
    for path, command in commands():
        ctx = click.Context(command, info_name=path)
        for param in command.params:
            if param.param_type_name == "option" and not param.hidden:
                record = param.get_help_record(ctx)
                assert record is not None
                yield path, param, record


ALL = list(options())
IDS = [f"{path} {param.opts[0]}" for path, param, _ in ALL]


def expected_choices(path: str, opt: str) -> tuple[str, ...]:
    """The values an option takes, from the library's own lists."""
    from uvicorn.config import LOG_LEVELS

    from deckcheck.banlist.ops import TARGETS
    from deckcheck.decks.codecs import FORMATS
    from deckcheck.engine.profiles import PROFILES
    from deckcheck.report.render import OUTPUT_FORMATS
    from deckcheck.stats.analysis import Going, Method

    if opt == "--output-format":
        if path == "smoke":
            return ("text", "json", "junit")
        return OUTPUT_FORMATS if path in ("check", "verify", "side check") else ("text", "json")
    if opt == "--to":
        return TARGETS if path.startswith("banlist ") else FORMATS
    return {
        "--going": (*get_args(Going), "both"),
        "--method": get_args(Method),
        "--agent": ("random", "greedy"),
        "--agents": ("random", "greedy"),
        "--profile": tuple(PROFILES),
        "--log-level": tuple(LOG_LEVELS),
    }[opt]


def test_the_walk_sees_every_command():
    paths = {path for path, _ in commands()}
    assert {"check", "convert", "hands", "duel", "sheet", "banlist export", "cards update"} <= paths
    assert len(ALL) > 80


@pytest.mark.parametrize(("path", "param", "record"), ALL, ids=IDS)
def test_every_option_has_help(path, param, record):
    assert (param.help or "").strip(), f"{path} {param.opts[0]} has no help text"
    # an argument may be named in capitals (the convention); OUT, naming nothing, may not
    arguments = {
        (p.metavar or p.name or "").upper()
        for p in dict(commands())[path].params
        if p.param_type_name == "argument"
    }
    capitals = set(re.findall(r"\b[A-Z]{2,}\b", param.help)) - ACRONYMS - arguments
    assert not capitals, f"{path} {param.opts[0]}: {capitals} in {param.help!r}"


@pytest.mark.parametrize(("path", "param", "record"), ALL, ids=IDS)
def test_fixed_values_are_listed(path, param, record):
    opt = next((o for o in param.opts if o.startswith("--")), param.opts[0])
    if opt not in CHOICE_OPTIONS:
        return
    shown = " ".join(record)
    missing = [v for v in expected_choices(path, opt) if v not in shown]
    assert not missing, f"{path} {opt} does not show {missing}: {record}"
    choices = param.type_descriptor.choices
    if opt != "--agents":  # a pair of names, checked by the library
        assert choices is not None, f"{path} {opt} takes any value"
        assert set(choices) == set(expected_choices(path, opt))


@pytest.mark.parametrize(("path", "param", "record"), ALL, ids=IDS)
def test_defaults_are_shown(path, param, record):
    name, text = record
    flag = getattr(param, "is_flag", False) and not param.secondary_opts
    if param.required or flag:
        return  # a plain flag's default is "off"
    if param.default is not None:
        assert "[default: " in text, f"{path} {param.opts[0]}: {record}"
    elif param.opts[0] not in NO_DEFAULT and not set(param.opts) & NO_DEFAULT:
        assert "default" in text.lower(), f"{path} {param.opts[0]} says no default: {record}"


@pytest.mark.parametrize(("path", "param", "record"), ALL, ids=IDS)
def test_dash_o_is_a_path_everywhere(path, param, record):
    if "-o" in param.opts:
        assert param.type_descriptor.is_path, f"{path} -o is not a path: {record}"


@pytest.mark.parametrize(("path", "param", "record"), ALL, ids=IDS)
def test_options_named_in_help_exist(path, param, record):
    own = {o for p in dict(commands())[path].params for o in (*p.opts, *p.secondary_opts)}
    for named in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", param.help or ""):
        for part in named.split("/"):
            assert part in own, f"{path} {param.opts[0]} names {part}, not an option of it"


def test_the_literal_types_are_the_librarys_lists():
    from uvicorn.config import LOG_LEVELS

    from deckcheck.banlist.ops import TARGETS
    from deckcheck.decks.codecs import FORMATS
    from deckcheck.engine.profiles import PROFILES
    from deckcheck.report.render import OUTPUT_FORMATS

    assert get_args(common.OutputFormat) == OUTPUT_FORMATS
    assert set(get_args(common.TextOrJson)) <= set(OUTPUT_FORMATS)
    assert get_args(common.DeckFormat) == FORMATS
    assert get_args(common.BanlistFormat) == TARGETS
    assert get_args(common.RulesProfile) == tuple(PROFILES)
    assert get_args(common.LogLevel) == tuple(LOG_LEVELS)


def test_agent_names_are_the_engines():
    from deckcheck.engine.agents import make_agent, parse_agents
    from deckcheck.io.errors import InputError

    for name in get_args(common.AgentName):
        assert parse_agents(name) == (name, name)
        make_agent(name, 0, 0)
    with pytest.raises(InputError):
        parse_agents("minimax")


def test_a_value_outside_the_set_is_a_usage_error(capsys):
    result = run(capsys, "hands", "x.ydk", "--going", "third")
    assert result.code == 2
    assert "'third' is not one of 'first', 'second', 'both'" in result.err
    assert "Traceback" not in result.err


def test_convert_help_names_its_output_option(capsys):
    result = run(capsys, "convert", "--help")
    assert "Replace the -o/--output file if it exists." in result.out
    assert "OUT" not in result.out
