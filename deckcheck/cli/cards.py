"""``deckcheck cards ...``: build, inspect and import card data."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from deckcheck.cli.common import (
    CARDS_HELP,
    DATE,
    OUTPUT_HELP,
    TextOrJson,
    fail,
    group,
    parse_date,
)

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB
    from deckcheck.cards.model import Card

cards_app = group("cards", "Build, inspect, import and update card data.")

DEFAULT_SOURCE = Path("../shared/data/cards.jsonl.gz")


@cards_app.command("build")
def build(
    source: Path = typer.Option(DEFAULT_SOURCE, help="cards.jsonl.gz with the card facts."),
    out: Path = typer.Option(None, "--out", "-o", help="Output folder (default: card_data/)."),
    skills_cdb: Path = typer.Option(
        None,
        "--skills-cdb",
        help="Skill card ids (default: cdb/cards-skills.cdb beside the --source file).",
    ),
    cdb: list[Path] = typer.Option(
        None, "--cdb", help="cdb files for artworks and the name check (default: cdb/*.cdb)."
    ),
    force: bool = typer.Option(False, "--force", help="Replace a snapshot already there."),
) -> None:
    """Build the bundled card snapshot (facts only) from the public card data."""
    from deckcheck.cards.build import build_snapshot, cdbs_for, describe, skills_cdb_for
    from deckcheck.io.infile import require_file
    from deckcheck.io.paths import card_data_dir

    # os.stat, not Path.is_file: an over-long name is a message, not a traceback
    require_file(source, "card source")
    for path in [skills_cdb, *(cdb or [])]:
        if path is not None:
            require_file(path, "cdb file")
    from deckcheck.io.progress import progress

    with progress("building the card data"):
        manifest = build_snapshot(
            source,
            out or card_data_dir(),
            skills_cdb or skills_cdb_for(source),
            cdb or cdbs_for(source),
            replace=force,
        )
    typer.echo(describe(manifest))


@cards_app.command("show")
def show(
    card: str = typer.Argument(..., help="Passcode or name (any language)."),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
    on: str = typer.Option(
        None, "--date", "-d", metavar=DATE, help="Day for the legality (default: today)."
    ),
) -> None:
    """Print a card's facts, name keys, alternate passcodes and its legality in each format
    on a day (the list in force there, as check applies it)."""
    from datetime import date

    from deckcheck.cards.db import CardDB
    from deckcheck.formats.legality import card_legality
    from deckcheck.formats.registry import formats_with_lists
    from deckcheck.report.card import card_json, card_text
    from deckcheck.validation import Checker

    day = parse_date(on) or date.today()
    db = CardDB.open()
    found = find_card(db, card)
    checker = Checker(db)
    formats = formats_with_lists(checker.banlists).values()
    legality = card_legality(checker, found, day, formats)
    if output_format == "json":
        typer.echo(card_json(found, day, legality))
    else:
        typer.echo(card_text(found, day, legality))


@cards_app.command("coverage")
def coverage(
    decks: list[str] = typer.Argument(..., help="Deck files or ydke:// URLs."),
    output_format: TextOrJson = typer.Option("text", "--output-format", help=OUTPUT_HELP),
    cards: Path = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Which cards of each deck the duel engine plays fully: the supported share of card
    copies (Main and Extra Deck), then every unsupported card with copies and reasons."""
    import json

    from deckcheck.cards.db import CardDB
    from deckcheck.decks import load_deck
    from deckcheck.engine.coverage import deck_support, render_text

    if output_format not in ("text", "json"):
        fail(f"unknown output format {output_format!r} (text, json)")
    db = CardDB.open(cards)
    reports = [deck_support(load_deck(d, db), db) for d in decks]
    if output_format == "json":
        typer.echo(json.dumps({"decks": [r.as_dict() for r in reports]}, indent=2))
    else:
        typer.echo(render_text(reports))


def find_card(db: CardDB, text: str) -> Card:
    """A card by passcode (ASCII digits) or by name; anything else not found exits 2."""
    from deckcheck.decks.common import parse_passcode

    key = text.strip()
    if key.isascii() and key.isdigit():
        code, why = parse_passcode(key)
        if code is None:
            fail(why or f"{key!r} is not a passcode")
        found = db.get(code)
        if found is None:
            fail(f"no card with passcode {code}")
        return found
    found = db.find(text)
    if found is None:
        hints = db.suggest(text)
        fail(f"no card {text!r}" + (f"; did you mean {', '.join(hints)}?" if hints else ""))
    return found


@cards_app.command("import-cdb")
def import_cdb(
    source: Path = typer.Argument(..., help="A YGOPro/EDOPro cards.cdb (SQLite)."),
    out: Path = typer.Option(
        None, "--out", "-o", help="Folder for the snapshot (default: user data dir)."
    ),
    force: bool = typer.Option(False, "--force", help="Replace a snapshot already there."),
) -> None:
    """Import a cards.cdb as a card data snapshot usable with 'check --cards FOLDER'."""
    from deckcheck.cards import cdb
    from deckcheck.io.paths import user_data_dir

    target = out or user_data_dir() / "imported" / source.stem
    summary = cdb.import_cdb(source, target, replace=force)
    typer.echo(summary.describe())
    typer.echo(f"use it with: deckcheck check DECK --cards {target}")


@cards_app.command("update")
def update(
    source: str = typer.Option(
        None, "--source", help="API base URL (default: YGOPRODeck's API v7)."
    ),
    force: bool = typer.Option(False, "--force", help="Download even if the version is known."),
) -> None:
    """Fetch the card list from the YGOPRODeck API into your data directory.
    On any failure the card data in use stays as it is."""
    from deckcheck.cards.update import API, cards_update
    from deckcheck.io.errors import DataError
    from deckcheck.io.progress import progress

    try:
        with progress("updating the card data"):
            result = cards_update(source or API, force=force)
    except DataError as exc:
        fail(f"card update failed, previous card data kept: {exc}")
    typer.echo(result.message)
