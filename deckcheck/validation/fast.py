"""Fast acceptance: prove a deck clean without running every rule.

Most decks checked in bulk are valid. For a format, list and day, each card's verdict under
the card-level rules (release, never-legal, forbidden kinds, whitelist, Tokens and Skill
Cards, groups) is worked out once, by running those very rules over the new cards. A deck
whose cards all pass, whose sections fit, whose cards sit in the right sections and whose
names stay within their copy and list limits cannot produce a violation, so its report is
built directly. Anything else, or anything this module does not model (points caps, Speed
groups, cards without a passcode, parse problems), goes through the full rule set.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcheck.banlist.model import Banlist
from deckcheck.cards.model import Card
from deckcheck.decks.model import SECTIONS, Deck, Slot
from deckcheck.formats.model import Format
from deckcheck.validation import banlist as banlist_rules
from deckcheck.validation import pool
from deckcheck.validation.context import Context

CARD_RULES = (pool.not_released, pool.never_legal, pool.forbidden_card_type, pool.not_on_whitelist)


@dataclass(frozen=True, slots=True)
class Verdict:
    name: str
    keys: tuple[str, ...]
    renames: tuple[str, ...]  # names taken only by effect, for the report's notes
    extra_deck: bool
    ok: bool  # no card-level rule fires for this card and none of its names is Forbidden
    caps: tuple[tuple[str, int], ...]  # copies allowed per name key: rule and list limits


def _fill(ctx: Context, table: dict[int, Verdict | None]) -> None:
    """Verdicts for the deck's cards that ``table`` lacks. The card-level rules run once
    over a deck of those cards, one slot each: they judge every card alone, and each
    violation names the passcodes of its card."""
    cards: dict[int, Card] = {}
    for counts in ctx.section_counts.values():
        for code in counts:
            if code not in table and code not in cards:
                card = ctx.db.get(code)
                if card is not None:  # unknown passcodes are not kept: there is no end to them
                    cards[code] = card
    probe = Context(
        deck=Deck.trusted(main=[Slot.model_construct(passcode=code) for code in cards]),
        format=ctx.format,
        on=ctx.on,
        db=ctx.db,
        banlist=ctx.banlist,
        points_cap=ctx.points_cap,
        cache=ctx.cache,
    )
    flagged = {code for rule in CARD_RULES for v in rule(probe) for code in v.cards}
    for code, card in cards.items():
        table[code] = _verdict(ctx, card, fires=code in flagged)


def _verdict(ctx: Context, card: Card, fires: bool) -> Verdict:
    ok = not fires and card.kind not in ("token", "skill")
    caps = []
    for key in card.name_keys:
        listed = banlist_rules.name_limit(ctx, key) if ctx.banlist is not None else None
        cap = ctx.format.copy_limit if listed is None else min(listed, ctx.format.copy_limit)
        ok = ok and listed != 0
        caps.append((key, cap))
    return Verdict(
        card.name,
        card.name_keys,
        card.effect_name_changes,
        card.is_extra_deck_monster,
        ok,
        tuple(caps),
    )


def verdict_table(fmt: Format, listed: Banlist | None) -> dict[int, Verdict | None] | None:
    """An empty table for a format and its list of the day, to fill as cards come; None when
    the format has deck-level rules this module does not model."""
    if fmt.skill_cards or fmt.points_cap is not None:
        return None
    if listed is not None and (listed.points_cap is not None or listed.groups()):
        return None
    return {}


def accept(ctx: Context, table: dict[int, Verdict | None] | None) -> list[str] | None:
    """The report's notes when the full rule set would find nothing in this deck, else None
    (then the full rule set runs). ``table``: the verdicts kept for the context's format and
    day (``verdict_table``)."""
    deck = ctx.deck
    if table is None or deck.problems or ctx.points_cap is not None:
        return None
    fmt = ctx.format
    totals: dict[str, int] = {}
    renamed: list[Verdict] = []
    for section in SECTIONS:
        bounds = getattr(fmt, section)
        slots = deck.section(section)
        counts = ctx.section_counts[section]
        if not bounds.min <= len(slots) <= bounds.max or counts.total() != len(slots):
            return None
        wrong_side = section == "main"  # the value of extra_deck that is misplaced here
        for code, n in counts.items():
            verdict = table.get(code, False)
            if verdict is False:  # cards this format and day has not seen yet
                _fill(ctx, table)
                verdict = table.get(code)
            if verdict is None or not verdict.ok:
                return None
            if section != "side" and verdict.extra_deck is wrong_side:
                return None
            if verdict.renames:
                renamed.append(verdict)
            for name, cap in verdict.caps:
                total = totals[name] = totals.get(name, 0) + n
                if total > cap:
                    return None
    return [*deck.notices, *_rename_notes(renamed, totals)] if renamed else [*deck.notices]


def _rename_notes(seen: list[Verdict], names: dict[str, int]) -> list[str]:
    from deckcheck.validation.copies import rename_note

    notes: list[str] = []
    for verdict in seen:
        for other in verdict.renames:
            if other in names and other not in verdict.keys:
                note = rename_note(verdict.name, other)
                if note not in notes:
                    notes.append(note)
    return notes
