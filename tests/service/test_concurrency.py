"""200 concurrent registrations for one event through ``deckcheck serve --workers 2``, on
SQLite and on PostgreSQL: every submission is stored, each player has exactly one current
registration, and every earlier one is kept as history."""

from __future__ import annotations

import asyncio
from collections import Counter

import httpx

from tests.service.conftest import ASH, EVENT_DAY, ServeProcess, deck_text, need_pg, with_side

PLAYERS = 160
TWICE = 40  # players who submit a second deck at the same time: 200 submissions


async def submit_all(base: str) -> tuple[dict, list[httpx.Response]]:
    plain, sided = deck_text(), with_side(deck_text(), ASH, ASH)
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        event = (
            await client.post(
                "/v1/events", json={"name": "Load Open", "format": "tcg", "date": EVENT_DAY}
            )
        ).json()
        jobs = [(f"Player {i:03d}", plain) for i in range(PLAYERS)]
        jobs += [(f"player {i:03d}", sided) for i in range(TWICE)]  # same players, other case
        url = f"/v1/events/{event['id']}/registrations"
        organiser = {"Authorization": f"Bearer {event['organiser_token']}"}
        # the organiser, who may replace a registration, sends both decks of the players who
        # submit twice: either may arrive first (a player's own second try without the key
        # the first one returned would rightly be refused, so it is not part of this test)
        senders = [organiser] * TWICE + [None] * (PLAYERS - TWICE) + [organiser] * TWICE
        responses = await asyncio.gather(
            *(
                client.post(url, json={"player": p, "deck": d}, headers=who)
                for (p, d), who in zip(jobs, senders, strict=True)
            )
        )
        listing = (
            await client.get(
                url,
                params={"history": "true"},
                headers=organiser,
            )
        ).json()
    return listing, responses


def check_nothing_lost(listing: dict, responses: list[httpx.Response]) -> None:
    assert Counter(r.status_code for r in responses) == {201: PLAYERS + TWICE}
    rows = listing["registrations"]
    assert len(rows) == PLAYERS + TWICE
    assert (listing["current"], listing["history"]) == (PLAYERS, TWICE)
    by_player: dict[str, list[dict]] = {}
    for row in rows:
        by_player.setdefault(row["player"].casefold(), []).append(row)
    assert len(by_player) == PLAYERS
    for i in range(PLAYERS):
        mine = by_player[f"player {i:03d}"]
        expected = 2 if i < TWICE else 1
        assert sorted(r["revision"] for r in mine) == list(range(1, expected + 1))
        assert [r["current"] for r in mine].count(True) == 1
        # the current one is the last revision
        assert max(mine, key=lambda r: r["revision"])["current"] is True
    returned = {r.json()["digest"] for r in responses}
    assert returned == {r["digest"] for r in rows}


def test_200_concurrent_registrations_sqlite(tmp_path):
    url = f"sqlite:///{tmp_path / 'load.sqlite3'}"
    with ServeProcess(url, workers=2, home=tmp_path / "home") as server:
        listing, responses = asyncio.run(submit_all(server.url))
    check_nothing_lost(listing, responses)


def test_200_concurrent_registrations_postgres(tmp_path):
    url = need_pg()
    with ServeProcess(url, workers=2, home=tmp_path / "home") as server:
        listing, responses = asyncio.run(submit_all(server.url))
    check_nothing_lost(listing, responses)
