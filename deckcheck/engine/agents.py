"""Agents answer prompts: random, greedy, scripted, and a human at the terminal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Protocol, TextIO

from deckcheck.engine.actions import (
    ATTACK,
    DEFENSE,
    DONE,
    END_BATTLE,
    FIRST,
    PASS,
    TO_BATTLE,
    TO_END,
    YES,
    Action,
    AttackChoice,
    CardChoice,
    EffectChoice,
    NameChoice,
    Prompt,
    as_action,
)
from deckcheck.engine.agent_effects import REMOVAL, asked_op, effect_worth, worth
from deckcheck.engine.effects.context import controller_of, effect_of
from deckcheck.engine.query import atk, defense, tributes_needed
from deckcheck.engine.rng import Rng, derive
from deckcheck.engine.state import EMPTY, HAND, State
from deckcheck.io.errors import InputError

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel


class Agent(Protocol):
    name: str

    def choose(self, duel: Duel, prompt: Prompt) -> Action: ...


class RandomAgent:
    """Uniform over the legal options, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, duel: Duel, prompt: Prompt) -> Action:
        return prompt.options[self.rng.below(len(prompt.options))]


class GreedyAgent:
    """A simple heuristic: build the strongest board, attack only when the battle is won,
    keep life points (weak monsters defend). It sees only what its player may see.

    With card effects (their worth: agent_effects.py): it activates draws and searches
    first, removal when it takes more from the opponent than from itself (the opponent's
    strongest card as the target), responds to the opponent's activations with a negation
    when it has one and to attacks with what removes the attacker, keeps hand traps (Quick
    effects from the hand) for the opponent's turn, pays costs with its least valuable
    cards, answers yes to optional operations and to replacement effects that keep its cards
    from being destroyed, declines only triggers that would cost it,
    and chains its least valuable trigger first (so the most valuable resolves first).
    Every prompt kind has an answer; one it cannot judge gets the quiet default."""

    name = "greedy"
    # prompt kinds whose answers read the effects, not only the state
    EFFECT_KINDS = frozenset({"respond", "trigger", "select", "target", "yes_no", "declare"})

    def choose(self, duel: Duel, prompt: Prompt) -> Action:
        if prompt.kind == "main":
            choice = self._main(duel, prompt)
        else:
            pick = getattr(self, "_" + prompt.kind, None)
            if pick is None:
                return prompt.default
            choice = pick(duel if prompt.kind in self.EFFECT_KINDS else duel.state, prompt)
        return choice if choice in prompt.options else prompt.default

    # ---- helpers --------------------------------------------------------------------------

    @staticmethod
    def _threat(s: State, player: int) -> int:
        """The strongest ATK the opponent shows."""
        best = 0
        for iid in s.monsters(1 - player):
            if s.cards[iid].face_up:
                best = max(best, atk(s, iid))
        return best

    @staticmethod
    def _guess_def(s: State, iid: int) -> int:
        c = s.cards[iid]
        if not c.face_up:
            return 1500  # a face-down monster: a typical DEF
        return defense(s, iid) if c.in_def else atk(s, iid)

    # ---- prompt kinds -----------------------------------------------------------------------

    def _first(self, s: State, prompt: Prompt) -> Action:
        return FIRST

    def _main(self, duel: Duel, prompt: Prompt) -> Action:
        best = self._main_best(duel.state, prompt)
        better = self._activation(duel, prompt, best[0] if best else 0)
        if better:
            return better
        if best:
            return best[1]
        return TO_BATTLE if TO_BATTLE in prompt.options else TO_END

    def _main_best(self, s: State, prompt: Prompt) -> tuple[float, Action] | None:
        me = prompt.player
        threat = self._threat(s, me)
        own_best = max((atk(s, i) for i in s.monsters(me) if s.cards[i].face_up), default=0)
        best: tuple[float, Action] | None = None
        for a in prompt.options:
            score = self._score(s, me, a, threat, own_best)
            if score > 0 and (best is None or score > best[0]):
                best = (score, a)
        return best

    def _activation(self, duel: Duel, prompt: Prompt, beat: float = 0) -> Action | None:
        """The activation at the Main Phase prompt worth more than ``beat`` (draws and
        searches before anything else), if any."""
        me = prompt.player
        best: tuple[float, Action] | None = None
        for a in prompt.options:
            if not isinstance(a, EffectChoice) or self._hand_trap(duel, a):
                continue
            e = effect_of(duel.state, a.card, a.effect)
            score = effect_worth(duel, me, a)
            if score > 0 and e.categories & {"draw", "search"}:
                score += 5000
            if score > beat and (best is None or score > best[0]):
                best = (score, a)
        return best[1] if best else None

    @staticmethod
    def _hand_trap(duel: Duel, a: EffectChoice) -> bool:
        """A Quick effect activated from the hand: kept for the opponent's turn."""
        s = duel.state
        e = effect_of(s, a.card, a.effect)
        return e.kind == "quick" and s.cards[a.card].loc == HAND and not s.chain

    # ---- card effects ---------------------------------------------------------------------

    def _respond(self, duel: Duel, prompt: Prompt) -> Action:
        s = duel.state
        me = prompt.player
        best: tuple[int, Action] | None = None
        for a in prompt.options:
            if not isinstance(a, EffectChoice):
                continue
            if s.turn_player == me and self._hand_trap(duel, a):
                continue
            if s.chain and s.chain[-1]["player"] == me:
                continue  # never respond to its own link
            score = effect_worth(duel, me, a)
            if score > 0 and (best is None or score > best[0]):
                best = (score, a)
        return best[1] if best else PASS

    def _replace(self, s: State, prompt: Prompt) -> Action:
        """A replacement effect keeps a card on the field: apply the first one offered."""
        return prompt.options[0]

    def _trigger(self, duel: Duel, prompt: Prompt) -> Action:
        me = prompt.player
        scored = [
            (effect_worth(duel, me, a), n, a)
            for n, a in enumerate(prompt.options)
            if isinstance(a, EffectChoice)
        ]
        wanted = [x for x in scored if x[0] >= 0]
        if not wanted:
            return DONE if DONE in prompt.options else scored[0][2]
        return min(wanted)[2]

    def _select(self, duel: Duel, prompt: Prompt) -> Action:
        s = duel.state
        me = prompt.player
        picks = [a for a in prompt.options if isinstance(a, CardChoice)]
        if not picks:
            return DONE
        asked = asked_op(duel)
        op, cost = asked if asked else (None, False)
        if cost:  # pay with what is worth least
            return min(picks, key=lambda a: worth(s, a.card))
        foes = [a for a in picks if controller_of(s, a.card) != me]
        if op is not None and op.do in REMOVAL:
            if foes:
                return max(foes, key=lambda a: worth(s, a.card))
            if DONE in prompt.options:
                return DONE
            return min(picks, key=lambda a: worth(s, a.card))
        if op is not None and op.do == "special_summon" and op.spec.to == "you":
            mine = picks  # whoever's Graveyard it comes from, it comes to this field
        else:
            mine = [a for a in picks if controller_of(s, a.card) == me] or picks
        return max(mine, key=lambda a: worth(s, a.card))

    def _target(self, duel: Duel, prompt: Prompt) -> Action:
        s = duel.state
        asked = asked_op(duel)
        if asked is None or asked[0].do in REMOVAL:
            picks = [a for a in prompt.options if isinstance(a, CardChoice)]
            foes = [a for a in picks if controller_of(s, a.card) != prompt.player]
            if foes:
                return max(foes, key=lambda a: worth(s, a.card))
        return self._select(duel, prompt)

    def _yes_no(self, duel: Duel, prompt: Prompt) -> Action:
        return YES

    def _declare(self, duel: Duel, prompt: Prompt) -> Action:
        """The name the opponent's cards carry most often (their deck list is known)."""
        s = duel.state
        seen = Counter(c.d.name for c in s.cards if c.owner != prompt.player)
        named = [a for a in prompt.options if isinstance(a, NameChoice)]
        return max(named, key=lambda a: seen.get(a.value, 0), default=prompt.default)

    def _score(self, s: State, me: int, a: Action, threat: int, own_best: int) -> float:
        kind = a.kind
        if kind in ("synchro", "xyz", "link"):
            power = atk(s, a.card)
            return power - own_best + 100 if power > own_best else 0
        if kind == "pendulum":
            return 5000
        if kind in ("summon", "set"):
            power, guard, n = atk(s, a.card), defense(s, a.card), tributes_needed(s, a.card)
            if n and power < own_best + 500 * n:
                return 0
            strong = power >= threat
            if kind == "summon":
                return power + 1 if strong or power >= guard else 0
            return guard if not strong and guard > power else 0
        if kind == "flip" and isinstance(a, CardChoice):
            return 50 if atk(s, a.card) >= threat else 0
        if kind == "position" and isinstance(a, CardChoice):
            power = atk(s, a.card)
            if s.cards[a.card].in_def:
                return 40 if power > threat else 0
            return 30 if power < threat and defense(s, a.card) > power else 0
        if kind == "scale":
            return 10
        return 0

    def _battle(self, s: State, prompt: Prompt) -> Action:
        best: tuple[int, Action] | None = None
        for a in prompt.options:
            if not isinstance(a, AttackChoice):
                continue
            power = atk(s, a.attacker)
            if a.target == EMPTY:
                gain = power + 10000
            else:
                t = s.cards[a.target]
                guard = self._guess_def(s, a.target)
                if power <= guard:
                    continue
                worth = atk(s, a.target) if t.face_up else 1000
                gain = worth + (0 if t.in_def else power - guard)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, a)
        return best[1] if best else END_BATTLE

    _replay = _battle

    def _tributes(self, s: State, prompt: Prompt) -> Action:
        return min(prompt.options, key=lambda a: sum(atk(s, i) for i in a.cards))

    def _materials(self, s: State, prompt: Prompt) -> Action:
        return min(prompt.options, key=lambda a: (sum(atk(s, i) for i in a.cards), len(a.cards)))

    def _position(self, s: State, prompt: Prompt) -> Action:
        return ATTACK if ATTACK in prompt.options else DEFENSE

    def _discard(self, s: State, prompt: Prompt) -> Action:
        def keep(a: Action) -> tuple[int, int]:
            return (1 if s.cards[a.card].d.is_monster else 0, atk(s, a.card))

        return min(prompt.options, key=keep)

    def _pendulum(self, s: State, prompt: Prompt) -> Action:
        picks = [a for a in prompt.options if a.kind == "pick"]
        if not picks:
            return DONE
        return max(picks, key=lambda a: atk(s, a.card))


class ScriptedAgent:
    """Plays a fixed list of actions in order; once they run out, it declines."""

    name = "scripted"

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: Iterator[Action] = iter([as_action(a) for a in actions])

    def choose(self, duel: Duel, prompt: Prompt) -> Action:
        action = next(self._actions, None)
        if action is None:
            return prompt.default
        if action not in prompt.options:
            raise InputError(f"scripted action {list(action)} is not legal at a {prompt.kind}")
        return action


class HumanAgent:
    """A person at the terminal: shows the board and numbered options, reads a number."""

    name = "human"

    def __init__(self, read: Callable[[str], str], out: TextIO) -> None:
        self.read = read
        self.out = out

    def choose(self, duel: Duel, prompt: Prompt) -> Action:
        from deckcheck.engine.describe import board_text, describe_action

        print("\n" + board_text(duel, prompt.player), file=self.out)
        print(f"-- {prompt.kind}: choose one", file=self.out)
        for n, a in enumerate(prompt.options, 1):
            print(f"  {n}. {describe_action(duel, a, prompt)}", file=self.out)
        while True:
            text = self.read("> ").strip()
            if text.isdigit() and 1 <= int(text) <= len(prompt.options):
                return prompt.options[int(text) - 1]
            print(f"type a number from 1 to {len(prompt.options)}", file=self.out)


def make_agent(name: str, seed: int, player: int) -> Agent:
    """``random`` or ``greedy`` agents, each seeded from the duel seed and its player."""
    if name == "random":
        return RandomAgent(derive(seed, 1000 + player))
    if name == "greedy":
        return GreedyAgent()
    raise InputError(f"unknown agent {name!r} (choose random or greedy; human: deckcheck play)")


def parse_agents(text: str) -> tuple[str, str]:
    """``random,greedy`` -> ("random", "greedy"); one name serves both players."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names *= 2
    if len(names) != 2:
        raise InputError(f"--agents takes one or two names, got {text!r}")
    for n in names:
        if n not in ("random", "greedy"):
            raise InputError(f"unknown agent {n!r} (choose random or greedy)")
    return names[0], names[1]


def play(duel: Duel, agents: tuple[Agent, Agent]) -> Duel:
    """Play a duel to the end; returns it for convenience."""
    state = duel.state  # read directly, not through the prompt property: twice a decision
    while (prompt := state.prompt) is not None:
        duel.apply_action(agents[prompt.player].choose(duel, prompt))
    return duel
