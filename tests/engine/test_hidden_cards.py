"""Set cards are hidden from the opponent, even whether they are Spells or Traps; their
controller sees them (RC-TRAP-008, seed 001:4). What a player sees is the board text and
the events rendered for them, so this is a unit test rather than a scenario."""

from __future__ import annotations

from deckcheck.engine.describe import board_text, render_event
from deckcheck.engine.scenario import position

SPEC = {
    "turn": 3,
    "players": [
        {"hand": ["Mirror Force"], "spells": [{"card": "Dark Hole", "zone": 0}]},
        {"deck": ["Battle Ox"]},
    ],
}


def test_a_set_card_shows_its_name_to_its_controller_only(db):
    duel = position(SPEC, db)
    mine, theirs = board_text(duel, 0), board_text(duel, 1)
    assert "spell zone 0: Dark Hole (set)" in mine
    assert "spell zone 0: (set card)" in theirs
    assert "Dark Hole" not in theirs


def test_setting_a_trap_is_rendered_without_its_name_for_the_opponent(db):
    duel = position(SPEC, db)
    (setting,) = [o for o in duel.prompt.options if "set_card" in str(o)]
    duel.apply_action(setting)
    duel.apply_action(duel.prompt.options[0])  # its zone
    (event,) = [e for e in duel.events() if e.kind.startswith("set")]
    assert "Mirror Force" in render_event(duel.state, event, viewer=0)
    shown = render_event(duel.state, event, viewer=1)
    assert "Mirror Force" not in shown and "a card" in shown
