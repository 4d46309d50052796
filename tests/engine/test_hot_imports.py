"""The decision loop's modules import what they use once, at the top, not in the functions
a duel calls at every prompt: on Python 3.11 an import statement run in a function costs
about 8K instructions a call (``from module import name`` looks for the module's
``__path__`` and builds, then drops, an AttributeError), and in AI_Burn vs AI_Frog such
imports ran about 300 times a duel (about 3% of its instructions). A function that
imports its own dependencies again (to break an import cycle) belongs on a cold path."""

from __future__ import annotations

import builtins
import sys
from collections import Counter
from pathlib import Path

from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.duel import Duel
from deckcheck.engine.match import game_seed
from deckcheck.engine.template import prepare

# the engine modules that run at every decision and import nothing while a duel is played
HOT = ("main_phase.py", "chain.py", "triggers.py", "context.py", "ops.py", "continuous.py")
HOT += ("timing.py", "steady.py", "moves.py")


def test_seeded_duels_run_no_import_in_the_decision_loop(db, deck_lists, monkeypatch):
    template = prepare([deck_lists["AI_Burn"], deck_lists["AI_Frog"]], db)
    Duel.new(template, 0)  # the engine's modules are loaded before counting
    real = builtins.__import__
    found: Counter[str] = Counter()

    def counting(name, globals=None, locals=None, fromlist=(), level=0):  # noqa: A002
        code = sys._getframe(1).f_code
        found[f"{Path(code.co_filename).name}:{code.co_name} imports {name}"] += 1
        return real(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", counting)
    for i in range(4):
        seed = game_seed(3, i)
        play(Duel.new(template, seed, first=i % 2),
             (make_agent("random", seed, 0), make_agent("random", seed, 1)))  # fmt: skip
    monkeypatch.undo()
    assert sum(found.values()) > 0, "the count sees the imports other modules still run"
    hot = {k: n for k, n in found.items() if k.split(":")[0] in HOT}
    assert not hot, hot
