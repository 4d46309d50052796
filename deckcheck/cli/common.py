"""Shared CLI plumbing: the app, error handling and exit codes.

Exit codes: 0 all valid, 1 some deck invalid, 2 usage or input error.
"""

# annotations not postponed, as in check.py: Typer reads the root callback's at every start
import os
import sys
from datetime import date
from typing import TYPE_CHECKING, Literal, NoReturn, TextIO

import typer

from deckcheck.io.errors import DeckcheckError

if TYPE_CHECKING:
    from collections.abc import Iterable

    from deckcheck.validation.report import Report

app = typer.Typer(
    name="deckcheck",
    help="Yu-Gi-Oh! deck construction validator, banlist service and rules engine.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _show_version(value: bool) -> None:
    if value:  # `deckcheck --version` alone never gets here: main() answers it first
        from deckcheck.cli import version_line

        typer.echo(version_line())
        raise typer.Exit(0)


@app.callback()
def _root(
    _version: bool = typer.Option(
        False,
        "--version",
        callback=_show_version,
        is_eager=True,
        help="Print deckcheck's version and exit.",
    ),
) -> None:
    # a callback keeps the app a group even when main() has registered a single command;
    # main() left the garbage collector off for start-up: on before the command runs
    from deckcheck.cli import collector_on

    collector_on()


# Option values from a fixed set, as Literal types: the help lists them and Typer refuses
# any other with exit 2. Written out here, not imported, to keep start-up light; a test
# keeps each equal to the library's own list.
OutputFormat = Literal["text", "json", "sarif", "junit", "github", "markdown"]
TextOrJson = Literal["text", "json"]
DeckFormat = Literal["ydk", "ydke", "names", "json", "yaml"]
BanlistFormat = Literal["lflist", "yaml", "json"]
AgentName = Literal["random", "greedy"]
RulesProfile = Literal["master-rule-2020", "new-master-rule-2017", "arc-v"]
LogLevel = Literal["critical", "error", "warning", "info", "debug", "trace"]
SheetLanguage = Literal["auto", "en", "de", "es", "fr", "it", "ja", "ko", "pt", "zh-CN", "zh-TW"]

OUTPUT_HELP = "Output format."
DATE = "YYYY-MM-DD"
CARDS_HELP = "Card data snapshot folder (default: the installed card data)."

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print a clear error to stderr and exit (2 by default)."""
    typer.echo(f"deckcheck: error: {message}", err=True)
    raise typer.Exit(code)


def parse_date(text: str | None) -> date | None:
    """A YYYY-MM-DD option value; None stays None (today, or the configured date)."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        fail(f"bad date {text!r}: use YYYY-MM-DD")


def colour_wanted(flag: bool | None, stream: TextIO | None = None) -> bool:
    """--color / --no-color win; else none when NO_COLOR is set (no-color.org), else colour
    on a terminal only."""
    if flag is not None:
        return flag
    if os.environ.get("NO_COLOR"):
        return False
    return (stream or sys.stdout).isatty()


def print_reports(
    reports: "Iterable[Report]", output_format: str, colour: bool | None = None
) -> None:
    """Print reports in an output format as they come; text in colour as ``colour_wanted``
    says (kept on a pipe with --color)."""
    from deckcheck.report.render import streamer

    stream = streamer(output_format)
    if output_format == "text":
        wanted = colour_wanted(colour)
        pieces = stream(reports, colour=wanted)
    else:
        wanted, pieces = None, stream(reports)
    for piece in pieces:  # each piece ends where a line does, so escape codes stay whole
        typer.echo(piece, nl=False, color=wanted)
    typer.echo("", color=wanted)


def group(name: str, help: str) -> typer.Typer:
    sub = typer.Typer(
        name=name, help=help, no_args_is_help=True, add_completion=False, rich_markup_mode=None
    )
    app.add_typer(sub, name=name)
    return sub


def usage_message(exc: Exception) -> str:
    """A usage error in deckcheck's words: the problem, then where the help is (Typer's
    pydantic checks put "Value error, " before their text)."""
    text = str(exc.format_message()).replace("Value error, ", "").rstrip(".")  # type: ignore[attr-defined]
    ctx = getattr(exc, "ctx", None)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    return text[:1].lower() + text[1:] + hint


def run(application: typer.Typer) -> None:
    """Run the app; library errors become messages with exit code 2, never tracebacks."""
    try:
        code = application(standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except DeckcheckError as exc:
        typer.echo(f"deckcheck: error: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    except (KeyboardInterrupt, typer.Abort):
        typer.echo("deckcheck: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:
        # usage errors (missing values, bad numbers, a value outside an option's choices):
        # typer's own click, or click's
        if callable(getattr(exc, "format_message", None)) and isinstance(
            getattr(exc, "exit_code", None), int
        ):
            typer.echo(f"deckcheck: error: {usage_message(exc)}", err=True)
            sys.exit(EXIT_USAGE)
        raise
    sys.exit(code if isinstance(code, int) else 0)
