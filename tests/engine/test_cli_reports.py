"""deckcheck goldfish, gauntlet and smoke end to end (issue 14, section 2)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from tests.cli.helpers import run
from tests.conftest import DECKS

BURN = str(DECKS / "AI_Burn.ydk")
FROG = str(DECKS / "AI_MokeyMokey.ydk")
TEARLAMENTS = str(DECKS / "AI_Tearlaments.ydk")
ZOODIAC = str(DECKS / "AI_Zoodiac.ydk")  # not valid for the TCG today


def test_goldfish_text_json_and_plot(capsys, tmp_path):
    plot = tmp_path / "gf.png"
    r = run(capsys, "goldfish", BURN, "--format", "traditional", "--games", "5", "--turns",
            "4", "--plot", str(plot))  # fmt: skip
    assert r.code == 0, r.err
    assert "5 goldfish games of AI_Burn" in r.out and "turn  4:" in r.out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = run(capsys, "goldfish", BURN, "--format", "traditional", "--games", "5", "--turns",
                "4", "--plot", str(plot))  # fmt: skip
    assert again.code == 2 and "already exists" in again.err  # never overwritten silently
    j = run(capsys, "goldfish", BURN, "--format", "traditional", "--games", "5", "--turns", "4",
            "--output-format", "json")  # fmt: skip
    data = json.loads(j.out)
    assert data["games"] == 5 and len(data["by_turn"]) == 4 and data["usage"]["games"] == 5


def test_goldfish_refuses_an_invalid_deck_and_bad_numbers(capsys):
    r = run(capsys, "goldfish", ZOODIAC, "--games", "2")
    assert r.code == 1 and "not valid" in r.err
    bad = run(capsys, "goldfish", BURN, "--format", "traditional", "--games", "0")
    assert bad.code == 2 and "--games" in bad.err


def test_gauntlet_matrix_in_text_and_json(capsys, tmp_path):
    args = ("gauntlet", BURN, FROG, "--format", "traditional", "--games", "4", "--seed", "2")
    r = run(capsys, *args, "--plot", str(tmp_path / "m.svg"))
    assert r.code == 0, r.err
    assert "Win rate of the row deck against the column deck" in r.out
    assert (tmp_path / "m.svg").read_text().lstrip().startswith("<?xml")
    data = json.loads(run(capsys, *args, "--output-format", "json").out)
    assert data["decks"] == ["AI_Burn", "AI_MokeyMokey"] and data["games_per_pair"] == 4
    one = run(capsys, "gauntlet", BURN, "--games", "4")
    assert one.code == 2 and "two decks" in one.err


def test_smoke_fails_on_unsupported_cards_in_every_output(capsys):
    # AI_Tearlaments's cards are mostly not defined; every card of AI_Burn is (issue 14)
    args = ("smoke", TEARLAMENTS, "--no-validate", "--games", "2")
    r = run(capsys, *args)
    assert r.code == 1
    assert "FAIL cards supported" in r.out and "ok   2 games without an engine error" in r.out
    j = json.loads(run(capsys, *args, "--output-format", "json").out)
    assert j["ok"] is False and {c["name"] for c in j["checks"]} >= {"cards supported"}
    x = run(capsys, *args, "--output-format", "junit")
    suite = ET.fromstring(x.out).find("testsuite")
    assert suite is not None and int(suite.get("failures", "0")) >= 1
    ok = run(capsys, "smoke", BURN, "--format", "traditional", "--games", "2")
    assert ok.code == 0 and "ok   cards supported: every card" in ok.out
    bad = run(capsys, "smoke", BURN, "--output-format", "sarif")
    assert bad.code == 2


def test_duel_reports_what_each_card_did_and_plots_it(capsys, tmp_path):
    a, b = str(DECKS / "AI_Blackwing.ydk"), str(DECKS / "AI_DarkMagician.ydk")
    args = ("duel", a, b, "--format", "traditional", "--games", "4", "--seed", "5")
    plot = tmp_path / "duel.png"
    r = run(capsys, *args, "--plot", str(plot))
    assert r.code == 0, r.err
    # the supported share comes first, then the results, then the cards
    assert r.out.index("of card copies supported") < r.out.index("4 games,")
    assert "cards per game (activated / resolved / negated / summoned)" in r.out
    assert "dead in hand (games dead/games drawn)" in r.out
    assert plot.read_bytes()[:4] == b"\x89PNG"
    data = json.loads(run(capsys, *args, "--output-format", "json").out)
    cards = {c["name"]: c for c in data["cards"][0]["cards"]}
    assert data["cards"][0]["games"] == 4 and data["stopped"] is False
    assert (
        cards["Mystical Space Typhoon"]["activated"] >= cards["Mystical Space Typhoon"]["resolved"]
    )
    again = json.loads(run(capsys, *args, "--output-format", "json", "--workers", "2").out)
    assert again == data  # the same games on two processes
