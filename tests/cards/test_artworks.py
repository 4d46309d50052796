"""Alternate-artwork passcodes and names by rule taken from the real cdb files (issue 12)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from deckcheck.cards.build import cdbs_for, read_source
from deckcheck.cards.cdb import is_near_artwork, read_rows
from deckcheck.cards.db import CardDB
from deckcheck.decks.codecs import load_deck
from deckcheck.io.paths import card_data_dir
from deckcheck.validation.checker import Checker
from tests.cli.helpers import run
from tests.conftest import CDB, DATA, DECKS
from tests.validation.helpers import deck

ROOT = Path(__file__).resolve().parents[2]
BLUE_EYES = ROOT / "examples" / "blue-eyes.ydk"
ASH, ASH_ALT, ASH_NAME = 14558127, 14558128, "Ash Blossom & Joyous Spring"
AQUA, MARINE = "Neo-Spacian Aqua Dolphin", "Neo-Spacian Marine Dolphin"


@pytest.fixture(scope="module")
def manifest() -> dict:
    return json.loads((card_data_dir() / "manifest.json").read_text())


@pytest.fixture(scope="module")
def cdb_artworks() -> dict[int, int]:
    """Every near alias of the real cdb files: alternate passcode -> aliased passcode."""
    return {r.id: r.alias for p in cdbs_for(DATA / "cards.jsonl.gz") for r in read_rows(p)
            if is_near_artwork(r)}  # fmt: skip


def _passcodes(path: Path) -> set[int]:
    return {int(s) for line in path.read_text().splitlines() if (s := line.strip()).isdigit()}


def test_decks_with_passcodes_the_card_facts_lack_now_check_without_unknown_cards(db, cdb_artworks):
    # the old snapshot held the card facts' passcodes (and Skill Card ids) only
    facts = {code for rec in read_source(DATA / "cards.jsonl.gz") for code in rec["passwords"]}
    lacking = {
        p.name: {c for c in _passcodes(p) if c not in facts} for p in sorted(DECKS.glob("*.ydk"))
    }
    lacking = {name: codes for name, codes in lacking.items() if codes}
    assert len(lacking) == 9
    checker = Checker(db)
    from_cdb, nowhere = set(), set()
    for name, codes in lacking.items():
        report = checker.check(load_deck(str(DECKS / name), db), "tcg", date(2025, 6, 1))
        unknown = {c for v in report.violations if v.rule == "unknown-card" for c in v.cards}
        assert not unknown & set(cdb_artworks), name
        from_cdb |= codes & set(cdb_artworks)
        # what stays unknown is in no source here: neither the card facts nor any cdb
        assert unknown == codes - set(cdb_artworks), name
        nowhere |= unknown
    assert from_cdb == {ASH_ALT, 81439174}  # Ash Blossom, Foolish Burial
    assert db.get(81439174).name == "Foolish Burial"
    all_cdb_ids = {r.id for p in CDB.glob("*.cdb") for r in read_rows(p)}
    assert len(nowhere) == 25 and not nowhere & all_cdb_ids


def _ydk(path: Path, codes: list[int]) -> Path:
    text = BLUE_EYES.read_text()
    lines = [line for line in text.splitlines() if line.strip() != str(ASH)]
    at = lines.index("#main") + 1
    lines[at:at] = [str(c) for c in codes]
    path.write_text("\n".join(lines) + "\n")
    return path


def _verdict(db: CardDB, path: Path, fmt: str) -> tuple[bool, list[tuple[str, str, int]]]:
    """Valid or not, and each violation's rule, name and count (a mixed deck's message
    also says which passcodes are one card)."""
    report = Checker(db).check(load_deck(str(path), db), fmt, date(2026, 11, 29))
    return report.valid, sorted((v.rule, v.name or "", v.count or 0) for v in report.violations)


@pytest.mark.parametrize("fmt", ["tcg", "ocg"])
def test_an_alternate_passcode_gives_the_verdict_of_the_primary(db, tmp_path, fmt):
    primary = _ydk(tmp_path / "primary.ydk", [ASH] * 3)
    alternate = _ydk(tmp_path / "alternate.ydk", [ASH_ALT] * 3)
    mixed = _ydk(tmp_path / "mixed.ydk", [ASH, ASH_ALT, ASH_ALT])
    assert _verdict(db, alternate, fmt) == _verdict(db, primary, fmt) == _verdict(db, mixed, fmt)
    assert db.get(ASH_ALT) is db.get(ASH)


def test_printings_count_together_for_a_limit(db, tmp_path):
    # OCG 2026.07: Ash Blossom is Semi-Limited; one copy of each printing is the legal edge
    two = _ydk(tmp_path / "two.ydk", [ASH, ASH_ALT])
    three = _ydk(tmp_path / "three.ydk", [ASH, ASH_ALT, ASH_ALT])
    assert not [v for v in _verdict(db, two, "ocg")[1] if v[1] == ASH_NAME]
    over = [v for v in _verdict(db, three, "ocg")[1] if v[1] == ASH_NAME]
    assert [(rule, count) for rule, _, count in over] == [("limited", 3)]


def test_the_manifest_records_every_merged_passcode(db, manifest, cdb_artworks):
    merged = {m["passcode"]: m for m in manifest["alternate_passcodes"]}
    assert len(merged) == 90
    assert sum(m["kind"] != "token" for m in merged.values()) == 74
    assert merged[ASH_ALT]["card"] == ASH
    assert merged[46986415]["name"] == "Dark Magician"
    assert merged[70095155]["card"] == 70095154  # Cyber Dragon
    # each is a near alias of a real cdb file, now a passcode of the aliased card
    for code, row in merged.items():
        assert is_near_artwork(next(r for r in read_rows(CDB / row["source"]) if r.id == code))
        assert db.get(code) is db.get(row["card"])
    # the ones the card facts already had are not listed again
    assert set(merged) < set(cdb_artworks)
    assert "cards-2020-03.cdb" in manifest["cdb_sources"]


def test_the_cross_check_reports_the_treated_as_names_and_the_decisions(manifest):
    found = {d["passcode"]: d for d in manifest["rule_names_cross_check"]}
    for code, name, also in ((78734254, MARINE, AQUA), (13857930, "Neo-Spacian Twinkle Moss",
                                                        "Neo-Spacian Glow Moss")):  # fmt: skip
        assert found[code]["name"] == name and found[code]["adopted"] is True
        assert also in found[code]["cdb"] and found[code]["card_data"].endswith(also)
        assert "rulebook 1.2.1.1" in found[code]["reason"]
    shinobird = found[25415053]
    assert not shinobird["adopted"] and "token" in shinobird["reason"]
    # names by rule the cdb has no alias for stay, and are reported
    assert (
        not found[1784686]["adopted"] and "Legendary Dragon Timaeus" in found[1784686]["card_data"]
    )
    assert not [d for d in found.values() if "no decision" in d["reason"]]
    assert any("Neo-Spacian Marine Dolphin: names by rule" in n for n in manifest["resolved"])


def test_marine_dolphin_counts_with_aqua_dolphin(db):
    marine = db.find(MARINE)
    assert marine.name_keys == (MARINE, AQUA)
    assert [c.name for c in db.with_name_key(AQUA)] == [AQUA, MARINE]
    checker = Checker(db)
    legal = checker.check(deck(db, [AQUA, AQUA, MARINE]), "tcg", date(2025, 6, 1))
    assert not [v for v in legal.violations if v.rule == "copy-limit"]
    over = checker.check(deck(db, [AQUA, AQUA, MARINE, MARINE]), "tcg", date(2025, 6, 1))
    limit = [v for v in over.violations if v.rule == "copy-limit"]
    assert [(v.name, v.count) for v in limit] == [(AQUA, 4)]


def test_duel_accepts_a_deck_written_with_an_alternate_passcode(capsys, tmp_path):
    alternate = _ydk(tmp_path / "alternate.ydk", [ASH_ALT] * 3)
    r = run(capsys, "duel", str(alternate), str(BLUE_EYES), "--format", "tcg",
            "--date", "2026-11-29", "--games", "2", "--seed", "1")  # fmt: skip
    assert r.code == 0, r.err
    assert "2 games" in r.out


def test_build_prints_the_cross_check(capsys, tmp_path):
    from deckcheck.cards.build import describe

    text = describe(json.loads((card_data_dir() / "manifest.json").read_text()))
    assert "90 alternate passcodes" in text
    assert "78734254 Neo-Spacian Marine Dolphin" in text and "adopted" in text
