"""POST /v1/validate gives the CLI's report for the same deck, and clear errors for bad input."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run
from tests.conftest import DECKS
from tests.service.conftest import LEGAL_DECK, deck_text

YDKE = "ydke://ryPeAK8j3gCvI94ASnBJAw==!xEQhBQ==!!"  # 3 Ash, 1 Pot of Greed / Accesscode Talker


def without_source(report: dict) -> dict:
    deck = {k: v for k, v in report["deck"].items() if k != "source"}
    return {**report, "deck": deck}


def cli_report(capsys, source: str, *options: str) -> dict:
    result = run(capsys, "check", source, "--output-format", "json", *options)
    assert result.code in (0, 1), result.err
    decks = json.loads(result.out)["decks"]
    assert len(decks) == 1
    return decks[0]


CASES = [
    ("AI_Blackwing.ydk", "tcg", "2026-06-01"),
    ("AI_Albaz.ydk", "tcg", "2026-06-01"),  # unknown passcodes, Forbidden and Limited cards
    ("AI_Nekroz.ydk", "ocg", "2025-06-14"),
    ("AI_Tearlaments.ydk", "traditional", "2024-01-01"),
    ("AI_SkyStriker.ydk", "genesys", "2026-06-01"),
    ("AI_DarkMagician.ydk", "speed", "2026-06-01"),
    ("AI_Zoodiac.ydk", "goat", "2026-06-01"),
]


@pytest.mark.parametrize(("name", "format_id", "day"), CASES)
def test_same_report_as_the_cli(client, capsys, name, format_id, day):
    path = DECKS / name
    expected = cli_report(capsys, str(path), "--format", format_id, "--date", day)
    response = client.post(
        "/v1/validate",
        params={"format": format_id, "date": day, "source": str(path)},
        content=path.read_bytes(),
    )
    assert response.status_code == 200
    assert response.json() == expected


def test_same_report_for_a_ydke_url(client, capsys):
    expected = cli_report(capsys, YDKE, "--format", "tcg", "--date", "2026-06-01")
    body = client.post("/v1/validate", params={"date": "2026-06-01"}, content=YDKE).json()
    assert without_source(body) == without_source(expected)
    assert body["valid"] is False
    assert {v["rule"] for v in body["violations"]} == {"forbidden", "main-deck-size"}


def test_same_report_for_a_name_list_and_json(client, capsys, tmp_path):
    names = "Main\n3 Ash Blossom & Joyous Spring\n1 Pot of Greed\nExtra\n1 Accesscode Talker\n"
    path = tmp_path / "deck.txt"
    path.write_text(names, encoding="utf-8")
    expected = cli_report(capsys, str(path), "--format", "traditional", "--date", "2026-06-01")
    got = client.post(
        "/v1/validate", params={"format": "traditional", "date": "2026-06-01"}, content=names
    ).json()
    assert without_source(got) == without_source(expected)
    assert got["deck"]["main"] == 4 and got["deck"]["extra"] == 1

    structured = json.dumps({"main": [14558127, 14558127], "extra": [], "side": []})
    as_json = client.post(
        "/v1/validate",
        params={"date": "2026-06-01"},
        content=structured,
        headers={"Content-Type": "application/json"},
    )
    assert as_json.status_code == 200
    assert as_json.json()["deck"]["main"] == 2


def test_points_cap_parameter(client, capsys):
    path = str(LEGAL_DECK)
    expected = cli_report(
        capsys, path, "--format", "genesys", "--date", "2026-06-01", "--points-cap", "1"
    )
    got = client.post(
        "/v1/validate",
        params={"format": "genesys", "date": "2026-06-01", "points_cap": 1, "source": path},
        content=deck_text(),
    ).json()
    assert got == expected
    assert [v["code"] for v in got["violations"]] == ["DC502"]
    within = client.post(
        "/v1/validate",
        params={"format": "genesys", "date": "2026-06-01", "points_cap": 3},
        content=deck_text(),
    ).json()
    assert within["valid"] is True


def test_unreadable_lines_are_parse_errors_not_failures(client):
    text = "#main\n14558127\nnot a passcode\n14558127\n"
    body = client.post("/v1/validate", params={"date": "2026-06-01"}, content=text).json()
    parse = [v for v in body["violations"] if v["rule"] == "parse-error"]
    assert [v["line"] for v in parse] == [3]
    assert body["deck"]["main"] == 2


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    error = response.json()["error"]
    assert (error["status"], error["code"]) == (status, code)
    assert error["message"]
    return error


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"", "empty"),
        (b"   \n\n", "empty"),
        (b"\x00\x01\x02\x03binary", "binary"),
        (b"#main\n\xff\xfe\xfa\n", "UTF-8"),
        (b"ydke://!!!not-base64!", "ydke"),
        (b'{"main": ["\\ud800"]}', "invalid Unicode"),  # a lone surrogate as a card name
    ],
)
def test_bad_deck_text_is_400(client, body, message):
    error = assert_error(client.post("/v1/validate", content=body), 400, "bad-deck")
    assert message.lower() in error["message"].lower()


def test_codec_parameter_forces_a_reader(client):
    text = deck_text()
    assert client.post("/v1/validate", params={"codec": "ydk"}, content=text).status_code == 200
    assert_error(
        client.post("/v1/validate", params={"codec": "ydke"}, content=text), 400, "bad-deck"
    )
    assert_error(
        client.post("/v1/validate", params={"codec": "xml"}, content=text),
        422,
        "invalid-parameters",
    )


@pytest.mark.parametrize(
    "params",
    [
        {"format": "nope"},
        {"date": "2026-02-30"},
        {"date": "soon"},
        {"points_cap": "-1"},
        {"format": "x" * 65},
    ],
)
def test_bad_parameters_are_422(client, params):
    error = assert_error(
        client.post("/v1/validate", params=params, content=deck_text()), 422, "invalid-parameters"
    )
    assert error["message"].startswith(("invalid parameters", "unknown format"))


def test_body_over_the_limit_is_413_before_reading(client):
    big = b"#main\n" + b"14558127\n" * 30_000  # 270 KB
    error = assert_error(client.post("/v1/validate", content=big), 413, "body-too-large")
    assert "256 KB" in error["message"]


def test_streamed_body_over_the_limit_is_413(client):
    def chunks():
        yield b"#main\n"
        for _ in range(300):
            yield b"14558127\n" * 100  # 900 bytes each, no Content-Length

    assert_error(client.post("/v1/validate", content=chunks()), 413, "body-too-large")


def test_body_at_the_limit_is_read(client):
    cards = b"#main\n" + b"14558127\n" * 40
    body = cards + b"#" + b"x" * (256 * 1024 - len(cards) - 2) + b"\n"
    assert len(body) == 256 * 1024
    report = client.post("/v1/validate", content=body).json()
    assert report["deck"]["main"] == 40
    assert_error(client.post("/v1/validate", content=body + b"\n"), 413, "body-too-large")


def test_get_is_not_allowed(client):
    assert_error(client.get("/v1/validate"), 405, "method-not-allowed")


def test_unknown_names_are_capped_per_request(client, monkeypatch):
    from deckcheck.service import state

    monkeypatch.setattr(state, "MAX_UNKNOWN_NAMES", 2)
    two = "3 Ash Blossom & Joyous Spring\n1 Pot of Gred\n1 Maxx Q\n1 Maxx Q\n"
    report = client.post("/v1/validate", content=two).json()
    unknown = [v for v in report["violations"] if v["rule"] == "unknown-card"]
    assert len(unknown) == 2  # the same unknown name twice is one search
    assert "Pot of Greed" in unknown[0]["message"]  # "did you mean" still given
    three = two + "1 Blue-Eyes White Dragn\n"
    error = assert_error(client.post("/v1/validate", content=three), 400, "bad-deck")
    assert "3 card names are not in the card data" in error["message"]


def test_a_request_slower_than_the_timeout_gets_503(service):
    import socket

    from deckcheck.service.app import create_app
    from deckcheck.service.settings import Settings
    from tests.service.conftest import LiveServer

    app = create_app(Settings(database_url=service.settings.database_url, timeout=0.5), service)
    with LiveServer(app) as server, socket.create_connection(("127.0.0.1", server.port)) as s:
        # a client that announces 100 bytes and sends 6, then nothing
        s.sendall(b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n#main\n")
        s.settimeout(10)
        answer = b""
        while b"}}" not in answer:
            chunk = s.recv(4096)
            if not chunk:
                break
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503")
    error = json.loads(body)["error"]
    assert (error["code"], error["message"]) == ("timeout", "the request took longer than 0.5 s")
