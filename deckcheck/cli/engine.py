"""Duel engine commands: ``duel``, ``play``, ``replay``, ``scenario run``, ``goldfish``,
``gauntlet`` and ``smoke``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn

import typer

from deckcheck.cli.common import (
    CARDS_HELP,
    DATE,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    OUTPUT_HELP,
    AgentName,
    RulesProfile,
    TextOrJson,
    app,
    fail,
    group,
)

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.model import Deck

SmokeFormat = Literal["text", "json", "junit"]
scenario_app = group("scenario", "Rule scenarios: a position, actions and the expected outcome.")


def _load_decks(
    paths: list[str], cards: Path | None, format_id: str, on: str | None, validate: bool
) -> tuple[CardDB, list[Deck]]:
    """Open the card data, read the decks and validate them for the format (unless told
    not to). An invalid deck prints its report and exits 1."""
    from deckcheck.cards.db import CardDB
    from deckcheck.cli.common import parse_date
    from deckcheck.decks import load_deck

    db = CardDB.open(cards)
    decks = [load_deck(p, db) for p in paths]
    if validate:
        from deckcheck.report.render import renderer
        from deckcheck.validation import Checker

        checker = Checker(db)
        reports = [checker.check(deck, format_id, parse_date(on)) for deck in decks]
        if not all(r.valid for r in reports):
            typer.echo(renderer("text")([r for r in reports if not r.valid]))
            typer.echo("deckcheck: a deck is not valid for the format; no duel", err=True)
            raise typer.Exit(EXIT_INVALID)
    return db, decks


@app.command()
def duel(
    deck_a: str = typer.Argument(..., help="Deck A (file or ydke:// URL)."),
    deck_b: str = typer.Argument(..., help="Deck B (file or ydke:// URL)."),
    format_id: str = typer.Option("tcg", "--format", "-f", help="Format both decks must obey."),
    on: str = typer.Option(
        None, "--date", "-d", metavar=DATE, help="Date for the format (default: today)."
    ),
    games: int = typer.Option(100, "--games", "-n", help="Number of games."),
    seed: int = typer.Option(0, "--seed", help="Master seed (same seed, same games)."),
    agents: str = typer.Option(
        "random,random",
        "--agents",
        metavar="A[,B]",
        help="Agents for decks A and B, each random or greedy; one name plays both.",
    ),
    workers: int = typer.Option(1, "--workers", help="Processes to play on."),
    log: Path = typer.Option(None, "--log", help="Write one JSONL log per game into this folder."),
    profile: RulesProfile = typer.Option("master-rule-2020", "--profile", help="Rules profile."),
    validate: bool = typer.Option(True, "--validate/--no-validate", help="Validate decks first."),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
    force: bool = typer.Option(
        False, "--force", help="Replace the duel logs already in the --log folder (and --plot)."
    ),
    plot: Path = typer.Option(
        None, "--plot", help="Also draw what each deck's cards did (.png or .svg)."
    ),
) -> None:
    """Seeded test duels between two valid decks: each deck's supported share, wins with
    intervals, going first or second, win reasons, turns, lost seeds, what each card did."""

    from deckcheck.engine.agents import parse_agents
    from deckcheck.engine.match import render_text, run_match
    from deckcheck.engine.template import prepare
    from deckcheck.io.progress import progress

    if output_format not in ("text", "json"):
        fail(f"unknown output format {output_format!r} (text, json)")
    names = parse_agents(agents)
    if plot is not None:
        from deckcheck.stats.plot import plot_target

        plot_target(plot, force)  # refuse a bad path before any work
    db, decks = _load_decks([deck_a, deck_b], cards, format_id, on, validate)
    template = prepare(decks, db, profile)
    with progress("duels", total=games) as line:

        def advance(done: int) -> None:
            line.done = done - 1
            line.advance()

        report = run_match(template, games, seed, names, workers, log, db.version, force, advance)
    from deckcheck.engine.plots import plot_duel

    _finish(report, games, output_format, render_text, plot, plot_duel, force)


@app.command()
def play(
    deck: str = typer.Argument(..., help="Your deck (file or ydke:// URL)."),
    opponent: str = typer.Argument(..., help="The opponent's deck."),
    format_id: str = typer.Option("tcg", "--format", "-f", help="Format both decks must obey."),
    on: str = typer.Option(
        None, "--date", "-d", metavar=DATE, help="Date for the format (default: today)."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the duel."),
    agent: AgentName = typer.Option("greedy", "--agent", help="The opponent's agent."),
    profile: RulesProfile = typer.Option("master-rule-2020", "--profile", help="Rules profile."),
    validate: bool = typer.Option(True, "--validate/--no-validate", help="Validate decks first."),
    log: Path = typer.Option(None, "--log", help="Write the duel's JSONL log to this file."),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
    force: bool = typer.Option(False, "--force", help="Replace an existing --log file."),
) -> None:
    """Duel at the terminal against an agent: you are player 0; answer with numbers."""
    import sys

    from deckcheck.engine.agents import HumanAgent, make_agent, parse_agents
    from deckcheck.engine.describe import render_event
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.log import check_log_file, header, outcome, write_log
    from deckcheck.engine.template import prepare

    parse_agents(agent)
    if log is not None:
        check_log_file(log, force)  # before the duel, not after it was played
    db, decks = _load_decks([deck, opponent], cards, format_id, on, validate)
    template = prepare(decks, db, profile)
    game = Duel.new(template, seed)

    def read(text: str) -> str:
        try:
            line = sys.stdin.readline()
        except UnicodeDecodeError:
            return "\n"  # not a number: asked again
        if not line:
            raise _InputEnded
        return line

    def show_events(seen: int) -> int:
        for event in game.log[seen:]:
            if event[0] != "decide":
                typer.echo("  " + render_event(game.state, event, viewer=0))
        return len(game.log)

    you = HumanAgent(read, sys.stdout)
    other = make_agent(agent, seed, 1)
    seen = 0
    try:
        while game.prompt is not None:
            seen = show_events(seen)
            prompt = game.prompt
            chooser = you if prompt.player == 0 else other
            game.apply_action(chooser.choose(game, prompt))
    except _InputEnded:
        unwritten = "; no log written" if log is not None else ""
        typer.echo(f"\nInput ended: you left the duel on turn {game.state.turn}{unwritten}.")
        raise typer.Exit(EXIT_OK) from None
    show_events(seen)
    typer.echo(f"Result: {outcome(game.state, 0)}")
    if log is not None:
        write_log(log, header(template, db.version, seed, None, ["human", agent]), game, force)


class _InputEnded(Exception):
    """Standard input closed while the duel waited for the human's answer."""


@app.command()
def replay(
    log: Path = typer.Argument(..., help="A duel log written by deckcheck duel --log."),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Re-simulate a logged duel; exit 1 if any event comes out differently."""
    from deckcheck.cards.db import CardDB
    from deckcheck.engine.log import read_log
    from deckcheck.engine.log import replay as run_replay

    result = run_replay(read_log(log), CardDB.open(cards))
    typer.echo(f"{log}: {result.message}")
    raise typer.Exit(EXIT_OK if result.ok else EXIT_INVALID)


@scenario_app.command("run")
def scenario_run(
    files: list[Path] = typer.Argument(..., help="Scenario YAML files or folders of them."),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Run scenarios; print pass/fail with the differences; exit 1 if any fails, 2 if a
    file cannot be read or run (the other files are still run)."""
    from deckcheck.cards.db import CardDB
    from deckcheck.engine.scenario import run_files
    from deckcheck.io.errors import DeckcheckError
    from deckcheck.io.infile import is_folder, shown

    db = CardDB.open(cards)
    results = []
    errors: list[str] = []
    for f in files:
        found = sorted([*f.rglob("*.yaml"), *f.rglob("*.yml")]) if is_folder(f) else [f]
        if not found:
            errors.append(f"{shown(f)}: no .yaml scenario files in the folder")
        for path in found:
            try:
                results.extend(run_files([path], db))
            except DeckcheckError as exc:  # this file only: the others still run
                errors.append(str(exc))
    for r in results:
        typer.echo(f"{'PASS' if r.passed else 'FAIL'} {r.source}: {r.name}")
        for problem in r.problems:
            typer.echo(f"    {problem}")
    failed = sum(1 for r in results if not r.passed)
    unread = f", {len(errors)} not run" if errors else ""
    typer.echo(f"{len(results) - failed} passed, {failed} failed{unread}")
    for error in errors:
        typer.echo(f"deckcheck: error: {error}", err=True)
    raise typer.Exit(EXIT_USAGE if errors else EXIT_INVALID if failed else EXIT_OK)


def _finish(
    report: Any,  # noqa: ANN401 - a match, goldfish or gauntlet report
    games: int | None,
    output_format: str,
    render: Callable[[Any], str],
    plot: Path | None,
    draw: Callable[[Any, Path, bool], Path],
    force: bool,
) -> NoReturn:
    """Say if the run was stopped (Ctrl-C), draw the plot if asked, print the report."""
    import json

    if getattr(report, "stopped", False) and games is not None:
        typer.echo(f"deckcheck: stopped after {len(report.games)} of {games} games", err=True)
    if plot is not None and (getattr(report, "games", None) or getattr(report, "matches", None)):
        draw(report, plot, force)
    if output_format == "json":
        typer.echo(json.dumps(report.as_dict(), indent=2))
    else:
        typer.echo(render(report))
    raise typer.Exit(EXIT_OK)


@app.command()
def goldfish(
    deck: str = typer.Argument(..., help="The deck (file or ydke:// URL)."),
    games: int = typer.Option(100, "--games", "-n", help="Number of games."),
    turns: int = typer.Option(10, "--turns", help="Turns to play in each game."),
    agent: AgentName = typer.Option("greedy", "--agent", help="Who plays the deck."),
    seed: int = typer.Option(0, "--seed", help="Master seed (same seed, same games)."),
    format_id: str = typer.Option("tcg", "--format", "-f", help="Format the deck must obey."),
    on: str = typer.Option(
        None, "--date", "-d", metavar=DATE, help="Date for the format (default: today)."
    ),
    validate: bool = typer.Option(True, "--validate/--no-validate", help="Validate first."),
    profile: RulesProfile = typer.Option("master-rule-2020", "--profile", help="Rules profile."),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
    plot: Path = typer.Option(
        None, "--plot", help="Also draw damage and wins by turn (.png/.svg)."
    ),
    force: bool = typer.Option(False, "--force", help="Replace an existing plot file."),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """How a deck develops alone: the opponent only passes. Turn-1 board, damage and wins
    by turn, per-card usage; seeded, with intervals."""

    from deckcheck.engine.goldfish import goldfish as run_goldfish
    from deckcheck.engine.goldfish import render_text
    from deckcheck.engine.template import prepare
    from deckcheck.io.progress import progress

    if plot is not None:
        from deckcheck.stats.plot import plot_target

        plot_target(plot, force)  # refuse a bad path before any work
    db, decks = _load_decks([deck], cards, format_id, on, validate)
    template = prepare([decks[0], decks[0]], db, profile)
    with progress("goldfish games", total=games) as line:
        report = run_goldfish(template, games, seed, agent, turns, lambda n: line.advance())
    from deckcheck.engine.plots import plot_goldfish

    _finish(report, games, output_format, render_text, plot, plot_goldfish, force)


@app.command()
def gauntlet(
    decks: list[str] = typer.Argument(..., help="Two or more decks (files or ydke:// URLs)."),
    games: int = typer.Option(100, "--games", "-n", help="Games per pair of decks."),
    seed: int = typer.Option(0, "--seed", help="Master seed (same seed, same games)."),
    agents: str = typer.Option(
        "random,random", "--agents", metavar="A[,B]", help="Agents: random or greedy."
    ),
    workers: int = typer.Option(1, "--workers", help="Processes to play on (local runs)."),
    scheduler: str = typer.Option(
        None,
        "--scheduler",
        metavar="ADDRESS",
        help="Run on a Dask cluster: its scheduler's address, or 'local' for a local cluster "
        "(pip install 'deckcheck[cluster]'). Same seeds, same results as a local run "
        "(default: no cluster, this machine's --workers).",
    ),
    format_id: str = typer.Option("tcg", "--format", "-f", help="Format the decks must obey."),
    on: str = typer.Option(
        None, "--date", "-d", metavar=DATE, help="Date for the format (default: today)."
    ),
    validate: bool = typer.Option(True, "--validate/--no-validate", help="Validate first."),
    profile: RulesProfile = typer.Option("master-rule-2020", "--profile", help="Rules profile."),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
    plot: Path = typer.Option(None, "--plot", help="Also draw the heat map (.png/.svg)."),
    force: bool = typer.Option(False, "--force", help="Replace an existing plot file."),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Every pair of decks plays N seeded games (each going first in half): the matrix of
    win rates."""

    from deckcheck.engine.agents import parse_agents
    from deckcheck.engine.gauntlet import pairs, render_text, run_gauntlet
    from deckcheck.engine.template import deck_list, prepare
    from deckcheck.io.progress import progress

    if len(decks) < 2:
        fail("a gauntlet needs at least two decks")
    if plot is not None:
        from deckcheck.stats.plot import plot_target

        plot_target(plot, force)
    names = parse_agents(agents)
    db, loaded = _load_decks(decks, cards, format_id, on, validate)
    lists = [deck_list(d) for d in loaded]
    templates = {p: prepare([lists[p[0]], lists[p[1]]], db, profile) for p in pairs(len(lists))}
    labels = _labels([d.name for d in lists])
    with progress("gauntlet", total=len(templates)) as line:

        def advance(done: int, total: int) -> None:
            line.total = total
            line.done = done - 1
            line.advance()

        report = run_gauntlet(templates, labels, games, seed, names, workers, scheduler, advance)
    from deckcheck.engine.plots import plot_gauntlet

    _finish(report, None, output_format, render_text, plot, plot_gauntlet, force)


def _labels(names: list[str]) -> list[str]:
    """Deck names for the matrix, made unique (the same deck twice is two entries)."""
    out: list[str] = []
    for n in names:
        label, k = n, 2
        while label in out:
            label, k = f"{n} ({k})", k + 1
        out.append(label)
    return out


@app.command()
def smoke(
    deck: str = typer.Argument(..., help="The deck to test (file or ydke:// URL)."),
    opponent: str = typer.Option(
        None, "--opponent", help="The fixed opponent's deck (default: a copy of the deck)."
    ),
    games: int = typer.Option(20, "--games", "-n", help="Number of seeded games."),
    seed: int = typer.Option(0, "--seed", help="Master seed (same seed, same games)."),
    format_id: str = typer.Option("tcg", "--format", "-f", help="Format the deck must obey."),
    on: str = typer.Option(
        None, "--date", "-d", metavar=DATE, help="Date for the format (default: today)."
    ),
    validate: bool = typer.Option(True, "--validate/--no-validate", help="Validate first."),
    profile: RulesProfile = typer.Option("master-rule-2020", "--profile", help="Rules profile."),
    output_format: SmokeFormat = typer.Option(
        "text", "--output-format", help="text, json or junit (for test views in build pipelines)."
    ),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """A CI smoke test of a deck: fails (exit 1) when a card is not supported, the engine
    raises, an invariant breaks, or an Extra Deck monster could never be summoned."""
    import json

    from deckcheck.engine.smoke import render_junit, render_text
    from deckcheck.engine.smoke import smoke as run_smoke
    from deckcheck.engine.template import prepare

    paths = [deck] + ([opponent] if opponent else [])
    db, loaded = _load_decks(paths, cards, format_id, on, validate)
    template = prepare([loaded[0], loaded[-1]], db, profile)
    report = run_smoke(template, games, seed)
    if output_format == "json":
        typer.echo(json.dumps(report.as_dict(), indent=2))
    elif output_format == "junit":
        typer.echo(render_junit(report), nl=False)
    else:
        typer.echo(render_text(report))
    raise typer.Exit(EXIT_OK if report.ok else EXIT_INVALID)
