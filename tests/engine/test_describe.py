"""Options in words, as the human player reads them."""

from __future__ import annotations

from deckcheck.engine.actions import ATTACK, DEFENSE
from deckcheck.engine.describe import describe_action
from deckcheck.engine.duel import Duel


def test_battle_positions_are_not_read_as_attacks(template):
    # ("attack",) crashed as an attack without a target when play asked for a position
    duel = Duel.new(template, 1)
    assert describe_action(duel, ATTACK) == "Attack Position"
    assert describe_action(duel, DEFENSE) == "Defense Position"
