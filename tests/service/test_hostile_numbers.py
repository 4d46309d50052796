"""Numbers no passcode or count can be (thousands of digits) in decks posted to the service:
a 400 with the usual error body, never a 500, and the connection stays open."""

from __future__ import annotations

import socket
import warnings

import pytest

from tests.service.conftest import EVENT_DAY, make_client
from tests.service.helpers import auth, create_event, register

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

BIG = "1" + "0" * 5000  # more digits than int() converts (4300)
EDGE = "9" * 4300  # as many as it converts: read, and refused as a passcode
DECKS = {
    "passcode": f'{{"main": [{BIG}]}}',
    "count": f'{{"main": [{{"card": 89631139, "count": {BIG}}}]}}',
}


@pytest.fixture(scope="module")
def strict(service) -> TestClient:
    """A client that raises what the app lets escape (what the server would see)."""
    from deckcheck.service.app import create_app
    from deckcheck.service.settings import Settings

    app = create_app(Settings(database_url=service.settings.database_url), service)
    return TestClient(app, raise_server_exceptions=True)


def assert_bad_deck(response) -> None:
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert (error["status"], error["code"]) == (400, "bad-deck")
    assert "5001 digits" in error["message"]


@pytest.mark.parametrize("deck", DECKS.values(), ids=DECKS.keys())
def test_validate(strict, deck):
    assert_bad_deck(strict.post("/v1/validate", content=deck))


def test_the_last_convertible_number_is_a_parse_error(strict):
    body = strict.post("/v1/validate", content=f'{{"main": [{EDGE}]}}').json()
    assert [v["rule"] for v in body["violations"]][:1] == ["parse-error"]
    assert "too large to be a passcode" in body["violations"][0]["message"]


@pytest.mark.parametrize("deck", DECKS.values(), ids=DECKS.keys())
def test_registration_and_verify(strict, deck):
    event = create_event(strict, date=EVENT_DAY)
    assert_bad_deck(register(strict, event, "Yugi", deck))
    verify = strict.post(
        f"/v1/events/{event['id']}/verify",
        params={"player": "Yugi"},
        content=deck,
        headers=auth(event),
    )
    assert_bad_deck(verify)


def test_the_check_page(strict):
    response = strict.post("/check", data={"format": "tcg", "deck": DECKS["passcode"]})
    assert response.status_code == 400
    assert "5001 digits" in response.text


def test_a_digit_limit_error_anywhere_is_a_400(service, monkeypatch):
    """The service's own net: such a ValueError met outside the deck readers."""

    def huge(*args: object) -> None:
        int(BIG)

    monkeypatch.setattr(service, "read_deck", huge)
    client = make_client(service)
    response = client.post("/v1/validate", content="#main\n")
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad-input"


def read_response(sock: socket.socket) -> tuple[bytes, bytes]:
    """(status line and headers, body) of one HTTP/1.1 response with a Content-Length."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data, b""
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return head, body


def test_the_connection_is_kept(live):
    deck = DECKS["passcode"].encode()
    port = int(live.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(
            b"POST /v1/validate HTTP/1.1\r\nHost: test\r\n"
            + f"Content-Length: {len(deck)}\r\n\r\n".encode()
            + deck
        )
        head, body = read_response(sock)
        assert head.startswith(b"HTTP/1.1 400"), head
        assert b"connection: close" not in head.lower()
        sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: test\r\n\r\n")
        head, body = read_response(sock)
        assert head.startswith(b"HTTP/1.1 200"), head
