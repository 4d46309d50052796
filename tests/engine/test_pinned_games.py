"""Seeded duels pinned byte for byte: speed work on the rules of play must not change a
single game. Each digest is the sha256 of a whole duel's log (events and decisions, as
JSON) for the vanilla pair (AI_Zoodiac vs AI_Level8, every card played by the rules of
play alone, as bench/bench_engine.py plays it), taken at commit 1cf6ff0.

A change to the rules that is meant to change games updates these digests in the same
commit, saying why."""

from __future__ import annotations

import hashlib
import json

import pytest

from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.duel import Duel
from deckcheck.engine.effects.base import NO_EFFECTS
from deckcheck.engine.effects.layer import CARD_LAYER
from deckcheck.engine.match import game_seed
from deckcheck.engine.template import without_effects

PINNED = {
    "random-random none 0": "18ba36d6b7d331a1e02115f6d22d41081733da36cedf43bceb21815129ebeba3",
    "random-random none 1": "f7a8e3b8372694c7c703f12695e2fc47dc22347b2639e862e03c6dbd7c22ec66",
    "random-random none 2": "2a1caa24452badc3749de8e20a136796026314f5669a4a048e170f612b732a2d",
    "random-random none 3": "4991e0b7748e65ec7f4e18e9522503398474c2a1fa7027e9c40c5f126df60666",
    "random-random none 4": "c85e35daef4710afd4f0710eb4339dd3f1797fd5aea71a0f610efef5e1d93152",
    "random-random none 5": "7ff35dfc7a25a17543d539a8018d4d4d203711a12444fb680ccb87c872cf0d21",
    "greedy-random none 0": "8303912306c8bef522b8ed5a8cfe745c18c183f414c8b7ee316b71c7c30b88d4",
    "greedy-random none 1": "324c4c29d67b27fc4fd479e374ed9ab02af6584adfd4db86d617bce53e853c16",
    "random-random layer 0": "a31c5759813c212be97e44fa98d89c88c7698fd2b1df31c7d61a617a37d2854d",
    "random-random layer 1": "92c645064ca02123308441404f56bf4a92f68e82d8f2ea6f2f56715dc70add23",
}


@pytest.fixture(scope="module")
def vanilla(template):
    """The fixture's decks with every card file set aside: the rules of play alone."""
    return without_effects(template)


def digest(vanilla, agents: tuple[str, str], layer: str, i: int) -> str:
    seed = game_seed(0, i)
    effects = CARD_LAYER if layer == "layer" else None
    duel = Duel.new(vanilla, seed, first=i % 2, effects=effects)
    assert (duel.effects is NO_EFFECTS) == (effects is None)
    play(duel, (make_agent(agents[0], seed, 0), make_agent(agents[1], seed, 1)))
    return hashlib.sha256(json.dumps(duel.log).encode()).hexdigest()


CASES = [(("random", "random"), "none", i) for i in range(6)]
CASES += [(("greedy", "random"), "none", i) for i in range(2)]
CASES += [(("random", "random"), "layer", i) for i in range(2)]


@pytest.mark.parametrize(("agents", "layer", "i"), CASES)
def test_a_seeded_vanilla_duel_plays_the_pinned_game(vanilla, agents, layer, i):
    key = f"{agents[0]}-{agents[1]} {layer} {i}"
    assert digest(vanilla, agents, layer, i) == PINNED[key], key
