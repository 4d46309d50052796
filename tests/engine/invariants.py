"""Checks that hold in every reachable duel state."""

from __future__ import annotations

from deckcheck.engine.duel import Duel
from deckcheck.engine.state import (
    DRAW,
    EMPTY,
    EXTRA,
    MZONE,
    NO_WINNER,
    OVERLAY,
    SZONE,
    TOKEN_GONE,
)


def check_state(duel: Duel) -> None:
    s = duel.state
    prof = duel.template.profile
    seen: list[int] = []
    for p, side in enumerate(s.sides):
        assert side.lp >= 0, f"player {p} LP {side.lp}"
        assert len(side.mzone) == 5 and len(side.szone) == 8
        for pile in (side.deck, side.hand, side.grave, side.banished, side.extra):
            seen.extend(pile)
        seen.extend(i for i in side.mzone if i != EMPTY)
        seen.extend(i for i in side.szone if i != EMPTY)
        for i in side.extra:
            c = s.cards[i]
            assert c.loc == EXTRA and c.owner == p
            assert c.d.extra or c.d.pendulum, f"{c.d.name} in the Extra Deck"
        used = [z for z in range(5) if side.szone[z] != EMPTY]
        if not prof.separate_pendulum_zones:
            assert side.szone[6] == side.szone[7] == EMPTY
        assert len(used) <= 5
        emz_own = [i for i in s.emz if i != EMPTY and s.cards[i].ctrl == p]
        if len(emz_own) == 2:  # both only through an Extra Link of Link monsters
            assert all(s.cards[i].d.link for i in emz_own)
    if not prof.extra_monster_zones:
        assert s.emz == [EMPTY, EMPTY]
    seen.extend(i for i in s.emz if i != EMPTY)
    for i, c in enumerate(s.cards):
        if c.loc == MZONE:
            assert s.monster_at(c.ctrl, c.seq) == i
            assert c.face_up or c.in_def, "face-down monsters are in Defense Position"
            assert not (c.d.link and c.in_def), "a Link monster in Defense Position"
            seen.extend(c.overlay)
            for o in c.overlay:
                assert s.cards[o].loc == OVERLAY
        elif c.loc == SZONE:
            assert s.sides[c.ctrl].szone[c.seq] == i
        else:
            assert not c.overlay
    # Tokens are cards of the duel after the template's; one that left the field is gone
    # (in no place at all), and only a Token can be
    template = len(duel.template.defs)
    gone = [i for i, c in enumerate(s.cards) if c.loc == TOKEN_GONE]
    assert all(s.cards[i].d.kind == "token" for i in gone), "a card that is not a Token is gone"
    assert all(c.d.kind == "token" for c in s.cards[template:]), "a card appeared from nowhere"
    assert sorted(seen + gone) == list(range(len(s.cards))), "a card is lost or in two places"
    assert s.count_cards() == len(s.cards) - len(gone)
    check_effects(duel)
    assert (s.winner != NO_WINNER) == duel.is_terminal()
    assert s.winner in (NO_WINNER, 0, 1, DRAW)


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


def check_effects(duel: Duel) -> None:
    """The chain is empty between phases (nothing but the turn structure running, at the
    Main Phase and battle prompts), and no trigger waits at the Main Phase prompt."""
    s = duel.state
    prompt = duel.prompt
    kinds = {f.kind for f in s.frames}
    if prompt is not None and prompt.kind in ("main", "battle", "first"):
        assert not s.chain, f"a chain of {len(s.chain)} is open at the {prompt.kind} prompt"
        assert not kinds & {"chain", "activate", "triggers"}, kinds
    if prompt is not None and prompt.kind == "main":
        assert not s.pending, f"{len(s.pending)} triggers wait at the Main Phase prompt"
    if s.chain:
        links = [link["link"] for link in s.chain]
        assert links == list(range(1, len(links) + 1)), f"chain links {links}"


def chain_empty_at_phase_changes(duel: Duel) -> None:
    """From the events: every phase begins with the chain resolved (a chain_end follows
    each activation before the next phase event)."""
    open_links = 0
    for event in duel.events():
        if event.kind == "activate":
            open_links += 1
        elif event.kind == "chain_end":
            open_links = 0
        elif event.kind == "phase":
            assert open_links == 0, f"a phase began with {open_links} links unresolved"
