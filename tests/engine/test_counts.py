"""Move counts in the manner of python-chess's perft: from fixed positions, the number of
distinct legal decision sequences to each depth. They pin the rules of play while the
processor changes shape: a restructure that adds, loses or reorders a decision anywhere
changes a number here.

A decision is a prompt with more than one option (single-option prompts answer
themselves). A sequence that ends the duel early counts once at every later depth.
"""

from __future__ import annotations

import pytest

from deckcheck.engine.duel import Duel
from deckcheck.engine.effects import NO_EFFECTS
from deckcheck.engine.scenario import position

HAND_MAIN = {
    "turn": 2,
    "turn_player": 0,
    "phase": "main1",
    "players": [
        {
            "hand": ["Summoned Skull", "Vorse Raider", "Dark Hole", "Mystical Elf"],
            "monsters": [{"card": "Battle Ox", "zone": 1}, {"card": "Celtic Guardian", "zone": 3}],
        },
        {"monsters": [{"card": "Luster Dragon", "zone": 2, "position": "set"}]},
    ],
}
EXTRA_MAIN = {
    "turn": 2,
    "turn_player": 0,
    "phase": "main1",
    "players": [
        {
            "hand": ["Dark Hole"],
            "monsters": [
                {"card": "Tune Warrior", "zone": 0},
                {"card": "Giant Soldier of Stone", "zone": 1},
                {"card": "Vorse Raider", "zone": 2},
            ],
            "extra": ["Gaia Knight, the Force of Earth", "Gem-Knight Pearl", "Decode Talker"],
        },
        {},
    ],
}
BATTLE = {
    "turn": 3,
    "turn_player": 0,
    "phase": "battle",
    "players": [
        {
            "monsters": [
                {"card": "Blue-Eyes White Dragon", "zone": 0},
                {"card": "Vorse Raider", "zone": 2},
                {"card": "Mystical Elf", "zone": 4, "position": "defense"},
            ],
            "deck": ["Battle Ox", "Celtic Guardian"],
        },
        {
            "monsters": [
                {"card": "Luster Dragon", "zone": 1},
                {"card": "Giant Soldier of Stone", "zone": 3, "position": "set"},
            ],
            "deck": ["Battle Ox", "Celtic Guardian"],
        },
    ],
}
PENDULUM = {
    "turn": 3,
    "turn_player": 0,
    "phase": "main1",
    "players": [
        {
            "hand": ["Vorse Raider", "Blue-Eyes White Dragon", "Dark Magician"],
            "pendulum": [
                {"card": "Dragonpulse Magician", "zone": "left"},
                {"card": "Dragonpit Magician", "zone": "right"},
            ],
            "extra_face_up": ["Flash Knight"],
        },
        {},
    ],
}


def perft(duel: Duel, depth: int) -> int:
    """Decision sequences of length ``depth`` from ``duel`` (a finished duel counts 1)."""
    if depth == 0 or duel.prompt is None:
        return 1
    total = 0
    for action in duel.legal_actions():
        twin = duel.copy()
        twin.apply_action(action)
        total += perft(twin, depth - 1)
    return total


def counts(duel: Duel, depth: int) -> list[int]:
    return [perft(duel, d) for d in range(1, depth + 1)]


def from_spec(spec, db, effects=NO_EFFECTS) -> Duel:
    """The scenario's position, played with single-option prompts answered by themselves;
    the rules of play alone (no card effects) unless ``effects`` is None (the card layer)."""
    start = position(spec, db, effects=effects)
    return Duel(start.template, start.state.copy(), effects=effects)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (HAND_MAIN, [11, 45, 207, 853, 2767]),
        (EXTRA_MAIN, [7, 34, 133, 482, 1581, 4517]),
        ({**EXTRA_MAIN, "profile": "new-master-rule-2017"}, [7, 30, 113, 378, 1125]),
        (BATTLE, [5, 13, 37, 140, 667, 2759, 11698]),
        (PENDULUM, [5, 18, 54, 105, 195, 407]),
        ({**PENDULUM, "profile": "arc-v"}, [5, 18, 54, 108, 234]),
    ],
    ids=["hand-main", "extra-main", "extra-main-2017", "battle", "pendulum", "pendulum-arc-v"],
)
def test_counts_from_scenario_positions(db, spec, expected):
    assert counts(from_spec(spec, db), len(expected)) == expected


def test_counts_with_card_effects(db):
    """Dark Hole can be activated: one more option at depth 1, and the sequences after it
    (Dark Hole destroys every monster, so fewer Battle Phase choices follow)."""
    assert counts(from_spec(HAND_MAIN, db, None), 5) == [12, 52, 267, 1244, 4482]


def test_counts_from_the_start_of_a_real_duel(template):
    """AI_Zoodiac's Xyz Monsters may also be Xyz Summoned on one Zoodiac monster (their
    own procedure, not an effect): from depth 3 on there are more sequences."""
    duel = Duel.new(template, seed=11, first=0, effects=NO_EFFECTS)
    assert counts(duel, 5) == [6, 34, 214, 1228, 6049]
