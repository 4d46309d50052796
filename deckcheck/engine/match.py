"""Test duels in bulk: N seeded games between two decks, optionally over several processes.

Game i has seed ``derive(seed, i)`` and player ``i % 2`` goes first, so deck A goes first in
the even games. Results do not depend on the number of workers.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import statistics
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.coverage import CoverageRow, DeckSupport, coverage, template_support
from deckcheck.engine.duel import Duel
from deckcheck.engine.log import header, prepare_log_folder, write_log
from deckcheck.engine.rng import derive
from deckcheck.engine.state import DRAW
from deckcheck.engine.template import DuelTemplate
from deckcheck.engine.usage import CardUsage, game_usage
from deckcheck.io.errors import InputError

MAX_GAMES = 10_000_000


@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    first: int
    winner: int  # 0, 1 or DRAW
    reason: str
    turns: int
    # what each deck's cards did in the game (engine/usage.py)
    usage: tuple[CardUsage, CardUsage] | None = field(default=None, compare=False)


@dataclass
class MatchReport:
    games: list[GameResult]
    agents: tuple[str, str]
    names: tuple[str, str]
    coverage: list[CoverageRow] = field(default_factory=list)
    support: tuple[DeckSupport, ...] = ()  # each deck's supported share, shown first
    stopped: bool = False  # interrupted (Ctrl-C): the games that finished

    def usage(self, player: int) -> CardUsage:
        """What the deck's cards did over all the games."""
        total = CardUsage()
        for g in self.games:
            if g.usage is not None:
                total.add(g.usage[player])
        return total

    @property
    def wins(self) -> tuple[int, int]:
        return (
            sum(1 for g in self.games if g.winner == 0),
            sum(1 for g in self.games if g.winner == 1),
        )

    @property
    def draws(self) -> int:
        return sum(1 for g in self.games if g.winner == DRAW)

    def as_dict(self) -> dict[str, Any]:
        n = len(self.games)
        turns = [g.turns for g in self.games]
        reasons = Counter(g.reason for g in self.games)
        wins_a, wins_b = self.wins
        low, high = wilson(wins_a, n)
        b_low, b_high = wilson(wins_b, n)
        by_first = {}
        for label, first in (("a_first", 0), ("b_first", 1)):
            games = [g for g in self.games if g.first == first]
            by_first[label] = {
                "games": len(games),
                "a_wins": sum(1 for g in games if g.winner == 0),
                "b_wins": sum(1 for g in games if g.winner == 1),
                "draws": sum(1 for g in games if g.winner == DRAW),
            }
        return {
            "decks": list(self.names),
            "support": [s.as_dict() for s in self.support],
            "agents": list(self.agents),
            "games": n,
            "a_wins": wins_a,
            "b_wins": wins_b,
            "draws": self.draws,
            "a_win_rate": wins_a / n if n else 0.0,
            "a_win_rate_wilson95": [low, high],
            "b_win_rate": wins_b / n if n else 0.0,
            "b_win_rate_wilson95": [b_low, b_high],
            "win_reasons": dict(sorted(reasons.items())),
            "by_going_first": by_first,
            "turns": {
                "mean": statistics.fmean(turns) if turns else 0.0,
                "median": statistics.median(turns) if turns else 0.0,
            },
            "a_lost_seeds": [g.seed for g in self.games if g.winner == 1],
            "b_lost_seeds": [g.seed for g in self.games if g.winner == 0],
            "stopped": self.stopped,
            "cards": [self.usage(0).as_dict(), self.usage(1).as_dict()],
            "coverage": [
                {
                    "name": r.name,
                    "passcode": r.passcode,
                    "copies": list(r.copies),
                    "issues": list(r.issues),
                }
                for r in self.coverage
            ],  # fmt: skip
        }


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed: int, index: int) -> int:
    return derive(seed, index)


def play_game(
    template: DuelTemplate,
    index: int,
    seed: int,
    agents: tuple[str, str],
    log_dir: Path | None = None,
    card_data: str = "",
) -> GameResult:
    s = game_seed(seed, index)
    first = index % 2
    duel = Duel.new(template, s, first)
    play(duel, (make_agent(agents[0], s, 0), make_agent(agents[1], s, 1)))
    if log_dir is not None:
        head = header(template, card_data, s, first, list(agents))
        write_log(log_path(log_dir, index), head, duel)
    st = duel.state
    usage = (game_usage(st, 0), game_usage(st, 1))
    return GameResult(index, s, first, st.winner, st.reason, st.turn, usage)


def log_path(log_dir: Path, index: int) -> Path:
    return log_dir / f"game-{index + 1:05d}.jsonl"


# the template for worker processes (inherited on fork, or sent once per worker)
_WORKER: dict[str, Any] = {}


def _init_worker(template: DuelTemplate, args: dict[str, Any]) -> None:
    _WORKER["template"] = template
    _WORKER.update(args)


def _play_chunk(
    indices: list[int], progress: Callable[[int], None] | None = None
) -> list[GameResult]:
    w = _WORKER
    out = []
    for i in indices:
        out.append(play_game(w["template"], i, w["seed"], w["agents"], w["log_dir"],
                             w["card_data"]))  # fmt: skip
        if progress is not None:
            progress(len(out))
    return out


def run_match(
    template: DuelTemplate,
    games: int,
    seed: int,
    agents: tuple[str, str],
    workers: int = 1,
    log_dir: Path | None = None,
    card_data: str = "",
    force: bool = False,
    progress: Callable[[int], None] | None = None,
) -> MatchReport:
    """``games`` seeded games; ``progress`` is told the count of games done (one process)
    or of chunks of games done (several). Ctrl-C stops the run: the report holds the
    games that finished and says it was stopped."""
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games must be 1 to {MAX_GAMES:,}")
    most = 4 * (os.cpu_count() or 1)
    if not 1 <= workers <= most:
        raise InputError(f"--workers must be 1 to {most} on this machine")
    if log_dir is not None:
        _prepare_log_dir(log_dir, games, force)
    args = {"seed": seed, "agents": agents, "log_dir": log_dir, "card_data": card_data}
    stopped = False
    results: list[GameResult] = []
    if workers == 1 or games == 1:
        _init_worker(template, args)
        try:
            for i in range(games):
                results.extend(_play_chunk([i]))
                if progress is not None:
                    progress(i + 1)
        except KeyboardInterrupt:
            stopped = True
    else:
        chunks = [list(range(k, games, workers * 4)) for k in range(min(games, workers * 4))]
        ctx = multiprocessing.get_context(
            "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        )
        with ProcessPoolExecutor(
            workers, mp_context=ctx, initializer=_init_worker, initargs=(template, args)
        ) as pool:
            try:
                for chunk in pool.map(_play_chunk, chunks):
                    results.extend(chunk)
                    if progress is not None:
                        progress(len(results))
            except KeyboardInterrupt:
                stopped = True
                pool.shutdown(wait=False, cancel_futures=True)
        results.sort(key=lambda g: g.index)
    names = (template.decks[0].name, template.decks[1].name)
    report = MatchReport(results, agents, names, coverage(template), template_support(template))
    report.stopped = stopped
    return report


def _prepare_log_dir(log_dir: Path, games: int, force: bool) -> None:
    prepare_log_folder(log_dir, force)
    # with force, a file of a log's name that is not a deckcheck log is kept
    clash = [log_path(log_dir, i) for i in range(games) if log_path(log_dir, i).exists()]
    if clash:
        raise InputError(f"--log {log_dir}: {clash[0].name} is not a duel log; not replacing it")


def render_text(report: MatchReport) -> str:
    data = report.as_dict()
    a, b = report.names
    n = data["games"]
    low, high = data["a_win_rate_wilson95"]
    lines = [s.headline() for s in report.support]
    lines += [
        f"{n} games, {a} vs {b}, agents {report.agents[0]} vs {report.agents[1]}",
        f"  {a}: {data['a_wins']} wins ({data['a_win_rate']:.1%}, 95% CI {low:.1%}-{high:.1%})",
        f"  {b}: {data['b_wins']} wins ({data['b_win_rate']:.1%}, 95% CI "
        f"{data['b_win_rate_wilson95'][0]:.1%}-{data['b_win_rate_wilson95'][1]:.1%})",
        f"  draws: {data['draws']}",
        "  win reasons: " + ", ".join(f"{k} {v}" for k, v in data["win_reasons"].items()),
        f"  turns: mean {data['turns']['mean']:.1f}, median {data['turns']['median']:g}",
    ]
    for label, who in (("a_first", a), ("b_first", b)):
        row = data["by_going_first"][label]
        lines.append(
            f"  {who} going first: {row['games']} games, {a} {row['a_wins']} wins, "
            f"{b} {row['b_wins']} wins, {row['draws']} draws"
        )
    lost = [g for g in report.games if g.winner == 1]
    shown = ", ".join(f"game {g.index + 1} (seed {g.seed})" for g in lost[:10])
    more = f" and {len(lost) - 10} more" if len(lost) > 10 else ""
    lines.append(f"  {a} lost: {shown + more if lost else 'none'}")
    if report.stopped:
        lines.append(f"  stopped: {n} games finished")
    for player, who in ((0, a), (1, b)):
        lines.extend(usage_lines(report.usage(player), who))
    if report.coverage:
        lines.append("")
        lines.append("Not played faithfully yet (coverage):")
        for row in report.coverage:
            lines.append(
                f"  {row.name} ({row.copies[0]} + {row.copies[1]}): {'; '.join(row.issues)}"
            )
    else:
        lines.append("Every card is played faithfully.")
    return "\n".join(lines)


def usage_lines(usage: CardUsage, who: str, top: int = 8) -> list[str]:
    """The cards that did most, and the ones that stayed in hand most, for one deck."""
    rows = usage.as_dict()["cards"]
    if not rows or not usage.games:
        return []
    busy = sorted(rows, key=lambda r: (-(r["activated"] + r["summoned"]), r["name"]))[:top]
    lines = [f"{who}: cards per game (activated / resolved / negated / summoned):"]
    n = usage.games
    for r in busy:
        if r["activated"] + r["summoned"] == 0:
            break
        lines.append(
            f"  {r['name']}: {r['activated'] / n:.2f} / {r['resolved'] / n:.2f} / "
            f"{r['negated'] / n:.2f} / {r['summoned'] / n:.2f}"
        )
    dead = [r for r in rows if r["games_drawn"]]
    dead.sort(key=lambda r: (-r["games_dead_in_hand"] / r["games_drawn"], r["name"]))
    shown = [
        f"{r['name']} {r['games_dead_in_hand']}/{r['games_drawn']}"
        for r in dead[:5]
        if r["games_dead_in_hand"]
    ]
    if shown:
        lines.append("  dead in hand (games dead/games drawn): " + ", ".join(shown))
    return lines
