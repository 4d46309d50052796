"""CardDB look-ups on the bundled snapshot (built from ../shared/data/cards.jsonl.gz)."""

from __future__ import annotations

import pytest

from deckcheck.cards.db import CardDB
from deckcheck.io.errors import DataError


def test_passcode_and_alternate_artworks(db):
    card = db.get(4280259)  # Apollousa's second artwork
    assert card is db.get(4280258)
    assert card.name == "Apollousa, Bow of the Goddess"
    assert card.passcodes == (4280258, 4280259)
    assert db.get(0) is None and db.get(-5) is None and db.get(1) is None


@pytest.mark.parametrize(
    "query",
    [
        "Pot of Greed",
        "pot of greed",
        "  POT  OF   GREED ",
        "強欲な壺",
        "Topf der Gier",
        "Pote da Ganância",
        "pote da ganancia",
        "Ｐｏｔ ｏｆ Ｇｒｅｅｄ",
    ],
)
def test_names_in_any_language_case_width_and_accents(db, query):
    card = db.find(query)
    assert card is not None and card.passcode == 55144522


def test_quotes_are_folded(db):
    assert db.find('Maxx "C"').passcode == 23434538
    assert db.find("Maxx “C”").passcode == 23434538


def test_deck_cards_win_over_skills_with_the_same_name(db):
    found = db.find_all("Call of the Haunted")
    assert [c.kind for c in found] == ["trap", "skill"]
    assert db.find("Call of the Haunted").passcode == 97077563


def test_suggestions(db):
    assert db.suggest("Ash Blosom")[0] == "Ash Blossom & Joyous Spring"
    assert db.suggest("pot of gred")[0] == "Pot of Greed"
    assert db.suggest("qqqqzzzzxxxx") == []


def test_name_keys(db):
    assert db.find("Harpie Lady 1").name_keys == ("Harpie Lady",)
    assert db.find("The Eye of Timaeus").name_keys == (
        "The Eye of Timaeus",
        "Legendary Dragon Timaeus",
    )
    zwei = db.find("Cyber Dragon Zwei")
    assert zwei.name_keys == ("Cyber Dragon Zwei",)
    assert zwei.effect_name_changes == ("Cyber Dragon",)
    umi = {c.name for c in db.with_name_key("Umi")}
    assert {"Umi", "A Legendary Ocean", "Lemuria, the Forgotten City"} <= umi


def test_a_check_does_not_parse_the_whole_database():
    db = CardDB.open()
    for code in (55144522, 23434538, 14558127, 4280258):
        db.get(code)
    assert len(db._by_row) == 4
    assert len(db) == db.manifest["cards"] == 14360


def test_damaged_card_data_is_a_clear_error(tmp_path):
    bad = tmp_path / "cards.sqlite"
    bad.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(DataError, match="cannot open card data"):
        CardDB.open(bad)
    with pytest.raises(DataError, match="not found"):
        CardDB.open(tmp_path / "missing.sqlite")


def _lookup_in_child(db, queue):
    queue.put((db.get(23434538).name, db.get(55144522).name))


def test_a_forked_worker_reopens_the_connection():
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork on this platform")
    db = CardDB.open()
    db.get(55144522)  # parsed in the parent, inherited by the child
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_lookup_in_child, args=(db, queue))
    child.start()
    child.join(30)
    assert child.exitcode == 0
    assert queue.get(timeout=5) == ('Maxx "C"', "Pot of Greed")
