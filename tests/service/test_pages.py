"""The server-rendered pages without a browser: forms, uploads, errors as pages, downloads."""

from __future__ import annotations

import csv
import io
import re

from tests.conftest import DECKS
from tests.service.conftest import EVENT_DAY, deck_text


def test_front_page_lists_every_format(client):
    from deckcheck.formats.registry import load_formats

    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    options = re.findall(r'<option value="([^"]+)"', page.text)
    assert options[: len(load_formats())] == list(load_formats())
    assert client.get("/static/style.css").status_code == 200
    # no scripts, nothing from elsewhere, nothing cached (pages may show tokens and decks)
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    assert "<script" not in page.text
    assert page.headers["cache-control"] == "no-store"


def test_check_by_upload_and_by_paste_give_the_api_report(client):
    deck = (DECKS / "AI_Albaz.ydk").read_bytes()
    api = client.post("/v1/validate", params={"date": EVENT_DAY}, content=deck).json()
    upload = client.post(
        "/check",
        data={"format": "tcg", "date": EVENT_DAY, "deck": ""},
        files={"file": ("AI_Albaz.ydk", deck, "application/octet-stream")},
    )
    pasted = client.post("/check", data={"format": "tcg", "date": EVENT_DAY, "deck": deck.decode()})
    for page in (upload, pasted):
        assert page.status_code == 200
        shown = re.findall(r"(DC\d{3}) ([a-z-]+)</a>", page.text)
        assert shown == [(v["code"], v["rule"]) for v in api["violations"]]
        assert "Why, and how to fix" in page.text


def test_page_errors_are_pages(client):
    empty = client.post("/check", data={"format": "tcg", "deck": ""})
    assert empty.status_code == 400
    assert 'role="alert"' in empty.text and "empty input" in empty.text
    bad_format = client.post("/check", data={"format": "nope", "deck": deck_text()})
    assert bad_format.status_code == 422 and "unknown format" in bad_format.text
    bad_date = client.post("/check", data={"format": "tcg", "date": "31/12/2026", "deck": "x"})
    assert bad_date.status_code == 422 and "YYYY-MM-DD" in bad_date.text
    no_event = client.get("/events/unknown-event")
    assert no_event.status_code == 404 and "Not found" in no_event.text


def test_event_pages_end_to_end(client):
    created = client.post("/events", data={"name": "Page Cup", "format": "tcg", "date": EVENT_DAY})
    assert created.status_code == 201
    token = re.search(r'id="token" type="text" readonly value="([^"]+)"', created.text)[1]
    page = re.search(r'id="event-link" href="([^"]+)"', created.text)[1]
    assert client.get(page).status_code == 200

    done = client.post(page + "/register", data={"player": "Noor", "deck": deck_text()})
    assert done.status_code == 201 and "Noor is registered" in done.text
    key = re.search(r'id="new-player-key"[^>]* value="([^"]+)"', done.text)[1]
    keyless = client.post(page + "/register", data={"player": "noor", "deck": deck_text()})
    assert keyless.status_code == 403 and "player key" in keyless.text
    again = client.post(
        page + "/register", data={"player": "noor", "deck": deck_text(), "player_key": key}
    )
    assert "revision 2" in again.text
    assert 'id="new-player-key"' not in again.text
    nameless = client.post(page + "/register", data={"player": " ", "deck": deck_text()})
    assert nameless.status_code == 422

    wrong = client.post(page + "/organiser", data={"token": "nope"})
    assert wrong.status_code == 403
    listing = client.post(page + "/organiser", data={"token": token, "history": "true"})
    assert "1 player(s) registered, 1 earlier deck(s) replaced" in listing.text

    download = client.post(page + "/organiser/registrations.csv", data={"token": token})
    rows = list(csv.DictReader(io.StringIO(download.text)))
    assert [(r["player"], r["revision"], r["current"]) for r in rows] == [
        ("Noor", "1", "no"),
        ("noor", "2", "yes"),
    ]
    sheet = client.post(page + "/organiser/sheet.pdf", data={"token": token, "player": "NOOR"})
    assert sheet.headers["content-type"] == "application/pdf"
    assert sheet.content.startswith(b"%PDF")
    denied = client.post(page + "/organiser/sheet.pdf", data={"token": "x", "player": "Noor"})
    assert denied.status_code == 403


def test_event_form_errors(client):
    page = client.post("/events", data={"name": "", "format": "tcg", "date": EVENT_DAY})
    assert page.status_code == 422 and 'id="event-error"' in page.text
    bad_format = client.post("/events", data={"name": "X", "format": "nope", "date": EVENT_DAY})
    assert bad_format.status_code == 422


def test_rule_pages(client):
    page = client.get("/rules/forbidden")
    assert page.status_code == 200
    assert "DC301" in page.text and "How to fix" in page.text
    assert client.get("/rules/DC302").status_code == 200  # by code too
    assert client.get("/rules/no-such-rule").status_code == 404
