"""The service bounds the "did you mean" work of each request and of all requests together
(issue 11.2): a deck with the allowed 25 unknown names costs a bounded number of name
comparisons, parallel requests share one allowance per worker process, and decks with
unknown names take turns."""

from __future__ import annotations

import time

import pytest

from deckcheck.service import suggestions
from tests.cards.test_suggest import GARBAGE, compared  # noqa: F401 (a fixture)
from tests.service.conftest import make_client


def _unknown(report: dict) -> list[str]:
    return [v["message"] for v in report["violations"] if v["rule"] == "unknown-card"]


def test_a_deck_of_25_unknown_names_costs_a_bounded_search(service, compared):  # noqa: F811
    client = make_client(service)
    worst = service.db.name_index().worst
    counter = compared(suggestions.REQUEST_COMPARISONS + worst)
    body = "".join(f"1 {name}\n" for name in GARBAGE)
    assert len(body) < 1024
    report = client.post("/v1/validate", content=body).json()
    messages = _unknown(report)
    assert len(messages) == 25
    assert counter.names > 0
    assert messages[-1].endswith("no suggestions: the search budget is spent")
    # a typo still gets its suggestion (from another worker: this one's allowance is low)
    typo = make_client(service).post("/v1/validate", content="3 Pot of Gred\n").json()
    assert "did you mean 'Pot of Greed'" in _unknown(typo)[0]


def test_requests_share_the_allowance_of_the_process(service, compared, monkeypatch):  # noqa: F811
    worst = service.db.name_index().worst
    monkeypatch.setattr(suggestions, "ALLOWANCE_PER_SECOND", 0)
    monkeypatch.setattr(suggestions, "ALLOWANCE_BURST", worst)  # one search, then none
    client = make_client(service)
    counter = compared(2 * worst)
    messages = [
        _unknown(client.post("/v1/validate", content=f"1 {GARBAGE[0]}\n").json())[0]
        for _ in range(20)
    ]
    assert sum("search budget" in m for m in messages) == 19
    assert counter.names <= worst
    search = client.get("/v1/cards", params={"name": "ash blosom"}).json()
    assert search["suggestions"] == []  # the card search draws from the same allowance


def test_decks_with_unknown_names_take_turns():
    lane = suggestions.SlowLane(per_second=10)
    deadline = time.monotonic() + 0.35
    waits = [lane.wait(deadline) for _ in range(5)]
    assert waits[4] is None  # its turn, 0.4 s away, comes after the deadline
    for turn, wait in enumerate(waits[:4]):
        assert wait is not None and abs(wait - turn / 10) < 0.05
    assert lane.wait(time.monotonic() + 10) == pytest.approx(0.4, abs=0.05)  # not taken


def test_a_deck_whose_turn_comes_too_late_is_refused_at_once(service, monkeypatch):
    monkeypatch.setattr(suggestions, "_LANE", suggestions.SlowLane(per_second=0.001))
    client = make_client(service)
    assert client.post("/v1/validate", content=f"1 {GARBAGE[0]}\n").status_code == 200
    refused = client.post("/v1/validate", content=f"1 {GARBAGE[1]}\n")
    assert refused.status_code == 503
    assert refused.json()["error"]["code"] == "busy"
    assert "unknown card names" in refused.json()["error"]["message"]
    # decks without unknown names do not wait
    assert client.post("/v1/validate", content="3 Pot of Greed\n").status_code == 200
