"""Card files that can never do what they say are refused when they are loaded."""

import pytest

from deckcheck.engine.effects.schema import parse
from deckcheck.io.errors import InputError


def _card(trigger: dict) -> dict:
    return {
        "card": 15248594,
        "name": "Geomathmech Magma",
        "effects": [
            {"kind": "trigger", "trigger": trigger, "do": [{"do": "draw", "count": 1}]},
        ],
    }


def test_battle_destroyed_other_about_this_card_is_refused_with_the_reason():
    # the event's card is the monster this card destroyed by battle, never this card
    bad = _card({"event": "battle_destroyed_other", "self": True})
    with pytest.raises(InputError) as err:
        parse(bad, "test-fighter.yaml")
    text = str(err.value)
    assert text.startswith("test-fighter.yaml: ")
    assert "battle_destroyed_other with self: true can never match" in text
    assert "destroyed_by_battle" in text


def test_the_legal_neighbours_load():
    assert parse(_card({"event": "battle_destroyed_other"}), "a.yaml").effects
    assert parse(_card({"event": "destroyed_by_battle", "self": True}), "b.yaml").effects


def test_a_card_file_gives_the_material_line_the_card_data_lacks(db):
    from deckcheck.engine.carddefs.compile import compile_card

    laplacian = db.get(88021907)
    assert laplacian.materials is None  # the card data has no line for it
    d = compile_card(laplacian)
    assert d.method == "xyz" and d.groups is not None
    (group,) = d.groups
    assert (group.min, group.max) == (3, 3)
    assert not any("never summoned" in i for i in d.issues)
    # a file without the field keeps the card data's line (Alembertian: 2+ Level 4)
    alembertian = compile_card(db.get(85692042))
    assert alembertian.groups is not None and alembertian.groups[0].max is None


def test_every_card_file_compiles(db):
    """Schema checks alone pass a filter key the filter language does not know; compiling
    every file finds it (a bundled file must never fail when a duel first needs it)."""
    from deckcheck.engine.carddefs import files
    from deckcheck.engine.carddefs.compile import compile_card

    codes = files.defined()
    assert len(codes) > 500
    for code in codes:
        card = db.get(code)
        assert card is not None, f"card file {code} names no card of the data"
        assert compile_card(card).fx is not None
