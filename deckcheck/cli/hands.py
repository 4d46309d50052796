"""``deckcheck hands``: opening-hand and consistency statistics, with plots."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal, cast

import typer

from deckcheck.cli.common import CARDS_HELP, OUTPUT_HELP, TextOrJson, app

if TYPE_CHECKING:
    from deckcheck.stats.analysis import Going, Method

GOING: dict[str, tuple[Going, ...]] = {
    "first": ("first",),
    "second": ("second",),
    "both": ("first", "second"),
}


@app.command()
def hands(
    deck: str = typer.Argument(..., help="Deck file or ydke:// URL."),
    going: Literal["first", "second", "both"] = typer.Option(
        "both", "--going", help="Going first, second or both."
    ),
    categories: Path = typer.Option(
        None, "--categories", help="YAML file of card categories and conditions."
    ),
    turns: int = typer.Option(3, "--turns", help="Own turns to report (1 = opening hand)."),
    samples: int = typer.Option(
        100_000, "--samples", help="Hands sampled when a condition is too large to count."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the sampler (same seed, same figures)."),
    method: Literal["auto", "monte-carlo"] = typer.Option(
        "auto", "--method", help="auto: exact where counting allows; monte-carlo: always sample."
    ),
    compare: str = typer.Option(None, "--compare", help="A second deck to set side by side."),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
    plot: Path = typer.Option(
        None, "--plot", help="Also draw the figures to this .png or .svg file."
    ),
    force: bool = typer.Option(False, "--force", help="Replace an existing plot file."),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """How often the deck opens with each card, category and condition, by turn."""
    import json

    from deckcheck.cards.db import CardDB
    from deckcheck.stats.render import comparison_json, comparison_text, stats_json, stats_text
    from deckcheck.stats.run import hands_for_paths

    if plot is not None:
        from deckcheck.stats.plot import plot_target

        plot_target(plot, force)  # refuse a bad path before any work
    db = CardDB.open(cards)
    chosen = cast("Method", method)
    stats, other = hands_for_paths(
        deck, db, categories, compare, GOING[going], turns, samples, seed, chosen
    )
    if plot is not None:  # first, so that a failed write prints no figures
        from deckcheck.stats.plot import plot_hands

        written = plot_hands(stats, plot, other, force=force)
        typer.echo(f"plot written to {written}", err=True)
    if output_format == "json":
        document = stats_json(stats) if other is None else comparison_json(stats, other)
        typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        typer.echo(stats_text(stats) if other is None else comparison_text(stats, other), nl=False)
