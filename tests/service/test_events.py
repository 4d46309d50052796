"""Events and registrations: tokens, validation on registration, history, exports, verify,
registration sheets."""

from __future__ import annotations

import csv
import io
import sqlite3

import pytest

from tests.service.conftest import ASH, EVENT_DAY, deck_text, with_side
from tests.service.helpers import auth, create_event, register


def test_create_event_shows_the_token_once(client):
    response = client.post("/v1/events", json={"name": "X", "format": "tcg", "date": EVENT_DAY})
    assert response.headers["cache-control"] == "no-store"
    event = create_event(client, points_cap=None)
    assert len(event["organiser_token"]) >= 40
    assert event["page"] == f"/events/{event['id']}"
    assert event["open"] is True
    public = client.get(f"/v1/events/{event['id']}").json()
    assert "organiser_token" not in public
    assert public["name"] == "Store Championship"
    assert public["date"] == EVENT_DAY


def test_token_is_stored_hashed(client, service):
    event = create_event(client)
    path = service.storage.path
    with sqlite3.connect(path) as con:
        query = "SELECT token_hash FROM events WHERE id = ?"
        stored = con.execute(query, (event["id"],)).fetchone()
        dump = "\n".join(con.iterdump())
    assert stored[0].startswith("sha256:")
    assert event["organiser_token"] not in dump


def test_token_comparison_is_constant_time(monkeypatch):
    import hmac

    from deckcheck.service import tokens

    calls = []
    real = hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(tokens.hmac, "compare_digest", spy)
    token = tokens.new_token()
    stored = tokens.hash_token(token)
    assert tokens.token_matches(token, stored) is True
    assert tokens.token_matches(token + "x", stored) is False
    assert len(calls) == 2


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"format": "tcg", "date": EVENT_DAY}, "body.name"),
        ({"name": "  ", "format": "tcg", "date": EVENT_DAY}, "body.name"),
        ({"name": "A\x00B", "format": "tcg", "date": EVENT_DAY}, "body.name"),
        ({"name": "Locals", "format": "tcg", "date": "2026-02-30"}, "body.date"),
        ({"name": "L", "format": "tcg", "date": EVENT_DAY, "points_cap": 0}, "body.points_cap"),
    ],
)
def test_create_event_validation(client, body, where):
    response = client.post("/v1/events", json=body)
    assert response.status_code == 422
    assert where in [d["where"] for d in response.json()["error"]["details"]]


def test_create_event_unknown_format_and_bad_json(client):
    unknown = client.post("/v1/events", json={"name": "X", "format": "nope", "date": EVENT_DAY})
    assert unknown.status_code == 422
    assert "known formats" in unknown.json()["error"]["message"]
    bad = client.post(
        "/v1/events", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "bad-json"


def test_register_a_legal_deck(client):
    event = create_event(client)
    response = register(client, event, "  Ann   Lee ", deck_text())
    assert response.status_code == 201
    body = response.json()
    assert body["player"] == "Ann Lee"
    assert (body["revision"], body["current"], body["replaced_earlier"]) == (1, True, False)
    assert body["sizes"] == {"main": 40, "extra": 15, "side": 0}
    assert body["format"] == "tcg" and body["banlist"] == "2026.05"
    assert body["digest"].startswith("sha256:")


def test_an_illegal_deck_is_refused_with_the_report(client):
    from tests.conftest import DECKS

    event = create_event(client)
    response = register(client, event, "Bo", (DECKS / "AI_Albaz.ydk").read_text())
    assert response.status_code == 422
    body = response.json()
    assert body["error"]["code"] == "deck-invalid"
    assert body["report"]["valid"] is False
    rules = {v["rule"] for v in body["report"]["violations"]}
    assert {"forbidden", "limited", "unknown-card"} <= rules
    listing = client.get(f"/v1/events/{event['id']}/registrations", headers=auth(event)).json()
    assert listing["registrations"] == []


def test_unreadable_deck_is_400_and_missing_event_404(client):
    event = create_event(client)
    assert register(client, event, "Cy", "\x00\x00\x00").status_code == 400
    missing = register(client, {"id": "no-such-event"}, "Cy", deck_text())
    assert missing.status_code == 404
    bad_id = client.post("/v1/events/bad id!/registrations", json={"player": "x", "deck": "y"})
    assert bad_id.status_code == 422


def test_event_points_cap_applies_to_registrations(client):
    event = create_event(client, format="genesys", points_cap=2)
    refused = register(client, event, "Di", deck_text())
    assert refused.status_code == 422
    assert [v["code"] for v in refused.json()["report"]["violations"]] == ["DC502"]
    roomy = create_event(client, format="genesys", points_cap=3)
    assert register(client, roomy, "Di", deck_text()).status_code == 201


def test_re_registration_replaces_and_keeps_history(client):
    event = create_event(client)
    first = register(client, event, "Eve", deck_text()).json()
    assert len(first["player_key"]) >= 40
    second = register(client, event, "EVE", with_side(deck_text(), ASH, ASH), first["player_key"])
    second = second.json()
    assert (second["revision"], second["replaced_earlier"]) == (2, True)
    assert second["player_key"] is None  # shown once, at the first registration
    assert second["digest"] != first["digest"]
    listing = client.get(f"/v1/events/{event['id']}/registrations", headers=auth(event)).json()
    assert (listing["current"], listing["history"]) == (1, 1)
    assert [(r["player"], r["revision"]) for r in listing["registrations"]] == [("EVE", 2)]
    full = client.get(
        f"/v1/events/{event['id']}/registrations", params={"history": "true"}, headers=auth(event)
    ).json()
    assert [(r["revision"], r["current"], r["digest"]) for r in full["registrations"]] == [
        (1, False, first["digest"]),
        (2, True, second["digest"]),
    ]


def test_nobody_else_replaces_a_players_registration(client):
    event = create_event(client)
    other = create_event(client)
    first = register(client, event, "Rae", deck_text()).json()
    sided = with_side(deck_text(), ASH)
    for attempt in (
        register(client, event, "rae", sided),  # no key
        register(client, event, "Rae", sided, "not-the-key"),
        register(client, event, "Rae", sided, headers=auth(other)),  # another event's token
    ):
        assert attempt.status_code == 403
    assert register(client, event, "Rae", sided).json()["error"]["code"] == "player-key-required"
    # the key of one player does not open another's registration
    register(client, event, "Sol", deck_text())
    assert register(client, event, "Sol", sided, first["player_key"]).status_code == 403
    # the organiser may register again for a player
    by_organiser = register(client, event, "Rae", sided, headers=auth(event))
    assert (by_organiser.status_code, by_organiser.json()["revision"]) == (201, 2)
    current = client.get(f"/v1/events/{event['id']}/registrations", headers=auth(event)).json()
    rae = next(r for r in current["registrations"] if r["player"] == "Rae")
    assert rae["sizes"]["side"] == 1


def test_listing_needs_the_organiser_token(client):
    event = create_event(client)
    other = create_event(client)
    register(client, event, "Fay", deck_text())
    url = f"/v1/events/{event['id']}/registrations"
    none = client.get(url)
    assert none.status_code == 401
    assert none.headers["www-authenticate"] == "Bearer"
    assert none.json()["error"]["code"] == "unauthorized"
    wrong = client.get(url, headers={"Authorization": "Bearer not-the-token"})
    assert wrong.status_code == 403
    assert client.get(url, headers=auth(other)).status_code == 403  # another event's token
    assert client.get(url, headers={"Authorization": "Basic abc"}).status_code == 401
    answer = client.get(url, headers=auth(event))
    assert answer.headers["cache-control"] == "no-store"
    ok = answer.json()
    assert [r["player"] for r in ok["registrations"]] == ["Fay"]
    assert ok["registrations"][0]["deck"]["extra"][0]["count"] == 3


def test_players_cannot_read_decks_back(client):
    event = create_event(client)
    register(client, event, "Gus", deck_text())
    public = client.get(f"/v1/events/{event['id']}").json()
    assert "registrations" not in public
    sheet = client.get(f"/v1/events/{event['id']}/registrations/Gus/sheet.pdf")
    assert sheet.status_code == 401
    verify = client.post(
        f"/v1/events/{event['id']}/verify", params={"player": "Gus"}, content=deck_text()
    )
    assert verify.status_code == 401


def test_csv_export(client):
    event = create_event(client)
    register(client, event, "Hal", deck_text())
    register(client, event, "=SUM(A1:A9)", deck_text())
    response = client.get(
        f"/v1/events/{event['id']}/registrations", params={"as": "csv"}, headers=auth(event)
    )
    assert response.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert [r["player"] for r in rows] == ["'=SUM(A1:A9)", "Hal"]  # no spreadsheet formulas
    hal = rows[1]
    assert (hal["main"], hal["extra"], hal["side"], hal["current"]) == ("40", "15", "0", "yes")
    assert hal["ydke"].startswith("ydke://")
    # the exported URL reads back as the registered deck
    from deckcheck.decks.codecs import read_deck

    assert read_deck(hal["ydke"], None).digest() == hal["digest"]


def test_verify_the_registered_deck_and_a_legal_side_swap(client):
    event = create_event(client)
    registered = with_side(deck_text(), ASH, ASH)
    register(client, event, "Ivy", registered)
    url = f"/v1/events/{event['id']}/verify"
    same = client.post(url, params={"player": "ivy"}, content=registered, headers=auth(event))
    assert same.status_code == 200
    assert same.json()["valid"] is True
    # 1-for-1: one Ash in from the Side Deck, one copy of the first Main Deck card out
    lines = registered.splitlines()
    main_start = lines.index("#main") + 1
    out_card = lines[main_start]
    lines[main_start] = str(ASH)
    side_at = lines.index("!side") + 1
    lines[side_at] = out_card
    sided = "\n".join(lines) + "\n"
    swap = client.post(url, params={"player": "Ivy"}, content=sided, headers=auth(event)).json()
    assert swap["valid"] is True, swap["violations"]
    assert any("differs from the registration" in n for n in swap["notes"])


def test_verify_finds_size_changes_and_other_cards(client):
    event = create_event(client)
    register(client, event, "Jo", with_side(deck_text(), ASH, ASH))
    url = f"/v1/events/{event['id']}/verify"
    lines = with_side(deck_text(), ASH, ASH).splitlines()
    side_at = lines.index("!side") + 1
    # one Ash moved from the Side Deck into the Main Deck without taking anything out
    del lines[side_at]
    lines.insert(lines.index("#main") + 1, str(ASH))
    moved = lines
    grown = client.post(
        url, params={"player": "Jo"}, content="\n".join(moved), headers=auth(event)
    ).json()
    assert [v["code"] for v in grown["violations"]] == ["DC601", "DC601"]
    # a card that was not in the registered 75
    other = with_side(deck_text(), ASH, 55144522)
    mismatch = client.post(url, params={"player": "Jo"}, content=other, headers=auth(event))
    codes = [v["code"] for v in mismatch.json()["violations"]]
    assert "DC603" in codes and "DC301" in codes  # and Pot of Greed is Forbidden anyway
    nobody = client.post(url, params={"player": "Nobody"}, content=other, headers=auth(event))
    assert nobody.status_code == 404


def test_registration_sheet_pdf(client):
    from pypdf import PdfReader

    event = create_event(client, name="Regional Qualifier")
    register(client, event, "Kim Park", deck_text())
    response = client.get(
        f"/v1/events/{event['id']}/registrations/kim park/sheet.pdf", headers=auth(event)
    )
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "Kim Park" in text
    assert "Regional Qualifier" in text
    missing = client.get(
        f"/v1/events/{event['id']}/registrations/nobody/sheet.pdf", headers=auth(event)
    )
    assert missing.status_code == 404


def test_registration_closes_at_the_deadline(client):
    closed = create_event(client, deadline="2020-01-01T10:00:00Z")
    assert closed["open"] is False
    response = register(client, closed, "Lu", deck_text())
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "registration-closed"
    later = create_event(client, deadline="2999-01-01T10:00:00+02:00")
    assert register(client, later, "Lu", deck_text()).status_code == 201


@pytest.mark.parametrize("player", ["", "   ", "a" * 201, "tab\tname\x07", "\u200b\u00ad"])
def test_bad_player_names(client, player):
    event = create_event(client)
    response = register(client, event, player, deck_text())
    assert response.status_code == 422


def test_checkers_for_event_points_caps_are_reused_and_bounded(service, monkeypatch):
    from deckcheck.service import state

    monkeypatch.setattr(state, "MAX_CAPPED_CHECKERS", 2)
    monkeypatch.setattr(service, "_capped", {})
    assert service.checker_for("genesys", None) is service.checker
    first = service.checker_for("genesys", 50.0)
    assert service.checker_for("genesys", 50.0) is first
    assert service.checker_for("genesys", 50.0).format("genesys").points_cap == 50.0
    service.checker_for("genesys", 60.0)
    service.checker_for("genesys", 70.0)  # the oldest (50) goes
    assert list(service._capped) == [("genesys", 60.0), ("genesys", 70.0)]
    assert service.checker_for("genesys", 50.0) is not first


def request_id() -> str:
    import uuid

    return str(uuid.uuid4())


def test_a_first_registration_whose_answer_was_lost_can_be_sent_again(client):
    event = create_event(client)
    body = {"player": "Mia", "deck": deck_text(), "request_id": request_id()}
    url = f"/v1/events/{event['id']}/registrations"
    first = client.post(url, json=body)
    assert first.status_code == 201
    again = client.post(url, json=body)  # as if the first answer never arrived
    assert again.status_code == 201
    assert again.json() == first.json()  # the same registration and the same player key
    key = again.json()["player_key"]
    assert len(key) >= 40
    listing = client.get(url, params={"history": "true"}, headers=auth(event)).json()
    assert [(r["player"], r["revision"]) for r in listing["registrations"]] == [("Mia", 1)]
    # the key works, and a later submission with it is a new revision
    sided = register(client, event, "Mia", with_side(deck_text(), ASH), key)
    assert (sided.status_code, sided.json()["revision"]) == (201, 2)
    # the first request sent once more still gets its own answer (revision 1, replaced)
    late = client.post(url, json=body).json()
    assert (late["revision"], late["current"], late["player_key"]) == (1, False, key)


def test_a_retry_needs_the_same_request_id_and_deck(client):
    event = create_event(client)
    url = f"/v1/events/{event['id']}/registrations"
    body = {"player": "Noa", "deck": deck_text(), "request_id": request_id()}
    assert client.post(url, json=body).status_code == 201
    # someone else who knows the name and the deck but not the request id gets nothing
    for other in ({**body, "request_id": request_id()}, {"player": "Noa", "deck": deck_text()}):
        refused = client.post(url, json=other)
        assert refused.status_code == 403
        assert set(refused.json()) == {"error"}  # no key, no deck
    reused = client.post(url, json={**body, "deck": with_side(deck_text(), ASH)})
    assert reused.status_code == 409
    assert reused.json()["error"]["code"] == "request-id-reused"
    # the id belongs to that player: another name with it is a first registration of its own
    other = client.post(url, json={**body, "player": "Ola"})
    assert other.status_code == 201
    assert other.json()["player_key"] != client.post(url, json=body).json()["player_key"]


def test_a_retry_is_answered_after_registration_closed(client, monkeypatch):
    from deckcheck.service import events

    event = create_event(client)
    url = f"/v1/events/{event['id']}/registrations"
    body = {"player": "Pia", "deck": deck_text(), "request_id": request_id()}
    first = client.post(url, json=body).json()
    monkeypatch.setattr(events, "is_open", lambda event, when=None: False)
    assert client.post(url, json=body).json() == first
    new = client.post(url, json={**body, "request_id": request_id()})
    assert new.status_code == 409
    assert new.json()["error"]["code"] == "registration-closed"


@pytest.mark.parametrize(("request_id", "status"), [("a" * 15, 422), ("a" * 16, 201)])
def test_request_id_length(client, request_id, status):
    event = create_event(client)
    body = {"player": "Quin", "deck": deck_text(), "request_id": request_id}
    assert client.post(f"/v1/events/{event['id']}/registrations", json=body).status_code == status


def test_width_and_invisible_characters_do_not_make_another_player(client):
    event = create_event(client)
    first = register(client, event, "alice", deck_text())
    key = first.json()["player_key"]
    sided = with_side(deck_text(), ASH)
    for spelling in ("\uff41\uff4c\uff49\uff43\uff45", "al\u00adice", "ali\u200bce", "ALICE"):
        refused = register(client, event, spelling, sided)
        assert refused.status_code == 403, spelling
        assert refused.json()["error"]["code"] == "player-key-required"
    again = register(client, event, "\uff41\uff4c\uff49\uff43\uff45", sided, key)
    assert (again.status_code, again.json()["revision"], again.json()["player"]) == (
        201,
        2,
        "alice",
    )
    # a name one letter away is another player
    assert register(client, event, "alicf", deck_text()).status_code == 201
    found = client.post(
        f"/v1/events/{event['id']}/verify",
        params={"player": "al\u00adice"},
        content=sided,
        headers=auth(event),
    )
    assert found.status_code == 200 and found.json()["valid"] is True


def test_refusals_do_not_say_more_to_a_wrong_key(client):
    event = create_event(client)
    register(client, event, "Rex", deck_text())
    other = register(client, event, "Sam", deck_text()).json()
    answers = [
        register(client, event, "Rex", deck_text(), key).json()
        for key in (None, "x" * 43, other["player_key"])
    ]
    assert answers[0] == answers[1] == answers[2]
    assert "Rex" in answers[0]["error"]["message"]  # the name as sent, nothing stored


def test_a_registration_form_sent_again_gets_the_stored_answer(client):
    import re

    event = create_event(client)
    page = client.get(event["page"]).text
    form_id = re.search(r'name="request_id" value="([^"]+)"', page)[1]
    assert (
        form_id
        != re.search(r'name="request_id" value="([^"]+)"', client.get(event["page"]).text)[1]
    )
    data = {"player": "Tove", "deck": deck_text(), "request_id": form_id}
    first = client.post(event["page"] + "/register", data=data)
    again = client.post(event["page"] + "/register", data=data)  # the browser sends it again
    assert (first.status_code, again.status_code) == (201, 201)
    key = re.compile(r'id="new-player-key"[^>]* value="([^"]+)"')
    assert key.search(first.text)[1] == key.search(again.text)[1]
    # a form without its id (or from a stale page with another deck) is not a retry
    plain = client.post(event["page"] + "/register", data={**data, "request_id": ""})
    assert plain.status_code == 403
    other = client.post(
        event["page"] + "/register", data={**data, "deck": with_side(deck_text(), ASH)}
    )
    assert other.status_code == 409 and "request id" in other.text
    bad = client.post(event["page"] + "/register", data={**data, "request_id": "short"})
    assert bad.status_code == 422


def test_the_organiser_gives_a_player_who_lost_the_key_a_new_one(client):
    event = create_event(client)
    other = create_event(client)
    old_key = register(client, event, "Ted", deck_text()).json()["player_key"]
    url = f"/v1/events/{event['id']}/registrations/%EF%BC%B4ed/key"  # full-width T
    assert client.post(url).status_code == 401
    assert client.post(url, headers=auth(other)).status_code == 403
    nobody = client.post(f"/v1/events/{event['id']}/registrations/Uma/key", headers=auth(event))
    assert nobody.status_code == 404
    answer = client.post(url, headers=auth(event))
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-store"
    body = answer.json()
    assert (body["event"], body["player"]) == (event["id"], "Ted")
    sided = with_side(deck_text(), ASH)
    assert register(client, event, "Ted", sided, old_key).status_code == 403
    again = register(client, event, "ted", sided, body["player_key"])
    assert (again.status_code, again.json()["revision"]) == (201, 2)


def test_the_page_refuses_a_name_of_invisible_characters(client):
    event = create_event(client)
    page = client.post(event["page"] + "/register", data={"player": "\u200b", "deck": deck_text()})
    assert page.status_code == 422 and "visible character" in page.text
