"""Card categories and conditions from a YAML file, validated strictly.

::

    categories:
      starters:
        - Sky Striker Mobilization - Engage!      # a card name (any language)
        - 63166095                                # a passcode
        - {archetype: Sky Striker Ace, kind: monster}   # a filter: every field must match
      bricks:
        - {kind: monster, level: [7, 8]}          # a list means any of these values
    conditions:
      good opener: 1+ starters and 0 bricks

Names and passcodes select cards by name key, so alternate artworks and cards "always
treated as" the same name belong together. Filter fields: kind, attribute, race, level,
archetype, frame, property (of spells and traps), in the filter language the engine's
materials and the card pool rules share (cards/filters.py: ``frame: effect`` is every
Effect Monster, Ritual and Pendulum ones included).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from deckcheck.cards.db import CardDB
from deckcheck.cards.filters import FRAME_WORDS, KINDS, Filter, Term, fold, traits
from deckcheck.cards.model import Card
from deckcheck.cards.names import normalize
from deckcheck.cards.suggest import budget_scope
from deckcheck.io import yamlsafe
from deckcheck.io.errors import InputError
from deckcheck.io.infile import read_text
from deckcheck.stats.conditions import Condition, parse_condition

MAX_BYTES = 256 * 1024
MAX_CATEGORIES = 50
MAX_ENTRIES = 500
MAX_CONDITIONS = 50
MAX_NAME = 60

RACES = (
    *("aqua", "beast", "beastwarrior", "creatorgod", "cyberse", "dinosaur", "divinebeast"),
    *("dragon", "fairy", "fiend", "fish", "illusion", "insect", "machine", "plant", "psychic"),
    *("pyro", "reptile", "rock", "seaserpent", "spellcaster", "thunder", "warrior"),
    *("wingedbeast", "wyrm", "zombie"),
)
VOCABULARY: dict[str, tuple[str, ...]] = {
    "kind": KINDS,
    "attribute": ("dark", "light", "earth", "water", "fire", "wind", "divine"),
    "race": RACES,
    "frame": FRAME_WORDS,
    "property": ("normal", "continuous", "equip", "field", "quickplay", "ritual", "counter"),
}
FIELDS = (*VOCABULARY, "level", "archetype")


@dataclass(frozen=True)
class Category:
    name: str
    keys: frozenset[str]  # name keys of the cards listed by name or passcode
    filters: tuple[Filter, ...] = ()

    def matches(self, card: Card) -> bool:
        if not self.keys.isdisjoint(card.name_keys):
            return True
        if not self.filters:
            return False
        t = traits(card)
        return any(f.matches(t) for f in self.filters)

    def archetypes(self) -> set[str]:
        return {
            a for f in self.filters for x in f.terms if x.field == "archetype" for a in x.values
        }


@dataclass(frozen=True)
class NamedCondition:
    name: str
    condition: Condition

    @property
    def expression(self) -> str:
        return self.condition.text()


@dataclass(frozen=True)
class CategorySet:
    categories: tuple[Category, ...] = ()
    conditions: tuple[NamedCondition, ...] = ()
    source: str = "<memory>"

    def check_archetypes(self, seen: Iterable[Card], db: CardDB) -> None:
        """Archetypes no deck card has must at least exist in the card data."""
        wanted = {a for c in self.categories for a in c.archetypes()}
        present = {a.casefold() for card in seen for a in card.archetypes}
        missing = wanted - present
        if not missing:
            return
        known = _archetypes(db)
        problems = []
        for name in sorted(missing - set(known)):
            hints = get_close_matches(name, list(known), n=3, cutoff=0.6)
            hint = f" (did you mean {', '.join(known[h] for h in hints)}?)" if hints else ""
            problems.append(f"archetype {name!r} is not in the card data{hint}")
        if problems:
            raise InputError(f"{self.source}: " + "; ".join(problems))


_ARCHETYPES: dict[tuple[str, str], dict[str, str]] = {}


def _archetypes(db: CardDB) -> dict[str, str]:
    """Every archetype in the card data (casefolded -> as written); one scan per process."""
    key = (str(db.path), db.version)
    if key not in _ARCHETYPES:
        _ARCHETYPES[key] = {a.casefold(): a for card in db.all_cards() for a in card.archetypes}
    return _ARCHETYPES[key]


def load_categories(path: Path | str, db: CardDB) -> CategorySet:
    """Read and validate a categories file. Raises InputError listing every problem."""
    text = read_text(path, MAX_BYTES, "categories file")
    return parse_categories(text, db, source=str(path))


def parse_categories(text: str, db: CardDB, source: str = "<memory>") -> CategorySet:
    if len(text.encode()) > MAX_BYTES:
        raise InputError(f"{source}: categories text larger than {MAX_BYTES // 1024} KiB")
    data = yamlsafe.load(text, source)
    problems: list[str] = []
    with budget_scope():  # one "did you mean" budget for the whole file
        result = _build(data, db, source, problems)
    if problems:
        listed = "\n".join(f"  - {p}" for p in problems)
        raise InputError(f"{source}: {len(problems)} problem(s) in the categories file:\n{listed}")
    return result


def _build(data: Any, db: CardDB, source: str, problems: list[str]) -> CategorySet:
    if not isinstance(data, dict):
        problems.append("the file must be a mapping with 'categories' (and 'conditions')")
        return CategorySet(source=source)
    for key in data:
        if key not in ("categories", "conditions"):
            problems.append(f"unknown top-level key {key!r} (expected categories, conditions)")
    raw_categories = data.get("categories")
    if not isinstance(raw_categories, dict) or not raw_categories:
        problems.append("'categories' must map each category name to a list of cards")
        return CategorySet(source=source)
    if len(raw_categories) > MAX_CATEGORIES:
        problems.append(f"more than {MAX_CATEGORIES} categories")
        return CategorySet(source=source)
    categories = []
    seen: set[str] = set()
    for name, entries in raw_categories.items():
        label = _category_name(name, problems)
        if label is None:
            continue
        if label.casefold() in seen:
            problems.append(f"category {label!r} is defined twice (names ignore case)")
            continue
        seen.add(label.casefold())
        categories.append(_category(label, entries, db, problems))
    conditions = _conditions(data.get("conditions"), [c.name for c in categories], problems)
    return CategorySet(tuple(categories), tuple(conditions), source)


def _category_name(name: Any, problems: list[str]) -> str | None:
    if not isinstance(name, str) or not name.strip():
        problems.append(f"category name {name!r} must be a non-empty text")
        return None
    label = " ".join(name.split())
    if len(label) > MAX_NAME or '"' in label:
        shown = label[:MAX_NAME]
        problems.append(f"category name {shown!r}: over {MAX_NAME} characters or has '\"'")
        return None
    return label


def _category(name: str, entries: Any, db: CardDB, problems: list[str]) -> Category:
    where = f"category {name!r}"
    if not isinstance(entries, list) or not entries:
        problems.append(f"{where}: give a non-empty list of card names, passcodes or filters")
        return Category(name, frozenset())
    if len(entries) > MAX_ENTRIES:
        problems.append(f"{where}: more than {MAX_ENTRIES} entries")
        return Category(name, frozenset())
    keys: set[str] = set()
    filters = []
    for position, entry in enumerate(entries, start=1):
        at = f"{where}, entry {position}"
        if isinstance(entry, dict):
            found = _filter(entry, at, problems)
            if found is not None:
                filters.append(found)
            continue
        keys.update(_name_keys(entry, at, db, problems))
    return Category(name, frozenset(keys), tuple(filters))


def _name_keys(entry: Any, at: str, db: CardDB, problems: list[str]) -> tuple[str, ...]:
    """The name keys a card name, a passcode or a name only held by rule stands for."""
    if isinstance(entry, bool) or not isinstance(entry, int | str):
        problems.append(f"{at}: expected a card name, a passcode or a filter, got {entry!r}")
        return ()
    text = str(entry).strip()
    if text.isdigit():
        card = db.get(int(text))
        if card is None:
            problems.append(f"{at}: no card has passcode {text}")
        return card.name_keys if card else ()
    card = db.find(text) if text else None
    if card is not None:
        return card.name_keys
    holders = db.with_name_key(text) if text else []  # e.g. "Legendary Dragon Timaeus"
    for key in holders[0].name_keys if holders else ():
        if normalize(key) == normalize(text):
            return (key,)
    hints = db.suggest(text) if text else []
    hint = f" (did you mean {', '.join(repr(h) for h in hints)}?)" if hints else ""
    problems.append(f"{at}: unknown card name {text!r}{hint}")
    return ()


def _filter(entry: dict[Any, Any], at: str, problems: list[str]) -> Filter | None:
    if not entry:
        problems.append(f"{at}: an empty filter would match every card")
        return None
    fields = []
    ok = True
    for field, value in entry.items():
        if field not in FIELDS:
            problems.append(f"{at}: unknown filter field {field!r} (fields: {', '.join(FIELDS)})")
            ok = False
            continue
        values = value if isinstance(value, list) else [value]
        allowed = _values(field, values, f"{at}, {field}", problems)
        if allowed is None:
            ok = False
        else:
            fields.append(Term(field, allowed))
    return Filter(tuple(fields)) if ok else None


def _values(field: str, values: list[Any], at: str, problems: list[str]) -> frozenset | None:
    if not values or len(values) > MAX_ENTRIES:
        problems.append(f"{at}: give one value or a list of 1 to {MAX_ENTRIES} values")
        return None
    if field == "level":
        if not all(type(v) is int and 0 <= v <= 13 for v in values):
            problems.append(f"{at}: levels are whole numbers 0 to 13, got {values!r}")
            return None
        return frozenset(values)
    if not all(isinstance(v, str) and v.strip() for v in values):
        problems.append(f"{at}: expected text values, got {values!r}")
        return None
    if field == "archetype":
        return frozenset(v.strip().casefold() for v in values)
    allowed = VOCABULARY[field]
    folded = [fold(v) for v in values]
    bad = [v for v, f in zip(values, folded, strict=True) if f not in allowed]
    if bad:
        problems.append(
            f"{at}: unknown value(s) {', '.join(map(repr, bad))} (one of: {', '.join(allowed)})"
        )
        return None
    return frozenset(folded)


def _conditions(raw: Any, names: list[str], problems: list[str]) -> list[NamedCondition]:
    if raw is None:
        return []
    if not isinstance(raw, dict):
        problems.append("'conditions' must map each condition name to an expression")
        return []
    if len(raw) > MAX_CONDITIONS:
        problems.append(f"more than {MAX_CONDITIONS} conditions")
        return []
    found = []
    for name, expression in raw.items():
        if not isinstance(name, str) or not name.strip() or len(name) > 2 * MAX_NAME:
            problems.append(
                f"condition name {name!r} must be a text of 1 to {2 * MAX_NAME} characters"
            )
            continue
        if not isinstance(expression, str):
            problems.append(f"condition {name!r}: expected a text such as '1+ starters'")
            continue
        try:
            found.append(NamedCondition(name.strip(), parse_condition(expression, names)))
        except InputError as exc:
            problems.append(str(exc))
    return found
