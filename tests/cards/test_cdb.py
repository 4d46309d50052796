"""The cards.cdb importer on every real cdb file in ../shared/data/cdb."""

from __future__ import annotations

import sqlite3
from collections import Counter

import pytest

from deckcheck.cards.cdb import (
    db_resolver,
    import_cdb,
    load_cdb,
    read_cdb,
    read_rows,
    regions,
)
from deckcheck.cards.db import CardDB
from deckcheck.cards.model import Card
from deckcheck.io.errors import InputError
from tests.conftest import CDB

FULL = CDB / "cards-2020-03.cdb"


@pytest.fixture(scope="module")
def full():
    return load_cdb(FULL)


@pytest.fixture(scope="module")
def full_cards(full) -> dict[int, Card]:
    return {code: card for card in full.cards for code in card.passcodes}


# --- every file --------------------------------------------------------------------------


def test_every_cdb_file_is_covered():
    assert sorted(p.name for p in CDB.glob("*.cdb")) == [
        "cards-2020-03.cdb",
        "cards-skills.cdb",
        "goat-entries.cdb",
        "prerelease-dbgv.cdb",
        "prerelease-others.cdb",
    ]


@pytest.mark.parametrize(
    ("name", "rows", "cards", "alternate_arts", "treated_as"),
    [
        ("cards-2020-03.cdb", 10628, 10460, 168, 10),
        ("cards-skills.cdb", 208, 208, 0, 0),
        ("goat-entries.cdb", 191, 191, 0, 191),
        ("prerelease-dbgv.cdb", 31, 31, 0, 0),
        ("prerelease-others.cdb", 25, 25, 0, 0),
    ],
)
def test_counts_read_from_each_file(db, name, rows, cards, alternate_arts, treated_as):
    read = load_cdb(CDB / name, db_resolver(db))
    assert read.rows == rows
    assert len(read.cards) == cards
    assert read.alternate_arts == alternate_arts
    assert read.treated_as == treated_as
    # every row is accounted for: a card, an artwork of one, or a reason
    passcodes = [code for card in read.cards for code in card.passcodes]
    assert len(passcodes) == len(set(passcodes))
    assert {r.id for r in read_rows(CDB / name)} <= set(passcodes) | set(read.skipped)
    assert read.unresolved_aliases == []


def test_kinds_in_the_full_and_skill_files(full):
    kinds = Counter(card.kind for card in full.cards)
    assert kinds == {"monster": 6850, "spell": 1930, "trap": 1545, "token": 135}
    skills = Counter(card.kind for card in read_cdb(CDB / "cards-skills.cdb"))
    assert skills == {"skill": 207, "token": 1}


# --- facts against the bundled snapshot ---------------------------------------------------

WELL_KNOWN = [
    46986414,  # Dark Magician: Normal Monster
    89631139,  # Blue-Eyes White Dragon
    44508094,  # Stardust Dragon: Synchro
    84013237,  # Number 39: Utopia: Xyz, Rank 4
    1861629,  # Decode Talker: Link-3
    5043010,  # Firewall Dragon: Link-4
    86066372,  # Accesscode Talker
    16178681,  # Odd-Eyes Pendulum Dragon: Pendulum, scale 4
    58074177,  # Odd-Eyes Wing Dragon: Synchro Pendulum
    13331639,  # Supreme King Z-ARC: Fusion Pendulum, scale 1
    23995346,  # Blue-Eyes Ultimate Dragon: Fusion without effect
    30208479,  # Magician of Black Chaos: Ritual
    26674724,  # Nekroz of Brionac
    10000000,  # Obelisk the Tormentor: DIVINE Divine-Beast
    10000020,  # Slifer the Sky Dragon: ATK/DEF "?"
    54652250,  # Man-Eater Bug: Flip
    65622692,  # Y-Dragon Head: Union
    3078576,  # Yata-Garasu: Spirit
    65458948,  # Toon Mermaid: Toon
    50588353,  # Crystron Halqifibrax
    83764718,  # Monster Reborn: Normal Spell
    5318639,  # Mystical Space Typhoon: Quick-Play
    40619825,  # Axe of Despair: Equip
    22702055,  # Umi: Field
    55761792,  # Black Luster Ritual: Ritual Spell
    44095762,  # Mirror Force: Normal Trap
    97077563,  # Call of the Haunted: Continuous Trap
    41420027,  # Solemn Judgment: Counter Trap
]


def facts(card: Card) -> dict[str, object]:
    return {
        "name": card.name,
        "kind": card.kind,
        "level": card.level,
        "rank": card.rank,
        "link_rating": card.link_rating,
        "atk": card.atk,
        "defense": card.defense,
        "attribute": card.attribute,
        "race": card.race,
        "frames": set(card.frames),
        "classifications": set(card.classifications),
        "abilities": set(card.abilities),
        "scale": card.scale,
        "link_arrows": set(card.link_arrows),
        "spell_property": card.spell_property,
    }


@pytest.mark.parametrize("passcode", WELL_KNOWN)
def test_well_known_cards_match_the_snapshot(db, full_cards, passcode):
    imported, bundled = full_cards[passcode], db.get(passcode)
    assert bundled is not None
    assert facts(imported) == facts(bundled)


def test_bit_fields_decode_to_the_expected_words(full_cards):
    decode = full_cards[1861629]
    assert decode.link_arrows == ("bottomleft", "bottomright", "topcenter")
    assert decode.level is None and decode.defense is None and decode.link_rating == 3
    zarc = full_cards[13331639]
    assert zarc.frames == ("fusion", "pendulum") and zarc.scale == 1 and zarc.level == 12
    slifer = full_cards[10000020]
    assert (slifer.atk, slifer.defense) == ("?", "?")
    assert slifer.race == "divinebeast" and slifer.attribute == "divine"
    utopia = full_cards[84013237]
    assert utopia.rank == 4 and utopia.level is None


# --- identity: alternate artworks and "treated as" ----------------------------------------


def test_alternate_artworks_merge_into_one_card(db, full_cards):
    # 46986415..46986421 are within 20 of the original; 36996508 is farther but has the
    # same name, which makes it the same card too (the bundled data agrees)
    dark_magician = full_cards[46986414]
    assert dark_magician.passcodes[0] == 46986414
    assert {46986415, 46986421, 36996508} <= set(dark_magician.passcodes)
    assert full_cards[36996508] is dark_magician
    assert db.get(36996508) is db.get(46986414)
    assert full_cards[89631141].passcodes[0] == 89631139


def test_treated_as_alias_gives_the_rule_name(db, full_cards):
    harpie = full_cards[91932350]
    assert harpie.name == "Harpie Lady 1"
    assert harpie.rule_names == db.get(91932350).rule_names == ("Harpie Lady",)
    assert harpie.name_keys == ("Harpie Lady",)
    assert full_cards[74335036].name_keys == ("Polymerization",)  # Fusion Substitute
    # a treated-as card stays its own card, with its own passcode only
    assert full_cards[91932350].passcodes == (91932350,)


def test_treated_as_outside_the_file_resolves_through_the_card_data(db):
    goat = {c.passcodes[0]: c for c in read_cdb(CDB / "goat-entries.cdb", db_resolver(db))}
    skull_dice = goat[504700000]
    assert skull_dice.name == "Skull Dice (GOAT)"
    assert skull_dice.name_keys == ("Skull Dice",)
    assert skull_dice.illegal and skull_dice.legality == {}
    # without card data the alias cannot be named: reported, never guessed
    alone = load_cdb(CDB / "goat-entries.cdb")
    assert len(alone.unresolved_aliases) == 191
    assert all(not c.rule_names for c in alone.cards)


# --- regions -----------------------------------------------------------------------------


def test_ot_becomes_regions(full_cards):
    assert regions(3) == {"ocg": _status("unlimited"), "tcg": _status("unlimited")}
    assert regions(1) == {"ocg": _status("unlimited"), "tcg": _status("unreleased")}
    assert regions(0x101) == {"ocg": _status("unreleased"), "tcg": _status("unreleased")}
    assert regions(0x40) == {"speed": _status("unlimited")}
    assert regions(0x8) == {}
    # real cards of the 2020 file: OCG-only in March 2020 (ot 1), TCG-only (ot 2)
    assert full_cards[595626].legality == regions(1)  # Ankuriboh
    assert full_cards[637216].legality == regions(2)  # Monster Express
    assert not full_cards[595626].illegal


def _status(value: str):
    from deckcheck.cards.model import Legality

    return Legality(status=value)


def test_prerelease_cards_are_not_yet_released():
    cards = read_cdb(CDB / "prerelease-others.cdb")
    assert all(c.legality["ocg"].status == c.legality["tcg"].status == "unreleased" for c in cards)
    assert not any(c.illegal for c in cards)


def test_rush_and_action_rows_are_skipped_with_a_reason(tmp_path):
    path = _tiny_cdb(
        tmp_path / "mixed.cdb",
        [
            (1000, 3, 0, 0x21, 1800, 1000, 4, 0x1, 0x10, "Normal OCG/TCG monster"),
            (1001, 0x200, 0, 0x21, 1800, 1000, 4, 0x1, 0x10, "Rush monster"),
            (1002, 3, 0, 0x8021, 2500, 2000, 10, 0x1, 0x10, "Maximum monster"),
            (1003, 4, 0, 0x10000002, 0, 0, 0, 0, 0, "Action spell"),
            (1004, 3, 0, 0x4000021, 1000, 0x5, 3, 0x1, 0x10, "Link with too few arrows"),
        ],
    )
    read = load_cdb(path)
    assert [c.passcodes for c in read.cards] == [(1000,)]
    assert read.skipped == {
        1001: "Rush Duel card",
        1002: "Rush Duel card",
        1003: "Action card",
        1004: "Link rating 3 but 2 link arrows",
    }


def test_an_artwork_without_its_original_row_still_names_the_original_passcode(tmp_path):
    path = _tiny_cdb(
        tmp_path / "artwork.cdb",
        [
            (2001, 3, 2000, 0x11, 1200, 800, 3, 0x20, 0x1, "Lonely Artwork"),
            (3000, 3, 2001, 0x11, 1200, 800, 3, 0x20, 0x1, "Lonely Artwork"),
            (4000, 3, 0, 0x11, 1200, 800, 3, 0x80000000, 0x1, "Unknown Type"),
        ],
    )
    read = load_cdb(path)
    assert [c.passcodes for c in read.cards] == [(2000, 2001, 3000)]
    assert read.skipped == {4000: "unknown race bits 0x80000000"}


# --- bad input ---------------------------------------------------------------------------


def test_not_sqlite_is_an_input_error(tmp_path):
    junk = tmp_path / "junk.cdb"
    junk.write_bytes(b"\x00\xffnot a database at all" * 100)
    with pytest.raises(InputError, match="junk.cdb"):
        read_cdb(junk)


def test_missing_tables_is_an_input_error(tmp_path):
    path = tmp_path / "datas-only.cdb"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE datas (id INTEGER)")
    con.commit()
    con.close()
    with pytest.raises(InputError, match="no table texts"):
        read_cdb(path)
    empty = tmp_path / "empty.cdb"
    empty.write_bytes(b"")
    with pytest.raises(InputError, match="no table datas, texts"):
        read_cdb(empty)


def test_missing_file_and_text_in_a_number_column_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="cdb file .*absent.cdb: no such file"):
        read_cdb(tmp_path / "absent.cdb")
    path = _tiny_cdb(tmp_path / "text.cdb", [(1, 3, 0, "monster", 0, 0, 0, 0, 0, "Odd")])
    with pytest.raises(InputError, match="expected a number"):
        read_cdb(path)


# --- import into a snapshot --------------------------------------------------------------


def test_import_writes_a_card_db_snapshot(db, tmp_path):
    out = tmp_path / "goat"
    summary = import_cdb(CDB / "goat-entries.cdb", out, db=db)
    assert (summary.rows, summary.cards, summary.treated_as) == (191, 191, 191)
    assert summary.skipped == {} and summary.unresolved_aliases == ()
    assert "191 cards" in summary.describe()
    imported = CardDB.open(out / "cards.sqlite")
    assert len(imported) == 191
    assert imported.version == summary.version
    assert imported.manifest["source"] == "goat-entries.cdb"
    assert imported.get(504700000).name == "Skull Dice (GOAT)"
    assert [c.name for c in imported.with_name_key("Skull Dice")] == ["Skull Dice (GOAT)"]


def test_import_refuses_to_replace_an_existing_snapshot_unless_asked(db, tmp_path):
    import_cdb(CDB / "prerelease-others.cdb", tmp_path, db=db)
    before = (tmp_path / "cards.sqlite").read_bytes()
    with pytest.raises(InputError, match="already exists"):
        import_cdb(CDB / "prerelease-dbgv.cdb", tmp_path, db=db)
    assert (tmp_path / "cards.sqlite").read_bytes() == before
    summary = import_cdb(CDB / "prerelease-dbgv.cdb", tmp_path, db=db, replace=True)
    assert summary.cards == 31
    assert len(CardDB.open(tmp_path / "cards.sqlite")) == 31


def test_import_of_a_file_without_cards_is_an_input_error(db, tmp_path):
    path = _tiny_cdb(tmp_path / "rush.cdb", [(7, 0x200, 0, 0x21, 0, 0, 1, 1, 1, "Rush only")])
    with pytest.raises(InputError, match="no OCG/TCG cards"):
        import_cdb(path, tmp_path / "out", db=db)
    assert not (tmp_path / "out" / "cards.sqlite").exists()


def _tiny_cdb(path, rows):
    con = sqlite3.connect(path)
    con.execute(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot, alias, setcode, type, atk, def, "
        "level, race, attribute, category)"
    )
    con.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT)")
    for code, ot, alias, type_, atk, def_, level, race, attribute, name in rows:
        con.execute(
            "INSERT INTO datas VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, 0)",
            (code, ot, alias, type_, atk, def_, level, race, attribute),
        )
        con.execute("INSERT INTO texts VALUES (?, ?, '')", (code, name))
    con.commit()
    con.close()
    return path
