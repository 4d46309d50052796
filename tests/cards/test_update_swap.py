"""``cards update``: the alternate passcodes the bundled build took from the cdb files
survive an update, and the new data goes in as one folder (issues 11.21, 12)."""

from __future__ import annotations

import pytest

from deckcheck.banlist.store import BanlistStore
from deckcheck.cards import update as upd
from deckcheck.cards.db import CardDB
from deckcheck.io.paths import user_data_dir
from tests.banlist.test_update import FAST, Server, api_row, version

ASH, ASH_ALT = 14558127, 14558128
DARK_MAGICIAN, DM_ALT = 46986414, 46986415


@pytest.fixture
def server():
    srv = Server()
    yield srv
    srv.close()


@pytest.fixture(autouse=True)
def _own_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_HOME", str(tmp_path / "home"))


def _rows(db: CardDB) -> list[dict]:
    """Real cards as the API gives them: without the passcodes only the cdb files list."""
    tcg = BanlistStore.open(include_user=False).get("tcg", "2025.10")
    limits = {c: e.limit for c, e in tcg.entries.items() if e.limit is not None}
    cards = [db.get(c) for c in (ASH, DARK_MAGICIAN, 89631139, 83764718)]
    rows = [api_row(card, limits) for card in cards]
    cdb_only = {m["passcode"] for m in db.manifest["alternate_passcodes"]}
    for row in rows:
        row["card_images"] = [i for i in row["card_images"] if i["id"] not in cdb_only]
    return rows


def test_an_update_keeps_the_cdb_artworks_the_download_gives_to_no_card(server, db):
    rows = _rows(db)
    claimed = dict(rows[-1], id=DM_ALT, name="A Card Numbered Like An Artwork")
    claimed["card_images"] = [{"id": DM_ALT}]
    version(server, "140.0")
    server.set("cardinfo.php", {"data": [*rows, claimed]})
    upd.cards_update(server.url, timeout=FAST, min_cards=1)
    fresh = CardDB.open()
    assert fresh.path.parent == user_data_dir() / "card_data"
    assert fresh.get(ASH_ALT) is fresh.get(ASH)
    assert fresh.get(ASH).passcodes == (ASH, ASH_ALT)
    # a passcode the download gives to another card is that card's
    assert fresh.get(DM_ALT).name == "A Card Numbered Like An Artwork"
    assert DM_ALT not in fresh.get(DARK_MAGICIAN).passcodes
    assert 46986421 in fresh.get(DARK_MAGICIAN).passcodes
    # installed as one folder: nothing else is left beside it
    assert sorted(p.name for p in user_data_dir().iterdir()) == ["card_data", "updates"]
    assert sorted(p.name for p in fresh.path.parent.iterdir()) == ["cards.sqlite", "manifest.json"]


def test_a_check_failing_after_the_build_leaves_the_installed_folder(server, db, monkeypatch):
    rows = _rows(db)
    version(server, "140.0")
    server.set("cardinfo.php", {"data": rows})
    upd.cards_update(server.url, timeout=FAST, min_cards=1)
    folder = user_data_dir() / "card_data"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    # the download is fine but the built snapshot is not: nothing of it is installed
    monkeypatch.setattr(CardDB, "__len__", lambda self: 0)
    version(server, "140.1")
    with pytest.raises(upd.DataError, match="does not hold the downloaded cards"):
        upd.cards_update(server.url, timeout=FAST, min_cards=1)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(p.name for p in user_data_dir().iterdir()) == ["card_data", "updates"]
