"""Priority windows (rulebook 6.2) and how an effect layer plugs in: the turn player holds
priority first at every phase and step, the opponent gets no window in the battle step
before an attack is declared, and a change to the defender's monsters causes a replay
(6.3.4.2.1). The layers here are test doubles standing in for card effects."""

from __future__ import annotations

import json

import pytest

from deckcheck.engine.actions import CANCEL, Prompt
from deckcheck.engine.base import damage
from deckcheck.engine.duel import Duel
from deckcheck.engine.effects import NoEffects
from deckcheck.engine.events import SummonEvent
from deckcheck.engine.moves import lift, place_monster, to_pile
from deckcheck.engine.processor import pop, push
from deckcheck.engine.query import add_lasting
from deckcheck.engine.scenario import position
from deckcheck.engine.state import GRAVE, State


class Recorder(NoEffects):
    """Offers nothing; records who was asked at which timing."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str, int]] = []

    def responses(self, duel, player, timing):
        self.asked.append((duel.state.turn, timing, player))
        return ()

    def activate(self, duel, player, action):
        raise AssertionError("nothing was offered")


class RemoveTarget(Recorder):
    """At an attack declaration the defender may send the attack target to the Graveyard."""

    def responses(self, duel, player, timing):
        super().responses(duel, player, timing)
        s = duel.state
        b = s.battle
        if timing == "attack" and player != s.turn_player and b and b.target in s.monsters(player):
            return (("remove_target",),)
        return ()

    def activate(self, duel, player, action):
        to_pile(duel, duel.state.battle.target, GRAVE, "effect")


def battle_position(db, layer, opponents=("Mystical Elf", "Battle Ox")):
    spec = {
        "turn": 2,
        "turn_player": 0,
        "phase": "main1",
        "players": [
            {"monsters": [{"card": "Vorse Raider", "zone": 2}], "hand": ["Dark Hole"]},
            {
                "monsters": [{"card": c, "zone": z} for z, c in enumerate(opponents)],
                "deck": ["Battle Ox"],
            },
        ],
    }
    start = position(spec, db)
    return Duel(start.template, start.state, effects=layer)


def test_turn_player_first_at_every_window_and_each_player_asked(template):
    layer = Recorder()
    duel = Duel.new(template, seed=4, first=0, effects=layer)
    duel.apply_action(("end",))  # to turn 2, player 1's
    duel.apply_action(("battle",))
    windows = [(t, p) for n, t, p in layer.asked if n == 2 and t != "main"]
    assert [t for t, _ in windows[:4]] == ["draw", "draw", "standby", "standby"]
    # each window: the turn player (1) first, then the opponent; leaving a phase or the
    # battle step by passing gives only the opponent a chance (the turn player just passed)
    pairs = [w for w in windows if w[0] not in ("phase_end", "battle_step")]
    assert all(p == 1 for _, p in pairs[0::2]) and all(p == 0 for _, p in pairs[1::2])
    assert [t for t, _ in pairs[0::2]] == [t for t, _ in pairs[1::2]]
    assert ("phase_end", 0) in windows and ("phase_end", 1) not in windows
    assert "battle_start" in [t for t, _ in pairs] and "battle_end" in [t for t, _ in pairs]


def test_no_window_for_the_opponent_before_the_first_attack(db):
    layer = Recorder()
    duel = battle_position(db, layer)
    duel.apply_action(("battle",))
    assert duel.prompt.kind == "battle"  # the battle step: only the turn player acts
    assert layer.asked[-1][1] == "battle_start"
    seen = len(layer.asked)
    attack = next(a for a in duel.legal_actions() if a[0] == "attack")
    duel.apply_action(attack)
    timings = [t for _, t, _ in layer.asked[seen:]]
    assert timings[:2] == ["attack", "attack"]  # the first chance comes with the declaration
    for step in ("damage_start", "before_damage", "damage_calculation", "after_damage"):
        assert step in timings
    # nothing left to attack with: the turn player passes, the opponent gets the last word
    assert (2, "battle_step", 1) in layer.asked and (2, "battle_step", 0) not in layer.asked


def test_a_change_to_the_defenders_monsters_causes_a_replay(db):
    duel = battle_position(db, RemoveTarget())
    duel.apply_action(("battle",))
    s = duel.state
    elf, ox = s.monsters(1)
    duel.apply_action(("attack", s.monsters(0)[0], elf))
    duel.apply_action(("remove_target",))
    assert duel.prompt.kind == "replay"
    assert ("attack", s.monsters(0)[0], ox) in duel.legal_actions()
    assert CANCEL in duel.legal_actions()
    duel.apply_action(("attack", s.monsters(0)[0], ox))
    kinds = [e[0] for e in duel.events()]
    assert kinds.count("attack") == 1 and "retarget" in kinds  # not a second declaration
    assert s.sides[1].grave == [elf, ox]  # Battle Ox (1700) lost to Vorse Raider (1900)
    assert s.sides[1].lp == 8000 - 200


def test_a_cancelled_replay_still_used_the_attack(db):
    duel = battle_position(db, RemoveTarget())
    duel.apply_action(("battle",))
    s = duel.state
    raider = s.monsters(0)[0]
    duel.apply_action(("attack", raider, s.monsters(1)[0]))
    duel.apply_action(("remove_target",))
    duel.apply_action(CANCEL)
    # RC-REP-004: no further attack with it this Battle Phase
    assert duel.prompt is not None
    assert not any(a[0] == "attack" for a in duel.legal_actions())
    assert s.sides[1].lp == 8000


def test_a_direct_attack_target_appearing_is_a_replay_too(db):
    duel = battle_position(db, RemoveTarget(), opponents=("Mystical Elf",))
    duel.apply_action(("battle",))
    s = duel.state
    duel.apply_action(("attack", s.monsters(0)[0], s.monsters(1)[0]))
    duel.apply_action(("remove_target",))
    # the only monster left: the replay offers a direct attack
    assert duel.legal_actions() == [("attack", s.monsters(0)[0], -1), CANCEL]


class Burn(Recorder):
    """A stand-in chain: when a monster is summoned the opponent may add a link; once both
    players pass it resolves, its controller choosing 500 or 1000 damage to the summoner."""

    def responses(self, duel, player, timing):
        super().responses(duel, player, timing)
        s = duel.state
        if timing == "summon" and player != s.turn_player and not s.chain:
            return (("burn",),)
        return ()

    def activate(self, duel, player, action):
        duel.state.chain.append(["burn", player])

    def resolve(self, duel, window):
        if duel.state.chain:
            push(duel, "chain", "resolve")  # runs before the frame the window interrupted

    def handler(self, kind, step):
        if kind != "chain":
            return None
        return {"resolve": self._resolve, "resolved": self._resolved}.get(step)

    def _resolve(self, duel, frame):
        _, player = duel.state.chain[-1]
        frame.step = "resolved"
        return Prompt(player, "amount", (("amount", 500), ("amount", 1000)))

    def _resolved(self, duel, frame):
        s = duel.state
        _, player = s.chain.pop()
        damage(duel, 1 - player, frame.answer[1], "effect")
        frame.step = "resolve"
        if not s.chain:
            pop(duel, frame)


def test_an_effect_layer_builds_and_resolves_a_chain_in_plain_state(db):
    players = [{"hand": ["Vorse Raider", "Dark Hole"]}, {"deck": ["Battle Ox"]}]
    start = position({"turn": 2, "turn_player": 0, "players": players}, db)
    duel = Duel(start.template, start.state, effects=Burn())
    raider = duel.state.sides[0].hand[0]
    duel.apply_action(("summon", raider))
    duel.apply_action(("zone", 2))
    assert duel.prompt.kind == "respond" and duel.prompt.player == 1
    duel.apply_action(("burn",))
    # both passed: the chain resolves, paused at its own decision
    assert duel.state.frames[-1].kind == "chain" and duel.state.chain == [["burn", 1]]
    assert duel.prompt.kind == "amount" and duel.prompt.player == 1
    twin = duel.copy()  # the chain is plain state and copies with it
    data = json.loads(json.dumps(duel.state.to_dict()))
    thawed = Duel(duel.template, State.from_dict(data, list(duel.template.defs)), effects=Burn())
    pending = duel.prompt
    for d in (duel, twin, thawed):
        assert d.prompt == pending
        d.apply_action(("amount", 1000))
        assert d.state.chain == [] and d.state.sides[0].lp == 7000
        assert d.prompt.kind == "main" and d.prompt.player == 0
    assert twin.log == duel.log


class Calls(Recorder):
    """Frames composing: the opponent answers a summon with a chain link that Special
    Summons Battle Ox from their hand while it resolves (a frame of the layer's own, with
    its zone prompt); that summon triggers (a pending trigger from the watched event)
    300 damage, which starts a new chain once the first is done. In the damage step, the
    defender may chain a +1000 DEF boost before damage calculation."""

    watches = frozenset({"summon"})

    def triggers(self, duel, event, index):
        resolving = duel.state.frames[-1].kind == "special"
        return [["burn", event.player, index]] if resolving else []

    def responses(self, duel, player, timing):
        super().responses(duel, player, timing)
        s = duel.state
        if player == s.turn_player or s.chain:
            return ()
        if timing == "summon" and any(s.cards[i].d.name == "Battle Ox" for i in s.sides[1].hand):
            return (("call",),)
        if timing == "before_damage" and s.battle and s.battle.target != -1:
            return (("guard",),)
        return ()

    def activate(self, duel, player, action):
        duel.state.chain.append([action[0], player])

    def resolve(self, duel, window):
        if duel.state.chain:
            push(duel, "chain", "resolve")

    def handler(self, kind, step):
        return {
            ("chain", "resolve"): self._resolve,
            ("special", "zone"): self._zone,
            ("special", "placed"): self._placed,
        }.get((kind, step))

    def _resolve(self, duel, frame):
        s = duel.state
        if not s.chain:
            if s.pending:  # triggers waiting: they start a new chain
                s.chain, s.pending = [list(t) for t in s.pending], []
                return None
            pop(duel, frame)
            return None
        what, player, *_ = s.chain.pop()
        if what == "call":
            ox = next(i for i in s.sides[1].hand if s.cards[i].d.name == "Battle Ox")
            push(duel, "special", "zone", card=ox, player=player)
        elif what == "guard":
            add_lasting(s, s.battle.target, "defense", "add", 1000)
        else:
            damage(duel, 1 - player, 300, "effect")
        return None

    def _zone(self, duel, frame):
        frame.step = "placed"
        zones = [z for z in range(5) if duel.state.sides[frame.data["player"]].mzone[z] == -1]
        return Prompt(frame.data["player"], "zone", tuple(("zone", z) for z in zones))

    def _placed(self, duel, frame):
        s = duel.state
        iid, player = frame.data["card"], frame.data["player"]
        lift(s, iid)
        place_monster(s, iid, player, frame.answer[1], True, False)
        duel.emit(SummonEvent("summon", player, iid, frame.answer[1], "special", "attack"))
        pop(duel, frame)


def test_frames_compose_summons_in_resolutions_trigger_chains_and_damage_step_chains(db):
    players = [
        {"hand": ["Vorse Raider", "Dark Hole"]},
        {
            "hand": ["Battle Ox"],
            "monsters": [{"card": "Mystical Elf", "zone": 0, "position": "defense"}],
        },
    ]
    start = position({"turn": 2, "turn_player": 0, "players": players}, db)
    duel = Duel(start.template, start.state, effects=Calls())
    s = duel.state
    raider, ox, elf = s.sides[0].hand[0], s.sides[1].hand[0], s.sides[1].mzone[0]
    duel.apply_action(("summon", raider))
    duel.apply_action(("zone", 2))
    duel.apply_action(("call",))
    # the chain resolves: Battle Ox is summoned inside it, at player 1's choice of zone
    assert [f.kind for f in s.frames] == ["duel", "chain", "special"]
    assert duel.prompt.kind == "zone" and duel.prompt.player == 1
    duel.apply_action(("zone", 3))
    # its summon triggered 300 damage: a new chain, then back to player 0's Main Phase
    assert s.sides[1].mzone[3] == ox and s.sides[0].lp == 8000 - 300
    assert [f.kind for f in s.frames] == ["duel"] and duel.prompt.kind == "main"
    assert s.pending == [] and s.chain == []
    duel.apply_action(("battle",))
    duel.apply_action(("attack", raider, elf))  # 1900 against Mystical Elf's 2000 DEF
    assert duel.prompt.kind == "respond" and duel.prompt.player == 1
    kinds = [f.kind for f in s.frames]
    assert kinds == ["duel", "battle", "window"] and s.frames[-2].step == "ds_calc"
    duel.apply_action(("guard",))  # a chain inside the Damage Step: DEF 3000
    assert s.sides[0].lp == 8000 - 300 - 1100 and elf in s.monsters(1)
    # the battle step again (nothing left to attack with), then Main Phase 2
    assert duel.prompt.kind == "main" and s.phase == "main2"


class Toll(Burn):
    """A resolution that changes the state (100 damage, an event) before it asks: the old
    processor re-ran a step to resume it and would have dealt the damage again."""

    def _resolve(self, duel, frame):
        damage(duel, duel.state.turn_player, 100, "effect")
        return super()._resolve(duel, frame)


def test_a_step_may_change_the_state_before_it_asks(db):
    players = [{"hand": ["Vorse Raider", "Dark Hole"]}, {"deck": ["Battle Ox"]}]
    start = position({"turn": 2, "turn_player": 0, "players": players}, db)
    duel = Duel(start.template, start.state, effects=Toll())
    duel.apply_action(("summon", duel.state.sides[0].hand[0]))
    duel.apply_action(("zone", 2))
    duel.apply_action(("burn",))
    assert duel.prompt.kind == "amount" and duel.state.sides[0].lp == 7900
    data = json.loads(json.dumps(duel.state.to_dict()))
    thawed = Duel(duel.template, State.from_dict(data, list(duel.template.defs)), effects=Toll())
    pending = duel.prompt
    for d in (duel, duel.copy(), thawed):
        assert d.state.sides[0].lp == 7900 and d.prompt == pending
        d.apply_action(("amount", 500))
        assert d.state.sides[0].lp == 7400
        assert [e.kind for e in d.events()].count("damage") == 2


class PushAndAsk(Burn):
    """A broken layer: its step pushes a frame and asks in one go."""

    def _resolve(self, duel, frame):
        push(duel, "chain", "resolve")
        return super()._resolve(duel, frame)


def test_a_step_that_asks_must_not_push_a_frame(db):
    players = [{"hand": ["Vorse Raider", "Dark Hole"]}, {"deck": ["Battle Ox"]}]
    start = position({"turn": 2, "turn_player": 0, "players": players}, db)
    duel = Duel(start.template, start.state, effects=PushAndAsk())
    duel.apply_action(("summon", duel.state.sides[0].hand[0]))
    duel.apply_action(("zone", 2))
    with pytest.raises(RuntimeError, match="asked and pushed a frame"):
        duel.apply_action(("burn",))
