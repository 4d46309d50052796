"""Shared test fixtures. Real data comes from ../shared beside the checkout."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = SHARED / "data"
DECKS = DATA / "decks"
LFLISTS = DATA / "lflists"
CDB = DATA / "cdb"


@pytest.fixture(scope="session")
def db():
    from deckcheck.cards.db import CardDB

    return CardDB.open()


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    """Never touch the real user data directory from tests."""
    monkeypatch.setenv("DECKCHECK_HOME", str(tmp_path_factory.getbasetemp() / "home"))
