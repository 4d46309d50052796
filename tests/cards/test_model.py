"""Card facts the model works out: Effect Monster or not, and the type line people read."""

from __future__ import annotations

import pytest

from deckcheck.cards.model import Card


@pytest.mark.parametrize(
    ("name", "effect", "type_line"),
    [
        ("Effect Veiler", True, "Effect Monster (Level 1)"),
        # Tuners, Gemini and Spirit monsters the data leaves without the "effect" mark
        ("Arcane Apprentice", True, "Effect Monster (Level 2)"),
        ("Alien Hypno", True, "Effect Monster (Level 4)"),
        # a Normal Tuner, and plain Normal Monsters
        ("Flamvell Guard", False, "Normal Monster (Level 1)"),
        ("Dark Magician", False, "Normal Monster (Level 7)"),
        # Ritual and Fusion Monsters without effects exist: taken as printed
        ("Chakra", False, "Ritual Monster (Level 7)"),
        ("Amphibious Bugroth", False, "Fusion Monster (Level 5)"),
    ],
)
def test_effect_monsters(db, name, effect, type_line):
    card = db.find(name)
    assert card is not None
    assert card.is_effect is effect
    assert card.type_line == type_line


def test_spells_and_traps_are_not_effect_monsters(db):
    assert not db.find("Pot of Greed").is_effect
    assert not db.find("Mirror Force").is_effect


def test_a_copy_works_its_names_out_again(db):
    # name keys are cached on first use; a copy with other names must not keep them
    harpie = db.find("Harpie Lady 1")
    assert harpie.name_keys == ("Harpie Lady",) and not harpie.is_extra_deck_monster
    plain = harpie.model_copy(update={"rule_names": ()})
    assert plain.name_keys == ("Harpie Lady 1",)
    assert harpie.name_keys == ("Harpie Lady",)
    fusion = harpie.model_copy(update={"frames": ("fusion",)})
    assert fusion.is_extra_deck_monster


def test_cards_read_without_validation_equal_validated_ones(db):
    # CardDB builds cards with from_record; every bundled card must come out as validating
    # the same row would make it: values and types (JSON tells 1 from 1.0), fields set
    import json

    rows = db._query("SELECT data FROM cards", ())
    assert len(rows) == db.manifest["cards"]
    for (data,) in rows:
        fast, checked = Card.from_record(json.loads(data)), Card.model_validate_json(data)
        assert fast == checked, checked.name
        # dumped: the fields set, and 1 against 1.0 (equal as values)
        assert fast.model_dump_json(exclude_unset=True) == data, checked.name
        assert checked.model_dump_json(exclude_unset=True) == data, checked.name


def test_reading_a_card_builds_no_schema():
    # a one-deck check must not pay for the Card schema (bench/README.md, issue 15)
    import subprocess
    import sys

    code = (
        "from deckcheck.cards.db import CardDB; from deckcheck.cards.model import Card; "
        "card = CardDB.open().get(89631139); assert card.name == 'Blue-Eyes White Dragon'; "
        "print(Card.__pydantic_complete__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
