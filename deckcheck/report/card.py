"""A card's facts for ``deckcheck cards show``."""

from __future__ import annotations

import json

from deckcheck.cards.model import Card


def card_json(card: Card) -> str:
    data = card.model_dump(mode="json", exclude_defaults=True)
    data["name_keys"] = list(card.name_keys)
    return json.dumps(data, indent=2, ensure_ascii=False)


def _stat(value: object) -> str:
    return "-" if value is None else str(value)


def card_text(card: Card) -> str:
    lines = [f"{card.name}  [{card.type_line}]"]
    if card.passcodes:
        alt = ", ".join(str(p) for p in card.passcodes[1:])
        lines.append(
            f"passcode: {card.passcodes[0]}" + (f" (alternate artworks: {alt})" if alt else "")
        )
    else:
        lines.append("passcode: none (cannot be put in a deck by passcode)")
    if card.kind == "monster":
        stats = f"ATK {_stat(card.atk)}"
        if not card.is_link:
            stats += f" / DEF {_stat(card.defense)}"
        lines.append(f"{(card.attribute or '-').upper()} {card.race or '-'}  {stats}")
        if card.scale is not None:
            lines.append(f"Pendulum Scale {card.scale}")
        if card.link_arrows:
            lines.append("Link Arrows: " + ", ".join(card.link_arrows))
        if card.materials is not None:
            state = "parsed" if card.materials.supported else "not understood by deckcheck"
            lines.append(f"materials: {card.materials.method}, {state}")
    lines.append("name for deck construction: " + " / ".join(card.name_keys))
    if card.rule_names:
        also = "also " if card.rule_names_also_own else ""
        lines.append(f"  ({also}always treated as {', '.join(card.rule_names)})")
    if card.effect_name_changes:
        lines.append(
            "name changes by its own effect only (not for deck construction): "
            + ", ".join(card.effect_name_changes)
        )
    if card.archetypes:
        lines.append("archetypes: " + ", ".join(card.archetypes))
    if card.release:
        lines.append(
            "released: "
            + ", ".join(f"{k} {v.isoformat()}" for k, v in sorted(card.release.items()))
        )
    if card.illegal:
        lines.append("never legal in tournaments")
    if card.legality:
        lines.append("legality:")
        for fmt, legal in sorted(card.legality.items()):
            points = f", {legal.points:g} points" if legal.points else ""
            lines.append(f"  {fmt}: {legal.status}{points}")
    other = [f"{lang}: {name}" for lang, name in sorted(card.names.items())]
    if other:
        lines.append("other names: " + "; ".join(other))
    return "\n".join(lines)
