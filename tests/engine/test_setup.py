"""Duel setup and turn structure from a fresh duel (rulebook 6.1, 6.3.1)."""

from __future__ import annotations

from deckcheck.engine.duel import Duel


def test_new_duel_deals_five_cards_each_and_first_turn_has_no_draw(template):
    duel = Duel.new(template, seed=11, first=0)
    s = duel.state
    # RC-SETUP-002 / RC-TURN-002: 5 cards each, no draw on the first player's first turn
    assert (s.turn, s.turn_player, s.phase) == (1, 0, "main1")
    assert [len(side.hand) for side in s.sides] == [5, 5]
    assert [len(side.deck) for side in s.sides] == [35, 35]
    assert [side.lp for side in s.sides] == [8000, 8000]
    assert ("battle",) not in duel.legal_actions()  # RC-TURN-003


def test_second_turn_draws_and_may_battle(template):
    duel = Duel.new(template, seed=11, first=0)
    duel.apply_action(("end",))
    s = duel.state
    assert (s.turn, s.turn_player, s.phase) == (2, 1, "main1")
    assert len(s.sides[1].hand) == 6 and len(s.sides[1].deck) == 34
    assert ("battle",) in duel.legal_actions()


def test_coin_winner_chooses_and_seed_decides_everything(template):
    a = Duel.new(template, seed=5)
    b = Duel.new(template, seed=5)
    assert a.prompt is not None and a.prompt.kind == "first"
    assert a.prompt.player == a.state.coin
    assert a.state.sides[0].deck == b.state.sides[0].deck
    a.apply_action(("second",))
    assert a.state.turn_player == 1 - a.state.coin
    other = Duel.new(template, seed=6)
    assert other.state.sides[0].deck != a.state.sides[0].deck
