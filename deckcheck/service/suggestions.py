"""A "did you mean" budget for every request, as plain ASGI middleware.

Each request may compare at most REQUEST_COMPARISONS names (about two searches that find
nothing, or a dozen or more typos of English names), none after its timeout, and all the
requests of a worker process together draw from one allowance, so that many such requests
in parallel cannot take more than about a fifth of a core. Past the budget a report says
"no suggestions" instead of searching.
"""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Receive, Scope, Send

from deckcheck.cards.suggest import Allowance, SuggestionBudget, budget_scope

REQUEST_COMPARISONS = 200_000
ALLOWANCE_PER_SECOND = 200_000  # names compared per second by a whole worker process
ALLOWANCE_BURST = 400_000


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
