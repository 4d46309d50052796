"""Imported series as formats of their own (formats_with_lists, Checker.format)."""

from __future__ import annotations

from datetime import date

import pytest

from deckcheck.banlist.model import Banlist, Entry
from deckcheck.banlist.store import BanlistStore, save_user_list
from deckcheck.decks.model import Deck
from deckcheck.formats.registry import formats_with_lists, load_formats
from deckcheck.io.errors import InputError
from deckcheck.validation import Checker

POT = 55144522  # Pot of Greed


@pytest.fixture(autouse=True)
def _own_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_HOME", str(tmp_path / "home"))


def save(series: str, name: str, day: date, limit: int = 0) -> None:
    entry = Entry(passcode=POT, name="Pot of Greed", limit=limit)
    save_user_list(Banlist(series=series, name=name, effective=day, entries={POT: entry}))


def test_an_imported_series_becomes_a_format_from_its_first_list(db):
    save("house", "2026.03", date(2026, 3, 1), limit=1)
    save("house", "2026.06", date(2026, 6, 1), limit=0)
    store = BanlistStore.open()
    formats = formats_with_lists(store)
    assert set(formats) == set(load_formats()) | {"house"}
    house = formats["house"]
    assert (house.banlist, house.legal_from, house.region) == ("house", date(2026, 3, 1), None)
    checker = Checker(db, store)
    one = Deck.from_passcodes([POT])
    assert checker.check(one, "house", date(2026, 5, 31)).format.banlist == "2026.03"
    rules = [v.rule for v in checker.check(one, "house", date(2026, 6, 1)).violations]
    assert "forbidden" in rules
    with pytest.raises(InputError, match="house starts on 2026-03-01"):
        checker.check(one, "house", date(2026, 2, 28))


def test_a_list_under_a_formats_series_adds_no_format(db):
    save("tcg", "2030.01", date(2030, 1, 1))
    store = BanlistStore.open()
    assert set(formats_with_lists(store)) == set(load_formats())
    tcg = load_formats()["tcg"]
    assert store.for_format(tcg, date(2030, 1, 1)).name == "2030.01"
    with pytest.raises(InputError, match="unknown format 'nothing'"):
        Checker(db, store).format("nothing")
