"""Tournament commands: side-deck checks and plans, registration, verification, printable
deck lists."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from deckcheck.cli.common import (
    DATE,
    EXIT_INVALID,
    EXIT_OK,
    OUTPUT_HELP,
    DeckFormat,
    OutputFormat,
    SheetLanguage,
    app,
    fail,
    group,
    parse_date,
    print_reports,
)

if TYPE_CHECKING:
    from deckcheck.validation.report import Report

side = group("side", "Side-deck swaps between the games of a match (rulebook 1.2.3).")

STRICT_HELP = (
    "Compare passcodes (alternate artworks differ, as in YGOPro), or any printing of a card; "
    "default: the format's rule."
)
FORCE_HELP = "Replace the -o/--output file if it exists."


def _emit(report: Report, output_format: str) -> None:
    """Print one report in the chosen format and exit 0 (valid) or 1."""
    print_reports([report], output_format)
    raise typer.Exit(EXIT_OK if report.valid else EXIT_INVALID)


def _strict(flag: bool | None, format_id: str) -> bool:
    """The command-line choice, else the format's printing rule for side swaps."""
    if flag is not None:
        return flag
    from deckcheck.formats.registry import get_format

    return get_format(format_id).strict_printings


@side.command("check")
def side_check(
    registered: str = typer.Argument(..., help="The registered deck, or a registration record."),
    current: str = typer.Argument(..., help="The deck as it is now, after siding."),
    format_id: str = typer.Option(
        None, "--format", "-f", help="Format (default: the record's, else tcg)."
    ),
    on: str = typer.Option(
        None, "--date", "-d", metavar=DATE, help="Event date (default: the record's, else today)."
    ),
    strict_printings: bool = typer.Option(
        None, "--strict-printings/--any-printing", help=STRICT_HELP
    ),
    output_format: OutputFormat = typer.Option("text", "--output-format", help=OUTPUT_HELP),
) -> None:
    """Check a sided deck: same section sizes, same 75 cards, cards in the right decks."""
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.codecs import load_deck
    from deckcheck.event.registration import registered_deck
    from deckcheck.event.side import check_side

    db = CardDB.open()
    before, record = registered_deck(registered, db)
    after = load_deck(current, db)
    fmt = format_id or (record.format if record else "tcg")
    day = parse_date(on) or (record.date if record else None)
    strict = _strict(strict_printings, fmt)
    _emit(check_side(before, after, db, fmt, day, strict), output_format)


@side.command("apply")
def side_apply(
    registered: str = typer.Argument(..., help="The registered deck, or a registration record."),
    plan: str = typer.Argument(..., help="YAML plan with out: and in: lists."),
    output: Path = typer.Option(..., "--output", "-o", help="Where to write the sided deck."),
    to: DeckFormat | None = typer.Option(
        None, "--to", help="Deck format (default: from the -o/--output suffix, else ydk)."
    ),
    strict_printings: bool = typer.Option(
        None, "--strict-printings/--any-printing", help=STRICT_HELP
    ),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Apply a side plan to the registered deck; refused with reasons if it breaks a rule."""
    from pathlib import Path

    from deckcheck.cards.db import CardDB
    from deckcheck.decks.codecs import FORMATS, SUFFIX_FORMATS, write_deck
    from deckcheck.event.registration import registered_deck
    from deckcheck.event.side import apply_plan, changes, load_plan, summary
    from deckcheck.io.outfile import write_new

    fmt = to or SUFFIX_FORMATS.get(Path(output).suffix.lower(), "ydk")
    if fmt not in FORMATS:
        fail(f"unknown deck format {fmt!r} (use {', '.join(FORMATS)})")
    db = CardDB.open()
    before, record = registered_deck(registered, db)
    strict = _strict(strict_printings, record.format if record else "tcg")
    after = apply_plan(before, load_plan(plan), db, strict)
    write_new(output, write_deck(after, fmt, db), force=force)  # type: ignore[arg-type]
    typer.echo(f"{output}: {summary(changes(before, after, db, strict))}")


@app.command("register")
def register(
    deck: str = typer.Argument(..., help="The deck to register."),
    format_id: str = typer.Option(..., "--format", "-f", help="The event's format."),
    on: str = typer.Option(..., "--date", "-d", metavar=DATE, help="The event date."),
    player: str = typer.Option(..., "--player", help="The player's name."),
    event: str = typer.Option(
        None, "--event", help="The event's name or id (default: none recorded)."
    ),
    output: Path = typer.Option(..., "--output", "-o", help="Registration record (JSON)."),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Validate a deck for an event and write its registration record; an invalid deck is
    refused with the report (exit 1)."""
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.codecs import load_deck
    from deckcheck.event.registration import RegistrationRefused
    from deckcheck.event.registration import register as make_record
    from deckcheck.io.outfile import write_new
    from deckcheck.report.text import render

    db = CardDB.open()
    try:
        record = make_record(load_deck(deck, db), db, player, format_id, parse_date(on), event)
    except RegistrationRefused as refused:
        typer.echo(render([refused.report]))
        fail(str(refused), EXIT_INVALID)
    write_new(output, record.to_json(), force=force)
    listed = f", list {record.banlist}" if record.banlist else ""
    typer.echo(
        f"registered {deck} for {record.player}: {record.format} on {record.date}{listed}; "
        f"Main {record.sizes['main']}, Extra {record.sizes['extra']}, "
        f"Side {record.sizes['side']}; {record.digest} -> {output}"
    )


@app.command("verify")
def verify(
    record_path: str = typer.Argument(..., metavar="REG.json", help="Registration record."),
    deck: str = typer.Argument(..., help="The deck presented now."),
    strict_printings: bool = typer.Option(
        None, "--strict-printings/--any-printing", help=STRICT_HELP
    ),
    output_format: OutputFormat = typer.Option("text", "--output-format", help=OUTPUT_HELP),
) -> None:
    """Is this the registered deck (or a legal sided version of it)? Exit 0 yes, 1 no."""
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.codecs import load_deck
    from deckcheck.event.registration import load_registration
    from deckcheck.event.registration import verify as check_record

    db = CardDB.open()
    record = load_registration(record_path)
    strict = _strict(strict_printings, record.format)
    report = check_record(record, load_deck(deck, db), db, strict)
    _emit(report, output_format)


@app.command("sheet")
def sheet(
    deck: str = typer.Argument(..., help="The deck to print."),
    player: str = typer.Option(..., "--player", help="The player's name."),
    event: str = typer.Option(None, "--event", help="The event's name (default: left blank)."),
    on: str = typer.Option(
        None, "--date", "-d", metavar=DATE, help="The event date (default: left blank)."
    ),
    format_id: str = typer.Option(
        None, "--format", "-f", help="The event's format (default: left blank)."
    ),
    player_id: str = typer.Option(
        None, "--player-id", help="The player's card game id (default: left blank)."
    ),
    output: Path = typer.Option(..., "--output", "-o", help="The PDF to write."),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
    language: SheetLanguage = typer.Option(
        "auto",
        "--language",
        help="Language of the card names; auto: the one a name list is written in, else en.",
    ),
) -> None:
    """Write a printable deck registration sheet (PDF) with the totals computed."""
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.codecs import load_deck
    from deckcheck.io.outfile import write_new
    from deckcheck.report.sheet import language_of, render_sheet

    fmt_name = None
    if format_id:
        from deckcheck.formats.registry import get_format

        fmt_name = get_format(format_id).name
    db = CardDB.open()
    names = language_of(deck, db) if language == "auto" else language
    pdf = render_sheet(
        load_deck(deck, db), db, player, event, parse_date(on), fmt_name, player_id, names
    )
    write_new(output, pdf, force=force)
    typer.echo(f"wrote {output}")
