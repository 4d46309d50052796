"""A campaign: every ordered pair of several decks (each deck in both seats) plays seeded
games for each pair of agents, with the invariants of engine/checks.py checked after every
decision, and a sample of the games replayed from their logs. It answers "does the engine
play these decks without an error, and do its logs reproduce?" (issues 13 and 14).

Run k (ordered pair, then agents, in the order of ``runs``) plays games with the seeds of a
match whose master seed is ``derive(seed, k)``: game i has seed ``game_seed(derive(seed, k),
i)`` and player ``i % 2`` goes first, so every failure names what plays it again:
``Duel.new(prepare([A, B]), failure.seed, failure.first)`` with ``make_agent(agent,
failure.seed, player)``. Every ``replay_every``-th game of a run (its games 0, n, 2n, ...)
is written as a log and replayed by ``log.replay`` from the log text alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import TYPE_CHECKING, Any

from deckcheck.engine.agents import make_agent
from deckcheck.engine.checks import Fault, play_checked
from deckcheck.engine.log import header, log_text, parse_log, replay
from deckcheck.engine.match import game_seed
from deckcheck.engine.rng import derive
from deckcheck.engine.template import DeckList, DuelTemplate, prepare
from deckcheck.io.errors import InputError

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB

AGENT_PAIRS = (("random", "random"), ("greedy", "greedy"), ("random", "greedy"),
               ("greedy", "random"))  # fmt: skip


@dataclass(frozen=True)
class Failure:
    decks: tuple[str, str]
    agents: tuple[str, str]
    index: int  # the game's index in its run
    seed: int
    first: int
    kind: str  # Fault.kind, or "replay" (the log did not reproduce)
    decisions: int
    message: str

    def __str__(self) -> str:
        return (
            f"{self.decks[0]} vs {self.decks[1]}, {self.agents[0]} vs {self.agents[1]}, "
            f"game {self.index} (seed {self.seed}, first {self.first}), {self.kind} after "
            f"{self.decisions} decisions: {self.message}"
        )


@dataclass
class CampaignReport:
    seed: int
    games_per_run: int
    replay_every: int
    runs: int = 0
    games: int = 0
    replayed: int = 0
    decisions: int = 0
    failures: list[Failure] = field(default_factory=list)
    games_by_agents: Counter[str] = field(default_factory=Counter)
    stopped: bool = False  # Ctrl-C: the games that finished

    @property
    def ok(self) -> bool:
        return not self.failures and not self.stopped

    def as_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "games_per_run": self.games_per_run,
            "replay_every": self.replay_every,
            "runs": self.runs,
            "games": self.games,
            "games_by_agents": dict(sorted(self.games_by_agents.items())),
            "decisions": self.decisions,
            "replayed": self.replayed,
            "ok": self.ok,
            "stopped": self.stopped,
            "failures": [str(f) for f in self.failures],
        }


def runs(names: Sequence[str], agent_pairs: Sequence[tuple[str, str]] = AGENT_PAIRS) -> list[
    tuple[int, int, tuple[str, str]]
]:  # fmt: skip
    """(deck in seat 0, deck in seat 1, agents) for every ordered pair of decks, then
    every pair of agents."""
    return [(a, b, ag) for a, b in permutations(range(len(names)), 2) for ag in agent_pairs]


def check_game(
    template: DuelTemplate,
    seed: int,
    first: int,
    agents: tuple[str, str],
    db: CardDB | None = None,
) -> tuple[int, Fault | None]:
    """Play one game with the invariants checked after every decision; with ``db``, also
    write its log and replay it from the text (a difference is a "replay" fault). Returns
    the number of decisions made and the first fault (None: none)."""
    players = (make_agent(agents[0], seed, 0), make_agent(agents[1], seed, 1))
    duel, fault = play_checked(template, seed, first, players)
    if duel is None:
        return 0, fault
    decisions = sum(1 for entry in duel.log if entry[0] == "decide")
    if fault is not None or db is None:
        return decisions, fault
    text = log_text(header(template, db.version, seed, first, list(agents)), duel)
    try:
        result = replay(parse_log(text), db)
    except Exception as exc:  # noqa: BLE001 - a replay that raises (bad log) fails too
        return decisions, Fault("replay", decisions, f"{type(exc).__name__}: {exc}")
    if not result.ok:
        return decisions, Fault("replay", decisions, result.message)
    return decisions, None


def run_campaign(
    decks: Sequence[DeckList],
    db: CardDB,
    games: int,
    seed: int,
    agent_pairs: Sequence[tuple[str, str]] = AGENT_PAIRS,
    replay_every: int = 10,
    progress: Callable[[CampaignReport, int], None] | None = None,
) -> CampaignReport:
    """``games`` checked games for each run of ``runs(decks, agent_pairs)``; ``progress``
    is given the report so far (its runs and failures) and the runs in all after each run.
    Ctrl-C stops it: the report holds the games that finished and says so."""
    if len(decks) < 2:
        raise InputError("a campaign needs at least two decks")
    if games < 1 or replay_every < 1:
        raise InputError("games and replay_every must be at least 1")
    names = [d.name for d in decks]
    report = CampaignReport(seed, games, replay_every)
    plan = runs(names, agent_pairs)
    templates: dict[tuple[int, int], DuelTemplate] = {}
    try:
        for k, (a, b, agents) in enumerate(plan):
            if (a, b) not in templates:
                templates[(a, b)] = prepare([decks[a], decks[b]], db)
            run_seed = derive(seed, k)
            for i in range(games):
                s = game_seed(run_seed, i)
                keep = db if i % replay_every == 0 else None
                made, fault = check_game(templates[(a, b)], s, i % 2, agents, keep)
                report.games += 1
                report.decisions += made
                report.replayed += keep is not None and (fault is None or fault.kind == "replay")
                report.games_by_agents[",".join(agents)] += 1
                if fault is not None:
                    pair = (names[a], names[b])
                    report.failures.append(
                        Failure(pair, agents, i, s, i % 2, fault.kind, fault.decisions,
                                fault.message)
                    )  # fmt: skip
            report.runs += 1
            if progress is not None:
                progress(report, len(plan))
    except KeyboardInterrupt:
        report.stopped = True
    return report


def render_text(report: CampaignReport) -> str:
    lines = [
        f"campaign (seed {report.seed}): {report.runs} runs of {report.games_per_run} games, "
        f"{report.games} games, {report.decisions} decisions, invariants checked after each",
        "  games by agents (seat 0, seat 1): "
        + ", ".join(f"{k} {v}" for k, v in sorted(report.games_by_agents.items())),
        f"  replayed from their logs: {report.replayed} games (1 in {report.replay_every} "
        "of each run)",
    ]
    kinds = Counter(f.kind for f in report.failures)
    lines.append(
        "  failures: " + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none")
    )
    # one line per distinct message: the same fault tends to recur across games
    shown: dict[str, int] = Counter(f.message for f in report.failures)
    seen: set[str] = set()
    for f in report.failures:
        if f.message not in seen:
            seen.add(f.message)
            more = shown[f.message] - 1
            lines.append(f"    {f}" + (f" (and {more} more games)" if more else ""))
    if report.stopped:
        lines.append(f"  stopped: {report.runs} runs finished")
    lines.append("passed" if report.ok else "failed")
    return "\n".join(lines)
