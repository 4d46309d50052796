"""Words for humans: cards, actions, events and the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.engine.actions import (
    Action,
    AttackChoice,
    CardChoice,
    CardsChoice,
    Prompt,
    ZoneChoice,
    as_action,
)
from deckcheck.engine.events import CARD_FIELDS, PLAYER_FIELDS, Event, from_list, private
from deckcheck.engine.query import atk, defense
from deckcheck.engine.state import EMPTY, MZONE, State

if TYPE_CHECKING:
    from deckcheck.engine.duel import Duel

ZONE_NAMES = {5: "left Extra Monster Zone", 6: "right Extra Monster Zone"}


def card_name(state: State, iid: Any) -> str:
    if not isinstance(iid, int) or not 0 <= iid < len(state.cards):
        return "?"
    return state.cards[iid].d.name


def monster_text(state: State, iid: int) -> str:
    c = state.cards[iid]
    d = c.d
    if not c.face_up:
        return f"(face-down) {d.name}"
    power = atk(state, iid)
    stats = f"{power} ATK" if d.link else f"{power}/{defense(state, iid)}"
    pos = "ATK" if not c.in_def else "DEF"
    extra = f", {len(c.overlay)} material(s)" if c.overlay else ""
    return f"{d.name} [{stats}, {pos}{extra}]"


def describe_action(duel: Duel, action: Action, prompt: Prompt | None = None) -> str:
    """An option in words; ``prompt`` tells zones for Spells and scales from monster zones."""
    s = duel.state
    action = as_action(action)  # a plain tuple or list reads as the typed action
    kind = action.kind
    name = card_name(s, action.card) if isinstance(action, CardChoice) else ""
    if kind == "summon":
        return f"Normal Summon {name}"
    if kind == "set":
        return f"Set {name} (monster)"
    if kind == "flip":
        return f"Flip Summon {name}"
    if kind == "position":
        return f"Change the battle position of {name}"
    if kind == "set_card":
        return f"Set {name}"
    if kind == "scale":
        return f"Place {name} in a Pendulum Zone"
    if kind in ("synchro", "xyz", "link"):
        return f"{kind.title()} Summon {name}"
    if kind == "procedure":
        return f"Special Summon {name} by its own procedure"
    if isinstance(action, AttackChoice):
        t = action.target
        target = "directly" if t == EMPTY else card_name(s, t)
        if t != EMPTY and not s.cards[t].face_up:
            target = "a face-down monster"
        return f"Attack {target} with {card_name(s, action.attacker)}"
    if isinstance(action, CardsChoice):
        return ", ".join(card_name(s, i) for i in action.cards)
    if isinstance(action, ZoneChoice):
        return zone_name(duel, action.zone, prompt)
    if kind in ("pick", "discard"):
        return name
    return {
        "pendulum": "Pendulum Summon",
        "battle": "Go to the Battle Phase",
        "end": "Go to the End Phase",
        "end_battle": "End the Battle Phase",
        "first": "Go first",
        "second": "Go second",
        "attack": "Attack Position",
        "defense": "Defense Position",
        "done": "Done",
        "cancel": "Stop the attack",
        "pass": "Pass",
    }.get(kind, str(action))


def zone_name(duel: Duel, zone: int, prompt: Prompt | None = None) -> str:
    """A zone number in words; Spell & Trap zones when the current frame places a Spell,
    Trap or Pendulum Scale."""
    frames = duel.state.frames
    if prompt is not None and prompt.kind == "zone" and frames and frames[-1].kind in SPELL_STEPS:
        if zone == 5:
            return "Field Zone"
        if zone >= 6:
            return f"{'left' if zone == 6 else 'right'} Pendulum Zone"
        return f"Spell & Trap Zone {zone}"
    return ZONE_NAMES.get(zone, f"Main Monster Zone {zone}")


SPELL_STEPS = ("set_card", "scale")


def render_event(state: State, event: Event, viewer: int | None = None) -> str:
    """One event as a short line, e.g. ``summon P0 Luster Dragon 2 normal attack``:
    players as P0/P1, cards by name, other values as they are. With a ``viewer``, cards
    the other player drew or Set stay hidden. The event's field names say which is which."""
    if not hasattr(event, "_fields"):
        event = from_list(event)  # a plain tuple or JSON list
    hide = viewer is not None and event[1] != viewer and private(event)
    out = [event.kind]
    for name, arg in zip(event._fields[1:], event[1:], strict=True):
        if name in PLAYER_FIELDS and isinstance(arg, int):
            out.append("draw" if arg == 2 else f"P{arg}")
        elif name in CARD_FIELDS and hide:
            out.append("a card")
        elif name in CARD_FIELDS and isinstance(arg, int) and arg >= 0:
            out.append(card_name(state, arg))
        elif name in CARD_FIELDS and arg == EMPTY:
            out.append("directly")
        else:
            out.append(str(arg))
    return " ".join(out)


def board_text(duel: Duel, viewer: int) -> str:
    """The field as ``viewer`` sees it (the opponent's hand and face-down cards hidden)."""
    s = duel.state
    lines = [f"Turn {s.turn}, player {s.turn_player}'s {s.phase} phase"]
    for p in (1 - viewer, viewer):
        side = s.sides[p]
        who = "You" if p == viewer else "Opponent"
        lines.append(
            f"{who} (P{p}): {side.lp} LP, deck {len(side.deck)}, hand {len(side.hand)}, "
            f"graveyard {len(side.grave)}, extra {len(side.extra)}"
        )
        for seq in (*range(5), 5, 6):
            iid = s.monster_at(p, seq)
            if iid != EMPTY and s.cards[iid].loc == MZONE:
                text = monster_text(s, iid)
                if p != viewer and not s.cards[iid].face_up:
                    text = "(face-down monster)"
                lines.append(f"  {ZONE_NAMES.get(seq, f'zone {seq}')}: {text}")
        for seq, iid in enumerate(side.szone):
            if iid != EMPTY:
                c = s.cards[iid]
                text = c.d.name if c.face_up or p == viewer else "(set card)"
                if not c.face_up and p == viewer:
                    text += " (set)"
                lines.append(f"  spell zone {seq}: {text}")
        if p == viewer:
            lines.append("  hand: " + ", ".join(card_name(s, i) for i in side.hand))
    return "\n".join(lines)
