"""Banlists over HTTP: the list in force by date, diffs, exports, ETags, errors."""

from __future__ import annotations

import json

import pytest

CALLED_BY_THE_GRAVE = "24224830"  # OCG: Limited in 2026.04, Forbidden from 2026.07


def test_the_list_in_force_follows_the_date(client):
    before = client.get("/v1/banlists/ocg", params={"date": "2026-06-30"}).json()
    after = client.get("/v1/banlists/ocg", params={"date": "2026-07-01"}).json()
    assert (before["name"], after["name"]) == ("2026.04", "2026.07")
    assert before["entries"][CALLED_BY_THE_GRAVE]["limit"] == 1
    assert after["entries"][CALLED_BY_THE_GRAVE]["limit"] == 0
    assert after["entries"][CALLED_BY_THE_GRAVE]["name"] == "Called by the Grave"


def test_traditional_reads_forbidden_as_limited(client):
    advanced = client.get("/v1/banlists/tcg", params={"date": "2026-06-01"}).json()
    traditional = client.get("/v1/banlists/traditional", params={"date": "2026-06-01"}).json()
    forbidden = [code for code, e in advanced["entries"].items() if e.get("limit") == 0]
    assert len(forbidden) > 100
    assert [traditional["entries"][code]["limit"] for code in forbidden] == [1] * len(forbidden)


def test_banlist_etag_changes_with_the_content(client):
    old = client.get("/v1/banlists/ocg", params={"date": "2026-06-30"})
    same_list = client.get("/v1/banlists/ocg", params={"date": "2026-05-01"})
    new = client.get("/v1/banlists/ocg", params={"date": "2026-07-01"})
    assert old.headers["etag"] == same_list.headers["etag"]  # both 2026.04
    assert old.headers["etag"] != new.headers["etag"]
    cached = client.get(
        "/v1/banlists/ocg",
        params={"date": "2026-05-01"},
        headers={"If-None-Match": old.headers["etag"]},
    )
    assert cached.status_code == 304
    changed = client.get(
        "/v1/banlists/ocg",
        params={"date": "2026-07-01"},
        headers={"If-None-Match": old.headers["etag"]},
    )
    assert changed.status_code == 200


def test_diff_names_the_real_changes(client):
    body = client.get("/v1/banlists/ocg/diff", params={"from": "2026.04", "to": "2026.07"}).json()
    assert (body["series"], body["from"], body["to"]) == ("ocg", "2026.04", "2026.07")
    called = next(c for c in body["changes"] if c["name"] == "Called by the Grave")
    assert (called["before"], called["after"]) == ("limited", "forbidden")
    assert called["passcodes"] == [int(CALLED_BY_THE_GRAVE)]
    # dates work as list keys: the lists in force on those days
    by_date = client.get(
        "/v1/banlists/ocg/diff", params={"from": "2026-05-15", "to": "2026-07-02"}
    ).json()
    assert by_date["changes"] == body["changes"]
    tagged = client.get("/v1/banlists/ocg/diff", params={"from": "2026.04", "to": "2026.07"})
    assert (
        client.get(
            "/v1/banlists/ocg/diff",
            params={"from": "2026.04", "to": "2026.07"},
            headers={"If-None-Match": tagged.headers["etag"]},
        ).status_code
        == 304
    )


def test_diff_of_a_list_with_itself_is_empty(client):
    body = client.get("/v1/banlists/tcg/diff", params={"from": "2026.05", "to": "2026.05"}).json()
    assert body["changes"] == []


@pytest.mark.parametrize(
    ("params", "status"),
    [
        ({"from": "2099.01", "to": "2026.07"}, 404),
        ({"from": "1990-01-01", "to": "2026.07"}, 404),  # no OCG list in force yet
        ({"from": "2026-02-30", "to": "2026.07"}, 404),  # not a real day
        ({"from": "2026.04"}, 422),  # "to" is required
    ],
)
def test_diff_errors(client, params, status):
    response = client.get("/v1/banlists/ocg/diff", params=params)
    assert response.status_code == status
    assert response.json()["error"]["status"] == status


def test_export_in_three_formats_reads_back_the_same_entries(client):
    from deckcheck.banlist.files import from_dict
    from deckcheck.banlist.lflist import parse_lflist
    from deckcheck.io import yamlsafe

    params = {"date": "2025-06-14"}
    shown = client.get("/v1/banlists/tcg", params=params).json()
    expected = {int(code): e.get("limit") for code, e in shown["entries"].items()}

    lflist = client.get("/v1/banlists/tcg/export", params={**params, "as": "lflist"})
    assert lflist.headers["content-type"].startswith("text/plain")
    assert "2025.04" in lflist.headers["content-disposition"]
    parsed = parse_lflist(lflist.text).banlists
    assert len(parsed) == 1
    assert {c: e.limit for c, e in parsed[0].entries.items()} == expected

    yaml_text = client.get("/v1/banlists/tcg/export", params={**params, "as": "yaml"}).text
    from_yaml = from_dict(yamlsafe.load(yaml_text), "export")
    assert {c: e.limit for c, e in from_yaml.entries.items()} == expected

    json_export = client.get("/v1/banlists/tcg/export", params={**params, "as": "json"})
    from_json = from_dict(json.loads(json_export.text), "export")
    assert {c: e.limit for c, e in from_json.entries.items()} == expected
    assert from_json.effective.isoformat() == shown["effective"]
    assert json_export.headers["etag"]


def test_genesys_points_list(client):
    body = client.get("/v1/banlists/genesys", params={"date": "2025-10-01"}).json()
    assert (body["name"], body["points_cap"]) == ("2025.09.24", 100)
    assert body["entries"]["10045474"] == {"name": "Infinite Impermanence", "points": 13}


@pytest.mark.parametrize(
    ("path", "params", "status"),
    [
        ("/v1/banlists/nope", {}, 404),
        ("/v1/banlists/ocg", {"date": "1990-01-01"}, 404),  # before the first OCG list
        ("/v1/banlists/ocg", {"date": "2026-13-01"}, 422),
        ("/v1/banlists/ocg", {"date": "tomorrow"}, 422),
        ("/v1/banlists/ocg/export", {"as": "xml"}, 422),
    ],
)
def test_banlist_errors(client, path, params, status):
    response = client.get(path, params=params)
    assert response.status_code == status
    assert response.json()["error"]["code"] in ("not-found", "no-banlist", "invalid-parameters")
