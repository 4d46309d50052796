"""The bundled lists (no user lists) and a checker over them, shared by the format tests."""

from __future__ import annotations

import pytest

from deckcheck.banlist.store import BanlistStore
from deckcheck.validation.checker import Checker


@pytest.fixture(scope="module")
def store() -> BanlistStore:
    return BanlistStore.open(include_user=False)


@pytest.fixture(scope="module")
def checker(db, store) -> Checker:
    return Checker(db, banlists=store)
