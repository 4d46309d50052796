"""Invariants that hold in every reachable duel state, as a list of problems (empty: all
hold). Used by the smoke test of decks and by the engine's own tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.engine.state import DRAW, EMPTY, EXTRA, MZONE, NO_WINNER, OVERLAY, SZONE, TOKEN_GONE

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel


def problems(duel: Duel) -> list[str]:
    s = duel.state
    prof = duel.template.profile
    out: list[str] = []
    seen: list[int] = []
    for p, side in enumerate(s.sides):
        if side.lp < 0:
            out.append(f"player {p} has {side.lp} LP")
        for pile in (side.deck, side.hand, side.grave, side.banished, side.extra):
            seen.extend(pile)
        seen.extend(i for i in side.mzone if i != EMPTY)
        seen.extend(i for i in side.szone if i != EMPTY)
        for i in side.extra:
            c = s.cards[i]
            if c.loc != EXTRA or c.owner != p or not (c.d.extra or c.d.pendulum):
                out.append(f"{c.d.name} (#{i}) is wrongly in player {p}'s Extra Deck")
        if sum(1 for z in range(5) if side.szone[z] != EMPTY) > 5:
            out.append(f"player {p} has more than 5 Spells/Traps")
        if not prof.separate_pendulum_zones and (side.szone[6] != EMPTY or side.szone[7] != EMPTY):
            out.append(f"player {p} uses a Pendulum Zone this profile does not have")
    seen.extend(i for i in s.emz if i != EMPTY)
    gone = 0
    for i, c in enumerate(s.cards):
        if c.loc == MZONE:
            if s.monster_at(c.ctrl, c.seq) != i:
                out.append(f"{c.d.name} (#{i}) is not in the zone it names")
            if not (c.face_up or c.in_def):
                out.append(f"{c.d.name} (#{i}) is face-down in Attack Position")
            if c.d.link and c.in_def:
                out.append(f"Link monster {c.d.name} (#{i}) is in Defense Position")
            seen.extend(c.overlay)
            out.extend(f"material #{o} is not attached" for o in c.overlay
                       if s.cards[o].loc != OVERLAY)  # fmt: skip
        elif c.loc == SZONE:
            if s.sides[c.ctrl].szone[c.seq] != i:
                out.append(f"{c.d.name} (#{i}) is not in the zone it names")
        elif c.loc == TOKEN_GONE:
            gone += 1
        if c.loc != MZONE and c.overlay:
            out.append(f"{c.d.name} (#{i}) keeps materials off the field")
    if sorted(seen) != sorted(i for i, c in enumerate(s.cards) if c.loc != TOKEN_GONE):
        out.append("a card is lost or in two places")
    if s.count_cards() + gone != len(s.cards):
        out.append("the count of cards does not add up")
    if (s.winner != NO_WINNER) != duel.is_terminal() or s.winner not in (NO_WINNER, 0, 1, DRAW):
        out.append(f"the winner {s.winner} does not match the duel's end")
    prompt = s.prompt
    if prompt is not None and prompt.kind in ("main", "battle") and s.chain:
        out.append("a Main or Battle Phase decision with a chain open")
    return out
