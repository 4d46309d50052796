"""The snapshot builder resolves the real source's flaws by stated policies."""

from __future__ import annotations

import json

from deckcheck.cards.build import read_source, resolve
from deckcheck.io.paths import card_data_dir
from tests.conftest import DATA


def test_manifest_records_source_and_resolutions(db):
    manifest = json.loads((card_data_dir() / "manifest.json").read_text())
    assert manifest["cards"] == 14360
    assert manifest["source"] == "cards.jsonl.gz"
    assert manifest["version"] == db.version
    assert any("55154344" in note for note in manifest["resolved"])


def test_resolution_policies_on_the_real_source():
    records, notes = resolve(read_source(DATA / "cards.jsonl.gz"))
    by_code: dict[int, list[str]] = {}
    for rec in records:
        for code in rec["passwords"]:
            by_code.setdefault(code, []).append(rec["name"])
    # every passcode now belongs to exactly one card
    assert all(len(names) == 1 for names in by_code.values())
    # the passcode two cards claimed stays with the card whose YGOPRODeck id it is
    assert by_code[55154344] == ["Ryu-Ge Realm - Wyrm Winds"]
    assert by_code[81549048] == ["Ryu-Ge Rivalry"]
    # repeated records merge; a " (card)" suffix goes when no other card has the bare name
    assert by_code[17749468] == ["Azamina"]
    assert by_code[63436931] == ["Crimson Dragon"]
    names = [r["name"] for r in records]
    assert "Token (card)" in names  # kept: other cards are named "Token"
    assert by_code[39399168] == ["Resurrection of Chakra"]
    assert len(notes) == 33


def test_snapshot_holds_no_effect_text(db):
    card = db.find("Pot of Greed")
    dumped = json.dumps(card.record())
    assert "draw" not in dumped.lower()
    assert db.find("Decode Talker").materials.method == "link"


def test_printed_zeros_are_restored(db):
    ash = db.find("Ash Blossom & Joyous Spring")
    assert (ash.atk, ash.defense) == (0, 1800)
    assert (db.find("Relinquished").atk, db.find("Relinquished").defense) == (0, 0)
    assert db.find("Pendulumucho").scale == 0
    assert db.find("Decode Talker").defense is None  # Link monsters have no DEF
    assert db.find("Blue-Eyes White Dragon").atk == 3000


def test_skill_cards_carry_their_simulator_passcodes(db):
    # Speed Duel decks list Skill Cards by the skills cdb ids (300xxxxxx)
    skill = db.get(300101001)
    assert skill is not None and skill.kind == "skill"
    assert skill.name == "Ectoplasmic Fortification!"
    # the trap keeps its passcode and wins the name; the skill of that name has its own id
    assert [c.kind for c in db.find_all("Call of the Haunted")] == ["trap", "skill"]
    assert db.get(300101003).name == "Call of the Haunted"
