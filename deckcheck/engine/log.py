"""Duel logs (JSONL) and replays.

Line 1 is the header: log format version, deckcheck version, card data version, rules
profile, the two decks (digest, Main and Extra Deck passcodes), seed, who went first if it
was fixed, and the agents. Then one line per record in the order they happened:
``{"event": [...]}`` or ``{"decision": {"player", "prompt", "action"}}``; the last line is
``{"result": {"winner", "reason", "turns"}}``. Events name cards by their id in the duel:
the position in player 0's Main then Extra Deck list of the header, then player 1's.

A replay builds the duel again from the header and feeds it the logged decisions; any
difference in the events, the decisions' prompts or the result is a failure: each record
the replay gives must be written as the log's record is (so a log written by ``write_log``
that replays is the log the replay would write, byte for byte).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

import deckcheck
from deckcheck.decks.common import MAX_CARDS, MAX_PASSCODE
from deckcheck.engine.actions import as_action
from deckcheck.engine.duel import Duel, IllegalAction
from deckcheck.engine.effects import NO_EFFECTS, layer_for
from deckcheck.engine.rng import MASK
from deckcheck.engine.state import DRAW, NO_WINNER, State
from deckcheck.engine.template import DeckList, DuelTemplate, prepare
from deckcheck.engine.untrusted import Player, ProfileName, Seed, Strict, Text, checked
from deckcheck.io.errors import InputError
from deckcheck.io.outfile import write_new

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB

LOG_FORMAT = 1
MAX_LOG_BYTES = 200_000_000
MAX_DIGITS = 40  # a number in a log is a passcode, id, count or 64-bit seed
MAX_ITEMS = 32  # items in one event or action

Passcode = Annotated[StrictInt, Field(ge=1, le=MAX_PASSCODE)]
Scalar = StrictStr | StrictInt | StrictBool | None
# events are flat today; one level of lists leaves room for groups of cards
EventItems = Annotated[
    list[Scalar | Annotated[list[Scalar], Field(max_length=MAX_ITEMS)]],
    Field(min_length=1, max_length=MAX_ITEMS),
]
ActionItems = Annotated[
    list[StrictStr | StrictInt | Annotated[list[StrictInt], Field(max_length=MAX_ITEMS)]],
    Field(min_length=1, max_length=MAX_ITEMS),
]


class LogDeck(Strict):
    name: Text = ""
    digest: Text = ""
    main: Annotated[list[Passcode], Field(max_length=MAX_CARDS)]
    extra: Annotated[list[Passcode], Field(max_length=MAX_CARDS)]


class LogHeader(Strict):
    log: Literal["deckcheck-duel"]
    format: StrictInt
    deckcheck: Text
    card_data: Text
    profile: ProfileName
    decks: Annotated[list[LogDeck], Field(min_length=2, max_length=2)]
    seed: Seed
    first: Player | None = None
    agents: Annotated[list[Text], Field(max_length=2)] = []
    # the effect layer's version (carddefs/files.VERSION); 0 or absent: no card effects
    # (logs written before card effects existed)
    effects: Annotated[StrictInt, Field(ge=0, le=1_000_000)] = 0
    # the digest of the card files of the decks' cards (carddefs/files.fingerprint); ""
    # or absent: not recorded (older logs)
    card_files: Text = ""


class Decision(Strict):
    player: Player
    prompt: Text
    action: ActionItems


class Result(Strict):
    winner: Player | Literal["draw"] | None
    reason: Text | None
    turns: Annotated[StrictInt, Field(ge=0)]


def header(
    template: DuelTemplate, card_data: str, seed: int, first: int | None, agents: list[str]
) -> dict[str, Any]:
    return {
        "log": "deckcheck-duel",
        "format": LOG_FORMAT,
        "deckcheck": deckcheck.__version__,
        "card_data": card_data,
        "profile": template.profile.name,
        "decks": [
            {"name": d.name, "digest": d.digest, "main": list(d.main), "extra": list(d.extra)}
            for d in template.decks
        ],
        "seed": seed & MASK,  # the duel's generator keeps 64 bits of any seed
        "first": first,
        "agents": agents,
        "effects": effects_version(template),
        "card_files": card_files(template),
    }


def card_files(template: DuelTemplate) -> str:
    """The digest of the card files the template's cards (and their Tokens) play by."""
    from deckcheck.engine.carddefs.files import fingerprint

    return fingerprint([*(d.code for d in template.defs), *template.tokens])


def effects_version(template: DuelTemplate) -> int:
    """The version of the effect layer the template's duels play (0: no card effects)."""
    return getattr(layer_for(template), "version", 0)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def winner_text(state: State) -> int | str | None:
    if state.winner == NO_WINNER:
        return None
    return "draw" if state.winner == DRAW else state.winner


# why a duel ended, as the winner, the loser and in a draw
REASONS = {
    "lp": ("your opponent's LP reached 0", "your LP reached 0", "both players' LP reached 0"),
    "deck_out": (
        "your opponent had to draw from an empty Deck",
        "you had to draw from an empty Deck",
        "both players had to draw from an empty Deck",
    ),
    "lp+deck_out": ("", "", "one player's LP reached 0 as the other could not draw"),
}


def outcome(state: State, player: int) -> str:
    """The end of a duel from ``player``'s side: "you won in 12 turns: ..."."""
    turns = f"in {state.turn} turn{'s' if state.turn != 1 else ''}"
    if state.winner == NO_WINNER:
        return f"no winner after {turns.removeprefix('in ')}"
    won, lost, drew = REASONS.get(state.reason or "", (state.reason or "",) * 3)
    if state.winner == DRAW:
        return f"a draw {turns}: {drew}"
    if state.winner == player:
        return f"you won {turns}: {won}"
    return f"you lost {turns}: {lost}"


def records(duel: Duel) -> list[dict[str, Any]]:
    """The duel's log as JSON-ready records, ending with the result."""
    out: list[dict[str, Any]] = []
    for entry in duel.log:
        if entry[0] == "decide":
            _, player, kind, action = entry
            out.append(
                {"decision": {"player": player, "prompt": kind, "action": _jsonable(action)}}
            )
        else:
            out.append({"event": _jsonable(entry)})
    s = duel.state
    out.append({"result": {"winner": winner_text(s), "reason": s.reason, "turns": s.turn}})
    return out


def log_text(head: dict[str, Any], duel: Duel) -> str:
    """The log of a duel as written: one compact JSON line per record."""
    lines = [_line(head)] + [_line(r) for r in records(duel)]
    return "\n".join(lines) + "\n"


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":"))


def write_log(path: Path, head: dict[str, Any], duel: Duel, force: bool = False) -> None:
    """Write a log atomically; an existing file is replaced only with ``force``."""
    write_new(path, log_text(head, duel), force=force)


def check_log_file(path: Path, force: bool = False) -> None:
    """Refuse, before a duel starts, to write its log over an existing file (unless
    ``force``), so a game is not played for nothing."""
    if path.is_dir():
        raise InputError(f"--log {path} is a folder; give a file name")
    if path.exists() and not force:
        raise InputError(f"--log {path} already exists; use --force to replace it")


LOG_NAME = re.compile(r"game-\d{5,}\.jsonl")


def prepare_log_folder(folder: Path, force: bool = False) -> None:
    """Make ``folder`` ready for the logs of one run, so the logs of two runs never mix.

    A missing folder is created and an empty one used. Anything in it is refused unless
    ``force``; then the duel logs in it (``game-NNNNN.jsonl`` files holding a deckcheck
    log) are removed, and nothing else in it is touched.
    """
    if folder.exists() and not folder.is_dir():
        raise InputError(f"--log {folder}: not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        entries = sorted(folder.iterdir())
    except OSError as exc:
        raise InputError(f"--log {folder}: cannot use it: {exc.strerror or exc}") from None
    if not entries:
        return
    if not force:
        raise InputError(
            f"--log {folder}: the folder is not empty ({len(entries)} entries, e.g. "
            f"{entries[0].name}); use --force to replace the duel logs in it"
        )
    for entry in entries:
        if _is_duel_log(entry):
            try:
                entry.unlink()
            except OSError as exc:
                raise InputError(f"cannot remove {entry}: {exc.strerror or exc}") from None


def _is_duel_log(path: Path) -> bool:
    if not LOG_NAME.fullmatch(path.name) or path.is_symlink() or not path.is_file():
        return False
    try:
        with path.open("rb") as fh:
            start = fh.read(64)
    except OSError:
        return False
    return start.replace(b" ", b"").startswith(b'{"log":"deckcheck-duel"')


@dataclass
class LogFile:
    """A log as read: the header and the records as JSON data (checked by ``replay``),
    with the line each record came from."""

    header: dict[str, Any]
    records: list[dict[str, Any]]
    lines: list[int] = field(default_factory=list)
    source: str = "<log>"

    def line(self, index: int) -> int:
        """The line of record ``index`` (-1: the header)."""
        return self.lines[index + 1] if index + 1 < len(self.lines) else index + 2

    def where(self, index: int) -> str:
        return f"{self.source}:{self.line(index)}"


def read_log(path: Path) -> LogFile:
    try:
        from deckcheck.io.infile import (
            read_bytes,  # regular files only (a FIFO would block), bounded
        )

        text = read_bytes(path, MAX_LOG_BYTES, "duel log").decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a duel log (not UTF-8 text)") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return parse_log(text, str(path))


def parse_log(text: str, source: str = "<log>") -> LogFile:
    """The lines of a log as JSON data; InputError naming the line for anything that is
    not one JSON object of bounded numbers (the fields are checked by ``replay``)."""
    rows: list[dict[str, Any]] = []
    lines: list[int] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        row = _json_line(line, f"{source}:{n}")
        if not isinstance(row, dict):
            raise InputError(f"{source}:{n}: not a JSON object; not a duel log")
        rows.append(row)
        lines.append(n)
    if not rows or rows[0].get("log") != "deckcheck-duel":
        raise InputError(f"{source}: not a deckcheck duel log (no header line)")
    return LogFile(rows[0], rows[1:], lines, source)


def _json_line(line: str, where: str) -> Any:  # noqa: ANN401 - JSON data
    try:
        return _DECODER.decode(line)
    except (ValueError, RecursionError) as exc:
        why = exc.args[0] if isinstance(exc, ValueError) and exc.args else "nested too deeply"
        raise InputError(f"{where}: not JSON ({why}); not a duel log") from None


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text)} digits")
    return int(text)


def _no_constant(text: str) -> Any:  # noqa: ANN401 - never returns
    raise ValueError(f"{text} is not a number JSON allows")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice")
        out[key] = value
    return out


# one decoder for every line (json.loads with hooks builds a new one per call)
_DECODER = json.JSONDecoder(
    parse_int=_bounded_int, parse_constant=_no_constant, object_pairs_hook=_unique
)


@dataclass
class ReplayResult:
    ok: bool
    records: int
    message: str


def check_log(log: LogFile) -> tuple[LogHeader, list[tuple[int, Decision]]]:
    """The header and the decisions, every field checked; InputError naming the line and
    the field for anything a log cannot hold (a well-formed log that the duel does not
    reproduce is for ``replay`` to report)."""
    head = log.header
    if not isinstance(head, dict) or head.get("log") != "deckcheck-duel":
        raise InputError(f"{log.where(-1)}: not a deckcheck duel log (no header line)")
    version = head.get("format")
    if version != LOG_FORMAT or not isinstance(version, int) or isinstance(version, bool):
        raise InputError(f"{log.where(-1)}: log format {version!r} is not supported")
    header_ = checked(LogHeader, head, f"{log.where(-1)}: header")
    decisions = []
    end = len(log.records) - 1
    for i, row in enumerate(log.records):
        where = log.where(i)
        if not isinstance(row, dict) or len(row) != 1 or next(iter(row)) not in KINDS:
            raise InputError(f"{where}: not an event, decision or result record")
        kind, value = next(iter(row.items()))
        if kind == "event":
            items = checked(EventItems, value, f"{where}: event")
            if not isinstance(items[0], str):
                raise InputError(f"{where}: event: [0]: must be the event's name")
        elif kind == "decision":
            decisions.append((i, checked(Decision, value, f"{where}: decision")))
        else:
            checked(Result, value, f"{where}: result")
            if i != end:
                raise InputError(f"{where}: records follow the result line")
    if not log.records or "result" not in log.records[-1]:
        raise InputError(f"{log.where(end)}: the log ends without its result line (cut short?)")
    return header_, decisions


KINDS = ("event", "decision", "result")


def replay(log: LogFile, db: CardDB) -> ReplayResult:
    """Re-simulate a logged duel; ``ok`` only if every record comes out the same. A log
    that is not well-formed is an InputError naming the line and the field."""
    head, decisions = check_log(log)
    if head.card_data != db.version:
        raise InputError(
            f"{log.where(-1)}: the log was made with card data {head.card_data}, "
            f"this is {db.version}"
        )
    decks = [DeckList(tuple(d.main), tuple(d.extra), d.digest, d.name) for d in head.decks]
    try:
        template = prepare(decks, db, head.profile)
    except InputError as exc:
        raise InputError(f"{log.where(-1)}: {exc}") from None
    layer = layer_for(template)
    playing = getattr(layer, "version", 0)
    if head.effects == 0:
        layer = NO_EFFECTS  # written before card effects: the rules of play alone
    elif head.effects != playing:
        raise InputError(
            f"{log.where(-1)}: the log was made with card effects version {head.effects}, "
            f"this deckcheck plays version {playing}: its duels differ"
        )
    if head.card_files and layer is not NO_EFFECTS and head.card_files != card_files(template):
        raise InputError(
            f"{log.where(-1)}: the log was made with other card files for its cards "
            f"({head.card_files}, these are {card_files(template)}): its duels differ"
        )
    duel = Duel.new(template, head.seed, head.first, effects=layer)
    for i, decision in decisions:
        where = f"line {log.line(i)}"
        prompt = duel.prompt
        if prompt is None:
            return ReplayResult(False, len(duel.log), f"{where}: the duel is already over")
        if (prompt.player, prompt.kind) != (decision.player, decision.prompt):
            return ReplayResult(
                False,
                len(duel.log),
                f"{where}: the duel asks player {prompt.player} ({prompt.kind}), the log "
                f"has player {decision.player} ({decision.prompt})",
            )
        try:
            duel.apply_action(as_action(decision.action))
        except IllegalAction as exc:
            return ReplayResult(False, len(duel.log), f"{where}: {exc} here")
    expected = log.records
    got = records(duel)
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        # as written, so that true and 1 (equal in Python) differ as in the file
        if _line(want) != _line(have):
            return ReplayResult(
                False,
                i,
                f"line {log.line(i)} differs: the log has {want}, the replay gives {have}",
            )
    if len(expected) != len(got):
        return ReplayResult(
            False,
            min(len(expected), len(got)),
            f"the log has {len(expected)} records, the replay {len(got)}",
        )
    note = ""
    if head.deckcheck != deckcheck.__version__:
        note = f" (log from deckcheck {head.deckcheck}, this is {deckcheck.__version__})"
    return ReplayResult(True, len(got), f"replay matches: {len(got)} records{note}")
