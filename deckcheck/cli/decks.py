"""``deckcheck convert``: rewrite a deck in another format."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from deckcheck.cli.common import DeckFormat, app, fail

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB

FORMAT_HELP = "ydk, ydke, names, json or yaml"


@app.command("convert")
def convert(
    source: str = typer.Argument(
        ..., metavar="IN", help="Deck file, '-' for stdin, or a ydke:// / YGOPRODeck ?y= URL."
    ),
    to: DeckFormat = typer.Option(..., "--to", help="Deck format to write."),
    output: Path = typer.Option(
        None, "--output", "-o", help="File to write (default: standard output)."
    ),
    force: bool = typer.Option(False, "--force", help="Replace the -o/--output file if it exists."),
    allow_unknown: bool = typer.Option(
        False,
        "--allow-unknown",
        help="Write cards the card data does not know as they are (ydk and ydke, which hold "
        "passcodes only, leave unknown names out, each named on stderr).",
    ),
) -> None:
    """Convert a deck between formats, keeping every card of every section.

    Refuses (exit 2) when the input has unreadable lines or, unless --allow-unknown,
    cards the card data does not know. Name lists keep cards, not alternate artworks; a
    name matched only loosely ("Blue Eyes White Dragon") is converted with a note.
    """
    from deckcheck.cards.db import CardDB
    from deckcheck.cards.suggest import budget_scope
    from deckcheck.decks.codecs import FORMATS, convert_deck, load_deck, unknown_cards
    from deckcheck.decks.common import without_names
    from deckcheck.io.outfile import write_new
    from deckcheck.report.render import counted

    if to not in FORMATS:
        fail(f"unknown format {to!r} (use {FORMAT_HELP})")
    db = CardDB.open()
    deck = load_deck(source, db)
    if deck.problems:
        lines = [
            f"  line {p.line}: {p.message}" if p.line else f"  {p.message}" for p in deck.problems
        ]
        fail(
            f"{source}: cannot convert, {counted(len(lines), 'unreadable entry')}:\n"
            + "\n".join(lines)
        )
    unknown = unknown_cards(deck, db)
    if unknown and not allow_unknown:
        with budget_scope():  # one suggestion budget for all the names
            hints = "\n".join(_with_hint(card, db) for card in unknown)
        fail(
            f"{source}: {counted(len(unknown), 'card')} not in the card data "
            "(use --allow-unknown to convert anyway):\n" + hints
        )
    notices = list(deck.notices)
    if unknown and to in ("ydk", "ydke"):  # --allow-unknown: convert what has a passcode
        deck, left_out = without_names(deck)
        if left_out:
            notices.append(
                f"left out {counted(len(left_out), 'card')} that {to} cannot hold without a "
                "passcode: " + ", ".join(left_out)
            )
    text = convert_deck(deck, to, db)  # type: ignore[arg-type]
    for notice in notices:
        typer.echo(f"note: {notice}", err=True)
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_new(output, text, force=force)


def _with_hint(card: str, db: CardDB) -> str:
    hints = [] if card.isdigit() else db.suggest(card)
    return f"  {card}" + (f" (did you mean {', '.join(hints)}?)" if hints else "")
