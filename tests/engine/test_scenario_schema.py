"""Scenario files are untrusted input: every field is checked against the schema, and a bad
field is an InputError naming the file and the field's path, never a crash."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.engine.scenario import run_files, run_scenario
from deckcheck.io.errors import DeckcheckError, InputError

BASE: dict[str, Any] = {
    "turn": 2,
    "turn_player": 0,
    "phase": "battle",
    "players": [
        {"monsters": [{"card": "Vorse Raider", "zone": 2}], "hand": ["Battle Ox"]},
        {"deck": ["Battle Ox"], "lp": 8000},
    ],
    "actions": [{"player": 0, "do": "attack", "attacker": "Vorse Raider", "target": "direct"}],
    "expect": [{"player": 1, "lp": 6100}],
}


def test_the_base_scenario_passes(db):
    assert run_scenario(BASE, db).passed


@pytest.mark.parametrize(
    ("yaml_text", "message"),
    [
        # the three of the issue: each crashed (unhashable dict, IndexError)
        ("phase: {}", "phase: should be 'draw'"),
        ("profile: {}", "profile: should be a valid string"),
        ("expect: [{player: 5}]", r"expect\[0\]\.player: should be less than or equal to 1"),
    ],
)
def test_a_bad_field_names_the_file_and_the_path(db, tmp_path, yaml_text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({k: v for k, v in BASE.items() if k != "expect"}))
    path.write_text(path.read_text() + yaml_text + "\n")
    with pytest.raises(InputError, match=rf"^{path}: {message}"):
        run_files([path], db)


def with_(path: str, value: Any) -> dict[str, Any]:  # noqa: ANN401
    """BASE with the item at a dotted path (list indices as numbers) set to value."""
    spec = copy.deepcopy(BASE)
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    node: Any = spec
    for key in parents:
        node = node[key]
    node[last] = value
    return spec


# the legal edge passes the schema; the first illegal step is refused naming the field
@pytest.mark.parametrize(
    ("path", "legal", "illegal", "message"),
    [
        ("expect.0.player", 0, 2, r"expect\[0\]\.player: should be less than or equal to 1"),
        ("actions.0.player", 0, -1, r"actions\[0\]\.player: should be greater than or equal"),
        ("players.1.lp", 0, -1, r"players\[1\]\.lp: should be greater than or equal to 0"),
        ("players.0.monsters.0.zone", 6, 7, r"players\[0\]\.monsters\[0\]\.zone: should be less"),
        ("turn", 2, 0, "turn: should be greater than or equal to 1"),
        ("turn", 2, True, "turn: should be a valid integer"),
        ("turn_player", 0, 2, "turn_player: should be less than or equal to 1"),
        ("seed", 2**64 - 1, 2**64, "seed: should be less than or equal to"),
        ("seed", 0, 1.5, "seed: should be a valid integer"),
        ("profile", "arc-v", "goat", "profile: unknown rules profile 'goat'"),
        ("players.0.hand.0", 5053103, 0, r"players\[0\]\.hand\[0\]: should be greater than"),
        (
            "players.0.hand.0",
            {"card": "Battle Ox", "copies": 100},
            {"card": "Battle Ox", "copies": 101},
            r"players\[0\]\.hand\[0\]\.copies: should be less than or equal to 100",
        ),
        ("players.0.monsters.0.position", "defense", "sideways", r"\.position: should be 'attack'"),
        ("players.0.summoned", False, "yes", r"players\[0\]\.summoned: should be a valid boolean"),
        ("expect.0.lp", 6100, "6100", r"expect\[0\]\.lp: should be a valid integer"),
        (
            "expect.0.winner",
            None,
            2,
            r"expect\[0\]\.winner: should be less than or equal to 1, or 'draw'",
        ),
        (
            "actions.0.target",
            "direct",
            ["direct"],
            r"actions\[0\]\.target: should be a valid integer",
        ),
        ("players", [{}, {}], [{}, {}, {}], "players: should have at most 2 items"),
        (
            "players.1.deck",
            [{"card": "Battle Ox", "copies": 100}] * 10,
            [{"card": "Battle Ox", "copies": 100}] * 10 + ["Battle Ox"],
            r"players\[1\]: 1001 cards; a player has at most 1000",
        ),
        ("actions.0.do", "attack", "dance", r"actions\[0\]\.do: should be 'normal_summon'"),
    ],
)
def test_each_field_has_a_legal_edge_and_a_first_illegal_step(db, path, legal, illegal, message):
    run_scenario(with_(path, legal), db)  # well-formed (it may pass or fail as a duel)
    with pytest.raises(InputError, match=message):
        run_scenario(with_(path, illegal), db)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # a player's expectations without the player were silently ignored
        ({"expect": [{"lp": 6100}]}, r"expect\[0\]: lp needs player: 0 or 1"),
        # a field the action does not use was silently ignored
        (
            {"actions": [{"do": "next_phase", "card": "Vorse Raider"}]},
            "next_phase does not take card",
        ),
        (
            {"actions": [{"do": "place_scale", "card": "Vorse Raider", "zone": 0}]},
            "zone is left or right",
        ),
        (
            {"players": [{"pendulum": [{"card": "Vorse Raider", "zone": "middle"}]}]},
            r"players\[0\]\.pendulum\[0\]\.zone: should be 'left' or 'right'",
        ),
        (
            {"players": [{"monsters": [{"card": "Vorse Raider"}]}]},
            r"monsters\[0\]\.zone: Field required",
        ),
        (
            {"players": [{"hand": [{"card": "Battle Ox", "colour": 1}]}]},
            r"hand\[0\]\.colour: unknown field",
        ),
        ({"name": 7}, "name: should be a valid string"),
    ],
)
def test_silent_drops_are_refused(db, change, message):
    with pytest.raises(InputError, match=message):
        run_scenario({**BASE, **change}, db)


YAML_TREES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=12) | st.integers(), inner, max_size=4)
    ),
    max_leaves=16,
)
FIELDS = st.sampled_from(
    ["turn", "turn_player", "phase", "players", "actions", "expect", "profile", "seed", "first",
     "name", "card", "zone", "position", "player", "do", "lp", "monsters", "hand", "deck",
     "spells", "materials", "tributes", "copies", "attacker", "target", "winner", "cards"]
)  # fmt: skip


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree=YAML_TREES)
def test_fuzz_arbitrary_yaml_trees_are_scenarios_or_input_errors(db, tmp_path_factory, tree):
    path = tmp_path_factory.mktemp("fuzz") / "tree.yaml"
    path.write_text(yaml.safe_dump(tree))
    with contextlib.suppress(DeckcheckError):
        run_files([path], db)


def _graft(value: Any, path: list[int], key: str, new: Any) -> Any:  # noqa: ANN401
    """``value`` with ``key: new`` set in one of its nested mappings (picked by ``path``)."""
    if isinstance(value, dict) and (not path or not value):
        return {**value, key: new}
    if isinstance(value, dict | list) and value:
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        at = keys[path[0] % len(keys)] if path else keys[0]
        out = copy.copy(value)
        out[at] = _graft(value[at], path[1:], key, new)
        return out
    return {key: new}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.lists(st.integers(min_value=0), max_size=5), key=FIELDS, new=YAML_TREES)
def test_fuzz_a_real_scenario_with_one_field_changed(db, path, key, new):
    with contextlib.suppress(DeckcheckError):
        run_scenario(_graft(BASE, path, key, new), db)
