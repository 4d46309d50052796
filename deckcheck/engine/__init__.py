"""The duel engine: rules of play, agents, logs, replays and scenarios (DESIGN.md, Engine).

The small stable surface::

    template = prepare([deck_a, deck_b], db, "master-rule-2020")   # once per pairing
    duel = Duel.new(template, seed)                                   # well under 1 ms
    while not duel.is_terminal():
        duel.apply_action(agent.choose(duel, duel.prompt))            # or legal_actions()
    duel.returns()

``duel.copy()`` continues identically; ``duel.state.to_dict()`` is plain JSON data.
"""

from deckcheck.engine.actions import Action, Prompt
from deckcheck.engine.agents import GreedyAgent, HumanAgent, RandomAgent, ScriptedAgent, play
from deckcheck.engine.coverage import coverage
from deckcheck.engine.duel import Duel, IllegalAction
from deckcheck.engine.effects import EffectLayer, NoEffects
from deckcheck.engine.log import read_log, replay, write_log
from deckcheck.engine.match import run_match
from deckcheck.engine.profiles import PROFILES, Profile, get_profile
from deckcheck.engine.scenario import run_files, run_scenario
from deckcheck.engine.template import DeckList, DuelTemplate, deck_list, prepare

__all__ = [
    "PROFILES",
    "Action",
    "DeckList",
    "Duel",
    "DuelTemplate",
    "EffectLayer",
    "GreedyAgent",
    "HumanAgent",
    "IllegalAction",
    "NoEffects",
    "Profile",
    "Prompt",
    "RandomAgent",
    "ScriptedAgent",
    "coverage",
    "deck_list",
    "get_profile",
    "play",
    "prepare",
    "read_log",
    "replay",
    "run_files",
    "run_match",
    "run_scenario",
    "write_log",
]
