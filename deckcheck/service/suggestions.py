"""A "did you mean" budget for every request, as plain ASGI middleware.

Each request may compare at most REQUEST_COMPARISONS names (about two searches that find
nothing, or a dozen or more typos of English names), none after its timeout, and all the
requests of a worker process together draw from one allowance, so that many such requests
in parallel cannot take more than about a tenth of a core. Past the budget a report says
"no suggestions" instead of searching.

Decks with unknown names also take turns: a worker starts at most SLOW_DECKS_PER_SECOND of
them a second (``slow_lane_wait``); the others wait without using the CPU, and one whose
turn would come after its timeout is answered 503 at once. So clients that send such decks
without pause cannot crowd out the normal requests of the event loop.
"""

from __future__ import annotations

import threading
import time

from starlette.types import ASGIApp, Receive, Scope, Send

from deckcheck.cards.suggest import Allowance, SuggestionBudget, active_budget, budget_scope

REQUEST_COMPARISONS = 200_000
ALLOWANCE_PER_SECOND = 100_000  # names compared per second by a whole worker process
ALLOWANCE_BURST = 400_000
SLOW_DECKS_PER_SECOND = 20


class SlowLane:
    """Turns, ``per_second`` apart, for the slow requests of one process."""

    def __init__(self, per_second: float) -> None:
        self.gap = 1 / per_second
        self._next = 0.0
        self._lock = threading.Lock()

    def wait(self, deadline: float) -> float | None:
        """Seconds until this request's turn, or None if it would come after ``deadline``."""
        with self._lock:
            now = time.monotonic()
            start = max(now, self._next)
            if start >= deadline:
                return None
            self._next = start + self.gap
            return start - now


_LANE = SlowLane(SLOW_DECKS_PER_SECOND)


def slow_lane_wait() -> float | None:
    """The wait before checking a deck with unknown names (see the module's text); None
    when the request's timeout would come first."""
    budget = active_budget()
    deadline = budget.deadline if budget is not None else None
    return _LANE.wait(deadline if deadline is not None else time.monotonic() + 60)


class SuggestionLimit:
    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds
        self.allowance = Allowance(ALLOWANCE_PER_SECOND, ALLOWANCE_BURST)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = time.monotonic() + self.seconds
        budget = SuggestionBudget(REQUEST_COMPARISONS, deadline, self.allowance)
        with budget_scope(budget):
            await self.app(scope, receive, send)
