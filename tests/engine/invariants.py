"""Checks that hold in every reachable duel state."""

from __future__ import annotations

from deckcheck.engine.checks import end_problems, problems
from deckcheck.engine.duel import Duel


def check_state(duel: Duel) -> None:
    """The engine's own invariants (engine/checks.py) hold."""
    found = problems(duel)
    assert not found, "; ".join(found)


def normal_summons_per_turn(duel: Duel) -> dict[int, int]:
    """Turn number -> Normal Summons and Sets made in it, less the second one Double Summon
    allows in a turn it was activated (so a legal turn counts at most 1)."""
    counts: dict[int, int] = {}
    extra: set[int] = set()
    turn = 0
    for event in duel.events():
        if event.kind == "turn":
            turn = event.turn
        elif event.kind == "summon" and event.how in ("normal", "tribute", "set", "tribute_set"):
            counts[turn] = counts.get(turn, 0) + 1
        elif event.kind == "activate" and duel.state.cards[event.card].d.name == "Double Summon":
            extra.add(turn)
    return {t: n - (t in extra) for t, n in counts.items()}


def chain_empty_at_phase_changes(duel: Duel) -> None:
    """From the events: every phase begins with the chain resolved, and the duel ended for
    a reason of the rules (engine/checks.py end_problems)."""
    found = end_problems(duel)
    assert not found, "; ".join(found)
