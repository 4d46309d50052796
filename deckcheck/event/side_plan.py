"""Side plans: a YAML file saying which cards go out of and into the Main/Extra Deck.

```yaml
out:
  - 2 Ash Blossom & Joyous Spring      # "COUNT NAME", "COUNTx NAME", "NAME x COUNT"
  - {card: 14558127, count: 1, section: main}
in:
  - Droll & Lock Bird: 2              # NAME: COUNT
  - 1 Nibiru, the Primal Being        # a comma needs no quotes in a block list
```

In the flow style, ``in: [3 Nibiru, the Primal Being]``, YAML splits the entry at the
comma; pieces that name a card only together are joined again (``"3 Nibiru, the Primal
Being"`` in quotes always works). Unknown names get "did you mean" suggestions on the same
budget as a checked deck (``deckcheck.cards.suggest``), so a plan of many unknown entries
costs a bounded amount.

``out:`` cards move from the Main/Extra Deck to the Side Deck, ``in:`` cards from the Side
Deck to the Main/Extra Deck (the Extra Deck for Fusion/Synchro/Xyz/Link monsters unless a
section is given). A plan that would change a section's size, name cards the deck does not
have, or put a card in the wrong deck is refused with every reason (rulebook 1.2.3).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from deckcheck.cards.suggest import budget_scope
from deckcheck.decks.model import Deck, Section, Slot
from deckcheck.io.errors import InputError
from deckcheck.io.infile import read_text

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB
    from deckcheck.cards.model import Card

MAX_PLAN_BYTES = 64 * 1024
MAX_COUNT = 75
DECK_NAMES: dict[str, str] = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}
_PREFIX = re.compile(r"^(\d{1,3})\s*[x×]?\s+(\S.*)$", re.IGNORECASE)
_SUFFIX = re.compile(r"^(\S.*?)\s+[x×]\s*(\d{1,3})$", re.IGNORECASE)


class PlanRefused(InputError):
    """The plan cannot be applied; ``reasons`` says every problem found."""

    def __init__(self, source: str, reasons: list[str]) -> None:
        self.reasons = reasons
        lines = "\n".join(f"  - {r}" for r in reasons)
        super().__init__(f"side plan {source} refused:\n{lines}")


class PlanItem(BaseModel):
    """One entry: ``card`` as written (name or passcode). ``count`` None means the text may
    carry its own count ("2 Droll & Lock Bird")."""

    card: str
    count: int | None = None
    section: Section | None = None


class Plan(BaseModel):
    source: str = "<plan>"
    out: list[PlanItem] = Field(default_factory=list)
    into: list[PlanItem] = Field(default_factory=list)


def _item(raw: object, where: str, reasons: list[str]) -> PlanItem | None:
    if isinstance(raw, bool) or raw is None:
        reasons.append(f"{where}: expected a card name or passcode, got {raw!r}")
        return None
    if isinstance(raw, int | str):
        return PlanItem(card=str(raw).strip())
    if not isinstance(raw, dict):
        reasons.append(f"{where}: expected a card entry, got a {type(raw).__name__}")
        return None
    keys = {str(k).lower(): v for k, v in raw.items()}
    card = next((keys.pop(k) for k in ("card", "name", "passcode") if k in keys), None)
    if card is None and len(raw) == 1:  # {NAME: COUNT}
        card, count = next(iter(raw.items()))
        keys = {"count": count}
    count, section = keys.pop("count", 1), keys.pop("section", None)
    if keys:
        reasons.append(f"{where}: unknown key(s) {', '.join(sorted(keys))}")
    if card is None or isinstance(card, bool) or not isinstance(card, int | str):
        reasons.append(f"{where}: no card given (use card: NAME or PASSCODE)")
        return None
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        reasons.append(f"{where}: count must be a whole number from 1 to {MAX_COUNT}")
        return None
    if section is not None and str(section).lower() not in ("main", "extra"):
        reasons.append(f"{where}: section must be main or extra, not {section!r}")
        return None
    return PlanItem(card=str(card).strip(), count=count, section=section and str(section).lower())


def _items(raw: object, key: str, reasons: list[str]) -> list[PlanItem]:
    if raw is None:
        return []
    if isinstance(raw, dict):
        raw = [{k: v} for k, v in raw.items()]
    if not isinstance(raw, list):
        reasons.append(f"{key}: expected a list of cards")
        return []
    found = [_item(entry, f"{key}[{i + 1}]", reasons) for i, entry in enumerate(raw)]
    return [item for item in found if item is not None]


def read_plan(text: str, source: str = "<plan>") -> Plan:
    """Parse plan text; a malformed plan raises PlanRefused/InputError with every reason."""
    from deckcheck.io import yamlsafe

    if len(text.encode("utf-8", "replace")) > MAX_PLAN_BYTES:
        raise InputError(f"side plan {source} is larger than {MAX_PLAN_BYTES // 1024} KiB")
    data: Any = yamlsafe.load(text, f"side plan {source}")
    if not isinstance(data, dict) or not ({"out", "in"} & set(map(str, data))):
        raise InputError(f"side plan {source} must be a mapping with out: and/or in: lists")
    reasons: list[str] = []
    unknown = sorted(str(k) for k in data if str(k) not in ("out", "in"))
    if unknown:
        reasons.append(f"unknown key(s) {', '.join(unknown)} (a plan has out: and in:)")
    plan = Plan(
        source=source,
        out=_items(data.get("out"), "out", reasons),
        into=_items(data.get("in"), "in", reasons),
    )
    if reasons:
        raise PlanRefused(source, reasons)
    return plan


def load_plan(path: str | Path) -> Plan:
    return read_plan(read_text(path, MAX_PLAN_BYTES, "side plan"), str(path))


class _Apply:
    """Picks slots for each plan entry, never the same slot twice, and collects reasons."""

    def __init__(self, deck: Deck, db: CardDB, strict: bool) -> None:
        self.deck, self.db, self.strict = deck, db, strict
        self.used: dict[Section, set[int]] = {"main": set(), "extra": set(), "side": set()}
        self.moved_out: list[tuple[Section, int]] = []
        self.moved_in: list[tuple[int, Section]] = []
        self.reasons: list[str] = []

    def attempts(self, text: str, count: int | None) -> list[tuple[str, int]]:
        """The readings of an entry: as written, then with its count split off."""
        found = [(text, count or 1)]
        if count is None:
            for pattern, name_at in ((_PREFIX, 2), (_SUFFIX, 1)):
                match = pattern.match(text)
                if match:
                    found.append((match.group(name_at), int(match.group(3 - name_at))))
        return found

    def find(self, text: str, count: int | None) -> tuple[Card, int | None, int] | None:
        for ref, n in self.attempts(text, count):
            if ref.isdigit():
                card = self.db.get(int(ref))
                if card is not None:
                    return card, int(ref), n
            else:
                card = self.db.find(ref)
                if card is not None:
                    return card, None, n
        return None

    def rejoin(self, items: list[PlanItem]) -> list[PlanItem]:
        """Join the pieces YAML's flow style cut at commas ("[3 Nibiru, the Primal Being]")
        where only the whole names a card; pieces that are all cards stay apart."""
        out: list[PlanItem] = []
        i = 0
        while i < len(items):
            for span in (3, 2):
                pieces = items[i : i + span]
                if len(pieces) < span or any(p.count is not None for p in pieces):
                    continue
                whole = ", ".join(p.card for p in pieces)
                alone = all(self.find(p.card, None) is not None for p in pieces)
                if not alone and self.find(whole, None) is not None:
                    out.append(PlanItem(card=whole))
                    i += span
                    break
            else:
                out.append(items[i])
                i += 1
        return out

    def resolve(self, item: PlanItem, where: str) -> tuple[Card, int | None, int] | None:
        text = item.card
        found = self.find(text, item.count)
        if found is not None:
            return found
        if text.isdigit():
            self.reasons.append(f"{where}: unknown passcode {text}")
        else:
            hint = self.db.suggest(self.attempts(text, item.count)[-1][0])
            tip = f" (did you mean {' / '.join(hint)}?)" if hint else ""
            if hint.skipped:
                tip = " (no suggestions: the search budget is spent)"
            self.reasons.append(f"{where}: unknown card {text!r}{tip}")
        return None

    def matching(self, section: Section, card: Card, passcode: int | None) -> list[int]:
        exact, other = [], []
        for index, slot in enumerate(self.deck.section(section)):
            if index in self.used[section] or slot.passcode is None:
                continue
            if slot.passcode == passcode:
                exact.append(index)
            elif not (self.strict and passcode is not None):
                found = self.db.get(slot.passcode)
                if found is not None and found.uid == card.uid:
                    other.append(index)
        return exact + other

    def take_out(self, item: PlanItem, where: str) -> None:
        resolved = self.resolve(item, where)
        if resolved is None:
            return
        card, passcode, count = resolved
        sections: list[Section] = [item.section] if item.section else ["main", "extra"]
        picked = [(s, i) for s in sections for i in self.matching(s, card, passcode)]
        if len(picked) < count:
            place = " or ".join(DECK_NAMES[s] for s in sections)
            self.reasons.append(
                f"{where}: {count} {card.name} to take out, the {place} has {len(picked)}"
            )
            return
        for section, index in picked[:count]:
            self.used[section].add(index)
            self.moved_out.append((section, index))

    def put_in(self, item: PlanItem, where: str) -> None:
        resolved = self.resolve(item, where)
        if resolved is None:
            return
        card, passcode, count = resolved
        target: Section = item.section or ("extra" if card.is_extra_deck_monster else "main")
        if target == "main" and card.is_extra_deck_monster:
            self.reasons.append(
                f"{where}: {card.name} is an Extra Deck monster and cannot go into the Main Deck"
            )
            return
        if target == "extra" and not card.is_extra_deck_monster:
            self.reasons.append(f"{where}: {card.name} is not an Extra Deck monster")
            return
        picked = self.matching("side", card, passcode)
        if len(picked) < count:
            self.reasons.append(
                f"{where}: {count} {card.name} to side in, the Side Deck has {len(picked)}"
            )
            return
        for index in picked[:count]:
            self.used["side"].add(index)
            self.moved_in.append((index, target))

    def check_sizes(self) -> None:
        for section in ("main", "extra"):
            out = sum(1 for s, _ in self.moved_out if s == section)
            into = sum(1 for _, s in self.moved_in if s == section)
            if out != into:
                size = len(self.deck.section(section))
                self.reasons.append(
                    f"the plan takes {out} out of the {DECK_NAMES[section]} and puts {into} in: "
                    f"it would have {size - out + into} cards instead of {size} "
                    "(sizes must not change, rulebook 1.2.3)"
                )

    def result(self) -> Deck:
        def kept(section: Section) -> list[Slot]:
            gone = self.used[section]
            return [s for i, s in enumerate(self.deck.section(section)) if i not in gone]

        side = self.deck.side
        sections: dict[Section, list[Slot]] = {s: kept(s) for s in ("main", "extra", "side")}
        for index, target in self.moved_in:
            sections[target].append(side[index])
        for section, index in self.moved_out:
            sections["side"].append(self.deck.section(section)[index])
        fresh = {s: [Slot(slot.passcode, slot.text) for slot in v] for s, v in sections.items()}
        return Deck(source=self.deck.source, name=self.deck.name, **fresh)


def apply_plan(registered: Deck, plan: Plan, db: CardDB, strict: bool = False) -> Deck:
    """The registered deck with the plan's swaps made, or PlanRefused with every reason.

    With ``strict``, a passcode in the plan selects that printing only; otherwise any
    printing of the card may be moved (the exact one first).
    """
    run = _Apply(registered, db, strict)
    with budget_scope():  # one suggestion budget for the whole plan
        for i, item in enumerate(run.rejoin(plan.out)):
            run.take_out(item, f"out[{i + 1}]")
        for i, item in enumerate(run.rejoin(plan.into)):
            run.put_in(item, f"in[{i + 1}]")
    if not run.reasons:
        run.check_sizes()
    if run.reasons:
        raise PlanRefused(plan.source, run.reasons)
    return run.result()
