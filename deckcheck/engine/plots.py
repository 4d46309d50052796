"""Pictures of test duels (matplotlib, headless, imported only when asked for): the
gauntlet's win-rate heat map, goldfish damage and wins by turn, a duel's per-card usage."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck.io.outfile import write_new
from deckcheck.stats.plot import plot_target

if TYPE_CHECKING:
    from deckcheck.engine.gauntlet import GauntletReport
    from deckcheck.engine.goldfish import GoldfishReport
    from deckcheck.engine.match import MatchReport
    from deckcheck.engine.usage import CardUsage

TOP = 20


def _save(figure: Any, out: Path | str, force: bool) -> Path:  # noqa: ANN401 - a Figure
    target, kind = plot_target(out, force)
    buffer = io.BytesIO()
    meta = {"Software": "deckcheck"} if kind == "png" else {"Date": None}
    figure.savefig(buffer, format=kind, dpi=100, metadata=meta)
    return write_new(target, buffer.getvalue(), force=force)


def plot_gauntlet(report: GauntletReport, out: Path | str, force: bool = False) -> Path:
    from matplotlib.figure import Figure

    data = report.as_dict()
    names = data["decks"]
    n = len(names)
    grid = [[0.5 if v is None else v for v in row] for row in data["matrix"]]
    fig = Figure(figsize=(2 + 0.9 * n, 1.5 + 0.8 * n))
    ax = fig.add_subplot()
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=1)
    ax.set_xticks(range(n), names, rotation=45, ha="right")
    ax.set_yticks(range(n), names)
    for a in range(n):
        for b in range(n):
            value = data["matrix"][a][b]
            ax.text(b, a, "-" if value is None else f"{value:.0%}", ha="center", va="center")
    ax.set_title(f"win rate of the row deck ({report.games} games per pair)")
    fig.colorbar(image, ax=ax)
    fig.tight_layout()
    return _save(fig, out, force)


def plot_goldfish(report: GoldfishReport, out: Path | str, force: bool = False) -> Path:
    from matplotlib.figure import Figure

    data = report.as_dict()
    turns = [row["turn"] for row in data["by_turn"]]
    fig = Figure(figsize=(10, 4))
    left, right = fig.subplots(1, 2)
    dealt = [row["damage"]["mean"] for row in data["by_turn"]]
    low = [row["damage"]["low"] for row in data["by_turn"]]
    high = [row["damage"]["high"] for row in data["by_turn"]]
    left.plot(turns, dealt, marker="o")
    left.fill_between(turns, low, high, alpha=0.25)
    left.set_xlabel("turn")
    left.set_ylabel("damage dealt (mean, 95% CI)")
    won = [row["won_by"] for row in data["by_turn"]]
    right.step(turns, won, where="post")
    right.set_ylim(0, 1)
    right.set_xlabel("turn")
    right.set_ylabel("games won by then")
    fig.suptitle(f"goldfish: {report.deck} ({data['games']} games)")
    fig.tight_layout()
    return _save(fig, out, force)


def plot_duel(report: MatchReport, out: Path | str, force: bool = False) -> Path:
    """Each deck's cards: activations and summons per game, and games dead in hand."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(16, 1.5 + 0.32 * TOP))
    panels = fig.subplots(1, 2)
    for player, ax in enumerate(panels):
        name = report.names[player]
        _usage_bars(ax, report.usage(player), f"{name} ({len(report.games)} games)")
    fig.tight_layout()
    return _save(fig, out, force)


def _usage_bars(ax: Any, usage: CardUsage, title: str) -> None:  # noqa: ANN401 - Axes
    rows = usage.as_dict()["cards"]
    rows.sort(key=lambda r: -(r["activated"] + r["summoned"] + r["games_dead_in_hand"]))
    rows = rows[:TOP]
    names = [r["name"][:30] for r in rows][::-1]
    y = range(len(rows))
    for k, (key, label) in enumerate(
        (
            ("activated", "activated"),
            ("summoned", "summoned"),
            ("games_dead_in_hand", "dead in hand"),
        )
    ):
        values = [r[key] for r in rows][::-1]
        ax.barh([v + 0.27 * (k - 1) for v in y], values, height=0.27, label=label)
    ax.set_yticks(list(y), names)
    ax.legend()
    ax.set_title(title)
