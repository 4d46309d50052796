"""construct: models from trusted values, as validation would make them."""

from __future__ import annotations

import pytest

from deckcheck.banlist.model import Banlist, Entry
from deckcheck.io.trusted import construct


def test_defaults_fields_set_and_order_as_validated():
    made = construct(Banlist, {"name": "2026.05", "series": "tcg"})
    checked = Banlist(series="tcg", name="2026.05")
    assert made == checked and made.model_fields_set == checked.model_fields_set
    assert list(made.__dict__) == list(checked.__dict__)
    # a mutable default is the model's own, never shared
    assert made.entries == {} and made.entries is not Banlist.model_fields["entries"].default


def test_a_missing_required_field_or_an_unknown_one_is_refused():
    with pytest.raises(TypeError, match="passcode is required"):
        construct(Entry, {"limit": 1})
    with pytest.raises(TypeError, match="no field copies"):
        construct(Entry, {"passcode": 1, "copies": 2})
