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


def register(client, event: dict, player: str, deck: str, key=None, headers=None):
    body = {"player": player, "deck": deck}
    if key is not None:
        body["player_key"] = key
    return client.post(f"/v1/events/{event['id']}/registrations", json=body, headers=headers)
