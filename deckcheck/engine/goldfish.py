"""Goldfish runs: a deck plays alone against an opponent that only passes, to measure how it
develops: cards used on turn 1, the board at the end of turn 1, damage dealt by turn, the
turn it wins by, and what each card did. Game i has seed ``derive(seed, i)``; the deck goes
first. The opponent plays a copy of the deck and never acts (it passes, ends its phases
and discards down to the hand limit when it must).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from deckcheck.engine.actions import END_BATTLE, TO_BATTLE, TO_END, Action, Prompt
from deckcheck.engine.agents import make_agent
from deckcheck.engine.duel import Duel
from deckcheck.engine.match import wilson
from deckcheck.engine.rng import derive
from deckcheck.engine.state import EMPTY, HAND, MZONE, SZONE, State
from deckcheck.engine.template import DeckList, DuelTemplate, build_template
from deckcheck.engine.usage import CardUsage, game_usage
from deckcheck.io.errors import InputError

MAX_GAMES = 1_000_000
PLAYED = frozenset({"activate", "summon", "set_card", "scale"})


class PassAgent:
    """Does nothing: passes every chance to respond, ends its phases, declines. Only what
    the rules force is done: with a monster that must attack (a Kaiju that Interrupted
    Kaiju Slumber gave it) it goes to the Battle Phase and attacks."""

    name = "pass"

    def choose(self, duel: Duel, prompt: Prompt) -> Action:
        for quiet in (TO_END, END_BATTLE, TO_BATTLE):
            if quiet in prompt.options:
                return quiet
        return prompt.default


@dataclass(frozen=True)
class GoldfishGame:
    seed: int
    used_turn1: int  # distinct cards played on turn 1
    monsters_turn1: int
    set_turn1: int  # face-down Spells/Traps at the end of turn 1
    negations_turn1: int  # cards ready to negate: Set or face-up negators, hand traps
    damage_by_turn: tuple[int, ...]  # total damage dealt by the end of each turn
    win_turn: int | None
    turns: int


@dataclass
class GoldfishReport:
    deck: str
    agent: str
    max_turns: int
    games: list[GoldfishGame] = field(default_factory=list)
    usage: CardUsage = field(default_factory=CardUsage)
    stopped: bool = False  # Ctrl-C: the games so far

    def as_dict(self) -> dict[str, Any]:
        n = len(self.games)
        by_turn = []
        for t in range(1, self.max_turns + 1):
            dealt = [g.damage_by_turn[t - 1] for g in self.games]
            won = sum(1 for g in self.games if g.win_turn is not None and g.win_turn <= t)
            low, high = wilson(won, n)
            by_turn.append(
                {
                    "turn": t,
                    "damage": _mean(dealt),
                    "won_by": won / n if n else 0.0,
                    "won_by_wilson95": [low, high],
                }  # fmt: skip
            )
        wins = [g.win_turn for g in self.games if g.win_turn is not None]
        return {
            "deck": self.deck,
            "agent": self.agent,
            "games": n,
            "max_turns": self.max_turns,
            "turn1": {
                "cards_used": _mean([g.used_turn1 for g in self.games]),
                "monsters": _mean([g.monsters_turn1 for g in self.games]),
                "set_spells_traps": _mean([g.set_turn1 for g in self.games]),
                "negations": _mean([g.negations_turn1 for g in self.games]),
            },
            "by_turn": by_turn,
            "wins": len(wins),
            "win_turn": {
                "median": statistics.median(wins) if wins else None,
                "mean": statistics.fmean(wins) if wins else None,
            },
            "usage": self.usage.as_dict(),
        }


def _mean(values: list[int]) -> dict[str, float]:
    """The mean with a normal 95% interval (the sample is the games)."""
    if not values:
        return {"mean": 0.0, "low": 0.0, "high": 0.0}
    m = statistics.fmean(values)
    half = 1.959964 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
    return {"mean": m, "low": m - half, "high": m + half}


def solo_template(template: DuelTemplate) -> DuelTemplate:
    """The deck of player 0 against a copy of itself (the passing opponent's cards)."""
    deck = template.decks[0]
    codes = {code: d for code, d in zip(_codes(template), template.defs, strict=True)}
    mirror = DeckList(deck.main, deck.extra, deck.digest, "goldfish")
    return build_template([deck, mirror], codes, template.profile, template.tokens)


def _codes(template: DuelTemplate) -> list[int]:
    out: list[int] = []
    for deck in template.decks:
        out.extend(deck.main)
        out.extend(deck.extra)
    return out


def play_goldfish(
    template: DuelTemplate, seed: int, agent: str = "greedy", max_turns: int = 10
) -> tuple[GoldfishGame, CardUsage]:
    duel = Duel.new(template, seed, first=0)
    me = make_agent(agent, seed, 0)
    other = PassAgent()
    s = duel.state
    snapshot: tuple[int, int, int, int] | None = None
    damage: list[int] = []
    while duel.prompt is not None and s.turn <= max_turns:
        prompt = duel.prompt
        turn = s.turn
        duel.apply_action((me if prompt.player == 0 else other).choose(duel, prompt))
        if s.turn != turn:  # a turn ended: note what it left
            damage.append(_dealt(s))
            if turn == 1:
                snapshot = _board(s, 1)
    while len(damage) < max_turns:
        damage.append(_dealt(s))
    used, monsters, sets, negations = snapshot or _board(s, 1)
    win = _win_turn(s) if s.winner == 0 else None
    game = GoldfishGame(
        seed,
        used,
        monsters,
        sets,
        negations,
        tuple(damage[:max_turns]),
        win,
        min(s.turn, max_turns),
    )
    return game, game_usage(s, 0)


def _dealt(s: State) -> int:
    return sum(e.amount for e in s.history if e.kind == "damage" and e.player == 1)  # type: ignore[union-attr]


def _win_turn(s: State) -> int:
    return s.turn


def _board(s: State, upto: int) -> tuple[int, int, int, int]:
    """Cards played on turns up to ``upto``, and player 0's board now."""
    turn = 0
    used: set[int] = set()
    for e in s.history:
        if e.kind == "turn":
            turn = e.turn  # type: ignore[union-attr]
        elif turn <= upto and e.kind in PLAYED and getattr(e, "player", -1) == 0:
            used.add(e.card)  # type: ignore[union-attr]
    monsters = len(s.monsters(0))
    sets = sum(1 for i in s.sides[0].szone[:6] if i != EMPTY and not s.cards[i].face_up)
    return len(used), monsters, sets, _negators(s)


def _negators(s: State) -> int:
    """Cards ready to negate on the opponent's turn: a Set card, a face-up card on the
    field or a card in the hand with an effect that negates, activatable from there."""
    n = 0
    for c in s.cards:
        if c.owner != 0 or c.d.fx is None or c.loc not in (HAND, MZONE, SZONE):
            continue
        for e in c.d.fx.effects:
            if "negate" in e.categories and c.loc in e.range:
                n += 1
                break
    return n


def goldfish(
    template: DuelTemplate,
    games: int,
    seed: int,
    agent: str = "greedy",
    max_turns: int = 10,
    progress: Callable[[int], None] | None = None,
) -> GoldfishReport:
    """``games`` seeded goldfish games of the template's first deck."""
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games must be 1 to {MAX_GAMES:,}")
    if not 1 <= max_turns <= 100:
        raise InputError("--turns must be 1 to 100")
    solo = solo_template(template)
    report = GoldfishReport(template.decks[0].name, agent, max_turns)
    try:
        for i in range(games):
            game, usage = play_goldfish(solo, derive(seed, i), agent, max_turns)
            report.games.append(game)
            report.usage.add(usage)
            if progress is not None:
                progress(i + 1)
    except KeyboardInterrupt:  # stop cleanly: report what finished
        report.stopped = True
    return report


def render_text(report: GoldfishReport) -> str:
    data = report.as_dict()
    t1 = data["turn1"]
    head = f"{data['games']} goldfish games of {report.deck}"
    lines = [
        f"{head} ({report.agent}, {report.max_turns} turns)",
        f"  turn 1: {t1['cards_used']['mean']:.2f} cards used, "
        f"{t1['monsters']['mean']:.2f} monsters, "
        f"{t1['set_spells_traps']['mean']:.2f} Set Spells/Traps, "
        f"{t1['negations']['mean']:.2f} negations ready",
        "  damage dealt by turn (mean) and games won by then:",
    ]
    for row in data["by_turn"]:
        low, high = row["won_by_wilson95"]
        dealt = row["damage"]["mean"]
        lines.append(
            f"    turn {row['turn']:>2}: {dealt:8.0f} damage, won {row['won_by']:.1%}"
            f" (95% CI {low:.1%}-{high:.1%})"
        )
    med = data["win_turn"]["median"]
    lines.append(f"  wins: {data['wins']}; median win turn: {med if med is not None else 'none'}")
    return "\n".join(lines)
