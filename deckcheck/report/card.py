"""A card's facts and its legality per format for ``deckcheck cards show``."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from deckcheck.cards.model import Card
from deckcheck.formats.legality import FormatLegality

# the card data's own per-format record: shown under this name, for what it is (the
# source's statuses as of its last update), never as the list in force
RECORDED = "card_data_legality"
COPIES = {0: "no copies", 1: "1 copy"}


def card_facts(card: Card) -> dict[str, Any]:
    """The card's facts as JSON data, its data's own legality record under ``RECORDED``."""
    data = card.record()
    if "legality" in data:
        data[RECORDED] = data.pop("legality")
    return data


def card_json(card: Card, on: date, legality: dict[str, FormatLegality]) -> str:
    data = card_facts(card)
    data["name_keys"] = list(card.name_keys)
    data["date"] = on.isoformat()
    data["formats"] = {k: v.model_dump(mode="json") for k, v in legality.items()}
    return json.dumps(data, indent=2, ensure_ascii=False)


def legality_lines(on: date, legality: dict[str, FormatLegality]) -> list[str]:
    """One line per format: the verdict, the list in force that day and why not."""
    lines = [f"legality on {on.isoformat()} (the list in force in each format):"]
    width = max((len(k) for k in legality), default=0)
    for format_id, verdict in legality.items():
        if not verdict.exists:
            starts = verdict.starts.isoformat() if verdict.starts else "later"
            lines.append(f"  {format_id:<{width}}  no such format yet (starts {starts})")
            continue
        if verdict.legal:
            copies = COPIES.get(verdict.copies, f"{verdict.copies} copies")
            head = f"legal, {copies}"
        else:
            head = "not legal"
        status = f"{verdict.status}, " if verdict.status else ""
        listed = f"list {verdict.banlist}" if verdict.banlist else "no list"
        points = f", {verdict.points:g} points" if verdict.points else ""
        lines.append(f"  {format_id:<{width}}  {head} ({status}{listed}{points})")
        lines += [f"  {'':<{width}}    {r.message}" for r in verdict.reasons]
    return lines


def _stat(value: object) -> str:
    return "-" if value is None else str(value)


def card_text(card: Card, on: date, legality: dict[str, FormatLegality]) -> str:
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
    lines += legality_lines(on, legality)
    if card.legality:
        recorded = ", ".join(f"{k} {v.status}" for k, v in sorted(card.legality.items()))
        lines.append(
            "the card data's own record, as of its last update (not what checks apply): " + recorded
        )
    other = [f"{lang}: {name}" for lang, name in sorted(card.names.items())]
    if other:
        lines.append("other names: " + "; ".join(other))
    return "\n".join(lines)
