"""The duel: plain-data state, the rules processor (processor.py) and a small stable API.

API (after OpenSpiel): ``legal_actions()``, ``apply_action(a)``, ``is_terminal()``,
``returns()``, ``current_player()``, ``copy()``; ``prompt`` is the pending decision.

The state holds everything, the processor's frame stack and the pending prompt included,
so ``copy()`` is a plain copy of data and a state read back from ``to_dict`` continues
where it was. Prompts with a single option are answered by the processor itself; they
are not decisions and are not logged.
"""

from __future__ import annotations

from typing import Any

from deckcheck.cards.cache import BoundedCache
from deckcheck.engine import flow  # noqa: F401  (registers the rules' handlers)
from deckcheck.engine.actions import Action, Prompt, as_action, shared
from deckcheck.engine.effects import EffectLayer, layer_for
from deckcheck.engine.events import DECIDE, Decision, Event
from deckcheck.engine.processor import run
from deckcheck.engine.state import DRAW, NO_WINNER, State
from deckcheck.engine.template import DuelTemplate
from deckcheck.io.errors import DeckcheckError

MAX_CACHED = 4096  # positions' derived data kept per duel and its copies


class IllegalAction(DeckcheckError):
    """An action that is not among the pending prompt's options."""


class Duel:
    __slots__ = ("template", "state", "effects", "cache", "auto", "_watch")

    def __init__(
        self,
        template: DuelTemplate,
        state: State,
        effects: EffectLayer | None = None,
        log: list[Event] | None = None,
        auto: bool = True,
    ) -> None:
        self.template = template
        self.state = state
        if effects is None:
            effects = layer_for(template)  # the card layer if any card has effects
        self.effects = effects
        self._watch = effects.watches
        if log is not None:  # a history kept apart from the state (older callers)
            state.history = log
        # derived data keyed by the parts of the state it depends on (shared by copies);
        # bounded, since one duel (or a long run of copies) can meet many positions
        self.cache: dict[Any, Any] = BoundedCache(MAX_CACHED)
        # answer single-option prompts without asking (False: present every prompt, for
        # tools that check each step, such as the scenario runner)
        self.auto = auto
        p = state.prompt
        if p is None:
            state.prompt = run(self)
        elif auto and len(p.options) == 1:  # a state from a duel that asked everything
            self._answer(p.options[0])

    @classmethod
    def new(
        cls,
        template: DuelTemplate,
        seed: int,
        first: int | None = None,
        effects: EffectLayer | None = None,
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

    @property
    def prompt(self) -> Prompt | None:
        return self.state.prompt

    def apply_action(self, action: Action) -> None:
        prompt = self.state.prompt
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
        self.state.history.append(shared(Decision, DECIDE, prompt.player, prompt.kind, action))
        self._answer(action)

    def _answer(self, action: Action) -> None:
        s = self.state
        s.frames[-1].answer = action
        s.prompt = None
        s.prompt = run(self)

    def copy(self) -> Duel:
        twin = Duel.__new__(Duel)
        twin.template = self.template
        twin.state = self.state.copy()
        twin.effects = self.effects
        twin._watch = self._watch
        twin.cache = self.cache
        twin.auto = self.auto
        return twin

    # ---- used by the rules ----------------------------------------------------------------

    @property
    def log(self) -> list[Event]:
        """Events and decisions in order (``state.history``)."""
        return self.state.history

    def emit(self, event: Event) -> None:
        """Record an event; the effect layer turns the kinds it watches into pending
        triggers."""
        s = self.state
        history = s.history
        history.append(event)
        if self._watch and event.kind in self._watch:
            s.last_step = s.steps
            found = self.effects.triggers(self, event, len(history) - 1)
            if found:
                s.pending.extend(found)

    def events(self) -> list[Event]:
        return [e for e in self.state.history if e.kind != DECIDE]
