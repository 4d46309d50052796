"""Hand statistics as JSON-ready data and as terminal tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckcheck.stats.analysis import Going, HandStats
from deckcheck.stats.exact import MONTE_CARLO

NAME_WIDTH = 42


# ---- JSON ----------------------------------------------------------------------------


def _first(by_turn: dict[Going, list[float]], going: Going) -> float | None:
    values = by_turn.get(going)
    return values[0] if values else None


def stats_json(stats: HandStats) -> dict[str, Any]:
    """One deck's figures; ``p_*`` are turn-1 values, ``by_turn`` has every turn."""
    return {
        "deck": stats.deck.model_dump(),
        "card_data": {"version": stats.card_data},
        "going": stats.going,
        "turns": stats.turns,
        "hand_sizes": stats.hand_sizes,
        "samples": stats.samples,
        "seed": stats.seed,
        "cards": [
            {
                "name": c.name,
                "passcodes": c.passcodes,
                "copies": c.copies,
                "p_open_first": _first(c.by_turn, "first"),
                "p_open_second": _first(c.by_turn, "second"),
                "by_turn": c.by_turn,
            }
            for c in stats.cards
        ],
        "categories": [
            {
                "name": c.name,
                "copies": c.copies,
                "cards": c.cards,
                "p_first": _first(c.by_turn, "first"),
                "p_second": _first(c.by_turn, "second"),
                "method": c.method,
                "by_turn": c.by_turn,
            }
            for c in stats.categories
        ],
        "conditions": [
            {
                "name": c.name,
                "expression": c.expression,
                "p_first": _first(c.by_turn, "first"),
                "p_second": _first(c.by_turn, "second"),
                "method": c.method,
                "interval": (
                    {g: list(v[0]) for g, v in c.intervals.items()} if c.intervals else None
                ),
                "by_turn": c.by_turn,
                "intervals_by_turn": (
                    {g: [list(i) for i in v] for g, v in c.intervals.items()}
                    if c.intervals
                    else None
                ),
            }
            for c in stats.conditions
        ],
        "notices": stats.notices,
    }


def comparison_json(stats: HandStats, other: HandStats) -> dict[str, Any]:
    """The first deck's document plus ``compare`` (the other deck) and ``differences``
    (other minus first, turn 1; a card absent from one deck counts there as 0)."""
    document = stats_json(stats)
    document["compare"] = stats_json(other)
    differences: dict[str, list[dict[str, Any]]] = {}
    for section, prefix in (("cards", "p_open_"), ("categories", "p_"), ("conditions", "p_")):
        mine = {row["name"]: row for row in document[section]}
        theirs = {row["name"]: row for row in document["compare"][section]}
        rows = []
        for name in sorted(mine.keys() | theirs.keys()):
            row: dict[str, Any] = {"name": name}
            if section == "cards":
                row["copies"] = [
                    mine.get(name, {}).get("copies", 0),
                    theirs.get(name, {}).get("copies", 0),
                ]
            for going in stats.going:
                key = prefix + going
                a = mine.get(name, {}).get(key) or 0.0
                b = theirs.get(name, {}).get(key) or 0.0
                row["d_" + key.removeprefix("p_")] = b - a
            rows.append(row)
        differences[section] = rows
    document["differences"] = differences
    return document


# ---- text ----------------------------------------------------------------------------


def percent(p: float | None) -> str:
    return "-" if p is None else f"{100 * p:.1f}%"


def signed(d: float) -> str:
    return f"{100 * d:+.1f}"


def _cut(text: str, width: int = NAME_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> list[str]:
    """A plain table; ``align`` has one letter per column, l(eft) or r(ight)."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        parts = [
            c.ljust(w) if a == "l" else c.rjust(w)
            for c, w, a in zip(cells, widths, align, strict=True)
        ]
        return "  ".join(parts).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def _by_odds(rows: Sequence[Any], going: Sequence[Going]) -> list[Any]:
    return sorted(rows, key=lambda r: (-r.by_turn[going[0]][0], r.name.casefold()))


def _heading(stats: HandStats) -> list[str]:
    said = {"first": "going first", "second": "going second"}
    hands = "; ".join(
        f"{said[g]} {', '.join(str(n) for n in stats.hand_sizes[g])} cards" for g in stats.going
    )
    return [
        f"{stats.deck.name or stats.deck.source}: {stats.deck.main} Main Deck cards "
        f"(card data {stats.card_data})",
        f"Hand sizes on {_turns(stats.turns)}: {hands}",
        "Cards and categories: chance of at least one copy; conditions: chance the hand meets it",
    ]


def _turns(turns: int) -> str:
    return "turn 1" if turns == 1 else f"turns 1 to {turns}"


def _method(row: Any, samples: int) -> str:
    if row.method != MONTE_CARLO or not row.intervals:
        return row.method
    spread = max((hi - lo) / 2 for values in row.intervals.values() for lo, hi in values)
    return f"{row.method} ({samples:,} hands, ±{100 * spread:.2f} points at 95%)"


def stats_text(stats: HandStats) -> str:
    """Conditions, then categories, then cards, each sorted by turn-1 probability."""
    short = {"first": "1st", "second": "2nd"}
    turns = [f"{short[g]} T{t + 1}" for g in stats.going for t in range(stats.turns)]
    probs = "r" * len(turns)

    def cells(by_turn: dict[Going, list[float]]) -> list[str]:
        return [percent(p) for g in stats.going for p in by_turn[g]]

    out = _heading(stats)
    if stats.conditions:
        rows = [
            [
                _cut(f"{c.name}: {c.expression}", 2 * NAME_WIDTH),
                *cells(c.by_turn),
                _method(c, stats.samples),
            ]
            for c in _by_odds(stats.conditions, stats.going)
        ]
        out += ["", *table(["Condition", *turns, "method"], rows, "l" + probs + "l")]
    if stats.categories:
        rows = [
            [_cut(c.name), str(c.copies), *cells(c.by_turn)]
            for c in _by_odds(stats.categories, stats.going)
        ]
        out += ["", *table(["Category", "copies", *turns], rows, "lr" + probs)]
    rows = [
        [_cut(c.name), str(c.copies), *cells(c.by_turn)] for c in _by_odds(stats.cards, stats.going)
    ]
    out += ["", *table(["Card (name key)", "copies", *turns], rows, "lr" + probs)]
    if stats.notices:
        out += ["", *(f"note: {n}" for n in stats.notices)]
    return "\n".join(out) + "\n"


def comparison_text(stats: HandStats, other: HandStats) -> str:
    """Turn-1 figures of two decks side by side with the change (points, B minus A)."""
    short = {"first": "1st", "second": "2nd"}
    header = [h for g in stats.going for h in (f"{short[g]} A", f"{short[g]} B", "change")]
    probs = "r" * len(header)
    out = [
        f"A: {stats.deck.name or stats.deck.source} ({stats.deck.main} Main Deck cards)",
        f"B: {other.deck.name or other.deck.source} ({other.deck.main} Main Deck cards)",
        "P(at least one) on turn 1; change in percentage points; per-turn figures in JSON",
    ]
    sections = (
        ("Condition", stats.conditions, other.conditions, False),
        ("Category", stats.categories, other.categories, True),
        ("Card (name key)", stats.cards, other.cards, True),
    )
    for title, mine, theirs, with_copies in sections:
        if not mine and not theirs:
            continue
        a = {r.name: r for r in mine}
        b = {r.name: r for r in theirs}
        names = sorted(a.keys() | b.keys(), key=lambda n: (-_turn1(a, b, n, stats.going[0]), n))
        rows = []
        for name in names:
            row = [_cut(name)]
            if with_copies:
                row += [str(getattr(x.get(name), "copies", 0)) for x in (a, b)]
            for g in stats.going:
                pa, pb = _p1(a.get(name), g), _p1(b.get(name), g)
                row += [percent(pa), percent(pb), signed(pb - pa)]
            rows.append(row)
        extra = ["A", "B"] if with_copies else []
        out += ["", *table([title, *extra, *header], rows, "l" + "r" * len(extra) + probs)]
    notes = [f"A: {n}" for n in stats.notices] + [f"B: {n}" for n in other.notices]
    if notes:
        out += ["", *(f"note: {n}" for n in notes)]
    return "\n".join(out) + "\n"


def _p1(row: Any, going: Going) -> float:
    return row.by_turn[going][0] if row is not None else 0.0


def _turn1(a: dict[str, Any], b: dict[str, Any], name: str, going: Going) -> float:
    return max(_p1(a.get(name), going), _p1(b.get(name), going))
