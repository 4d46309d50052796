"""The material-line parser on real lines from the card data."""

from __future__ import annotations

import gzip
import json
from collections import Counter

import pytest

from deckcheck.cards.materials import parse_materials, summon_method
from deckcheck.cards.model import MaterialGroup
from deckcheck.io.errors import DataError
from tests.conftest import DATA

G = MaterialGroup


def groups(text: str, frames: tuple[str, ...] = ("fusion",)) -> tuple[MaterialGroup, ...]:
    result = parse_materials(text, frames)
    assert result.supported, text
    return result.groups


def unsupported(text: str, frames: tuple[str, ...]) -> bool:
    result = parse_materials(text, frames)
    return not result.supported and result.groups == ()


# --- method ----------------------------------------------------------------------------


def test_method_comes_from_the_extra_deck_frame_also_for_pendulum_hybrids():
    assert summon_method(("xyz", "pendulum")) == "xyz"
    assert summon_method(("pendulum", "synchro")) == "synchro"
    assert parse_materials("2 Level 4 monsters", ("link",)).method == "link"


def test_a_card_without_extra_deck_frame_is_a_data_error():
    with pytest.raises(DataError):
        parse_materials("2 Level 4 monsters", ("pendulum",))


# --- synchro -----------------------------------------------------------------------------


def test_synchro_tuner_and_non_tuners():
    assert groups("1 Tuner + 1+ non-Tuner monsters", ("synchro",)) == (
        G(min=1, max=1, tuner=True),
        G(min=1, max=None, tuner=False),
    )
    # the older wording means the same
    assert groups("1 Tuner + 1 or more non-Tuner monsters", ("synchro",)) == groups(
        "1 Tuner + 1+ non-Tuner monsters", ("synchro",)
    )
    assert groups("1 Tuner + 1 non-Tuner monster", ("synchro",))[1] == G(tuner=False)


def test_synchro_filters_on_attribute_race_level_and_archetype():
    assert groups("1 Tuner + 1+ non-Tuner WATER monsters", ("synchro",))[1] == G(
        max=None, tuner=False, attribute="water"
    )
    assert groups("1 Dragon Tuner + 1+ non-Tuner Winged Beast monsters", ("synchro",)) == (
        G(tuner=True, race="dragon"),
        G(max=None, tuner=False, race="wingedbeast"),
    )
    assert groups(
        '1 Machine-Type Tuner + 1 or more non-Tuner "Superheavy Samurai" monsters', ("synchro",)
    ) == (
        G(tuner=True, race="machine"),
        G(max=None, tuner=False, traits=("archetype:Superheavy Samurai",)),
    )
    assert groups("1 Level 4 Tuner + 1+ non-Tuner monsters", ("synchro",))[0] == G(
        tuner=True, level=4
    )


def test_synchro_tricky_shapes():
    # "Tuner" as a qualifier of "Synchro Monster", several tuners, named tuners
    assert groups("1 Tuner Synchro Monster + 2+ non-Tuner Synchro Monsters", ("synchro",)) == (
        G(tuner=True, traits=("synchro",)),
        G(min=2, max=None, tuner=False, traits=("synchro",)),
    )
    assert groups('2 Tuners + "Red Dragon Archfiend"', ("synchro",)) == (
        G(min=2, max=2, tuner=True),
        G(name="Red Dragon Archfiend"),
    )
    assert groups('"Junk Synchron" + 1+ non-Tuner monsters', ("synchro",)) == (
        G(name="Junk Synchron"),
        G(max=None, tuner=False),
    )
    assert groups("1 Tuner + 1+ non-Tuner LIGHT or DARK monsters", ("synchro",))[1] == G(
        max=None, tuner=False, traits=("any-attribute:light|dark",)
    )
    # "1 Tuner + 1+ Tuners" is at least two Tuners
    assert groups("1 Tuner + 1+ Tuners", ("synchro",)) == (G(min=2, max=None, tuner=True),)


def test_synchro_unsupported():
    assert unsupported(
        '2+ Tuners or 1 Tuner Synchro Monster + "Clear Wing Synchro Dragon"', ("synchro",)
    )
    assert unsupported("1 Tuner + 1+ non-Tuner monsters with 2500 original ATK & DEF", ("synchro",))
    # a reminder line stored where the material line would be
    assert unsupported("(This card's original Level is always treated as 12.)", ("synchro",))


# --- xyz ---------------------------------------------------------------------------------


def test_xyz_level_counts():
    assert groups("2 Level 4 monsters", ("xyz",)) == (G(min=2, max=2, level=4),)
    assert groups("2+ Level 4 monsters", ("xyz",)) == (G(min=2, max=None, level=4),)
    assert groups("3 or more (max. 5) Level 3 monsters", ("xyz",)) == (G(min=3, max=5, level=3),)
    assert groups("2 Level 4 Warrior-Type monsters", ("xyz", "pendulum")) == (
        G(min=2, max=2, level=4, race="warrior"),
    )
    assert groups("2 Pyro-Type Level 4 monsters", ("xyz",)) == (
        G(min=2, max=2, level=4, race="pyro"),
    )


def test_xyz_tricky_shapes():
    assert groups("2 Rank 7 monsters", ("xyz",)) == (G(min=2, max=2, traits=("rank:7",)),)
    assert groups('2 Xyz Monsters with the same Rank, except "Number" monsters', ("xyz",)) == (
        G(min=2, max=2, traits=("xyz", "same-rank", "not-archetype:Number")),
    )
    assert groups('2 Level 4 "Magician" Pendulum Monsters', ("xyz",)) == (
        G(min=2, max=2, level=4, traits=("archetype:Magician", "pendulum")),
    )


def test_xyz_unsupported():
    assert unsupported('2+ "Number" Xyz Monsters, with the same Rank, that have material', ("xyz",))


# --- link --------------------------------------------------------------------------------


def test_link_counts_and_types():
    assert groups("2+ Effect Monsters", ("link",)) == (G(min=2, max=None, traits=("effect",)),)
    assert groups("2 Cyberse monsters", ("link",)) == (G(min=2, max=2, race="cyberse"),)
    assert groups("2+ monsters, except Tokens", ("link",)) == (
        G(min=2, max=None, traits=("non-token",)),
    )
    assert groups("1 Level 4 or lower Cyberse monster", ("link",)) == (
        G(race="cyberse", traits=("level<=4",)),
    )
    assert groups("2 monsters with different names", ("link",)) == (
        G(min=2, max=2, traits=("different-names",)),
    )


def test_link_including_splits_into_one_special_and_the_rest():
    assert groups("2+ monsters, including a Link Monster", ("link",)) == (
        G(traits=("link",)),
        G(min=1, max=None),
    )
    assert groups('3 Beast monsters, including an "Ojama" monster', ("link",)) == (
        G(race="beast", traits=("archetype:Ojama",)),
        G(min=2, max=2, race="beast"),
    )
    assert groups('2 Machine monsters, including "Cyber Dragon"', ("link",)) == (
        G(name="Cyber Dragon", race="machine"),
        G(race="machine"),
    )
    assert groups("2+ Beast, Beast-Warrior, and/or Winged Beast monsters", ("link",)) == (
        G(min=2, max=None, traits=("any-race:beast|beastwarrior|wingedbeast",)),
    )
    assert groups('1 non-WIND "Sky Striker Ace" monster', ("link",)) == (
        G(traits=("not-attribute:wind", "archetype:Sky Striker Ace")),
    )


def test_how_it_came_to_the_field_and_atk_bounds():
    assert groups("1 Normal Summoned/Set monster", ("link",)) == (
        G(traits=("normal-summoned-set",)),
    )
    assert groups("1 Normal Summoned monster with 1000 or less ATK", ("link",)) == (
        G(traits=("normal-summoned", "atk<=1000")),
    )
    assert groups('1 "Metalfoes" monster + 2 monsters with 3000 or less ATK') == (
        G(traits=("archetype:Metalfoes",)),
        G(min=2, max=2, traits=("atk<=3000",)),
    )
    assert groups('"Fallen of Albaz" + 1 monster with 2500 or more ATK') == (
        G(name="Fallen of Albaz"),
        G(traits=("atk>=2500",)),
    )
    # "Normal" alone is still the frame
    assert groups("1 Normal monster", ("link",)) == (G(traits=("normal",)),)


def test_link_unsupported():
    assert unsupported("2 monsters with the same Type or Attribute", ("link",))
    assert unsupported("2 LIGHT monsters, including a monster with 2000 or more ATK", ("link",))
    assert unsupported("2 monsters, including a Level/Rank/Link 2 monster", ("link",))


# --- fusion ------------------------------------------------------------------------------


def test_fusion_named_materials():
    assert groups('"Dark Magician" + "Buster Blader"') == (
        G(name="Dark Magician"),
        G(name="Buster Blader"),
    )
    # repeated names become one group with a count
    assert groups(
        '"Blue-Eyes White Dragon" + "Blue-Eyes White Dragon" + "Blue-Eyes White Dragon"'
    ) == (G(min=3, max=3, name="Blue-Eyes White Dragon"),)
    assert groups('3 x "Crimson Nova the Dark Cubic Lord"') == (
        G(min=3, max=3, name="Crimson Nova the Dark Cubic Lord"),
    )
    # commas inside a quoted name do not split it
    assert groups('1 "Gaia Knight, the Force of Earth" + 1 non-Effect Synchro Monster') == (
        G(name="Gaia Knight, the Force of Earth"),
        G(traits=("non-effect", "synchro")),
    )


def test_fusion_archetypes_and_types():
    assert groups('3 "Elemental HERO" monsters') == (
        G(min=3, max=3, traits=("archetype:Elemental HERO",)),
    )
    assert groups('"Dark Magician" + 1 Dragon monster') == (
        G(name="Dark Magician"),
        G(race="dragon"),
    )
    assert groups('1 "Shaddoll" monster + 1 WIND monster') == (
        G(traits=("archetype:Shaddoll",)),
        G(attribute="wind"),
    )
    assert groups('2 "Elemental HERO" monsters with different Attributes') == (
        G(min=2, max=2, traits=("archetype:Elemental HERO", "different-attributes")),
    )
    assert groups('"Trifortressops" or "Stegocyber" + 1 Machine or Dinosaur monster') == (
        G(traits=("any-name:Trifortressops|Stegocyber",)),
        G(traits=("any-race:machine|dinosaur",)),
    )
    assert groups(
        "1 Cyberse Ritual, Fusion, Synchro, Xyz, or Link Monster + 1 Cyberse monster"
    ) == (
        G(race="cyberse", traits=("any-frame:ritual|fusion|synchro|xyz|link",)),
        G(race="cyberse"),
    )


def test_fusion_unsupported():
    assert unsupported('1 "Dracotail" monster + 1 monster in the hand', ("fusion",))
    assert unsupported(
        "4 Dragon monsters (1 Fusion, 1 Synchro, 1 Xyz, and 1 Pendulum)", ("fusion",)
    )
    assert unsupported("1 Rock monster + 1 Level 5 or 6 monster", ("fusion",))
    assert unsupported("", ("fusion",))


# --- the whole data set ------------------------------------------------------------------

# Measured on cards.jsonl.gz (2025-11): 1,990 of 2,053 lines understood.
FLOORS = {"fusion": 0.91, "synchro": 0.99, "xyz": 0.99, "link": 0.96}


@pytest.fixture(scope="module")
def material_lines() -> list[tuple[str, tuple[str, ...]]]:
    with gzip.open(DATA / "cards.jsonl.gz", "rt", encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh]
    return [(r["materials"], tuple(r["frames"])) for r in records if "materials" in r]


def test_every_material_line_parses_without_error_above_the_floor(material_lines):
    assert len(material_lines) == 2053
    seen, understood = Counter(), Counter()
    for text, frames in material_lines:
        result = parse_materials(text, frames)
        assert result.method in frames
        seen[result.method] += 1
        if result.supported:
            understood[result.method] += 1
            assert result.groups, text
            assert all(g.max is None or g.max >= g.min >= 1 for g in result.groups), text
        else:
            assert result.groups == ()
    for method, floor in FLOORS.items():
        assert understood[method] / seen[method] >= floor, method
    assert sum(understood.values()) >= 1990
