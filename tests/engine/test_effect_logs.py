"""Logs and saved states with card effects: a logged duel between real decks whose cards
have card files replays (and a changed decision is caught); the log header plus
``State.to_dict()`` continue a duel from any point, a chain open or Tokens on the field."""

from __future__ import annotations

import json

import pytest

from deckcheck.engine.actions import EffectChoice
from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.carddefs import files
from deckcheck.engine.carddefs.files import VERSION
from deckcheck.engine.duel import Duel
from deckcheck.engine.effects.layer import CARD_LAYER
from deckcheck.engine.log import LogFile, header, records, replay
from deckcheck.engine.rng import Rng, derive
from deckcheck.engine.scenario import position
from deckcheck.engine.state import State
from deckcheck.engine.template import prepare
from deckcheck.io.errors import InputError

PAIR = ("AI_Blackwing", "AI_SkyStriker")  # Ash Blossom, Pot of Greed, Mirror Force...


def played(template, seed):
    duel = Duel.new(template, seed, 0)
    play(duel, (make_agent("random", seed, 0), make_agent("random", seed, 1)))
    return duel


def logged(db, template, seed) -> LogFile:
    duel = played(template, seed)
    assert any(e.kind == "activate" for e in duel.events()), "no effect was activated"
    head = json.loads(json.dumps(header(template, db.version, seed, 0, ["random"] * 2)))
    return LogFile(head, json.loads(json.dumps(records(duel))))


def test_a_logged_duel_with_effects_replays_and_a_changed_decision_is_caught(db, deck_lists):
    template = prepare([deck_lists[n] for n in PAIR], db)
    assert template.effect_cards
    seed = next(
        s for s in range(40) if any(e.kind == "activate" for e in played(template, s).events())
    )
    log = logged(db, template, seed)
    assert log.header["effects"] == VERSION
    assert replay(log, db).ok
    # answer one respond prompt differently: pass instead of activating, or the reverse
    recs = log.records
    n = next(i for i, r in enumerate(recs) if r.get("decision", {}).get("prompt") == "respond")
    changed = json.loads(json.dumps(recs))
    d = changed[n]["decision"]
    d["action"] = ["pass"] if d["action"] != ["pass"] else ["no_such_action"]
    result = replay(LogFile(log.header, changed), db)
    assert not result.ok and "line" in result.message


def test_a_log_replays_only_with_the_card_files_it_was_made_with(
    db, deck_lists, tmp_path, monkeypatch
):
    template = prepare([deck_lists[n] for n in PAIR], db)
    log = logged(db, template, 0)
    assert log.header["card_files"].startswith("sha256:")
    assert replay(log, db).ok
    # one card file of the decks changed since the log was made: refused, not replayed
    code = next(d.code for d in template.defs if d.fx)
    changed = tmp_path / "card.yaml"
    changed.write_text(files.index()[code].read_text(encoding="utf-8") + "# changed\n")
    monkeypatch.setitem(files.index(), code, changed)
    files._file_digest.cache_clear()
    try:
        with pytest.raises(InputError, match="other card files for its cards"):
            replay(log, db)
    finally:
        files._file_digest.cache_clear()


def test_a_saved_state_with_a_chain_open_continues_identically(db, deck_lists):
    template = prepare([deck_lists[n] for n in PAIR], db)
    checked = 0
    for seed in range(60):
        duel = Duel.new(template, seed)
        pick = Rng(derive(seed, 5))
        saved = None
        while duel.prompt is not None:
            if saved is None and duel.state.chain:
                data = json.loads(json.dumps(duel.state.to_dict()))
                saved = (data, pick.state, duel.prompt)
            options = duel.legal_actions()
            duel.apply_action(options[pick.below(len(options))])
        if saved is None:
            continue
        data, rng, prompt = saved
        again = Duel(template, State.from_dict(data, list(template.defs), template.tokens))
        assert again.effects is CARD_LAYER and again.prompt == prompt
        assert again.state.chain == data["chain"] and again.state.chain
        pick = Rng(rng)
        while again.prompt is not None:
            options = again.legal_actions()
            again.apply_action(options[pick.below(len(options))])
        assert again.state.to_dict() == duel.state.to_dict()
        assert (again.state.winner, again.state.reason) == (duel.state.winner, duel.state.reason)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


TOKENS = {
    "turn": 3,
    "cards": [
        {
            "name": "Test Token Maker",
            "kind": "spell",
            "property": "normal",
            "effects": [
                {
                    "kind": "activate",
                    "do": [
                        {
                            "do": "create_tokens",
                            "token": 73915052,
                            "count": 2,
                            "position": "defense",
                        }
                    ],
                }  # fmt: skip
            ],
        }
    ],
    "players": [
        {"hand": ["Test Token Maker"], "deck": ["Battle Ox"] * 5},
        {"deck": ["Battle Ox"] * 5},
    ],
}


def test_a_saved_state_with_tokens_on_the_field_continues(db):
    duel = position(TOKENS, db)
    duel.auto = True
    maker = next(i for i, c in enumerate(duel.state.cards) if c.d.name == "Test Token Maker")
    act = next(a for a in duel.prompt.options if a == EffectChoice("activate", maker, "0"))
    duel.apply_action(act)
    while duel.prompt is not None and duel.prompt.kind == "zone":
        duel.apply_action(duel.prompt.options[0])
    template = duel.template
    assert len(duel.state.cards) == len(template.defs) + 2  # the Tokens are new cards
    data = json.loads(json.dumps(duel.state.to_dict()))
    again = Duel(template, State.from_dict(data, list(template.defs), template.tokens))
    assert again.state.to_dict() == duel.state.to_dict()
    assert [c.d.name for c in again.state.cards[-2:]] == ["Sheep Token", "Sheep Token"]
