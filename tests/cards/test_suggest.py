""" "Did you mean" costs a bounded number of name comparisons (issue 11.2 and 11.16)."""

from __future__ import annotations

import time

import pytest

from deckcheck.cards.suggest import Allowance, SuggestionBudget, budget_scope
from deckcheck.decks.model import Deck, Slot
from deckcheck.validation import Checker

# names no card is close to: each is a search over every name that finds nothing
GARBAGE = [f"Qqzx Vwkj {chr(65 + i)}{chr(70 + i)}" for i in range(25)]


class Compared:
    """Counts the names rapidfuzz compares (old and new code both call process.extract)."""

    def __init__(self, limit: int) -> None:
        self.names = 0
        self.limit = limit

    def wrap(self, extract):
        def counting(query, choices, *args, **kwargs):
            self.names += len(choices)
            if self.names > self.limit:  # stop an unbounded search early
                raise AssertionError(f"more than {self.limit} names compared")
            return extract(query, choices, *args, **kwargs)

        return counting


@pytest.fixture
def compared(monkeypatch):
    from rapidfuzz import process

    def install(limit: int) -> Compared:
        counter = Compared(limit)
        monkeypatch.setattr(process, "extract", counter.wrap(process.extract))
        return counter

    return install


def _named_deck(names: list[str]) -> Deck:
    return Deck(main=[Slot(text=name) for name in names])


def test_a_deck_of_unknown_names_costs_a_bounded_search(db, compared):
    worst = db.name_index().worst
    counter = compared(SuggestionBudget().comparisons + worst)
    report = Checker(db).check(_named_deck(GARBAGE), "tcg")
    unknown = [v.message for v in report.violations if v.rule == "unknown-card"]
    assert len(unknown) == 25
    assert counter.names > 0
    assert unknown[-1].endswith("no suggestions: the search budget is spent")


def test_typos_within_the_budget_get_suggestions(db):
    names = ["Ash Blosom", "pot of gred", "Blue-Eyes White Dragn", "Mystical Spce Typhoon"]
    report = Checker(db).check(_named_deck(names), "tcg")
    messages = " ".join(v.message for v in report.violations)
    for right in ("Ash Blossom & Joyous Spring", "Pot of Greed", "Blue-Eyes White Dragon"):
        assert f"did you mean '{right}'" in messages
    assert "Mystical Space Typhoon" in messages and "budget" not in messages


def test_the_budget_is_the_edge(db, compared):
    index = db.name_index()
    counter = compared(10 * index.worst)
    # a budget of exactly one search: the first search is made, the second is not
    budget = SuggestionBudget(comparisons=1)
    with budget_scope(budget):
        assert db.suggest(GARBAGE[0]) == [] and not db.suggest(GARBAGE[0]).skipped
        second = db.suggest(GARBAGE[1])
    assert second == [] and second.skipped
    assert budget.searches == 1 and budget.skipped == 1
    assert budget.used == index.worst
    assert counter.names <= index.worst


def test_repeated_names_are_searched_once(db, compared):
    compared(db.name_index().worst)
    with budget_scope(SuggestionBudget()) as budget:
        for _ in range(100):
            assert db.suggest("Ash Blosom")[0] == "Ash Blossom & Joyous Spring"
    assert budget.searches == 1


def test_no_search_after_the_deadline(db, compared):
    counter = compared(0)
    with budget_scope(SuggestionBudget(deadline=time.monotonic() - 1)):
        found = db.suggest("Ash Blosom")
    assert found == [] and found.skipped and counter.names == 0


def test_parallel_requests_share_one_allowance(db, compared):
    worst = db.name_index().worst
    counter = compared(2 * worst)
    shared = Allowance(rate=0, burst=worst)  # room for one search in all, never refilled
    results = []
    for _ in range(20):
        with budget_scope(SuggestionBudget(allowance=shared)):
            results.append(db.suggest(GARBAGE[0]))
    assert [r.skipped for r in results] == [False] + [True] * 19
    assert counter.names <= worst
    # each search keeps only what it compared: a close English name ends after the English
    # pass, so room for one search and one English pass is room for two such searches
    english = db.name_index().english
    refill = Allowance(rate=0, burst=worst + english)
    found = []
    for _ in range(3):
        with budget_scope(SuggestionBudget(allowance=refill)):
            found.append(db.suggest("pot of gred"))
    assert [f.skipped for f in found] == [False, False, True]
    assert found[0][0] == found[1][0] == "Pot of Greed"
    with budget_scope(SuggestionBudget(allowance=Allowance(rate=0, burst=worst - 1))):
        assert db.suggest("pot of gred").skipped  # one short of a search: refused


def test_convert_hints_share_one_budget(db, compared, capsys, tmp_path):
    from tests.cli.helpers import run

    counter = compared(SuggestionBudget().comparisons + db.name_index().worst)
    path = tmp_path / "list.txt"
    path.write_text("".join(f"1 Qqzx Vwkj {n}\n" for n in range(200)))
    result = run(capsys, "convert", str(path), "--to", "ydk")
    assert result.code == 2 and "200 cards not in the card data" in result.err
    assert counter.names > 0


def test_a_categories_file_shares_one_budget(db, compared):
    from deckcheck.io.errors import InputError
    from deckcheck.stats.categories import parse_categories

    counter = compared(SuggestionBudget().comparisons + db.name_index().worst)
    names = ", ".join(f"Qqzx Vwkj {n}" for n in range(200))
    with pytest.raises(InputError, match="200 problem"):
        parse_categories(f"categories:\n  junk: [{names}]\n", db)
    assert counter.names > 0
