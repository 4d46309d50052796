"""``deckcheck check``: validate decks against a format on a date."""

# annotations not postponed: Typer reads the command's at every start, and strings would be
# compiled then (about 3 M instructions for the callback and check's eight options, issue 15)
import math
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from deckcheck.cli.common import (
    CARDS_HELP,
    DATE,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    OutputFormat,
    app,
    fail,
    parse_date,
    print_reports,
)

if TYPE_CHECKING:
    from deckcheck.validation.report import Report


@app.command()
def check(
    inputs: list[str] = typer.Argument(
        None,
        help="Deck files, folders (searched recursively), ydke:// URLs or - (standard input); "
        "default: the paths in [tool.deckcheck] / deckcheck.toml.",
    ),
    format_ids: list[str] = typer.Option(
        None,
        "--format",
        "-f",
        metavar="FORMAT[,...]",
        help="Format id (default tcg); repeat it or give a comma list to check each deck "
        "for several formats.",
    ),
    on: str = typer.Option(
        None, "--date", "-d", metavar=DATE, help="Event date YYYY-MM-DD (default today)."
    ),
    output_format: OutputFormat | None = typer.Option(
        None,
        "--output-format",
        help="Output format (default: output-format in the configuration, else text).",
    ),
    points_cap: float = typer.Option(
        None, "--points-cap", help="Points cap (Genesys; default: the format's)."
    ),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
    workers: int = typer.Option(None, "--workers", min=1, help="Processes (default: cores)."),
    colour: bool = typer.Option(
        None,
        "--color/--no-color",
        help="Colour in text output (default: on a terminal, unless NO_COLOR is set).",
    ),
) -> None:
    """Check decks: sizes, placement, copies by name, the banlist in force, the card pool.

    Settings come from [tool.deckcheck] in pyproject.toml or deckcheck.toml when present;
    options given here win. Exit 0 all valid, 1 some deck invalid, 2 usage or input error.
    """
    from deckcheck.cli.config import Settings, load_config
    from deckcheck.report.render import renderer
    from deckcheck.validation.batch import iter_sources

    if points_cap is not None and not (math.isfinite(points_cap) and points_cap > 0):
        fail(f"--points-cap must be a positive number, got {points_cap:g}")
    name = output_format or load_config().output_format or "text"
    renderer(name)  # an unknown output format is refused before any deck is read
    formats = [f.strip() for item in format_ids or [] for f in item.split(",") if f.strip()]
    day = parse_date(on)
    # every format's input errors are raised here, before the first line is printed
    runs = [
        iter_sources(
            inputs or [],
            Settings.trusted(format=format_id, date=day, points_cap=points_cap),
            db_path=cards,
            workers=workers,
        )
        for format_id in formats or [None]
    ]
    outcome = Outcome()
    print_reports(outcome.seen(chain.from_iterable(runs)), name, colour)
    for source, error in outcome.unreadable:
        from deckcheck.io.infile import shown

        where = "" if shown(source) in error else f"{shown(source)}: "  # named once, cut if long
        typer.echo(f"deckcheck: error: {where}{error}", err=True)
    if outcome.unreadable:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_OK if outcome.valid else EXIT_INVALID)


class Outcome:
    """What the exit code and the closing errors need, kept as reports stream past: all
    valid or not, and the inputs that could not be read (usually few)."""

    def __init__(self) -> None:
        self.valid = True
        self.unreadable: list[tuple[str, str]] = []

    def seen(self, reports: Iterable["Report"]) -> Iterator["Report"]:
        for report in reports:
            self.valid = self.valid and report.valid
            if report.error:
                self.unreadable.append((report.deck.source, report.error))
            yield report
