"""The floor of ``deckcheck check`` as a process: a Typer app (a callback, as deckcheck's
has, so it stays a group) whose ``check`` command has the same eight options and an empty
body. What it costs is the interpreter, typer and the pydantic TypeAdapters typer 0.29
builds per option; bench_process.py runs it beside the real command.

Run: python bench/typer_floor.py check DECK [options]
"""

from pathlib import Path
from typing import Literal

import typer

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
OutputFormat = Literal["text", "json", "sarif", "junit", "github", "markdown"]


@app.callback()
def root() -> None:
    pass


@app.command()
def check(
    inputs: list[str] = typer.Argument(None),
    format_ids: list[str] = typer.Option(None, "--format", "-f", metavar="FORMAT[,...]"),
    on: str = typer.Option(None, "--date", "-d", metavar="YYYY-MM-DD"),
    output_format: OutputFormat | None = typer.Option(None, "--output-format"),
    points_cap: float = typer.Option(None, "--points-cap"),
    cards: Path = typer.Option(None, "--cards"),
    workers: int = typer.Option(None, "--workers", min=1),
    colour: bool = typer.Option(None, "--color/--no-color"),
) -> None:
    pass


if __name__ == "__main__":
    app()
