"""Card facts the model works out: Effect Monster or not, and the type line people read."""

from __future__ import annotations

from datetime import date

import pytest
from pydantic import ValidationError

from deckcheck.cards.model import REQUIRED, Card, Legality, LegalityChange, MaterialGroup, Materials
from deckcheck.cards.schema import (
    CardModel,
    LegalityChangeModel,
    LegalityModel,
    MaterialGroupModel,
    MaterialsModel,
    checked_card,
)


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
    plain = harpie.replace(rule_names=())
    assert plain.name_keys == ("Harpie Lady 1",)
    assert harpie.name_keys == ("Harpie Lady",)
    fusion = harpie.replace(frames=("fusion",))
    assert fusion.is_extra_deck_monster


def test_cards_read_without_validation_equal_validated_ones(db):
    # CardDB builds cards with from_record; every bundled card must come out as validating
    # the same row with the pydantic twin would make it, and dump back to the same row
    # (JSON tells 1 from 1.0), as the twin does
    import json

    rows = db._query("SELECT data FROM cards", ())
    assert len(rows) == db.manifest["cards"]
    for (data,) in rows:
        fast, checked = Card.from_record(json.loads(data)), checked_card(json.loads(data))
        assert fast == checked, checked.name
        assert json.dumps(fast.record(), ensure_ascii=False, separators=(",", ":")) == data
        twin = CardModel.model_validate_json(data)
        assert twin.model_dump_json(exclude_defaults=True) == data, checked.name


def test_the_twin_has_the_model_fields():
    # deckcheck.cards.schema validates what the plain classes hold: same fields, same order,
    # same defaults
    pairs = [
        (Card, CardModel),
        (Materials, MaterialsModel),
        (MaterialGroup, MaterialGroupModel),
        (Legality, LegalityModel),
        (LegalityChange, LegalityChangeModel),
    ]
    for plain, twin in pairs:
        fields = {
            name: REQUIRED if info.is_required() else info.default
            for name, info in twin.model_fields.items()
        }
        assert list(fields) == list(plain.DEFAULTS), plain.__name__
        assert fields == plain.DEFAULTS, plain.__name__


def test_outside_data_is_validated():
    assert checked_card({"uid": "x", "name": "X", "kind": "monster", "level": "4"}).level == 4
    with pytest.raises(ValidationError):
        checked_card({"uid": "x", "name": "X", "kind": "dragon"})
    with pytest.raises(ValidationError):
        checked_card({"uid": "x", "name": "X", "kind": "spell", "colour": "green"})


def test_a_card_is_frozen_and_copied_by_its_fields(db):
    import pickle

    card = db.find("Decode Talker")
    with pytest.raises(AttributeError):
        card.name = "Encode Talker"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) == card
    assert card.replace(names={}) != card and card.replace() == card
    assert repr(card).startswith("Card(uid=")


def test_reading_a_card_builds_no_pydantic_model():
    # a one-deck check must not pay for making pydantic classes (bench/README.md, issue 15)
    import subprocess
    import sys

    code = (
        "import sys; from deckcheck.cards.db import CardDB; "
        "card = CardDB.open().get(89631139); assert card.name == 'Blue-Eyes White Dragon'; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'platformdirs'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_cards_read_share_their_plain_legalities_and_own_their_defaults(db):
    # a legality without history is immutable and shared (most cards have a few alike); a
    # default that is a dict is each card's own, as a card made by keyword has it
    import json

    first = Card.from_record(json.loads(db._query("SELECT data FROM cards LIMIT 1", ())[0][0]))
    dragon, magician = db.get(89631139), db.get(46986414)
    assert dragon.legality["tcg"] == Legality(status="unlimited")
    assert dragon.legality["tcg"] is magician.legality["tcg"]
    made = Card.trusted({"uid": "a", "name": "A", "kind": "token"})
    again = Card.trusted({"uid": "b", "name": "B", "kind": "token"})
    assert made.names == {} and made.names is not again.names
    assert made.name_keys == ("A",) and not made.is_extra_deck_monster
    assert first.name_keys == Card(**first.values()).name_keys


def test_a_legality_with_history_is_its_own(db):
    record = {"status": "limited", "history": [{"date": "2024-01-01", "status": "forbidden"}]}
    from deckcheck.cards.model import _legality

    first, second = _legality(record), _legality(record)
    assert first == second and first is not second
    assert first.history == (LegalityChange(date=date(2024, 1, 1), status="forbidden"),)
