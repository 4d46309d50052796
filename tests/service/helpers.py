"""Small helpers for event tests."""

from __future__ import annotations

from tests.service.conftest import EVENT_DAY


def create_event(client, **fields) -> dict:
    body = {"name": "Store Championship", "format": "tcg", "date": EVENT_DAY, **fields}
    response = client.post("/v1/events", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def auth(event: dict) -> dict[str, str]:
    return {"Authorization": f"Bearer {event['organiser_token']}"}


def register(client, event: dict, player: str, deck: str):
    return client.post(
        f"/v1/events/{event['id']}/registrations", json={"player": player, "deck": deck}
    )
