"""``deckcheck cards build|show|import-cdb``."""

from __future__ import annotations

import json

from deckcheck.io.paths import card_data_dir
from tests.conftest import CDB, DATA, DECKS

from .helpers import run


def test_build_reproduces_the_committed_snapshot(capsys, tmp_path):
    result = run(
        capsys, "cards", "build", "--source", str(DATA / "cards.jsonl.gz"), "--out", str(tmp_path)
    )
    assert result.code == 0, result.err
    assert "built 14360 cards" in result.out
    built = json.loads((tmp_path / "manifest.json").read_text())
    committed = json.loads((card_data_dir() / "manifest.json").read_text())
    assert built["digest"] == committed["digest"]
    assert built["resolved"] == committed["resolved"]


def test_show_text_and_json(capsys):
    text = run(capsys, "cards", "show", "Harpie Lady 1")
    assert text.code == 0
    assert "always treated as Harpie Lady" in text.out
    data = json.loads(run(capsys, "cards", "show", "4280259", "--output-format", "json").out)
    assert data["passcodes"] == [4280258, 4280259]
    assert data["name_keys"] == ["Apollousa, Bow of the Goddess"]


def test_show_unknown_card_suggests(capsys):
    result = run(capsys, "cards", "show", "Ash Blosom")
    assert result.code == 2
    assert "did you mean Ash Blossom & Joyous Spring" in result.err


def test_import_cdb_then_check_with_it(capsys, tmp_path):
    out = tmp_path / "cdb2020"
    result = run(capsys, "cards", "import-cdb", str(CDB / "cards-2020-03.cdb"), "-o", str(out))
    assert result.code == 0, result.err
    assert "imported 10460 cards" in result.out
    again = run(capsys, "cards", "import-cdb", str(CDB / "cards-2020-03.cdb"), "-o", str(out))
    assert again.code == 2 and "already exists" in again.err
    checked = run(
        capsys,
        "check",
        str(DECKS / "AI_Zoodiac.ydk"),
        "--cards",
        str(out),
        "--date",
        "2020-06-01",
        "--output-format",
        "json",
    )
    report = json.loads(checked.out)["decks"][0]
    assert (
        report["card_data"]["version"]
        != json.loads((card_data_dir() / "manifest.json").read_text())["version"]
    )
    assert checked.code in (0, 1)
