"""Words for humans: cards, actions, events and the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.engine.actions import Action, Prompt
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
    stats = f"{d.atk} ATK" if d.link else f"{d.atk}/{d.defense}"
    pos = "ATK" if not c.in_def else "DEF"
    extra = f", {len(c.overlay)} material(s)" if c.overlay else ""
    return f"{d.name} [{stats}, {pos}{extra}]"


def describe_action(duel: Duel, action: Action, prompt: Prompt | None = None) -> str:
    """An option in words; ``prompt`` tells zones for Spells and scales from monster zones."""
    s = duel.state
    kind = action[0]
    name = card_name(s, action[1]) if len(action) > 1 else ""
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
    if kind == "attack" and len(action) > 2:  # ("attack",) is a position
        target = "directly" if action[2] == EMPTY else card_name(s, action[2])
        if action[2] != EMPTY and not s.cards[action[2]].face_up:
            target = "a face-down monster"
        return f"Attack {target} with {name}"
    if kind in ("tributes", "materials"):
        return ", ".join(card_name(s, i) for i in action[1])
    if kind == "zone":
        return zone_name(duel, action[1], prompt)
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
    }.get(kind, " ".join(str(a) for a in action))


def zone_name(duel: Duel, zone: int, prompt: Prompt | None = None) -> str:
    """A zone number in words; Spell & Trap zones when the step places a Spell, Trap or
    Pendulum Scale (the step's first answer says which)."""
    memo = duel.state.memo
    if prompt is not None and prompt.kind == "zone" and memo and memo[0][0] in SPELL_STEPS:
        if zone == 5:
            return "Field Zone"
        if zone >= 6:
            return f"{'left' if zone == 6 else 'right'} Pendulum Zone"
        return f"Spell & Trap Zone {zone}"
    return ZONE_NAMES.get(zone, f"Main Monster Zone {zone}")


SPELL_STEPS = ("set_card", "scale")


def render_event(state: State, event: tuple[Any, ...], viewer: int | None = None) -> str:
    """One event as a short line, e.g. ``summon P0 Luster Dragon 2 normal attack``:
    players as P0/P1, cards by name, other values as they are. With a ``viewer``, cards
    the other player drew or Set stay hidden."""
    kind, *args = event
    if viewer is not None and args and args[0] != viewer and _hidden(kind, args):
        args = [args[0], "a card", *args[2:]]
    shape = EVENT_ARGS.get(kind, "")
    out = [kind]
    for i, arg in enumerate(args):
        t = shape[i] if i < len(shape) else "-"
        if t == "p" and isinstance(arg, int):
            out.append("draw" if arg == 2 else f"P{arg}")
        elif t == "c" and isinstance(arg, int) and arg >= 0:
            out.append(card_name(state, arg))
        elif t == "c" and arg == EMPTY:
            out.append("directly")
        else:
            out.append(str(arg))
    return " ".join(out)


def _hidden(kind: str, args: list[Any]) -> bool:
    return kind in ("draw", "set_card") or (kind == "summon" and args[-1] == "set")


# argument kinds per event: p player, c card, - anything else
EVENT_ARGS = {
    "coin": "p", "first": "p", "turn": "-p", "win": "p", "draw": "pc", "deck_out": "p",
    "summon": "pc", "flip_summon": "pc", "position": "pc", "set_card": "pc", "scale": "pc",
    "material": "pc", "attack": "pcc", "retarget": "pcc", "replay": "pc",
    "attack_stopped": "pc", "attack_cancelled": "pc", "flip": "pc", "damage": "p",
    "destroyed": "pc", "to_graveyard": "pc", "to_hand": "pc", "to_deck": "pc",
    "to_banished": "pc", "to_extra": "pc",
}  # fmt: skip


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
