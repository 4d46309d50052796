"""Health, formats, OpenAPI, error shape and ETags on the small read-only endpoints."""

from __future__ import annotations

from deckcheck import __version__


def test_health_names_the_versions_in_use(client, db):
    body = client.get("/v1/health").json()
    assert body["status"] == "ok"
    assert body["deckcheck"] == __version__
    assert body["card_data"] == db.version
    assert body["storage"] == "sqlite"
    # the newest OCG list in the bundled data is 2026.07, in force from 2026-07-01
    assert body["banlists"]["ocg"] == {"name": "2026.07", "effective": "2026-07-01"}


def test_formats_lists_every_format_in_the_registry(client):
    from deckcheck.formats.registry import load_formats

    body = client.get("/v1/formats").json()
    assert [f["id"] for f in body] == list(load_formats())
    speed = next(f for f in body if f["id"] == "speed")
    assert speed["main"] == {"min": 20, "max": 30}
    assert speed["whitelist"] is True


def test_one_format_and_an_unknown_one(client):
    assert client.get("/v1/formats/genesys").json()["forbidden_kinds"] == ["link", "pendulum"]
    assert client.get("/v1/formats/TCG").json()["id"] == "tcg"
    missing = client.get("/v1/formats/nope")
    assert missing.status_code == 404
    error = missing.json()["error"]
    assert error["code"] == "not-found"
    assert "known formats" in error["message"]


def test_etag_and_if_none_match(client):
    first = client.get("/v1/formats")
    tag = first.headers["etag"]
    assert tag.startswith('"') and tag.endswith('"')
    again = client.get("/v1/formats", headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == tag
    weak = client.get("/v1/formats", headers={"If-None-Match": f'"other", W/{tag}'})
    assert weak.status_code == 304
    stale = client.get("/v1/formats", headers={"If-None-Match": '"something-else"'})
    assert stale.status_code == 200
    assert stale.json() == first.json()


def test_openapi_documents_the_v1_api(client):
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for path in (
        "/v1/health",
        "/v1/formats",
        "/v1/formats/{format_id}",
        "/v1/banlists/{format_id}",
        "/v1/banlists/{format_id}/diff",
        "/v1/banlists/{format_id}/export",
        "/v1/cards/{passcode}",
        "/v1/cards",
        "/v1/validate",
        "/v1/events",
        "/v1/events/{event_id}/registrations",
        "/v1/events/{event_id}/verify",
        "/v1/events/{event_id}/registrations/{player}/sheet.pdf",
    ):
        assert path in paths, path
    assert "text/plain" in paths["/v1/validate"]["post"]["requestBody"]["content"]
    # pages are not part of the API
    assert not any(p.startswith("/events") or p == "/" for p in paths)


def test_unknown_paths_and_methods_are_json_errors(client):
    missing = client.get("/v1/nothing-here")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not-found"
    wrong = client.delete("/v1/health")
    assert wrong.status_code == 405
    assert wrong.json()["error"]["code"] == "method-not-allowed"


def test_a_browser_gets_an_error_page_off_the_api(client):
    page = client.get("/no-such-page", headers={"Accept": "text/html"})
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "Not found" in page.text
    api = client.get("/v1/no-such", headers={"Accept": "text/html"})
    assert api.headers["content-type"] == "application/json"
