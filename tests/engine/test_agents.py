"""Agents with card effects: ``random`` is uniform over every legal option (activations and
responses included); ``greedy`` follows its documented heuristics and answers every
prompt kind with a legal option."""

from __future__ import annotations

from collections import Counter

import pytest

from deckcheck.engine.actions import DONE, PASS, YES, EffectChoice, Prompt
from deckcheck.engine.agents import GreedyAgent, RandomAgent, make_agent
from deckcheck.engine.duel import Duel
from deckcheck.engine.rng import derive
from deckcheck.engine.scenario import position
from deckcheck.engine.template import prepare

# real decks holding cards with card files (Ash Blossom, Pot of Greed, Mirror Force...)
PAIRS = [("AI_Blackwing", "AI_SkyStriker"), ("AI_Monarch506", "AI_Orcust")]
KINDS = ("respond", "trigger", "select", "target", "yes_no", "declare", "zone", "position")


def card(duel: Duel, name: str, player: int | None = None) -> int:
    s = duel.state
    return next(i for i, c in enumerate(s.cards) if c.d.name == name and player in (None, c.owner))


def main_position(db, mine: dict, theirs: dict, turn: int = 3) -> Duel:
    spec = {"turn": turn, "turn_player": 0, "phase": "main1", "players": [mine, theirs]}
    duel = position(spec, db)
    assert duel.prompt is not None and duel.prompt.kind == "main"
    return duel


def activate(duel: Duel, name: str) -> None:
    """Activate a card from the Main Phase prompt, placing it in the first free zone."""
    duel.apply_action(activation_of(duel, name))
    while duel.prompt is not None and duel.prompt.kind == "zone":
        duel.apply_action(duel.prompt.options[0])


def activation_of(duel: Duel, name: str) -> EffectChoice:
    iid = card(duel, name)
    return next(a for a in duel.prompt.options if isinstance(a, EffectChoice) and a.card == iid)


# ---- random --------------------------------------------------------------------------------


def test_random_is_uniform_over_every_option_of_a_respond_prompt(db):
    duel = main_position(
        db,
        {"hand": ["Pot of Greed"], "deck": ["Battle Ox", "Luster Dragon", "Celtic Guardian"]},
        {"hand": ["Ash Blossom & Joyous Spring"]},
    )
    activate(duel, "Pot of Greed")
    prompt = duel.prompt
    assert prompt.kind == "respond" and prompt.player == 1
    assert PASS in prompt.options and any(isinstance(a, EffectChoice) for a in prompt.options)
    agent = RandomAgent(5)
    counts = Counter(agent.choose(duel, prompt) for _ in range(4000))
    assert set(counts) == set(prompt.options)
    expected = 4000 / len(prompt.options)
    assert all(abs(n - expected) < 0.1 * expected for n in counts.values()), counts


def test_random_is_uniform_at_the_main_phase_prompt_with_activations(db):
    duel = main_position(
        db,
        {"hand": ["Pot of Greed", "Dark Hole", "Battle Ox"], "deck": ["Luster Dragon"] * 3},
        {"monsters": [{"card": "Blue-Eyes White Dragon", "zone": 2}]},
    )
    prompt = duel.prompt
    activations = [a for a in prompt.options if isinstance(a, EffectChoice)]
    assert len(activations) == 2
    agent = RandomAgent(9)
    n = 600 * len(prompt.options)
    counts = Counter(agent.choose(duel, prompt) for _ in range(n))
    assert all(abs(counts[a] - 600) < 90 for a in prompt.options), counts


def test_random_agents_activate_and_respond_in_real_duels(db, deck_lists):
    template = prepare([deck_lists[a] for a in PAIRS[0]], db)
    activations = responses = 0
    for n in range(12):
        seed = derive(77, n)
        duel = Duel.new(template, seed, n % 2)
        agents = (make_agent("random", seed, 0), make_agent("random", seed, 1))
        while duel.prompt is not None:
            prompt = duel.prompt
            action = agents[prompt.player].choose(duel, prompt)
            if prompt.kind == "respond" and action != PASS:
                responses += 1
            duel.apply_action(action)
        activations += sum(1 for e in duel.events() if e.kind == "activate")
    assert activations > 0 and responses > 0


# ---- greedy: the heuristics ------------------------------------------------------------------


def test_greedy_draws_before_it_summons(db):
    duel = main_position(
        db,
        {"hand": ["Pot of Greed", "Luster Dragon"], "deck": ["Battle Ox"] * 3},
        {},
    )
    assert GreedyAgent().choose(duel, duel.prompt) == activation_of(duel, "Pot of Greed")


def test_greedy_uses_dark_hole_only_when_the_opponent_loses_more(db):
    stronger = main_position(
        db,
        {"hand": ["Dark Hole"], "monsters": [{"card": "Celtic Guardian", "zone": 2}]},
        {"monsters": [{"card": "Blue-Eyes White Dragon", "zone": 1},
                      {"card": "Luster Dragon", "zone": 2}]},
    )  # fmt: skip
    assert GreedyAgent().choose(stronger, stronger.prompt) == activation_of(stronger, "Dark Hole")
    weaker = main_position(
        db,
        {"hand": ["Dark Hole"], "monsters": [{"card": "Blue-Eyes White Dragon", "zone": 2}]},
        {"monsters": [{"card": "Celtic Guardian", "zone": 2}]},
    )
    choice = GreedyAgent().choose(weaker, weaker.prompt)
    assert not isinstance(choice, EffectChoice)


def test_greedy_keeps_a_hand_trap_for_the_opponents_turn(db):
    duel = main_position(db, {"hand": ['Maxx "C"'], "deck": ["Battle Ox"] * 3}, {})
    assert any(isinstance(a, EffectChoice) for a in duel.prompt.options)
    assert not isinstance(GreedyAgent().choose(duel, duel.prompt), EffectChoice)


def test_greedy_does_not_activate_an_effect_that_resolves_negated(db):
    """Under Skill Drain Lyla's effect is activated and resolves negated (002:5604), leaving
    her in Attack Position to be activated again: a greedy player looped on it until the
    duel's decision limit (AI_Lightsworn vs AI_Graydle)."""
    lyla = {"card": "Lyla, Lightsworn Sorceress", "zone": 2}
    theirs = {"spells": [{"card": "Mirror Force", "zone": 0, "face_down": True}]}
    free = main_position(db, {"monsters": [lyla]}, theirs)
    drain = {"card": "Skill Drain", "zone": 1, "face_down": False}
    drained = main_position(db, {"monsters": [lyla]}, {"spells": [*theirs["spells"], drain]})
    assert GreedyAgent().choose(free, free.prompt) == activation_of(free, lyla["card"])
    options = drained.prompt.options
    assert activation_of(drained, lyla["card"]) in options  # still activated (002:5604)
    assert GreedyAgent().choose(drained, drained.prompt) != activation_of(drained, lyla["card"])


def test_greedy_negates_the_opponents_draw(db):
    duel = main_position(
        db,
        {"hand": ["Pot of Greed"], "deck": ["Battle Ox", "Luster Dragon", "Celtic Guardian"]},
        {"hand": ["Ash Blossom & Joyous Spring"]},
    )
    activate(duel, "Pot of Greed")
    choice = GreedyAgent().choose(duel, duel.prompt)
    assert isinstance(choice, EffectChoice)
    assert choice.card == card(duel, "Ash Blossom & Joyous Spring")


def test_greedy_revives_the_strongest_monster_it_can(db):
    duel = main_position(
        db,
        {"hand": ["Monster Reborn"], "graveyard": ["Battle Ox"]},
        {"graveyard": ["Blue-Eyes White Dragon"]},
    )
    greedy = GreedyAgent()
    duel.apply_action(greedy.choose(duel, duel.prompt))
    while duel.prompt.kind == "zone":
        duel.apply_action(greedy.choose(duel, duel.prompt))
    assert duel.prompt.kind == "target"
    assert greedy.choose(duel, duel.prompt).card == card(duel, "Blue-Eyes White Dragon")


def test_greedy_removes_the_opponents_strongest_monster(db):
    duel = main_position(
        db,
        {"spells": [{"card": "Compulsory Evacuation Device", "zone": 0, "face_down": True}],
         "monsters": [{"card": "Battle Ox", "zone": 2}]},
        {"monsters": [{"card": "Celtic Guardian", "zone": 1},
                      {"card": "Blue-Eyes White Dragon", "zone": 3}]},
    )  # fmt: skip
    greedy = GreedyAgent()
    choice = greedy.choose(duel, duel.prompt)
    assert choice == activation_of(duel, "Compulsory Evacuation Device")
    duel.apply_action(choice)
    assert duel.prompt.kind == "target"
    assert greedy.choose(duel, duel.prompt).card == card(duel, "Blue-Eyes White Dragon")


# ---- greedy: every prompt kind ------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_greedy_answers_every_prompt_kind_with_a_legal_option(db, kind):
    duel = main_position(
        db,
        {"hand": ["Pot of Greed", "Dark Hole"], "deck": ["Battle Ox"] * 3,
         "monsters": [{"card": "Celtic Guardian", "zone": 2}], "graveyard": ["Luster Dragon"]},
        {"monsters": [{"card": "Blue-Eyes White Dragon", "zone": 1}],
         "hand": ["Ash Blossom & Joyous Spring"]},
    )  # fmt: skip
    from deckcheck.engine.actions import ATTACK, DEFENSE, CardChoice, NameChoice, ZoneChoice

    ids = [card(duel, n) for n in ("Celtic Guardian", "Blue-Eyes White Dragon", "Luster Dragon")]
    options = {
        "respond": (EffectChoice("activate", card(duel, "Ash Blossom & Joyous Spring"), "0"), PASS),
        "trigger": (EffectChoice("trigger", card(duel, "Pot of Greed"), "0"), DONE),
        "select": (*(CardChoice("pick", i) for i in ids), DONE),
        "target": tuple(CardChoice("pick", i) for i in ids),
        "yes_no": (YES, PASS),
        "declare": (
            NameChoice("declare", "Battle Ox"),
            NameChoice("declare", "Blue-Eyes White Dragon"),
        ),
        "zone": tuple(ZoneChoice("zone", z) for z in (0, 1, 3)),
        "position": (ATTACK, DEFENSE),
    }[kind]
    for player in (0, 1):
        prompt = Prompt(player, kind, options)
        assert GreedyAgent().choose(duel, prompt) in options


@pytest.mark.parametrize("pair", PAIRS, ids="-".join)
def test_greedy_plays_real_effect_duels_without_an_engine_error(db, deck_lists, pair):
    template = prepare([deck_lists[a] for a in pair], db)
    kinds: Counter[str] = Counter()
    for n in range(16):
        seed = derive(31, n)
        duel = Duel.new(template, seed, n % 2)
        names = ("greedy", "greedy") if n % 2 else ("greedy", "random")
        agents = (make_agent(names[0], seed, 0), make_agent(names[1], seed, 1))
        while duel.prompt is not None:
            prompt = duel.prompt
            action = agents[prompt.player].choose(duel, prompt)
            assert action in prompt.options
            if names[prompt.player] == "greedy":
                kinds[prompt.kind] += 1
            duel.apply_action(action)
        assert duel.is_terminal()
    assert kinds["main"] and kinds["respond"]
