"""The Main Phase prompt's quick reading of a hand monster's Tributes (its printed Level
when no modifier applies to it, ``main_phase.printed_level``) gives the options reading
every Level through the modifiers gives (rulebook 3.2.2.1.1: 1 Tribute for Level 5-6, 2
for 7 or more), at every Main Phase prompt of seeded duels, and again with a Level
modifier on each monster in the hand."""

from __future__ import annotations

import pytest

from deckcheck.engine import main_phase
from deckcheck.engine.agents import make_agent
from deckcheck.engine.duel import Duel
from deckcheck.engine.match import game_seed
from deckcheck.engine.query import add_lasting
from deckcheck.engine.state import HAND
from deckcheck.engine.template import prepare


def _both(duel: Duel, monkeypatch: pytest.MonkeyPatch) -> tuple[tuple, tuple]:
    quick = main_phase.main_options(duel.copy())
    with monkeypatch.context() as m:
        m.setattr(main_phase, "printed_level", lambda iid, touched: False)
        slow = main_phase.main_options(duel.copy())
    return quick, slow


def _releveled(duel: Duel) -> Duel:
    """A copy whose hand monsters have a Level modifier: 1 for Level 5 or more (no Tribute
    then), 7 for the others (two)."""
    twin = duel.copy()
    s = twin.state
    for iid in s.sides[s.turn_player].hand:
        d = s.cards[iid].d
        if d.kind == "monster" and s.cards[iid].loc == HAND:
            add_lasting(s, iid, "level", "set", 1 if d.level >= 5 else 7)
    return twin


@pytest.mark.parametrize("pair", ["AI_Burn:AI_Frog", "AI_MokeyMokey:AI_MokeyMokeyKing"])
def test_main_options_read_tributes_as_the_modifiers_say(db, deck_lists, monkeypatch, pair):
    template = prepare([deck_lists[n] for n in pair.split(":")], db)
    prompts = differ = 0
    for i in range(3):
        seed = game_seed(7, i)
        duel = Duel.new(template, seed, first=i % 2)
        agents = (make_agent("random", seed, 0), make_agent("random", seed, 1))
        while (prompt := duel.prompt) is not None:
            if prompt.kind == "main":
                prompts += 1
                quick, slow = _both(duel, monkeypatch)
                assert quick == slow == prompt.options
                quick, slow = _both(_releveled(duel), monkeypatch)
                assert quick == slow
                differ += quick != prompt.options
            duel.apply_action(agents[prompt.player].choose(duel, prompt))
    assert prompts > 20
    assert differ > 0  # the modifiers changed what some prompts offer: the check can fail
