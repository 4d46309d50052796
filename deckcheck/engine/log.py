"""Duel logs (JSONL) and replays.

Line 1 is the header: log format version, deckcheck version, card data version, rules
profile, the two decks (digest, Main and Extra Deck passcodes), seed, who went first if it
was fixed, and the agents. Then one line per record in the order they happened:
``{"event": [...]}`` or ``{"decision": {"player", "prompt", "action"}}``; the last line is
``{"result": {"winner", "reason", "turns"}}``. Events name cards by their id in the duel:
the position in player 0's Main then Extra Deck list of the header, then player 1's.

A replay builds the duel again from the header and feeds it the logged decisions; any
difference in the events, the decisions' prompts or the result is a failure.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import deckcheck
from deckcheck.engine.actions import as_action
from deckcheck.engine.duel import Duel, IllegalAction
from deckcheck.engine.state import DRAW, NO_WINNER, State
from deckcheck.engine.template import DeckList, DuelTemplate, prepare
from deckcheck.errors import InputError

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB

LOG_FORMAT = 1
MAX_LOG_BYTES = 200_000_000


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
        "seed": seed,
        "first": first,
        "agents": agents,
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def winner_text(state: State) -> int | str | None:
    if state.winner == NO_WINNER:
        return None
    return "draw" if state.winner == DRAW else state.winner


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


def write_log(path: Path, head: dict[str, Any], duel: Duel) -> None:
    """Write a log; an existing file is never overwritten."""
    lines = [json.dumps(head, separators=(",", ":"))]
    lines += [json.dumps(r, separators=(",", ":")) for r in records(duel)]
    try:
        with path.open("x", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
    except FileExistsError:
        raise InputError(f"{path} exists; not overwriting it") from None
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None


@dataclass
class LogFile:
    header: dict[str, Any]
    records: list[dict[str, Any]]


def read_log(path: Path) -> LogFile:
    try:
        size = path.stat().st_size
        if size > MAX_LOG_BYTES:
            raise InputError(f"{path}: larger than {MAX_LOG_BYTES // 1_000_000} MB")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a duel log (not UTF-8 text)") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            raise InputError(f"{path}:{n}: not JSON; not a duel log") from None
    if not rows or not isinstance(rows[0], dict) or rows[0].get("log") != "deckcheck-duel":
        raise InputError(f"{path}: not a deckcheck duel log (no header line)")
    head = rows[0]
    if head.get("format") != LOG_FORMAT:
        raise InputError(f"{path}: log format {head.get('format')} is not supported")
    for n, row in enumerate(rows[1:], 2):
        if (
            not isinstance(row, dict)
            or len(row) != 1
            or next(iter(row))
            not in (
                "event",
                "decision",
                "result",
            )
        ):
            raise InputError(f"{path}: record {n} is not an event, decision or result")
    return LogFile(head, rows[1:])


@dataclass
class ReplayResult:
    ok: bool
    records: int
    message: str


def replay(log: LogFile, db: CardDB) -> ReplayResult:
    """Re-simulate a logged duel; ``ok`` only if every record comes out the same."""
    head = log.header
    try:
        decks = [
            DeckList(tuple(d["main"]), tuple(d["extra"]), d.get("digest", ""), d.get("name", ""))
            for d in head["decks"]
        ]
        seed, first, profile = int(head["seed"]), head.get("first"), head["profile"]
    except (KeyError, TypeError, ValueError):
        raise InputError("the log header lacks decks, seed or profile") from None
    if head.get("card_data") != db.version:
        raise InputError(
            f"the log was made with card data {head.get('card_data')}, this is {db.version}"
        )
    template = prepare(decks, db, profile)
    duel = Duel.new(template, seed, first)
    expected = log.records
    decisions = [r["decision"] for r in expected if "decision" in r]
    for n, decision in enumerate(decisions, 1):
        prompt = duel.prompt
        if prompt is None:
            return ReplayResult(False, len(duel.log), f"decision {n}: the duel is already over")
        if (prompt.player, prompt.kind) != (decision.get("player"), decision.get("prompt")):
            return ReplayResult(
                False,
                len(duel.log),
                f"decision {n}: the duel asks player {prompt.player} ({prompt.kind}), the log "
                f"has player {decision.get('player')} ({decision.get('prompt')})",
            )
        try:
            duel.apply_action(as_action(decision.get("action")))
        except IllegalAction as exc:
            return ReplayResult(False, len(duel.log), f"decision {n}: {exc}")
    got = records(duel)
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        if want != have:
            return ReplayResult(
                False, i, f"record {i + 2} differs: log has {want}, replay gives {have}"
            )
    if len(expected) != len(got):
        return ReplayResult(
            False,
            min(len(expected), len(got)),
            f"the log has {len(expected)} records, the replay {len(got)}",
        )
    note = ""
    if head.get("deckcheck") != deckcheck.__version__:
        note = f" (log from deckcheck {head.get('deckcheck')}, this is {deckcheck.__version__})"
    return ReplayResult(True, len(got), f"replay matches: {len(got)} records{note}")
