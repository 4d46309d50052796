"""The small stable API (legal_actions, apply_action, is_terminal, returns, copy), the
coverage report and the agents."""

from __future__ import annotations

import pytest

from deckcheck.engine.agents import GreedyAgent, RandomAgent, ScriptedAgent, make_agent, play
from deckcheck.engine.carddefs import EFFECT_NOT_APPLIED, SPELL_TRAP, card_def
from deckcheck.engine.coverage import coverage, faithful_share
from deckcheck.engine.duel import Duel, IllegalAction
from deckcheck.engine.match import run_match, wilson
from deckcheck.io.errors import InputError


def test_illegal_actions_are_refused_and_change_nothing(template):
    duel = Duel.new(template, seed=1, first=0)
    before = duel.state.to_dict()
    with pytest.raises(IllegalAction, match="not a legal main action"):
        duel.apply_action(("battle",))  # no Battle Phase on turn 1
    with pytest.raises(IllegalAction):
        duel.apply_action(("summon", 999))
    assert duel.state.to_dict() == before
    assert duel.current_player() == 0 and not duel.is_terminal()
    assert duel.returns() == (0.0, 0.0)


def test_a_finished_duel(template):
    duel = play(Duel.new(template, seed=2, first=1), (GreedyAgent(), GreedyAgent()))
    assert duel.is_terminal() and duel.legal_actions() == [] and duel.current_player() == -1
    w = duel.state.winner
    assert duel.returns() == ((1.0, -1.0) if w == 0 else (-1.0, 1.0))
    with pytest.raises(IllegalAction, match="over"):
        duel.apply_action(("end",))


def test_actions_from_json_lists_are_accepted(template):
    duel = Duel.new(template, seed=1, first=0)
    duel.apply_action(["end"])
    assert duel.state.turn == 2


def test_coverage_names_what_is_not_played_faithfully(db, template):
    rows = {r.name: r for r in coverage(template)}
    assert SPELL_TRAP in rows["Zoodiac Combo"].issues
    assert "Fire Formation - Tenki" not in rows and "Zoodiac Barrage" not in rows  # defined since
    assert "Monster Reborn" not in rows and "Dark Hole" not in rows  # their card files
    assert EFFECT_NOT_APPLIED in rows["Zoodiac Ratpier"].issues
    assert "Jet Synchron" not in rows  # defined since (issue 14)
    assert all(r.issues for r in rows.values())
    assert 0 < faithful_share(template) < 1
    vanilla = card_def(db.find("Blue-Eyes White Dragon"))
    assert vanilla.issues == ()
    assert card_def(db.find("Gaia Knight, the Force of Earth")).issues == ()
    ritual = card_def(db.find("Relinquished"))
    assert ritual.issues and not ritual.summonable


def test_greedy_beats_random_most_of_the_time(template):
    report = run_match(template, 20, 9, ("greedy", "random"))
    assert report.wins[0] >= 15


def test_scripted_agent_plays_its_list_then_declines(template):
    duel = Duel.new(template, seed=1, first=0)
    agent = ScriptedAgent([["end"]])
    duel.apply_action(agent.choose(duel, duel.prompt))
    assert duel.state.turn == 2
    fresh = Duel.new(template, 1, 0)
    with pytest.raises(InputError):
        ScriptedAgent([["battle"]]).choose(fresh, fresh.prompt)


def test_agent_factory_and_wilson_interval():
    assert isinstance(make_agent("random", 1, 0), RandomAgent)
    with pytest.raises(InputError):
        make_agent("human", 1, 0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_both_players_losing_at_once_is_a_draw(template):
    from deckcheck.engine.base import check_win, damage
    from deckcheck.engine.state import DRAW

    duel = Duel.new(template, seed=3, first=0)
    damage(duel, 0, 9000, "effect")
    assert duel.state.sides[0].lp == 0  # never below 0
    damage(duel, 1, 8000, "effect")
    assert check_win(duel) and duel.state.winner == DRAW and duel.state.reason == "lp"
    twin = Duel.new(template, seed=3, first=0)
    for side in twin.state.sides:
        side.deck_out = True
    assert check_win(twin) and twin.state.winner == DRAW
    one = Duel.new(template, seed=3, first=0)
    one.state.sides[1].deck_out = True
    assert check_win(one) and one.state.winner == 0 and one.state.reason == "deck_out"


def test_the_human_view_hides_the_opponents_draws(template):
    from deckcheck.engine.describe import render_event

    duel = Duel.new(template, seed=3, first=0)
    draw = next(e for e in duel.events() if e.kind == "draw" and e.player == 1)
    name = duel.state.cards[draw.card].d.name
    assert render_event(duel.state, draw) == f"draw P1 {name}"
    assert render_event(duel.state, draw, viewer=1) == f"draw P1 {name}"
    assert render_event(duel.state, draw, viewer=0) == "draw P1 a card"


def test_options_in_words_name_the_right_kind_of_zone(db):
    from deckcheck.engine.describe import describe_action
    from deckcheck.engine.scenario import position
    from deckcheck.engine.scenario_actions import settle

    spec = {"turn": 2, "turn_player": 0, "players": [{"hand": ["Dark Hole", "Vorse Raider"]}]}
    duel = position(spec, db)
    settle(duel)
    hole, raider = duel.state.sides[0].hand
    words = [describe_action(duel, a, duel.prompt) for a in duel.legal_actions()]
    assert words[:3] == [
        "Set Dark Hole",
        "Normal Summon Vorse Raider",
        "Set Vorse Raider (monster)",
    ]
    spell = duel.copy()
    spell.apply_action(("set_card", hole))
    assert describe_action(spell, ("zone", 0), spell.prompt) == "Spell & Trap Zone 0"
    duel.apply_action(("summon", raider))
    assert describe_action(duel, ("zone", 0), duel.prompt) == "Main Monster Zone 0"


def test_the_engines_caches_are_bounded(template, db):
    """A long run of duels on one template, or of copies of one duel, keeps at most a fixed
    number of derived answers (project rule: every cache in a long-running process is
    bounded)."""
    from deckcheck.engine.duel import MAX_CACHED
    from deckcheck.engine.procedures import MAX_MEMO

    duel = Duel.new(template, seed=3, first=0)
    for n in range(MAX_CACHED * 2):
        duel.cache[("position", n)] = n
    assert len(duel.cache) <= MAX_CACHED
    assert duel.copy().cache is duel.cache  # copies share the one bounded cache
    oracle = template.oracle
    for n in range(MAX_MEMO + 10):
        oracle._class[(-1, n)] = None
    assert len(oracle._class) <= MAX_MEMO
    # the other memos share class numbers, so they are forgotten together when one is full
    for n in range(MAX_MEMO):
        oracle._many[((-1,), (n,))] = ()
    pearl = card_def(db.find("Gem-Knight Pearl"))
    four = card_def(db.find("Vorse Raider"))
    assert oracle.possible(pearl, [four, four], tuple(sorted((id(four), id(four)))))
    assert all(len(memo) <= MAX_MEMO for memo in oracle.memos())
    assert len(oracle._many) == 1
