"""Typed events and actions: events are named records kept in the state (so copies,
serialised states and replays carry them) and feed the pending-trigger queue; actions are
named records that read back from JSON; logs written before either change still replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.engine.actions import (
    END_BATTLE,
    AttackChoice,
    CardChoice,
    CardsChoice,
    Choice,
    ZoneChoice,
    as_action,
)
from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.describe import render_event
from deckcheck.engine.duel import Duel, IllegalAction
from deckcheck.engine.effects import NoEffects
from deckcheck.engine.events import TYPES, AttackEvent, Decision, SummonEvent, from_list
from deckcheck.engine.log import read_log, replay
from deckcheck.engine.scenario import position
from deckcheck.engine.state import EMPTY, State
from tests.pins import log_as_current

OLD_LOGS = sorted((Path(__file__).parent / "logs").glob("v1-*.jsonl"))


@pytest.mark.parametrize("path", OLD_LOGS, ids=[p.stem for p in OLD_LOGS])
def test_logs_written_before_typed_events_still_replay(db, path, tmp_path):
    # written by the engine of commit 7c4cf93, whose events and actions were plain tuples
    result = replay(read_log(log_as_current(path, db.version, tmp_path)), db)
    assert result.ok, result.message


def test_a_changed_old_log_is_still_caught(db, tmp_path):
    lines = log_as_current(OLD_LOGS[0], db.version, tmp_path).read_text().splitlines()
    n = next(i for i, line in enumerate(lines) if '"damage"' in line)
    event = json.loads(lines[n])["event"]
    event[2] += 1  # one more point of damage than happened
    lines[n] = json.dumps({"event": event})
    changed = tmp_path / "changed.jsonl"
    changed.write_text("\n".join(lines) + "\n")
    result = replay(read_log(changed), db)
    assert not result.ok and f"line {n + 1} differs" in result.message


def test_every_event_is_typed_and_reads_back_from_its_json_list(template):
    duel = play(Duel.new(template, 5, 0), (make_agent("random", 5, 0), make_agent("random", 5, 1)))
    kinds = set()
    for e in duel.log:
        assert type(e) is TYPES[e.kind], e
        assert from_list(json.loads(json.dumps(e))) == e
        kinds.add(e.kind)
    assert {"draw", "summon", "attack", "damage", "to_graveyard", "win", "decide"} <= kinds
    summons = [e for e in duel.events() if isinstance(e, SummonEvent)]
    # an effect's Special Summon may bring the opponent's monster to its player's field
    # (Monster Reborn); every other summon is of the player's own card
    own = [e for e in summons if e.how != "special"]
    assert own and all(duel.state.cards[e.card].owner == e.player for e in own)
    assert all(e.player in (0, 1) for e in summons)
    with pytest.raises(ValueError, match="not an event"):
        from_list(["summon", 0, 1])


def test_the_history_is_in_the_state_and_travels_with_it(template):
    duel = Duel.new(template, 3, 0)
    duel.apply_action(("end",))
    assert duel.log is duel.state.history
    assert Decision("decide", 0, "main", ("end",)) in duel.log
    data = json.loads(json.dumps(duel.state.to_dict()))
    thawed = Duel(template, State.from_dict(data, list(template.defs)))
    assert thawed.log == duel.log and thawed.log is not duel.log
    assert [type(e) for e in thawed.log] == [type(e) for e in duel.log]
    twin = duel.copy()
    assert twin.log == duel.log
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.log) > len(duel.log)  # the copy's history is its own


class Watcher(NoEffects):
    """Collects a pending trigger for every summon (a stand-in for a trigger effect)."""

    watches = frozenset({"summon"})

    def triggers(self, duel, event, index):
        return [{"card": event.card, "event": index}]


def test_watched_events_feed_the_pending_trigger_queue(db):
    spec = {"turn": 2, "players": [{"hand": ["Vorse Raider", "Dark Hole"]}]}
    start = position(spec, db)
    duel = Duel(start.template, start.state, effects=Watcher())
    raider = duel.state.sides[0].hand[0]
    duel.apply_action(("set_card", duel.state.sides[0].hand[1]))  # not watched
    duel.apply_action(("zone", 0))
    assert duel.state.pending == []
    duel.apply_action(("summon", raider))
    duel.apply_action(("zone", 2))
    index = next(i for i, e in enumerate(duel.log) if e.kind == "summon")
    assert duel.state.pending == [{"card": raider, "event": index}]
    data = json.loads(json.dumps(duel.state.to_dict()))
    assert State.from_dict(data, list(duel.template.defs)).pending == duel.state.pending
    assert duel.copy().state.pending == duel.state.pending


def test_actions_are_typed_and_read_back_from_json():
    assert as_action(["attack", 3, -1]) == AttackChoice("attack", 3, EMPTY)
    assert as_action(["attack", 3, -1]).target == EMPTY
    assert type(as_action(["attack"])) is Choice
    assert as_action(["materials", [4, 5]]).cards == (4, 5)
    assert type(as_action(["tributes", [4]])) is CardsChoice
    assert as_action(["zone", 6]).zone == 6 and type(as_action(("zone", 6))) is ZoneChoice
    assert as_action(["summon", 12]).card == 12 and type(as_action(["pick", 1])) is CardChoice
    assert type(as_action(["summon", "x"])) is tuple  # no known shape: plain, never legal
    assert str(AttackChoice("attack", 3, EMPTY)) == "attack #3 -> direct"
    assert str(CardsChoice("materials", (4, 5))) == "materials #4 #5"


def test_plain_tuples_are_accepted_as_the_prompts_typed_options(template):
    duel = Duel.new(template, 1, 0)
    hand = duel.state.sides[0].hand
    option = next(a for a in duel.legal_actions() if a.kind == "summon")
    duel.apply_action(["summon", option.card])
    decision = duel.log[-1]
    assert decision == Decision("decide", 0, "main", option) and decision.action.card in hand
    assert type(decision.action) is CardChoice
    with pytest.raises(IllegalAction, match="not a legal zone action"):
        duel.apply_action(["zone", "left"])
    assert END_BATTLE not in duel.legal_actions()


def test_events_render_by_their_field_names(template):
    duel = Duel.new(template, 2, 0)
    attacker = duel.state.sides[0].hand[0]
    name = duel.state.cards[attacker].d.name
    assert render_event(duel.state, AttackEvent("attack", 0, attacker, EMPTY)) == (
        f"attack P0 {name} directly"
    )
    assert render_event(duel.state, ["damage", 1, 500, "battle"]) == "damage P1 500 battle"
    hidden = SummonEvent("summon", 0, attacker, 2, "set", "set")
    assert render_event(duel.state, hidden, viewer=1) == "summon P0 a card 2 set set"
    assert render_event(duel.state, hidden, viewer=0) == f"summon P0 {name} 2 set set"
