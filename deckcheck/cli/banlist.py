"""``deckcheck banlist ...``: lists by format and date, diffs, lflist.conf tooling, updates."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import typer

from deckcheck.cli.common import (
    DATE,
    EXIT_INVALID,
    OUTPUT_HELP,
    BanlistFormat,
    TextOrJson,
    fail,
    group,
    parse_date,
)

banlist_app = group("banlist", "Banlists by format and date; lflist.conf import, export, lint.")

TO_HELP = "Banlist file format to write."
DATE_HELP = "The day (default: today)."
FORCE_HELP = "Replace the -o/--output file if it exists."


def _date(text: str | None) -> date:
    return parse_date(text) or date.today()


def _output(output_format: str) -> str:
    if output_format not in ("text", "json"):
        fail(f"unknown output format {output_format!r} (text, json)")
    return output_format


def _emit(text: str, out: Path | None, force: bool) -> None:
    if out is None:
        typer.echo(text, nl=False)
        return
    from deckcheck.io.outfile import write_new

    typer.echo(f"wrote {write_new(out, text, force=force)}", err=True)


@banlist_app.command("list")
def list_(
    format_id: str = typer.Argument(None, help="Format or series (default: all series)."),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
) -> None:
    """The known lists: per series, or every list of one format with its effective date."""
    from deckcheck.banlist.ops import list_rows, rows_json, rows_text
    from deckcheck.banlist.store import BanlistStore

    rows = list_rows(BanlistStore.open(), format_id)
    if _output(output_format) == "json":
        typer.echo(rows_json(rows), nl=False)
    else:
        typer.echo(rows_text(rows, detailed=format_id is not None), nl=False)


@banlist_app.command("show")
def show(
    format_id: str = typer.Argument(..., help="Format or series, e.g. tcg, goat, speed."),
    on: str = typer.Option(None, "--date", "-d", metavar=DATE, help=DATE_HELP),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
) -> None:
    """The list in force for a format on a date."""
    from deckcheck.banlist.files import to_json
    from deckcheck.banlist.ops import in_force, show_text
    from deckcheck.banlist.store import BanlistStore

    banlist = in_force(BanlistStore.open(), format_id, _date(on))
    if _output(output_format) == "json":
        typer.echo(to_json([banlist]), nl=False)
    else:
        typer.echo(show_text(banlist), nl=False)


@banlist_app.command("diff")
def diff(
    format_id: str = typer.Argument(..., help="Format or series."),
    old: str = typer.Argument(..., help="List name (2026.04) or date (2026-04-15)."),
    new: str = typer.Argument(..., help="List name or date."),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
) -> None:
    """What changed between two lists: newly Forbidden, Limited, Semi-Limited, Unlimited."""
    import json

    from deckcheck.banlist.diff import diff_text
    from deckcheck.banlist.ops import diff_lists
    from deckcheck.banlist.store import BanlistStore

    result = diff_lists(BanlistStore.open(), format_id, old, new)
    if _output(output_format) == "json":
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        typer.echo(diff_text(result), nl=False)


@banlist_app.command("export")
def export(
    format_id: str = typer.Argument(..., help="Format or series."),
    to: BanlistFormat = typer.Option(..., "--to", help=TO_HELP),
    on: str = typer.Option(None, "--date", "-d", metavar=DATE, help=DATE_HELP),
    out: Path = typer.Option(
        None, "--output", "-o", help="File to write (default: standard output)."
    ),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write the list in force for a format as lflist.conf, YAML or JSON."""
    from deckcheck.banlist.ops import in_force, render
    from deckcheck.banlist.store import BanlistStore

    banlist = in_force(BanlistStore.open(), format_id, _date(on))
    _emit(render([banlist], to), out, force)


@banlist_app.command("convert")
def convert(
    file: Path = typer.Argument(..., help="A banlist file: lflist.conf, YAML or JSON."),
    to: BanlistFormat = typer.Option(..., "--to", help=TO_HELP),
    out: Path = typer.Option(
        None, "--output", "-o", help="File to write (default: standard output)."
    ),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Convert a banlist file to another kind; every list and entry is kept."""
    from deckcheck.banlist.files import load_banlists
    from deckcheck.banlist.ops import render

    _emit(render(load_banlists(file), to), out, force)


@banlist_app.command("import")
def import_(
    file: Path = typer.Argument(..., help="A banlist file: lflist.conf, YAML or JSON."),
    series: str = typer.Option(
        None, "--series", help="Series to file it under, e.g. tcg (default: the file's)."
    ),
    effective: str = typer.Option(
        None,
        "--effective",
        metavar=DATE,
        help="Effective date (default: the file's, else the bundled list's of that name, "
        "else from the name).",
    ),
    force: bool = typer.Option(False, "--force", help="Replace a user list of that name."),
) -> None:
    """Add the lists of a file to your banlists (used by check, show, diff, export).
    Filed under a format's series (e.g. --series tcg) a list joins that format from its
    effective date; under a series of your own it is a format of its own (--format NAME)."""
    from deckcheck.banlist.ops import import_lists

    day = _date(effective) if effective else None
    for banlist, path in import_lists(file, series, day, force):
        typer.echo(
            f"imported {banlist.series} {banlist.name} ({len(banlist.entries)} entries, "
            f"effective {banlist.effective}) -> {path}"
        )


@banlist_app.command("remove")
def remove(
    series: str = typer.Argument(..., help="The series the list was imported under."),
    name: str = typer.Argument(None, help="The list's name (e.g. 2026.05)."),
    all_: bool = typer.Option(False, "--all", help="Remove every imported list of the series."),
) -> None:
    """Delete lists you imported (banlist import or update); bundled lists stay."""
    from deckcheck.banlist.store import remove_user_lists

    if (name is None) == (not all_):
        fail("give the list's NAME, or --all for every imported list of the series")
    for path in remove_user_lists(series, name):
        typer.echo(f"removed {path}")


@banlist_app.command("lint")
def lint(
    file: Path = typer.Argument(..., help="A banlist file: lflist.conf, YAML or JSON."),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
) -> None:
    """Report malformed lines, bad counts, duplicates, unknown passcodes, alternate artworks
    listed apart from their original, and lists whose name and content disagree.
    Exit 1 when there are errors."""
    import json

    from deckcheck.banlist.lint import lint_file, lint_text
    from deckcheck.banlist.store import BanlistStore
    from deckcheck.cards.db import CardDB

    kind = _output(output_format)
    result = lint_file(file, CardDB.open(), BanlistStore.open(include_user=False))
    if kind == "json":
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        typer.echo(lint_text(result), nl=False)
    if result.errors:
        raise typer.Exit(EXIT_INVALID)


@banlist_app.command("import-history")
def import_history(
    lflists: Path = typer.Option(
        Path("../shared/data/lflists"), help="Folder of the lflist.conf history files."
    ),
    cards: Path = typer.Option(
        Path("../shared/data/cards.jsonl.gz"), help="Card facts with legality history."
    ),
    out: Path = typer.Option(None, "--out", help="Output folder (default: banlists/)."),
    force: bool = typer.Option(False, "--force", help="Replace the lists already there."),
) -> None:
    """Rebuild the bundled lists (banlists/<series>/*.yaml, their JSON twins and the index)
    from public data."""
    from deckcheck.banlist.history import build, check_out, summary, write
    from deckcheck.io.paths import banlists_dir
    from deckcheck.io.progress import progress

    for path in (lflists, cards):
        if not path.exists():
            fail(f"not found: {path}")
    check_out(out or banlists_dir(), force)
    with progress("building the banlists"):
        result = build(lflists, cards)
        written = write(result.lists, out or banlists_dir(), force=force)
    for series, info in summary(result.lists).items():
        typer.echo(f"{series}: {info['count']} lists, {info['first']} .. {info['last']}")
    for note in result.notes:
        typer.echo(f"note: {note}")
    typer.echo(f"wrote {len(written)} files")


@banlist_app.command("index")
def index(
    folder: Path = typer.Option(
        None, "--dir", help="Folder of lists (default: the bundled banlists/)."
    ),
) -> None:
    """Regenerate what deckcheck reads (each list's JSON twin, index.json) from the YAML,
    after a list or formats.yaml was edited by hand."""
    from deckcheck.banlist.history import reindex
    from deckcheck.io.paths import banlists_dir
    from deckcheck.io.progress import progress

    where = folder or banlists_dir()
    if not where.is_dir():
        fail(f"not a folder: {where}")
    with progress("indexing the banlists"):
        written = reindex(where)
    typer.echo(f"{where}: wrote {len(written)} JSON lists and {where / 'index.json'}")


@banlist_app.command("update")
def update(
    source: str = typer.Option(
        None, "--source", help="API base URL (default: YGOPRODeck's API v7)."
    ),
    force: bool = typer.Option(False, "--force", help="Download even if the version is known."),
) -> None:
    """Fetch the TCG and OCG lists in force now from the YGOPRODeck API into your banlists.
    On any failure the lists in use stay as they are."""
    from deckcheck.banlist.live import banlist_update
    from deckcheck.cards.update import API
    from deckcheck.io.errors import DataError
    from deckcheck.io.progress import progress

    try:
        with progress("updating the banlists"):
            done = banlist_update(source or API, force=force)
    except DataError as exc:
        fail(f"banlist update failed, previous lists kept: {exc}")
    if not done:
        typer.echo("banlists are up to date (database version unchanged)")
    for item in done:
        typer.echo(item.message)
