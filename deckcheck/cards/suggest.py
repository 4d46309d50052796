""" "Did you mean" and loose names: one index of every look-up name, searched on a budget.

A fuzzy search compares a name with up to ~110,000 names (every language the data has). The
index is built once per CardDB. Each search is charged, in names compared, to the
SuggestionBudget in force: one per request in the service, one per deck, plan or file in
the CLI. A search starts only while the budget has comparisons left (so one search at most
passes it), else it is not made (no suggestions, and ``skipped`` says so); a search stops at
the budget's deadline.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from deckcheck.cards.names import loose_key, normalize

CHUNK = 4096  # names per call into rapidfuzz: the budget is checked between calls
PARTIAL_COST = 5  # the fragment scorer (WRatio) costs about five plain comparisons
CLOSE = 70  # plain similarity cut-off
STRONG = 85  # an English name this close ends the search before the other languages
PARTIAL_CLOSE = 85  # cut-off of the fragment scorer ("Ash Blosom")
CANDIDATES = 20  # best names kept before folding the names of one card together
AMBIGUOUS = -1
DEFAULT_COMPARISONS = 1_000_000  # about a second: 6 searches that find nothing, ~70 typos


class Suggestions(list[str]):
    """Close names, best first; ``skipped`` when the budget did not allow the search."""

    skipped: bool = False


class Allowance:
    """Comparisons that every search of a process together may make: ``rate`` per second,
    at most ``burst`` saved up. The service shares one between all its requests, so that
    many requests in parallel cannot multiply the cost of one."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self._level, self._stamp = burst, time.monotonic()
        self._lock = threading.Lock()

    def take(self, amount: int) -> bool:
        with self._lock:
            now = time.monotonic()
            self._level = min(self.burst, self._level + (now - self._stamp) * self.rate)
            self._stamp = now
            if self._level < amount:
                return False
            self._level -= amount
            return True

    def give_back(self, amount: int) -> None:
        with self._lock:
            self._level = min(self.burst, self._level + amount)


@dataclass
class SuggestionBudget:
    """What the searches of one request, deck, plan or file may cost, in names compared.

    ``deadline`` is a time.monotonic() value: no search runs past it (a request that timed
    out stops searching). Repeated names are answered from the searches already made.
    """

    comparisons: int = DEFAULT_COMPARISONS
    deadline: float | None = None
    allowance: Allowance | None = None
    used: int = 0
    searches: int = 0
    skipped: int = 0
    _answers: dict[tuple[str, int], list[str]] = field(default_factory=dict, repr=False)

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def reserve(self, worst: int) -> bool:
        """True if a search (that may compare ``worst`` names) may start."""
        if self.expired() or self.used >= self.comparisons:
            return False
        return self.allowance is None or self.allowance.take(worst)

    def settle(self, worst: int, spent: int) -> None:
        self.used += spent
        self.searches += 1
        if self.allowance is not None:
            self.allowance.give_back(worst - spent)


_ACTIVE: ContextVar[SuggestionBudget | None] = ContextVar("suggestion_budget", default=None)


def active_budget() -> SuggestionBudget | None:
    return _ACTIVE.get()


@contextmanager
def budget_scope(budget: SuggestionBudget | None = None) -> Iterator[SuggestionBudget]:
    """Charge the block's searches to ``budget``; without one, to the budget already in
    force (a service request's covers all it calls) or else to a new default one."""
    active = _ACTIVE.get()
    if budget is None and active is not None:
        yield active
        return
    chosen = budget or SuggestionBudget()
    token = _ACTIVE.set(chosen)
    try:
        yield chosen
    finally:
        _ACTIVE.reset(token)


class NameIndex:
    """Every look-up name, normalised once: English names first, then the other languages
    (tokens and Skill Cards are only looked up loosely, never suggested)."""

    def __init__(self, rows: Iterable[tuple[str, str, int, int]]) -> None:
        """``rows``: (normalised name, name as printed, card row, rank) as CardDB stores them."""
        best: dict[tuple[str, int], tuple[int, str]] = {}
        loose: dict[str, tuple[int, int]] = {}
        for norm, text, card, rank in rows:
            # the kind of card decides between cards as in CardDB.find; language does not
            kind = rank // 2
            key = loose_key(norm, normalised=True)
            seen = loose.get(key)
            if seen is None or kind < seen[0]:
                loose[key] = (kind, card)
            elif kind == seen[0] and seen[1] != card:
                loose[key] = (kind, AMBIGUOUS)
            if rank < 4 and best.get((norm, card), (9, ""))[0] > rank:
                best[(norm, card)] = (rank, text)
        self._loose = {key: card for key, (_, card) in loose.items()}
        order = sorted(best.items(), key=lambda item: item[1][0] % 2)  # stable: English first
        self.norms = [norm for (norm, _), _ in order]
        self.owners = [card for (_, card), _ in order]
        self.texts = [text for _, (_, text) in order]
        self.english = sum(1 for _, (rank, _) in order if rank % 2 == 0)
        self.worst = len(self.norms) + self.english * PARTIAL_COST

    def loose(self, name: str) -> int | None:
        """The card row whose name has this loose key, if exactly one card has it."""
        card = self._loose.get(loose_key(name))
        return None if card is None or card == AMBIGUOUS else card

    def suggest(self, name: str, limit: int, budget: SuggestionBudget) -> Suggestions:
        found = Suggestions()
        query = normalize(name)
        if not query or limit < 1:
            return found
        known = budget._answers.get((query, limit))
        if known is not None:
            found.extend(known)
            return found
        if not budget.reserve(self.worst):
            budget.skipped += 1
            found.skipped = True
            return found
        search = _Search(self, query, budget)
        try:
            hits = search.run()
        finally:
            budget.settle(self.worst, search.spent)
        if hits is None:  # the deadline passed
            budget.skipped += 1
            found.skipped = True
            return found
        hits.sort(key=lambda hit: (-hit[0], hit[1]))
        owners: dict[int, str] = {}
        for _, index in hits[:CANDIDATES]:
            owners.setdefault(self.owners[index], self.texts[index])
        found.extend(list(owners.values())[:limit])
        budget._answers[(query, limit)] = list(found)
        return found


class _Search:
    """One query over the index in chunks, counting the names compared."""

    def __init__(self, index: NameIndex, query: str, budget: SuggestionBudget) -> None:
        self.index, self.query, self.budget = index, query, budget
        self.spent = 0

    def run(self) -> list[tuple[float, int]] | None:
        from rapidfuzz import fuzz

        english, total = self.index.english, len(self.index.norms)
        hits = self.scan(0, english, fuzz.ratio, CLOSE, 1)
        if hits is not None and not any(score >= STRONG for score, _ in hits):
            more = self.scan(english, total, fuzz.ratio, CLOSE, 1)
            hits = None if more is None else hits + more
        if hits == []:
            # a fragment of a long name: its best-matching part, in English only (the
            # fragment scorer over every language would cost five times as much)
            hits = self.scan(0, english, fuzz.WRatio, PARTIAL_CLOSE, PARTIAL_COST)
        return hits

    def scan(
        self, start: int, end: int, scorer: Callable[..., float], cutoff: int, weight: int
    ) -> list[tuple[float, int]] | None:
        from rapidfuzz import process

        hits: list[tuple[float, int]] = []
        norms = self.index.norms
        for offset in range(start, end, CHUNK):
            if self.budget.expired():
                return None
            chunk = norms[offset : min(offset + CHUNK, end)]
            found = process.extract(
                self.query, chunk, scorer=scorer, score_cutoff=cutoff, limit=CANDIDATES
            )
            self.spent += len(chunk) * weight
            hits.extend((score, offset + i) for _, score, i in found)
        return hits
