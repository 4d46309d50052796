"""A gauntlet: every pair of several decks plays N seeded games (each deck going first in
half of them), giving a matrix of win rates.

Pair k (in the order of ``pairs``) plays games with the seeds of a match whose master seed
is ``derive(seed, k)``, so a pair's games are the same whoever plays them: locally in one
process, on several (``workers``), or on a Dask cluster (``scheduler``: an address, or
``"local"`` for a LocalCluster started for the run). Dask is optional:
``pip install deckcheck[cluster]``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from deckcheck.engine.match import GameResult, MatchReport, play_game, run_match, wilson
from deckcheck.engine.rng import derive
from deckcheck.engine.template import DuelTemplate
from deckcheck.io.errors import InputError

CHUNK = 25  # games per Dask task


@dataclass
class GauntletReport:
    names: list[str]
    games: int
    agents: tuple[str, str]
    matches: dict[tuple[int, int], MatchReport] = field(default_factory=dict)
    stopped: bool = False  # Ctrl-C: the pairs that finished

    def rate(self, a: int, b: int) -> float | None:
        """Deck a's win rate against deck b (None: the same deck, or a pair not played)."""
        m = self.matches.get((min(a, b), max(a, b)))
        if a == b or m is None:
            return None
        wins = m.wins[0] if a < b else m.wins[1]
        return wins / len(m.games) if m.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        n = len(self.names)
        matrix = [[self.rate(a, b) for b in range(n)] for a in range(n)]
        pairs = []
        for (a, b), m in sorted(self.matches.items()):
            wa, wb = m.wins
            pairs.append({
                "a": self.names[a], "b": self.names[b], "games": len(m.games),
                "a_wins": wa, "b_wins": wb, "draws": m.draws,
                "a_win_rate_wilson95": list(wilson(wa, len(m.games))),
            })  # fmt: skip
        overall = []
        for a in range(n):
            rates = [r for b in range(n) if (r := self.rate(a, b)) is not None]
            overall.append(sum(rates) / len(rates) if rates else None)
        return {
            "decks": self.names,
            "games_per_pair": self.games,
            "agents": list(self.agents),
            "matrix": matrix,
            "overall_win_rate": overall,
            "pairs": pairs,
            "stopped": self.stopped,
        }


def pairs(n: int) -> list[tuple[int, int]]:
    return list(combinations(range(n), 2))


def _play_chunk(
    template: DuelTemplate, seed: int, agents: tuple[str, str], indices: list[int]
) -> list[GameResult]:
    return [play_game(template, i, seed, agents) for i in indices]


def run_gauntlet(
    templates: dict[tuple[int, int], DuelTemplate],
    names: Sequence[str],
    games: int,
    seed: int,
    agents: tuple[str, str],
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> GauntletReport:
    """``templates``: the prepared template of each pair (a, b), a < b, deck a first."""
    if len(names) < 2:
        raise InputError("a gauntlet needs at least two decks")
    report = GauntletReport(list(names), games, agents)
    order = pairs(len(names))
    seeds = {p: derive(seed, k) for k, p in enumerate(order)}
    if scheduler is None:
        for done, p in enumerate(order, 1):
            match = run_match(templates[p], games, seeds[p], agents, workers)
            if match.stopped:  # Ctrl-C: keep only whole pairs
                report.stopped = True
                break
            report.matches[p] = match
            if progress is not None:
                progress(done, len(order))
        return report
    results = _on_dask(templates, order, seeds, games, agents, scheduler, progress)
    for p in order:
        t = templates[p]
        names_p = (t.decks[0].name, t.decks[1].name)
        report.matches[p] = MatchReport(sorted(results[p], key=lambda g: g.index), agents, names_p)
    return report


def _on_dask(
    templates: dict[tuple[int, int], DuelTemplate],
    order: list[tuple[int, int]],
    seeds: dict[tuple[int, int], int],
    games: int,
    agents: tuple[str, str],
    scheduler: str,
    progress: Callable[[int, int], None] | None,
) -> dict[tuple[int, int], list[GameResult]]:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise InputError("--scheduler needs Dask: pip install 'deckcheck[cluster]'") from None
    cluster = None
    if scheduler == "local":
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True)
        client = Client(cluster)
    else:
        try:
            client = Client(scheduler, timeout=10)
        except OSError as exc:
            raise InputError(f"--scheduler {scheduler}: cannot connect: {exc}") from None
    try:
        futures = {}
        for p in order:
            t = client.scatter(templates[p], broadcast=True)
            for start in range(0, games, CHUNK):
                chunk = list(range(start, min(games, start + CHUNK)))
                fut = client.submit(_play_chunk, t, seeds[p], agents, chunk, pure=False)
                futures[fut] = p
        out: dict[tuple[int, int], list[GameResult]] = {p: [] for p in order}
        for done, fut in enumerate(as_completed(list(futures)), 1):
            out[futures[fut]].extend(fut.result())
            if progress is not None:
                progress(done, len(futures))
        return out
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def render_text(report: GauntletReport) -> str:
    data = report.as_dict()
    names = data["decks"]
    width = max(len(n) for n in names)
    short = [n[:8] for n in names]
    lines = [
        f"Gauntlet: {len(names)} decks, {report.games} games per pair, agents "
        f"{report.agents[0]} vs {report.agents[1]}",
        "Win rate of the row deck against the column deck:",
        " " * (width + 2) + " ".join(f"{s:>8}" for s in short) + "   overall",
    ]
    for a, name in enumerate(names):
        cells = []
        for b in range(len(names)):
            value = data["matrix"][a][b]
            cells.append(f"{'-':>8}" if value is None else f"{value:>8.1%}")
        total = data["overall_win_rate"][a]
        shown = "-" if total is None else f"{total:.1%}"
        lines.append(f"{name:<{width}}  " + " ".join(cells) + f"   {shown}")
    if report.stopped:
        lines.append(f"stopped: {len(report.matches)} pairs finished")
    return "\n".join(lines)
