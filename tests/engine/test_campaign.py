"""The campaign of issues 13 and 14 (engine/campaign.py): checked games between every ordered
pair of decks, and a sample replayed from their logs; each kind of fault is reported."""

from __future__ import annotations

import json
import re

import pytest

import deckcheck.engine.campaign as campaign
from deckcheck.engine.agents import make_agent
from deckcheck.engine.campaign import check_game, render_text, run_campaign, runs
from deckcheck.engine.checks import end_problems, play_checked, problems
from deckcheck.engine.duel import Duel
from deckcheck.engine.events import ChainEvent, PhaseEvent
from deckcheck.engine.log import header, log_text, parse_log, replay
from deckcheck.engine.template import prepare
from deckcheck.io.errors import InputError


def test_a_tiny_campaign_plays_both_seats_and_replays_its_sample(db, deck_lists):
    decks = [deck_lists["AI_Burn"], deck_lists["AI_MokeyMokey"]]
    told = []
    report = run_campaign(decks, db, 2, 5, replay_every=2,
                          progress=lambda r, total: told.append((r.runs, total)))  # fmt: skip
    assert report.ok, render_text(report)
    assert told == [(k, 8) for k in range(1, 9)]
    # 2 ordered pairs x 4 pairs of agents, 2 games each; game 0 of each run replayed
    assert (report.runs, report.games, report.replayed) == (8, 16, 8)
    assert report.games_by_agents == {"random,random": 4, "greedy,greedy": 4,
                                      "random,greedy": 4, "greedy,random": 4}  # fmt: skip
    assert report.decisions > 16
    assert render_text(report).endswith("passed")
    assert json.loads(json.dumps(report.as_dict()))["failures"] == []


def test_runs_are_every_ordered_pair_then_every_pair_of_agents():
    plan = runs(["A", "B", "C"], [("random", "greedy")])
    assert [(a, b) for a, b, _ in plan] == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]


class Saboteur:
    """A random agent that, at its ``at``-th decision, puts a card of its Deck into its hand
    as well (the card is then in two places)."""

    def __init__(self, seed: int, player: int, at: int) -> None:
        self.agent = make_agent("random", seed, player)
        self.player, self.at, self.made = player, at, 0

    def choose(self, duel, prompt):
        self.made += 1
        if self.made == self.at:
            side = duel.state.sides[self.player]
            side.hand.append(side.deck[0])
        return self.agent.choose(duel, prompt)


def test_a_broken_invariant_stops_the_checked_duel_at_the_decision_that_broke_it(template):
    players = (Saboteur(11, 0, 3), make_agent("random", 11, 1))
    duel, fault = play_checked(template, 11, 0, players)
    assert fault is not None and fault.kind == "invariant"
    assert "a card is lost or in two places" in fault.message
    # player 0 made 3 decisions; the opponent may have made some in between
    assert fault.decisions >= 3 and duel.prompt is not None
    # the same game without the saboteur ends with no fault
    agents = (make_agent("random", 11, 0), make_agent("random", 11, 1))
    duel, fault = play_checked(template, 11, 0, agents)
    assert fault is None and duel.is_terminal()


def test_an_engine_error_and_a_duel_that_never_ends_are_faults(template):
    class Raiser:
        def choose(self, duel, prompt):
            raise KeyError("boom")

    _, fault = play_checked(template, 2, 0, (Raiser(), Raiser()))
    assert (fault.kind, fault.decisions, fault.message) == ("error", 0, "KeyError: 'boom'")
    agents = (make_agent("random", 2, 0), make_agent("random", 2, 1))
    _, fault = play_checked(template, 2, 0, agents, limit=5)
    assert (fault.kind, fault.decisions) == ("stuck", 5)


def test_zero_lp_with_the_duel_going_on_breaks_the_lp_rule(template):
    """000 1.4: a player whose LP reach 0 loses at once; 1 LP is the legal edge."""
    duel = Duel.new(template, 3, 0)
    duel.state.sides[1].lp = 1
    assert problems(duel) == []
    duel.state.sides[1].lp = 0
    assert "player 1 has 0 LP and the duel goes on" in problems(duel)


def test_a_card_in_a_pile_must_say_so_and_be_its_owners(template):
    """The filters' index reads a card's ``loc``: a card in a hand that reads "graveyard",
    or in the other player's hand, is found; as dealt, nothing is."""
    from deckcheck.engine.state import GRAVE

    duel = Duel.new(template, 3, 0)
    assert problems(duel) == []
    s = duel.state
    first = s.sides[0].hand[0]
    name = s.cards[first].d.name
    s.cards[first].loc = GRAVE
    assert problems(duel) == [f"{name} (#{first}) in player 0's hand reads graveyard of 0"]
    s.cards[first].loc = "hand"
    s.sides[0].hand.remove(first)
    s.sides[1].hand.append(first)
    assert problems(duel) == [f"{name} (#{first}) in player 1's hand reads hand of 0"]


def test_the_campaign_reports_a_log_that_does_not_replay(db, deck_lists, monkeypatch):
    """A log whose damage differs from the duel's: the replay finds it, and the campaign
    names the game."""

    def tampered(head, duel):
        bump = lambda m: f"{m[1]}{int(m[2]) + 1},"  # noqa: E731 - 1 LP more
        return re.sub(r'("damage",\d,)(\d+),', bump, log_text(head, duel), count=1)

    monkeypatch.setattr(campaign, "log_text", tampered)
    decks = [deck_lists["AI_Burn"], deck_lists["AI_Frog"]]
    report = run_campaign(decks, db, 3, 5, [("random", "random")], replay_every=1)
    assert report.failures and {f.kind for f in report.failures} == {"replay"}
    assert all("differs" in f.message for f in report.failures)
    assert not report.ok and render_text(report).endswith("failed")


def test_check_game_replays_a_game_it_played(db, deck_lists):
    t = prepare([deck_lists["AI_Frog"], deck_lists["AI_Burn"]], db)
    made, fault = check_game(t, 42, 1, ("greedy", "random"), db)
    assert fault is None and made > 0


def test_a_replay_tells_true_from_1_as_the_file_does(db, deck_lists):
    """Python has True == 1: a replay compares the records as written, so a log whose 1 was
    changed to true does not replay."""
    t = prepare([deck_lists["AI_Burn"], deck_lists["AI_Frog"]], db)
    duel, fault = play_checked(t, 9, 0, (make_agent("random", 9, 0), make_agent("random", 9, 1)))
    assert fault is None
    text = log_text(header(t, db.version, 9, 0, ["random", "random"]), duel)
    assert replay(parse_log(text), db).ok
    assert '{"event":["damage",1,' in text
    changed = text.replace('{"event":["damage",1,', '{"event":["damage",true,', 1)
    result = replay(parse_log(changed), db)
    assert not result.ok and "differs" in result.message


def test_a_campaign_needs_two_decks_and_games(db, deck_lists):
    with pytest.raises(InputError, match="two decks"):
        run_campaign([deck_lists["AI_Burn"]], db, 1, 0)
    with pytest.raises(InputError, match="at least 1"):
        run_campaign([deck_lists["AI_Burn"], deck_lists["AI_Frog"]], db, 0, 0)


def test_a_phase_begun_with_an_open_chain_and_an_end_without_a_reason_are_found(template):
    """001: a phase ends only when both players pass with the chain empty; 000 1.4: a duel
    ends by LP or by drawing from an empty Deck."""
    agents = (make_agent("random", 4, 0), make_agent("random", 4, 1))
    duel, fault = play_checked(template, 4, 0, agents)
    assert fault is None and end_problems(duel) == []
    history = duel.state.history
    history.append(ChainEvent("activate", 0, 1, 1, "0"))
    history.append(PhaseEvent("phase", "end"))
    assert end_problems(duel) == ["the end phase began with 1 chain links unresolved"]
    history.insert(-1, PhaseEvent("chain_end", "1"))  # resolved first: the legal edge
    assert end_problems(duel) == []
    duel.state.reason = "surrender"
    assert end_problems(duel) == ["the duel ended for the reason 'surrender'"]


def test_lp_that_changed_without_an_event_are_found(template):
    """Each LP change is an event (damage stops at 0, 000 1.4): 1 LP more than the
    events give is found."""
    agents = (make_agent("random", 4, 0), make_agent("random", 4, 1))
    duel, _ = play_checked(template, 4, 0, agents)
    assert any(e.kind == "damage" for e in duel.events())
    side = duel.state.sides[duel.state.winner]
    side.lp += 1
    assert end_problems(duel) == [
        f"player {duel.state.winner} has {side.lp} LP, their events give {side.lp - 1}"
    ]
