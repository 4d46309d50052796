"""Cards by passcode and by name, with legality per format from the validator's rules."""

from __future__ import annotations

import pytest

DAY = {"date": "2026-06-01"}


def formats_of(client, passcode: int) -> dict:
    response = client.get(f"/v1/cards/{passcode}", params=DAY)
    assert response.status_code == 200
    return response.json()["formats"]


def test_card_by_passcode(client):
    body = client.get("/v1/cards/14558127", params=DAY).json()
    assert body["card"]["name"] == "Ash Blossom & Joyous Spring"
    assert body["name_keys"] == ["Ash Blossom & Joyous Spring"]
    assert body["date"] == "2026-06-01"
    assert set(body["formats"]) == {
        "ocg",
        "tcg",
        "traditional",
        "speed",
        "genesys",
        "goat",
        "edison",
        "masterduel",
        "world",
    }


def test_alternate_artwork_passcode_gives_the_same_card(client):
    original = client.get("/v1/cards/46986414", params=DAY).json()
    alternate = client.get("/v1/cards/36996508", params=DAY).json()
    assert alternate["card"] == original["card"]
    # Dark Magician's first printing first; its other artworks (more come from the cdb files)
    assert original["card"]["passcodes"][:3] == [46986414, 36996508, 46986421]


def test_forbidden_card_per_format(client):
    pot = formats_of(client, 55144522)  # Pot of Greed
    assert pot["tcg"]["legal"] is False
    assert pot["tcg"]["status"] == "forbidden"
    assert pot["tcg"]["copies"] == 0
    assert [r["rule"] for r in pot["tcg"]["reasons"]] == ["forbidden"]
    # Traditional: Forbidden in Advanced is Limited
    assert (pot["traditional"]["legal"], pot["traditional"]["status"]) == (True, "limited")
    assert pot["traditional"]["copies"] == 1
    # Genesys has no Forbidden list but points
    assert pot["genesys"]["legal"] is True
    assert pot["genesys"]["points"] == 30


def test_semi_limited_caps_the_copies(client):
    ash = formats_of(client, 14558127)
    assert (ash["ocg"]["status"], ash["ocg"]["copies"]) == ("semi-limited", 2)
    assert (ash["tcg"]["status"], ash["tcg"]["copies"]) == ("unlimited", 3)
    assert ash["tcg"]["banlist"] == "2026.05"


def test_pool_and_kind_rules_explain_illegal_cards(client):
    talker = formats_of(client, 86066372)  # Accesscode Talker, a Link monster
    assert [r["rule"] for r in talker["genesys"]["reasons"]] == ["forbidden-card-type"]
    assert talker["tcg"]["legal"] is True
    assert [r["rule"] for r in talker["goat"]["reasons"]] == ["not-released"]
    ash = formats_of(client, 14558127)
    assert [r["code"] for r in ash["speed"]["reasons"]] == ["DC303"]  # not on the whitelist
    turtle = formats_of(client, 11714098)  # 30,000-Year White Turtle: OCG only
    assert turtle["ocg"]["legal"] is True
    assert [r["rule"] for r in turtle["tcg"]["reasons"]] == ["not-released"]


def test_legality_depends_on_the_date(client):
    before = client.get("/v1/cards/24224830", params={"date": "2026-06-30"}).json()["formats"]
    after = client.get("/v1/cards/24224830", params={"date": "2026-07-01"}).json()["formats"]
    assert (before["ocg"]["status"], before["ocg"]["legal"]) == ("limited", True)
    assert (after["ocg"]["status"], after["ocg"]["legal"]) == ("forbidden", False)


@pytest.mark.parametrize(
    ("passcode", "status"),
    [("1", 404), ("99999999", 404), ("0", 422), ("-5", 422), ("4294967296", 422), ("ash", 422)],
)
def test_bad_passcodes(client, passcode, status):
    response = client.get(f"/v1/cards/{passcode}")
    assert response.status_code == status
    assert response.json()["error"]["status"] == status


def test_search_by_exact_name_in_any_case_and_language(client):
    body = client.get("/v1/cards", params={"name": "ash blossom & JOYOUS spring", **DAY}).json()
    assert [c["card"]["passcodes"][0] for c in body["cards"]] == [14558127]
    assert body["suggestions"] == []
    german = client.get("/v1/cards", params={"name": "Aschenblüte & Freudiger Frühling"}).json()
    assert [c["card"]["name"] for c in german["cards"]] == ["Ash Blossom & Joyous Spring"]


def test_search_suggests_close_names(client):
    body = client.get("/v1/cards", params={"name": "ash blosom"}).json()
    assert body["cards"] == []
    assert body["suggestions"][0] == "Ash Blossom & Joyous Spring"
    assert (
        len(
            client.get("/v1/cards", params={"name": "ash blosom", "limit": 1}).json()["suggestions"]
        )
        == 1
    )


@pytest.mark.parametrize(
    "params", [{}, {"name": ""}, {"name": "x" * 201}, {"name": "a", "limit": 0}]
)
def test_search_parameter_errors(client, params):
    response = client.get("/v1/cards", params=params)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "invalid-parameters"


def test_blank_search_finds_nothing(client):
    body = client.get("/v1/cards", params={"name": "   "}).json()
    assert body == {"query": "   ", "cards": [], "suggestions": []}


def test_a_date_before_some_formats_existed_marks_them(client):
    # 2025-09-21: the day before Genesys; Speed's list is from 2025-07-11, World's 2026-05-01
    response = client.get("/v1/cards/24224830", params={"date": "2025-09-21"})
    assert response.status_code == 200
    formats = response.json()["formats"]
    genesys = formats["genesys"]
    assert (genesys["exists"], genesys["starts"], genesys["legal"]) == (False, "2025-09-22", False)
    assert genesys["status"] is None and genesys["copies"] == 0
    assert formats["world"]["exists"] is False
    assert (formats["tcg"]["exists"], formats["tcg"]["status"]) == (True, "limited")
    assert formats["tcg"]["starts"] == "2002-03-08"
    first = client.get("/v1/cards/24224830", params={"date": "2025-09-22"}).json()["formats"]
    assert (first["genesys"]["exists"], first["genesys"]["points"]) == (True, 20)
    by_name = client.get("/v1/cards", params={"name": "Called by the Grave", "date": "2002-01-01"})
    assert by_name.status_code == 200
    old = by_name.json()["cards"][0]["formats"]
    assert old["ocg"]["exists"] and not old["tcg"]["exists"]
    assert [r["rule"] for r in old["ocg"]["reasons"]] == ["not-released"]


def test_legality_is_the_list_in_force_not_the_card_datas_own_field(client):
    body = client.get("/v1/cards/24224830", params={"date": "2026-11-29"}).json()
    assert (body["formats"]["ocg"]["status"], body["formats"]["ocg"]["banlist"]) == (
        "forbidden",
        "2026.07",
    )
    assert body["formats"]["masterduel"]["status"] == "semi-limited"
    # the data's own record is kept under a name that says what it is
    assert "legality" not in body["card"]
    assert body["card"]["card_data_legality"]["ocg"]["status"] == "semilimited"
