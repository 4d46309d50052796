"""The service bounds the "did you mean" work of each request and of all requests together
(issue 11.2): a deck with the allowed 25 unknown names costs a bounded number of name
comparisons, and parallel requests share one allowance per worker process."""

from __future__ import annotations

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
