"""The duel: plain-data state, a resumable rules processor and a small stable API.

API (after OpenSpiel): ``legal_actions()``, ``apply_action(a)``, ``is_terminal()``,
``returns()``, ``current_player()``, ``copy()``; ``prompt`` is the pending decision.

The processor is a generator over processor steps (``state.step``). Each step handler asks
its questions first (yielding prompts, receiving actions) and changes the state only after
the last answer; the answers already given in the current step are kept in
``state.memo``. A fresh generator therefore resumes any state: it re-runs the current
step, answering its prompts from the memo, and stops at the same pending prompt. This is
what makes ``copy()`` a plain copy of data. Prompts with a single option are answered by
the processor itself; they are not decisions and are not logged.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from deckcheck.engine.actions import Action, Prompt, as_action
from deckcheck.engine.effects import NO_EFFECTS, EffectLayer
from deckcheck.engine.events import DECIDE, Decision, Event
from deckcheck.engine.state import DRAW, NO_WINNER, State
from deckcheck.engine.template import DuelTemplate
from deckcheck.errors import DeckcheckError


class IllegalAction(DeckcheckError):
    """An action that is not among the pending prompt's options."""


class Duel:
    __slots__ = (
        "template", "state", "effects", "prompt", "cache", "auto", "_gen", "_replayed", "_watch"
    )  # fmt: skip

    def __init__(
        self,
        template: DuelTemplate,
        state: State,
        effects: EffectLayer = NO_EFFECTS,
        log: list[Event] | None = None,
        auto: bool = True,
    ) -> None:
        self.template = template
        self.state = state
        self.effects = effects
        self._watch = effects.watches
        if log is not None:  # a history kept apart from the state (older callers)
            state.history = log
        self.prompt: Prompt | None = None
        # derived data keyed by the parts of the state it depends on (shared by copies)
        self.cache: dict[Any, Any] = {}
        # answer single-option prompts without asking (False: present every prompt, for
        # tools that check each step, such as the scenario runner)
        self.auto = auto
        self._start()

    @classmethod
    def new(
        cls,
        template: DuelTemplate,
        seed: int,
        first: int | None = None,
        effects: EffectLayer = NO_EFFECTS,
    ) -> Duel:
        """A duel from the start: shuffle, coin toss (unless ``first`` is given), hands."""
        return cls(template, template.new_state(seed, first), effects)

    # ---- the API ------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return list(self.prompt.options) if self.prompt else []

    def current_player(self) -> int:
        return self.prompt.player if self.prompt else -1

    def is_terminal(self) -> bool:
        return self.state.winner != NO_WINNER

    def returns(self) -> tuple[float, float]:
        w = self.state.winner
        if w in (NO_WINNER, DRAW):
            return (0.0, 0.0)
        return (1.0, -1.0) if w == 0 else (-1.0, 1.0)

    def apply_action(self, action: Action) -> None:
        prompt = self.prompt
        if prompt is None:
            raise IllegalAction("the duel is over")
        options = prompt.options
        if not isinstance(action, tuple):
            action = as_action(action)  # a JSON list
        try:
            # the prompt's own option: typed even when the caller gave a plain tuple
            action = options[options.index(action)]
        except ValueError:
            raise IllegalAction(f"{action} is not a legal {prompt.kind} action") from None
        self.state.memo.append(action)
        self._replayed += 1
        self.state.history.append(Decision(DECIDE, prompt.player, prompt.kind, action))
        self._advance(action)

    def copy(self) -> Duel:
        twin = Duel.__new__(Duel)
        twin.template = self.template
        twin.state = self.state.copy()
        twin.effects = self.effects
        twin._watch = self._watch
        twin.prompt = None
        twin.cache = self.cache
        twin.auto = self.auto
        twin._start()
        return twin

    # ---- used by the rules ----------------------------------------------------------------

    @property
    def log(self) -> list[Event]:
        """Events and decisions in order (``state.history``)."""
        return self.state.history

    def emit(self, event: Event) -> None:
        """Record an event; the effect layer turns the kinds it watches into pending
        triggers."""
        history = self.state.history
        history.append(event)
        if self._watch and event.kind in self._watch:
            found = self.effects.triggers(self, event, len(history) - 1)
            self.state.pending.extend(found)

    def events(self) -> list[Event]:
        return [e for e in self.state.history if e.kind != DECIDE]

    # ---- the processor driver -------------------------------------------------------------

    def _start(self) -> None:
        from deckcheck.engine.flow import run

        self._gen: Generator[Prompt, Action, None] = run(self)
        self._replayed = 0
        self._advance(None)

    def _advance(self, answer: Action | None) -> None:
        gen = self._gen
        memo = self.state.memo
        try:
            prompt = gen.send(answer)  # type: ignore[arg-type]
            while True:
                if self._replayed < len(memo):
                    answer = memo[self._replayed]
                elif self.auto and len(prompt.options) == 1:
                    answer = prompt.options[0]
                    memo.append(answer)
                else:
                    self.prompt = prompt
                    return
                self._replayed += 1
                prompt = gen.send(answer)
        except StopIteration:
            self.prompt = None

    def step_done(self) -> None:
        """Called by the processor between steps: the memo belongs to one step."""
        self.state.memo.clear()
        self._replayed = 0
