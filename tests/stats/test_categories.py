"""Categories files: what they select, and clear errors for everything they get wrong."""

from __future__ import annotations

import pytest

from deckcheck.io.errors import InputError
from deckcheck.stats.categories import load_categories, parse_categories


def parse(db, text: str):
    return parse_categories(text, db, source="cats.yaml")


def card(db, name: str):
    found = db.find(name)
    assert found is not None
    return found


def test_names_passcodes_and_filters(db):
    groups = parse(
        db,
        """
categories:
  starters:
    - Sky Striker Mobilize - Engage!
    - 26077387
  hand traps: [Ash Blossom & Joyous Spring, {race: Insect, attribute: EARTH, level: 2}]
  big: [{kind: monster, level: [7, 8]}]
conditions:
  good: 1+ starters and no big
""",
    )
    starters, traps, big = groups.categories
    assert starters.matches(card(db, "Sky Striker Mobilize - Engage!"))
    assert starters.matches(card(db, "Sky Striker Ace - Raye"))  # by passcode 26077387
    assert not starters.matches(card(db, "Sky Striker Mecha - Hornet Drones"))
    assert traps.matches(card(db, "Ash Blossom & Joyous Spring"))
    assert traps.matches(card(db, 'Maxx "C"'))  # Insect, EARTH, Level 2
    assert not traps.matches(card(db, "Effect Veiler"))
    assert big.matches(card(db, "Dark Magician"))  # Level 7
    assert not big.matches(card(db, "Summoned Skull"))  # Level 6
    assert not big.matches(card(db, "Effect Veiler"))
    (good,) = groups.conditions
    assert good.name == "good"
    assert good.expression == "1+ starters and no big"


def test_names_select_by_name_key(db):
    groups = parse(db, "categories:\n  harpies: [Harpie Lady 1]\n")
    harpies = groups.categories[0]
    for name in ("Harpie Lady", "Harpie Lady 2", "Cyber Harpie Lady"):  # all "Harpie Lady"
        assert harpies.matches(card(db, name))
    assert not harpies.matches(card(db, "Harpie's Pet Dragon"))


def test_alternate_art_passcode_selects_the_card(db):
    groups = parse(db, "categories:\n  dm: [36996508]\n")
    assert groups.categories[0].matches(card(db, "Dark Magician"))


def test_frames_properties_and_archetypes(db):
    groups = parse(
        db,
        """
categories:
  tuners_no: [{frame: effect, level: 1}]
  qp: [{property: Quick-Play}]
  striker_spells: [{archetype: sky striker, kind: spell}]
  normals: [{frame: normal}]
""",
    )
    effect, qp, striker, normals = groups.categories
    assert effect.matches(card(db, "Effect Veiler"))
    assert not effect.matches(card(db, "Dark Magician"))
    assert normals.matches(card(db, "Dark Magician"))
    assert qp.matches(card(db, "Twin Twisters"))
    assert not qp.matches(card(db, "Sky Striker Mobilize - Engage!"))
    assert striker.matches(card(db, "Sky Striker Mobilize - Engage!"))
    assert not striker.matches(card(db, "Sky Striker Ace - Raye"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "categories:\n  s: [Ash Blosom]\n",
            "unknown card name 'Ash Blosom' (did you mean 'Ash Blossom & Joyous Spring'",
        ),
        ("categories:\n  s: [1]\n", "no card has passcode 1"),
        ("categories:\n  s: [{colour: red}]\n", "unknown filter field 'colour'"),
        ("categories:\n  s: [{race: Wingd Beast}]\n", "unknown value(s) 'Wingd Beast'"),
        ("categories:\n  s: [{level: 14}]\n", "levels are whole numbers 0 to 13"),
        ("categories:\n  s: [{level: '4'}]\n", "levels are whole numbers 0 to 13"),
        ("categories:\n  s: [{}]\n", "an empty filter would match every card"),
        ("categories:\n  s: [[Dark Magician]]\n", "expected a card name, a passcode or a filter"),
        ("categories:\n  s: Dark Magician\n", "give a non-empty list"),
        ("categories:\n  s: []\n", "give a non-empty list"),
        ("categories: []\n", "'categories' must map"),
        ("- a\n- b\n", "must be a mapping"),
        ("categories:\n  s: [Dark Magician]\nextra: 1\n", "unknown top-level key 'extra'"),
        ("categories:\n  s: [Dark Magician]\n  S: [Dark Magician]\n", "defined twice"),
        ("categories:\n  s: [Dark Magician]\nconditions:\n  c: 1+ t\n", "unknown category 't'"),
        ("categories:\n  s: [Dark Magician]\nconditions:\n  c: 3\n", "expected a text"),
        ("categories:\n  'a\"b': [Dark Magician]\n", "has '\"'"),
        ("categories:\n  s: &x [Dark Magician]\n  t: *x\n", "aliases are not allowed"),
        ("categories: {s: [Dark Magician]\n", "not valid YAML"),
    ],
)
def test_errors(db, text, message):
    with pytest.raises(InputError) as caught:
        parse(db, text)
    assert message in str(caught.value)
    assert "cats.yaml" in str(caught.value)


def test_every_problem_is_listed_at_once(db):
    with pytest.raises(InputError) as caught:
        parse(db, "categories:\n  s: [Ash Blosom, {colour: red}]\nconditions:\n  c: 1+ t\n")
    text = str(caught.value)
    assert "3 problem(s)" in text
    assert "Ash Blosom" in text and "colour" in text and "'t'" in text


def test_file_limits(db, tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("categories:\n  s:\n" + "    - Dark Magician\n" * 20_000)
    with pytest.raises(InputError, match="categories file .*big.yaml is larger than 256 KiB"):
        load_categories(big, db)
    with pytest.raises(InputError, match="cannot read categories file"):
        load_categories(tmp_path / "missing.yaml", db)
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(InputError, match="not UTF-8"):
        load_categories(binary, db)
    many = tmp_path / "many.yaml"
    many.write_text("categories:\n  s:\n" + "    - 46986414\n" * 501)
    with pytest.raises(InputError, match="more than 500 entries"):
        load_categories(many, db)
    fine = tmp_path / "fine.yaml"
    fine.write_text("categories:\n  s:\n" + "    - 46986414\n" * 500)
    assert load_categories(fine, db).categories[0].name == "s"


def test_a_name_held_only_by_rule_is_a_name_key(db):
    groups = parse(db, "categories:\n  eyes: [Legendary Dragon Timaeus]\n")
    assert groups.categories[0].keys == {"Legendary Dragon Timaeus"}
    assert groups.categories[0].matches(card(db, "The Eye of Timaeus"))
