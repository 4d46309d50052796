"""Invariants that hold in every reachable duel state, as a list of problems (empty: all
hold), and a duel played with them checked after every decision. Used by the smoke test of
decks, the campaign of engine/campaign.py and the engine's own tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckcheck.engine.state import (
    DRAW,
    EMPTY,
    EXTRA,
    MZONE,
    NO_WINNER,
    OVERLAY,
    PILES,
    SZONE,
    TOKEN_GONE,
)

if TYPE_CHECKING:
    from deckcheck.engine.agents import Agent
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.template import DuelTemplate

MAX_DECISIONS = 20_000  # a duel this long is stuck: a fault too


@dataclass(frozen=True)
class Fault:
    """What stopped a checked duel: ``kind`` is "error" (the engine raised), "invariant"
    (``problems`` found one) or "stuck" (no end after MAX_DECISIONS); ``decisions`` is the
    number of decisions made before it (0: while the duel was set up)."""

    kind: str
    decisions: int
    message: str


def play_checked(
    template: DuelTemplate,
    seed: int,
    first: int,
    agents: tuple[Agent, Agent],
    limit: int = MAX_DECISIONS,
) -> tuple[Duel | None, Fault | None]:
    """Play a seeded duel to the end, checking the invariants at its first prompt and after
    every decision; the first fault stops it. Returns the duel (None: it could not be set
    up) and the fault (None: it ended with none)."""
    from deckcheck.engine.duel import Duel

    decisions = 0
    duel = None
    try:
        duel = Duel.new(template, seed, first)
        found = problems(duel)
        while not found and duel.prompt is not None:
            if decisions >= limit:
                return duel, Fault("stuck", decisions, f"no end after {decisions} decisions")
            prompt = duel.prompt
            duel.apply_action(agents[prompt.player].choose(duel, prompt))
            decisions += 1
            found = problems(duel)
        if not found and duel.prompt is None:
            found = end_problems(duel)
    except Exception as exc:  # noqa: BLE001 - any engine error is a fault to report
        return duel, Fault("error", decisions, f"{type(exc).__name__}: {exc}")
    return duel, Fault("invariant", decisions, "; ".join(found)) if found else None


def problems(duel: Duel) -> list[str]:
    out = _sides(duel)
    out += _cards(duel)
    out += _effects(duel)
    s = duel.state
    if (s.winner != NO_WINNER) != duel.is_terminal() or s.winner not in (NO_WINNER, 0, 1, DRAW):
        out.append(f"the winner {s.winner} does not match the duel's end")
    return out


def end_problems(duel: Duel) -> list[str]:
    """What holds of a whole duel once it is over, read from its events: it ended for a
    reason of the rules (000 1.4); every phase began with the chain resolved (a chain_end
    after each activation before the next phase event; 001: a phase ends only when both
    players pass with the chain empty); and each player's LP are the starting LP less the
    damage, costs and losses, plus the gains, its events name (damage stops at 0 LP)."""
    out = []
    s = duel.state
    if s.reason not in ("lp", "deck_out", "lp+deck_out"):
        out.append(f"the duel ended for the reason {s.reason!r}")
    links = 0
    lp = [duel.template.profile.start_lp] * 2
    for event in duel.events():
        kind = event.kind
        if kind == "activate":
            links += 1
        elif kind == "chain_end":
            links = 0
        elif kind == "phase" and links:
            out.append(f"the {event.name} phase began with {links} chain links unresolved")
            links = 0
        elif kind == "damage":
            lp[event.player] = max(0, lp[event.player] - event.amount)
        elif kind in LP_CHANGES:
            lp[event.player] += LP_CHANGES[kind] * event.amount
    for p, side in enumerate(s.sides):
        if side.lp != lp[p]:
            out.append(f"player {p} has {side.lp} LP, their events give {lp[p]}")
    return out


LP_CHANGES = {"lp_cost": -1, "lp_lost": -1, "recover": 1}  # damage stops at 0


def _sides(duel: Duel) -> list[str]:
    s = duel.state
    prof = duel.template.profile
    out: list[str] = []
    for p, side in enumerate(s.sides):
        if side.lp < 0:
            out.append(f"player {p} has {side.lp} LP")
        elif side.lp == 0 and s.winner == NO_WINNER and s.prompt is not None:
            out.append(f"player {p} has 0 LP and the duel goes on")  # 000 1.4: it ends
        if len(side.mzone) != 5 or len(side.szone) != 8:
            out.append(f"player {p} has {len(side.mzone)} Monster and {len(side.szone)} S/T zones")
        for i in side.extra:
            c = s.cards[i]
            if c.loc != EXTRA or c.owner != p or not (c.d.extra or c.d.pendulum):
                out.append(f"{c.d.name} (#{i}) is wrongly in player {p}'s Extra Deck")
        if sum(1 for z in range(5) if side.szone[z] != EMPTY) > 5:
            out.append(f"player {p} has more than 5 Spells/Traps")
        if not prof.separate_pendulum_zones and (side.szone[6] != EMPTY or side.szone[7] != EMPTY):
            out.append(f"player {p} uses a Pendulum Zone this profile does not have")
        emz_own = [i for i in s.emz if i != EMPTY and s.cards[i].ctrl == p]
        if len(emz_own) == 2 and not all(s.cards[i].d.link for i in emz_own):
            out.append(f"player {p} holds both Extra Monster Zones without an Extra Link")
    if not prof.extra_monster_zones and s.emz != [EMPTY, EMPTY]:
        out.append("an Extra Monster Zone is used in a profile without them")
    return out


def _cards(duel: Duel) -> list[str]:
    """Every card in exactly one place; a Token that left the field is gone (in no place),
    and only a Token can be; the cards after the template's are Tokens."""
    s = duel.state
    out: list[str] = []
    seen: list[int] = []
    for p, side in enumerate(s.sides):
        for loc, pile in PILES.items():
            for i in getattr(side, pile):
                c = s.cards[i]
                # a card in a pile is its owner's and says so (the filters' index reads loc)
                if c.loc != loc or c.owner != p:
                    out.append(
                        f"{c.d.name} (#{i}) in player {p}'s {pile} reads {c.loc} of {c.owner}"
                    )
                seen.append(i)
        seen.extend(i for i in side.mzone if i != EMPTY)
        seen.extend(i for i in side.szone if i != EMPTY)
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
            if c.d.kind != "token":
                out.append(f"{c.d.name} (#{i}) is gone but is not a Token")
        if c.loc != MZONE and c.overlay:
            out.append(f"{c.d.name} (#{i}) keeps materials off the field")
    if any(c.d.kind != "token" for c in s.cards[len(duel.template.defs) :]):
        out.append("a card that is not a Token appeared from nowhere")
    if sorted(seen) != sorted(i for i, c in enumerate(s.cards) if c.loc != TOKEN_GONE):
        out.append("a card is lost or in two places")
    if s.count_cards() + gone != len(s.cards):
        out.append("the count of cards does not add up")
    return out


def _effects(duel: Duel) -> list[str]:
    """The chain is empty between phases (only the turn structure running at the Main
    Phase, battle and first-player prompts), no trigger waits at the Main Phase prompt,
    and chain links are numbered from 1."""
    s = duel.state
    out: list[str] = []
    prompt = s.prompt
    if prompt is not None and prompt.kind in ("main", "battle", "first"):
        if s.chain:
            out.append(f"a chain of {len(s.chain)} is open at the {prompt.kind} prompt")
        busy = {f.kind for f in s.frames} & {"chain", "activate", "triggers"}
        if busy:
            out.append(f"{', '.join(sorted(busy))} running at the {prompt.kind} prompt")
    if prompt is not None and prompt.kind == "main" and s.pending:
        out.append(f"{len(s.pending)} triggers wait at the Main Phase prompt")
    links = [link["link"] for link in s.chain]
    if links != list(range(1, len(links) + 1)):
        out.append(f"chain links {links}")
    return out
