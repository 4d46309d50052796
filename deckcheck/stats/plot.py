"""Pictures of hand statistics (matplotlib, headless, imported only when asked for).

Left: per-card probability of opening with at least one copy (bars, labelled in percent).
Right: each condition and category by turn, solid going first, dashed going second.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from deckcheck.io.errors import InputError
from deckcheck.io.outfile import write_new
from deckcheck.stats.analysis import Going, HandStats

FORMATS = {".png": "png", ".svg": "svg"}
TOP_CARDS = 25
SHADES: dict[Going, tuple[str, str]] = {
    "first": ("#1f5fa8", "#8fb3dd"),
    "second": ("#d9731a", "#f0bb8c"),
}
LINES: dict[Going, str] = {"first": "-", "second": "--"}


def plot_hands(
    stats: HandStats,
    out: Path | str,
    other: HandStats | None = None,
    force: bool = False,
    top: int = TOP_CARDS,
) -> Path:
    """Draw the figure to ``out`` (.png or .svg), atomically; an existing file is replaced
    only with ``force``."""
    target, kind = plot_target(out, force)
    figure = _figure(stats, other, top)
    buffer = io.BytesIO()
    figure.savefig(buffer, format=kind, dpi=100, metadata=_metadata(kind))
    return write_new(target, buffer.getvalue(), force=force)


def plot_target(out: Path | str, force: bool = False) -> tuple[Path, str]:
    """The plot path and image format, or InputError; callers check before computing."""
    target = Path(out)
    kind = FORMATS.get(target.suffix.lower())
    if kind is None:
        raise InputError(f"plot file {target} must end in .png or .svg")
    if target.exists() and not force:
        raise InputError(f"{target} already exists; use --force to replace it")
    if not target.parent.is_dir():
        raise InputError(f"cannot write {target}: folder {target.parent} does not exist")
    return target, kind


def _metadata(kind: str) -> dict[str, Any]:
    # no dates in the file, so the same figures give the same picture
    return {"Software": "deckcheck"} if kind == "png" else {"Date": None}


def _label(stats: HandStats) -> str:
    return stats.deck.name or Path(stats.deck.source).stem or stats.deck.source


def _short(text: str, width: int = 38) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _figure(stats: HandStats, other: HandStats | None, top: int) -> Any:
    from matplotlib.figure import Figure

    decks = [stats] if other is None else [stats, other]
    names = _top_cards(decks, top)
    lines = bool(stats.conditions or stats.categories)
    height = max(4.5, 0.34 * len(names) * (len(decks) * len(stats.going)) ** 0.5 + 1.8)
    figure = Figure(figsize=(15 if lines else 9, height), layout="constrained")
    if lines:
        bars_axes, lines_axes = figure.subplots(1, 2, width_ratios=[1.1, 1])
        _lines(lines_axes, decks)
    else:
        bars_axes = figure.subplots(1, 1)
    _bars(bars_axes, decks, names)
    shown = [f"{_label(d)} ({d.deck.main} cards)" for d in decks]
    title = shown[0] if other is None else f"A: {shown[0]} vs B: {shown[1]}"
    figure.suptitle(f"Opening hands: {title}; card data {stats.card_data}")
    return figure


def _top_cards(decks: list[HandStats], top: int) -> list[str]:
    best: dict[str, float] = {}
    for deck in decks:
        for card in deck.cards:
            p = max(v[0] for v in card.by_turn.values())
            best[card.name] = max(best.get(card.name, 0.0), p)
    ranked = sorted(best, key=lambda n: (-best[n], n.casefold()))
    return ranked[:top]


def _bars(axes: Any, decks: list[HandStats], names: list[str]) -> None:
    series = [(i, d, g) for i, d in enumerate(decks) for g in d.going]
    highest = 0.0
    height = 0.8 / len(series)
    for s, (i, deck, going) in enumerate(series):
        odds = {c.name: c.by_turn[going][0] for c in deck.cards}
        values = [100 * odds.get(n, 0.0) for n in names]
        highest = max([highest, *values])
        offsets = [row - 0.4 + height * (s + 0.5) for row in range(len(names))]
        tag = f"{'AB'[i]}, " if len(decks) > 1 else ""
        label = f"{tag}going {going} ({deck.hand_sizes[going][0]} cards)"
        bars = axes.barh(offsets, values, height=height, color=SHADES[going][i], label=label)
        shown = [f"{v:.1f}%" if v else "" for v in values]
        axes.bar_label(bars, labels=shown, padding=2, fontsize=7)
    axes.set_yticks(range(len(names)), [_short(n) for n in names], fontsize=8)
    axes.invert_yaxis()
    axes.set_xlim(0, min(112.0, highest * 1.15 + 8))  # room for the labels
    axes.set_xlabel("P(at least one copy in the opening hand), %")
    axes.set_title("Cards (by name key), turn 1")
    axes.legend(loc="lower right", fontsize=8)
    axes.grid(axis="x", alpha=0.3)


def _lines(axes: Any, decks: list[HandStats]) -> None:
    from matplotlib.lines import Line2D

    markers = ["o", "s"]
    handles = []
    for i, deck in enumerate(decks):
        rows = [(f"{c.name}: {c.expression}", c.by_turn) for c in deck.conditions]
        rows += [(f"1+ {c.name}", c.by_turn) for c in deck.categories]
        for r, (label, by_turn) in enumerate(rows):
            for going in deck.going:
                values = [100 * p for p in by_turn[going]]
                turns = range(1, len(values) + 1)
                (line,) = axes.plot(
                    turns, values, LINES[going], marker=markers[i], color=f"C{r % 10}"
                )
                axes.annotate(
                    f"{values[-1]:.0f}%",
                    (turns[-1], values[-1]),
                    fontsize=7,
                    xytext=(4, 0),
                    textcoords="offset points",
                    va="center",
                )
            if i == 0:
                handles.append(Line2D([], [], color=f"C{r % 10}", label=_short(label, 60)))
    for going in decks[0].going:
        handles.append(
            Line2D([], [], color="black", linestyle=LINES[going], label=f"going {going}")
        )
    if len(decks) > 1:
        for i in range(len(decks)):
            style = {"marker": markers[i], "linestyle": "none", "color": "black"}
            handles.append(Line2D([], [], label=f"deck {'AB'[i]}", **style))
    turns = max(d.turns for d in decks)
    axes.set_xticks(range(1, turns + 1))
    axes.set_xlim(0.8, turns + 0.5)
    axes.set_ylim(0, 105)
    axes.set_xlabel("own turn (going first: 5 cards on turn 1; going second: 6)")
    axes.set_ylabel("probability, %")
    axes.set_title("Conditions and categories by turn")
    axes.grid(alpha=0.3)
    axes.legend(handles=handles, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.09))
