"""YAML and JSON decks: ``{name: ..., main: [...], extra: [...], side: [...]}``.

Items are passcodes (``89631139``), names or ``3 Name`` strings, or mappings such as
``{card: 89631139, count: 3}`` (``card`` may be a name; ``name`` beside a passcode is only a
label). A section may also be a mapping of card to count. YAML is read with the safe loader
after an event pass that bounds aliases and nodes, so alias bombs are refused; passcodes
are read as decimal even with leading zeros (YAML 1.1 would take ``01315120`` as octal).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from deckcheck.decks.common import (
    MAX_COPIES,
    MAX_INPUT_BYTES,
    CardLookup,
    DeckBuilder,
    parse_passcode,
    section_name,
)
from deckcheck.decks.model import SECTIONS, Deck
from deckcheck.decks.names import Entry, add_entry, parse_entry
from deckcheck.io.errors import InputError

MAX_ALIASES = 100
MAX_EVENTS = 20_000  # a 90-card deck written one item per card needs about 300
MAX_DEPTH = 20  # a deck needs 3; libyaml's composer recurses and can crash on deep input
_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_INT = "tag:yaml.org,2002:int"
_STR = "tag:yaml.org,2002:str"
_NULL = "tag:yaml.org,2002:null"
_DECIMAL = re.compile(r"[+-]?[0-9]+")
_CARD_KEYS = ("card", "passcode", "id", "name")
_COUNT_KEYS = ("count", "qty", "quantity", "copies")


def read_yaml(text: str, db: CardLookup | None, source: str = "<text>") -> Deck:
    node = compose_yaml(text, source)
    found = _duplicate(node)
    if found:
        raise InputError(_duplicate_message(source, *found))
    return _read_tree(node, db, source)


def read_json(text: str, db: CardLookup | None, source: str = "<text>") -> Deck:
    """Read JSON; line numbers come from a YAML view of the same text when it agrees.

    A key given twice in one object and a number too long to convert are errors with
    their line (``json.loads`` would keep the last key only, or fail with a ValueError).
    """
    _check_size(text, source)
    body = text.removeprefix("\ufeff")
    try:
        value = json.loads(body, object_pairs_hook=_unique_keys, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{source}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise InputError(f"{source}: JSON nested too deeply") from None
    except _HugeNumber as exc:
        raise InputError(
            f"{_at(source, _number_line(body, exc.digits))} a number of {exc.digits} digits; "
            "no passcode or count is that long"
        ) from None
    except _DuplicateKey as exc:
        node = _yaml_view(text)
        found = _duplicate(node) if node is not None else None
        key, line = found or (exc.key, None)
        raise InputError(_duplicate_message(source, key, line)) from None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # a \u escape for half a character: no key, name or card
        raise InputError(
            f"{_at(source, _surrogate_line(body))} the deck holds invalid Unicode text "
            "(a \\u escape for half a character)"
        ) from None
    return _read_tree(_json_nodes(text, value), db, source)


_LONE_SURROGATE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<![0-9a-fA-F]{2})\\u[dD][c-fC-F]"
)


def _surrogate_line(text: str) -> int | None:
    m = _LONE_SURROGATE.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else None


class _HugeNumber(Exception):
    def __init__(self, digits: int) -> None:
        self.digits = digits


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _json_int(digits: str) -> int:
    try:
        return int(digits)
    except ValueError:  # more digits than int() converts (4300 unless configured)
        raise _HugeNumber(len(digits.lstrip("-"))) from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return value


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?[0-9]+')


def _number_line(text: str, digits: int) -> int:
    """The line of the first number of ``digits`` digits outside strings (JSON text)."""
    for m in _JSON_TOKEN.finditer(text):
        if m[0][0] != '"' and len(m[0].lstrip("-")) == digits:
            return text.count("\n", 0, m.start()) + 1
    return 1


def _duplicate(node: Node) -> tuple[str, int | None] | None:
    """The first key given twice in one mapping of the tree, with its second line."""
    todo = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, MappingNode):
            seen: set[str] = set()
            for key, value in current.value:
                if isinstance(key, ScalarNode):
                    if key.value in seen:
                        return str(key.value), _line(key)
                    seen.add(key.value)
                todo.append(value)
        elif isinstance(current, SequenceNode):
            todo.extend(reversed(current.value))
    return None


def _duplicate_message(source: str, key: str, line: int | None) -> str:
    return f"{_at(source, line)} key '{_clip(key)}' given twice in one mapping; give each once"


def _at(source: str, line: int | None) -> str:
    return f"{source}: line {line}:" if line else f"{source}:"


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _yaml_view(text: str) -> Node | None:
    """The YAML node tree of JSON text, or None when YAML reads it otherwise."""
    # tabs only occur between tokens in valid JSON; YAML does not allow them there
    try:
        return compose_yaml(text.replace("\t", " "), "<json>")
    except (InputError, RecursionError):
        return None


def _json_nodes(text: str, value: Any) -> Node:
    node = _yaml_view(text)
    try:
        if node is not None and SafeConstructor().construct_document(node) == value:
            return node
    except (RecursionError, ValueError):
        pass
    try:
        return yaml.SafeDumper(None).represent_data(value)  # same shape, no line numbers
    except RecursionError:
        raise InputError("JSON nested too deeply") from None


def compose_yaml(text: str, source: str) -> Node:
    """The YAML node tree, refusing alias bombs, deep nesting, huge documents, bad syntax.

    The limits are checked on the event stream, before any node is built.
    """
    _check_size(text, source)
    text = text.removeprefix("\ufeff")
    try:
        _check_events(yaml.parse(text, Loader=_Loader), source)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" at line {mark.line + 1} column {mark.column + 1}" if mark else ""
        raise InputError(f"{source}: not valid YAML: {exc.problem or exc.context}{where}") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{source}: not valid YAML: {exc}") from None
    except RecursionError:
        raise InputError(f"{source}: YAML nested too deeply") from None
    except UnicodeEncodeError:  # libyaml takes UTF-8: half a character (a lone surrogate)
        raise InputError(f"{source}: the text holds invalid Unicode (half a character)") from None
    if node is None:
        raise InputError(f"{source}: the document is empty")
    return node


def _check_events(events: Iterator[yaml.Event], source: str) -> None:
    """Count entries as if every alias were expanded; refuse too many, or too deep."""
    aliases = expanded = 0
    sizes: dict[str, int] = {}  # anchor -> entries it expands to
    open_: list[tuple[str | None, int]] = []  # anchor and count at the start of each collection
    for event in events:
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            expanded += sizes.get(event.anchor or "", 1)
        else:
            expanded += 1
        if isinstance(event, _OPEN):
            open_.append((event.anchor, expanded))
        elif isinstance(event, _CLOSE) and open_:
            anchor, start = open_.pop()
            if anchor:
                sizes[anchor] = expanded - start + 1
        elif isinstance(event, yaml.ScalarEvent) and event.anchor:
            sizes[event.anchor] = 1
        if aliases > MAX_ALIASES:
            raise InputError(f"{source}: more than {MAX_ALIASES} YAML aliases; refusing it")
        if expanded > MAX_EVENTS:
            raise InputError(f"{source}: YAML aliases expand to too many entries; refusing it")
        if len(open_) > MAX_DEPTH:
            raise InputError(f"{source}: YAML nested more than {MAX_DEPTH} levels; refusing it")


def looks_structured(text: str) -> bool:
    """True when the text is a YAML mapping with a main/extra/side list or mapping."""
    try:
        node = compose_yaml(text, "<sniff>")
    except InputError:
        return False
    if not isinstance(node, MappingNode):
        return False
    return any(
        _section_key(key) in SECTIONS and isinstance(value, SequenceNode | MappingNode)
        for key, value in node.value
    )


def is_other_document(text: str) -> bool:
    """True when the text reads as a YAML/JSON mapping with no deck section key at all
    (a registration record, a side plan, a CI workflow); False for decks and for text
    that does not read, which a deck reader should then report."""
    try:
        node = compose_yaml(text.replace("\t", " "), "<sniff>")
    except (InputError, RecursionError):
        return False
    if not isinstance(node, MappingNode):
        return False
    return not any(_section_key(key) in SECTIONS for key, _ in node.value)


def _check_size(text: str, source: str) -> None:
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(f"{source}: larger than {MAX_INPUT_BYTES // 1024 // 1024} MB")


def _line(node: Node) -> int | None:
    mark = node.start_mark
    return mark.line + 1 if mark is not None else None


def _section_key(node: Node) -> str | None:
    return section_name(str(node.value)) if isinstance(node, ScalarNode) else None


def _read_tree(root: Node, db: CardLookup | None, source: str) -> Deck:
    if not isinstance(root, MappingNode):
        raise InputError(f"{source}: a deck must be a mapping with main, extra and side lists")
    build = DeckBuilder(source)
    for key_node, value in root.value:
        key = _section_key(key_node)
        if key in ("name", "title") and isinstance(value, ScalarNode):
            build.deck.name = str(value.value)
        elif key in SECTIONS:
            if key in build.seen:  # "main" and "main_deck" in one deck
                raise InputError(
                    f"{_at(source, _line(key_node))} the {key} section given twice (again as "
                    f"'{_clip(str(key_node.value))}'); give each section once"
                )
            build.switch(key)  # type: ignore[arg-type]
            _read_section(build, value, db)
        else:
            shown = key_node.value if isinstance(key_node, ScalarNode) else "?"
            build.problem(
                _line(key_node), f"unknown section '{shown}' (use main, extra, side)", whole=True
            )
    return build.finish(db, "no extra section")


def _read_section(build: DeckBuilder, node: Node, db: CardLookup | None) -> None:
    if isinstance(node, SequenceNode):
        for item in node.value:
            if build.full:
                return
            _read_item(build, item, db)
    elif isinstance(node, MappingNode):  # {card: count, ...}
        for card, count in node.value:
            if build.full:
                return
            _add(build, card, count, db)
    elif node.tag != _NULL:
        build.problem(_line(node), f"the {build.section} section must be a list of cards")


def _read_item(build: DeckBuilder, node: Node, db: CardLookup | None) -> None:
    if isinstance(node, ScalarNode):
        _add(build, node, None, db)
        return
    if not isinstance(node, MappingNode):
        build.problem(_line(node), "a card entry cannot be a list")
        return
    fields = {str(k.value).strip().lower(): v for k, v in node.value if isinstance(k, ScalarNode)}
    unknown = [k for k in fields if k not in _CARD_KEYS + _COUNT_KEYS]
    card = next((fields[k] for k in _CARD_KEYS if k in fields), None)
    count = next((fields[k] for k in _COUNT_KEYS if k in fields), None)
    if unknown or card is None or len(fields) != len(node.value):
        what = f"unknown key '{unknown[0]}'" if unknown else "no 'card'"
        build.problem(_line(node), f"cannot read card entry: {what}")
        return
    _add(build, card, count, db)


def _add(build: DeckBuilder, card: Node, count: Node | None, db: CardLookup | None) -> None:
    line = _line(card)
    copies = 1
    if count is not None:
        copies_or_why = _count(count)
        if isinstance(copies_or_why, str):
            build.problem(_line(count), copies_or_why)
            return
        copies = copies_or_why
    entry = _entry(card, db, with_count=count is None)
    if isinstance(entry, str):
        build.problem(line, entry)
        return
    add_entry(build, entry, line, copies)


def _count(node: Node) -> int | str:
    raw = str(node.value) if isinstance(node, ScalarNode) else "?"
    if not (isinstance(node, ScalarNode) and node.tag == _INT and _DECIMAL.fullmatch(raw)):
        return f"count '{raw}' is not a whole number"
    if len(raw) > 4 or not 0 < int(raw) <= MAX_COPIES:
        return f"count {raw} is not plausible (1 to {MAX_COPIES})"
    return int(raw)


def _entry(node: Node, db: CardLookup | None, with_count: bool) -> Entry | str:
    if not isinstance(node, ScalarNode):
        return "a card must be a passcode or a name"
    raw = str(node.value).strip()
    if node.tag == _INT:
        if not _DECIMAL.fullmatch(raw):
            return f"write passcodes as decimal numbers, not '{raw}'"
        passcode, why = parse_passcode(raw)
        return why or Entry(1, passcode, raw)
    if node.tag != _STR:
        return f"'{raw}' is not a card" if raw else "empty card entry"
    if db is None:
        passcode, why = parse_passcode(raw)
        if why:
            return f"'{raw}': reading card names needs the card data"
        return Entry(1, passcode, raw)
    entry = parse_entry(raw, db)
    if isinstance(entry, Entry) and not with_count and entry.count != 1:
        return f"'{raw}' gives a count twice"
    return entry


def document(deck: Deck, db: CardLookup | None) -> dict[str, Any]:
    """The deck as plain data: cards grouped by passcode (or unknown name) with counts."""
    doc: dict[str, Any] = {}
    if deck.name:
        doc["name"] = deck.name
    for section in SECTIONS:
        groups: dict[int | str, int] = {}
        for slot in deck.section(section):
            key: int | str = slot.passcode if slot.passcode is not None else slot.text or "?"
            groups[key] = groups.get(key, 0) + 1
        items = []
        for key, count in groups.items():
            item: dict[str, Any] = {"card": key, "count": count}
            card = db.get(key) if db is not None and isinstance(key, int) else None
            if card is not None:
                item["name"] = card.name
            items.append(item)
        doc[section] = items
    return doc


def write_json(deck: Deck, db: CardLookup | None) -> str:
    doc = document(deck, db)
    lines = ["{"]
    if "name" in doc:
        lines.append(f'  "name": {json.dumps(doc["name"], ensure_ascii=False)},')
    for index, section in enumerate(SECTIONS):
        comma = "," if index < len(SECTIONS) - 1 else ""
        items = [json.dumps(item, ensure_ascii=False) for item in doc[section]]
        if not items:
            lines.append(f'  "{section}": []{comma}')
            continue
        lines.append(f'  "{section}": [')
        lines.append(",\n".join(f"    {item}" for item in items))
        lines.append(f"  ]{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_yaml(deck: Deck, db: CardLookup | None) -> str:
    return yaml.safe_dump(
        document(deck, db),
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=None,
        width=10_000,
    )
