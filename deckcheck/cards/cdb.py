"""Read a YGOPro/EDOPro ``cards.cdb`` (SQLite tables ``datas`` and ``texts``) into Cards.

Only facts are read: ``texts.name`` and the ``datas`` columns. ``texts.desc`` is effect
text and is never read, so cdb cards carry no material structure; ``setcode`` numbers have
no names in the cdb, so archetypes stay empty.

Decisions:
- ``ot`` (scope bits): OCG 0x1 and TCG 0x2 become ``legality`` entries "ocg"/"tcg" with
  status "unlimited" where the card exists and "unreleased" where it does not (the cdb has
  no list status: banlists come from lflist files). Pre-release 0x100 makes both
  "unreleased". Speed 0x40 adds "speed". A card with none of OCG, TCG or Speed (anime,
  illegal, video game, custom) is marked ``illegal``. Rush Duel cards (ot 0x200/0x400 or
  the Maximum type bit) and Action cards are not OCG/TCG cards: they are skipped, and the
  import summary says how many. Rows that cannot be read faithfully (unknown race bits,
  Link rating unlike the arrows, two different Pendulum scales) are skipped with a reason.
- ``alias`` less than 20 from the id (EDOPro's artwork offset) is an alternate artwork: its
  passcode joins the aliased card (``passcodes = [original, alternates...]``). A farther
  alias to a card of the same name is also an alternate artwork (Dark Magician 36996508).
  Any other alias means "always treated as" the aliased card: its name keys become this
  card's rule names, from the same file or else from ``resolve`` (e.g. the bundled data).
- Link monsters keep the rating in ``level`` and the arrows in ``def``; Pendulum scales are
  packed in ``level`` (left scale in bits 24-31, right in 16-23, Level in 0-7); ATK/DEF -2
  is "?"; the Special-Summon-only type bit sets ``cannot_normal_summon``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck.cards.model import Card, Kind, Legality, Stat
from deckcheck.cards.schema import checked_card
from deckcheck.io.errors import DataError, InputError
from deckcheck.io.infile import require_file

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB

ARTWORK_OFFSET = 20

# type bits
MONSTER, SPELL, TRAP = 0x1, 0x2, 0x4
NORMAL, EFFECT, FUSION, RITUAL = 0x10, 0x20, 0x40, 0x80
SPIRIT, UNION, GEMINI, TUNER, SYNCHRO, TOKEN, MAXIMUM = (
    0x200, 0x400, 0x800, 0x1000, 0x2000, 0x4000, 0x8000,
)  # fmt: skip
QUICKPLAY, CONTINUOUS, EQUIP, FIELD, COUNTER = 0x10000, 0x20000, 0x40000, 0x80000, 0x100000
FLIP, TOON, XYZ, PENDULUM, SPSUMMON, LINK = (
    0x200000, 0x400000, 0x800000, 0x1000000, 0x2000000, 0x4000000,
)  # fmt: skip
SKILL, ACTION = 0x8000000, 0x10000000

# scope (ot) bits
OT_OCG, OT_TCG, OT_SPEED, OT_PRERELEASE, OT_RUSH, OT_LEGEND = 0x1, 0x2, 0x40, 0x100, 0x200, 0x400

RACES = {
    0x1: "warrior", 0x2: "spellcaster", 0x4: "fairy", 0x8: "fiend", 0x10: "zombie",
    0x20: "machine", 0x40: "aqua", 0x80: "pyro", 0x100: "rock", 0x200: "wingedbeast",
    0x400: "plant", 0x800: "insect", 0x1000: "thunder", 0x2000: "dragon", 0x4000: "beast",
    0x8000: "beastwarrior", 0x10000: "dinosaur", 0x20000: "fish", 0x40000: "seaserpent",
    0x80000: "reptile", 0x100000: "psychic", 0x200000: "divinebeast", 0x400000: "creatorgod",
    0x800000: "wyrm", 0x1000000: "cyberse", 0x2000000: "illusion",
}  # fmt: skip
ATTRIBUTES = {
    0x1: "earth", 0x2: "water", 0x4: "fire", 0x8: "wind", 0x10: "light", 0x20: "dark",
    0x40: "divine",
}  # fmt: skip
LINK_ARROWS = {
    0x1: "bottomleft", 0x2: "bottomcenter", 0x4: "bottomright", 0x8: "middleleft",
    0x20: "middleright", 0x40: "topleft", 0x80: "topcenter", 0x100: "topright",
}  # fmt: skip
FRAME_BITS = ((FUSION, "fusion"), (SYNCHRO, "synchro"), (XYZ, "xyz"), (LINK, "link"))
ABILITY_BITS = ((FLIP, "flip"), (GEMINI, "gemini"), (SPIRIT, "spirit"), (TOON, "toon"))
PROPERTY_BITS = (
    (QUICKPLAY, "quickplay"), (CONTINUOUS, "continuous"), (EQUIP, "equip"), (FIELD, "field"),
    (COUNTER, "counter"), (RITUAL, "ritual"),
)  # fmt: skip

Resolver = Callable[[int], tuple[str, ...] | None]


class BadRow(Exception):
    """A row that is not an OCG/TCG card or cannot be read; the message is the reason."""


@dataclass(frozen=True)
class Row:
    id: int
    ot: int
    alias: int
    type: int
    atk: int
    defense: int
    level: int
    race: int
    attribute: int
    name: str


@dataclass
class CdbRead:
    """What one cdb file gave: the cards and an account of every row."""

    source: Path
    rows: int = 0
    cards: list[Card] = field(default_factory=list)
    alternate_arts: int = 0
    treated_as: int = 0
    skipped: dict[int, str] = field(default_factory=dict)
    unresolved_aliases: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class ImportSummary:
    source: Path
    out_dir: Path
    rows: int
    cards: int
    alternate_arts: int
    treated_as: int
    skipped: dict[str, int]
    unresolved_aliases: tuple[int, ...]
    version: str

    def describe(self) -> str:
        lines = [
            f"imported {self.cards} cards from {self.rows} rows of {self.source.name} "
            f"into {self.out_dir} (version {self.version})",
            f"{self.alternate_arts} alternate artworks merged, "
            f"{self.treated_as} cards always treated as another",
        ]
        lines += [f"skipped {n}: {reason}" for reason, n in sorted(self.skipped.items())]
        if self.unresolved_aliases:
            codes = ", ".join(map(str, self.unresolved_aliases[:10]))
            lines.append(
                f"{len(self.unresolved_aliases)} aliases point to cards not found "
                f"(kept under their printed names): {codes}"
            )
        return "\n".join(lines)


# --- reading rows ------------------------------------------------------------------------


def read_rows(path: Path | str) -> list[Row]:
    """Every ``datas`` row with its name; InputError if the file is not a readable cdb."""
    path = Path(path)
    require_file(path, "cdb file")  # before SQLite opens it: a FIFO would block
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise InputError(f"cannot open {path} as SQLite: {exc}") from exc
    con.text_factory = bytes  # text is decoded here, to say what is not text
    try:
        query = "SELECT name FROM sqlite_master WHERE type='table'"
        tables = {r[0].decode("utf-8", "replace") for r in con.execute(query)}
        missing = {"datas", "texts"} - tables
        if missing:
            raise InputError(
                f"{path} is not a card database: no table {', '.join(sorted(missing))}"
            )
        cursor = con.execute(
            "SELECT d.id, d.ot, d.alias, d.type, d.atk, d.def, d.level, d.race, d.attribute, "
            "t.name FROM datas d LEFT JOIN texts t ON t.id = d.id ORDER BY d.id"
        )
        return [_row(path, raw) for raw in cursor]
    except sqlite3.Error as exc:
        raise InputError(f"cannot read {path} as a card database: {exc}") from exc
    except UnicodeDecodeError:  # SQLite's own message quoted bytes of a damaged schema
        raise InputError(f"cannot read {path} as a card database: damaged schema") from None
    finally:
        con.close()


def _row(path: Path, raw: tuple[Any, ...]) -> Row:
    numbers = [_int(path, v) for v in raw[:9]]
    name = raw[9] or b""
    if not isinstance(name, bytes):  # a number stored in the name column
        raise InputError(f"{path}: the name of card {numbers[0]} is not text")
    try:
        text = name.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise InputError(
            f"{path}: the name of card {numbers[0]} is not UTF-8 text "
            "(a damaged file or another encoding)"
        ) from None
    if any(ch < " " or "\x7f" <= ch <= "\x9f" for ch in text):
        raise InputError(f"{path}: the name of card {numbers[0]} holds control characters")
    return Row(*numbers, name=text)


def _int(path: Path, value: object) -> int:
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    shown = value[:20] if isinstance(value, bytes | str) else value
    raise InputError(f"{path}: expected a number in the datas table, found {shown!r}")


# --- one row to one card -----------------------------------------------------------------


def regions(ot: int) -> dict[str, Legality]:
    """Legality entries from the scope bits (see the module docstring)."""
    out: dict[str, Legality] = {}
    if ot & (OT_OCG | OT_TCG):
        for bit, region in ((OT_OCG, "ocg"), (OT_TCG, "tcg")):
            there = ot & bit and not ot & OT_PRERELEASE
            out[region] = Legality(status="unlimited" if there else "unreleased")
    if ot & OT_SPEED:
        out["speed"] = Legality(status="unlimited")
    return out


def _kind(row: Row) -> Kind:
    t = row.type
    if row.ot & (OT_RUSH | OT_LEGEND) or t & MAXIMUM:
        raise BadRow("Rush Duel card")
    if t & ACTION:
        raise BadRow("Action card")
    if t & SKILL:
        return "skill"
    if t & TOKEN:
        return "token"
    if t & MONSTER:
        return "monster"
    if t & SPELL:
        return "spell"
    if t & TRAP:
        return "trap"
    raise BadRow("no card type")


def _stat(value: int) -> Stat:
    if value == -2:
        return "?"
    if value < 0:
        raise BadRow(f"negative ATK/DEF {value}")
    return value


def _one(table: dict[int, str], bits: int, what: str) -> str | None:
    if bits == 0:
        return None
    if bits not in table:
        raise BadRow(f"unknown {what} bits {bits:#x}")
    return table[bits]


def _monster(row: Row) -> dict[str, Any]:
    t = row.type
    frames = [name for bit, name in FRAME_BITS if t & bit]
    if t & RITUAL:
        frames.insert(0, "ritual")
    if t & PENDULUM:
        frames.append("pendulum")
    classes = [
        n for b, n in ((NORMAL, "normal"), (EFFECT, "effect"), (PENDULUM, "pendulum")) if t & b
    ]
    if t & TUNER:
        classes.append("tuner")
    facts: dict[str, Any] = {
        "attribute": _one(ATTRIBUTES, row.attribute, "attribute"),
        "race": _one(RACES, row.race, "race"),
        "frames": tuple(frames),
        "classifications": tuple(classes),
        "abilities": tuple(name for bit, name in ABILITY_BITS if t & bit)
        + (("union",) if t & UNION else ()),
        "atk": _stat(row.atk),
        "cannot_normal_summon": bool(t & SPSUMMON),
    }
    level = row.level & 0xFF
    if t & LINK:
        arrows = tuple(name for bit, name in LINK_ARROWS.items() if row.defense & bit)
        if len(arrows) != level:
            raise BadRow(f"Link rating {level} but {len(arrows)} link arrows")
        facts["link_arrows"] = arrows
        return facts
    facts["defense"] = _stat(row.defense)
    facts["rank" if t & XYZ else "level"] = level
    if t & PENDULUM:
        left, right = (row.level >> 24) & 0xFF, (row.level >> 16) & 0xFF
        if left != right:
            raise BadRow(f"different Pendulum scales {left}/{right}")
        facts["scale"] = left
    return facts


def to_card(row: Row, passcodes: tuple[int, ...], rule_names: tuple[str, ...] = ()) -> Card:
    """A Card from one row; BadRow if the row is not an OCG/TCG card or is malformed."""
    if not row.name:
        raise BadRow("no name in texts")
    if not 0 < row.id < 1 << 63:
        raise BadRow(f"passcode {row.id} out of range")
    kind = _kind(row)
    facts: dict[str, Any] = {}
    if kind in ("monster", "token"):
        facts = _monster(row)
    elif kind in ("spell", "trap"):
        facts["spell_property"] = next(
            (name for bit, name in PROPERTY_BITS if row.type & bit), "normal"
        )
    legality = regions(row.ot)
    card = Card(
        uid=f"cdb:{passcodes[0]}",
        passcodes=passcodes,
        name=row.name,
        kind=kind,
        rule_names=rule_names,
        legality=legality,
        illegal=not legality,
        **facts,
    )
    return checked_card(card)


# --- the whole file ----------------------------------------------------------------------


def is_near_artwork(row: Row) -> bool:
    """An alias this close to the row's own id is an alternate artwork (a fact of the
    numbering, whatever the names say)."""
    return bool(row.alias) and row.alias != row.id and abs(row.alias - row.id) < ARTWORK_OFFSET


def is_artwork(row: Row, by_id: dict[int, Row]) -> bool:
    """A near alias, or a far one to a card of the same name."""
    if not row.alias or row.alias == row.id:
        return False
    if is_near_artwork(row):
        return True
    target = by_id.get(row.alias)
    return target is not None and target.name == row.name


def artwork_root(row: Row, by_id: dict[int, Row]) -> int:
    """The original passcode of an alternate artwork (following chains of artworks; in a
    damaged file whose artworks point at each other, the smallest id of the loop)."""
    seen = [row.id]
    code = row.alias
    while code not in seen and (nxt := by_id.get(code)) and is_artwork(nxt, by_id):
        seen.append(code)
        code = nxt.alias
    if code in seen:
        return min(seen[seen.index(code) :])
    return code


def _names_of(
    code: int, by_id: dict[int, Row], resolve: Resolver | None, depth: int = 0
) -> tuple[str, ...] | None:
    """The name keys of the card a "treated as" alias points to."""
    target = by_id.get(code)
    if target is not None and target.name:
        if target.alias and not is_artwork(target, by_id) and depth < 5:
            return _names_of(target.alias, by_id, resolve, depth + 1)
        return (target.name,)
    return resolve(code) if resolve else None


def load_cdb(path: Path | str, resolve: Resolver | None = None) -> CdbRead:
    """Read every row; merge alternate artworks; give "treated as" cards their rule names.

    An original and its artworks become one card with passcodes [original, artworks...],
    built from the first of those rows that is a readable card (the original if it is).
    ``resolve`` maps a passcode outside the file to that card's name keys.
    """
    rows = read_rows(path)
    result = CdbRead(source=Path(path), rows=len(rows))
    by_id = {row.id: row for row in rows}
    groups: dict[int, list[Row]] = {}
    for row in rows:
        root = artwork_root(row, by_id) if is_artwork(row, by_id) else row.id
        groups.setdefault(root, []).append(row)
    for root, members in groups.items():
        members.sort(key=lambda r: (r.id != root, r.id))
        codes = tuple(dict.fromkeys([root, *(r.id for r in members)]))
        card, problem = None, ""
        for row in members:
            try:
                card = to_card(row, codes, _rule_names(row, by_id, resolve, result))
                break
            except BadRow as exc:
                problem = problem or str(exc)
        if card is None:
            result.skipped.update((r.id, problem) for r in members)
            continue
        result.cards.append(card)
        result.alternate_arts += len(codes) - 1
        result.treated_as += bool(card.rule_names)
    result.cards.sort(key=lambda c: c.passcodes[0])
    return result


def _rule_names(
    row: Row, by_id: dict[int, Row], resolve: Resolver | None, result: CdbRead
) -> tuple[str, ...]:
    if not row.alias or is_artwork(row, by_id):
        return ()
    names = _names_of(row.alias, by_id, resolve)
    if names is None:
        if row.id not in result.unresolved_aliases:
            result.unresolved_aliases.append(row.id)
        return ()
    return () if names == (row.name,) else names


def read_cdb(path: Path | str, resolve: Resolver | None = None) -> list[Card]:
    """The cards of a cdb file (see ``load_cdb`` for the account of skipped rows)."""
    return load_cdb(path, resolve).cards


def db_resolver(db: CardDB) -> Resolver:
    """Name keys of passcodes found in ``db``, for aliases that point outside the file."""

    def resolve(code: int) -> tuple[str, ...] | None:
        card = db.get(code)
        return card.name_keys if card else None

    return resolve


def import_cdb(
    path: Path | str, out_dir: Path | str, db: CardDB | None = None, replace: bool = False
) -> ImportSummary:
    """Write the cards of a cdb file as a CardDB snapshot (cards.sqlite + manifest.json).

    "Treated as" aliases to cards outside the file are resolved through ``db`` (default:
    the card data in use, if any). An existing snapshot in ``out_dir`` is only replaced
    (as one unit, see ``write_snapshot``) when ``replace`` is true.
    """
    from deckcheck.cards.build import file_digest
    from deckcheck.cards.db import CardDB, is_snapshot_file, write_snapshot
    from deckcheck.io.outfile import check_replaceable

    path, out_dir = Path(path), Path(out_dir)
    require_file(path, "cdb file")  # the source first: its name may be no file name at all
    check_replaceable(out_dir, replace, is_snapshot_file)
    if db is None:
        try:
            db = CardDB.open()
        except DataError:
            db = None
    read = load_cdb(path, db_resolver(db) if db is not None else None)
    if not read.cards:
        raise InputError(f"{path} holds no OCG/TCG cards ({read.rows} rows)")
    manifest = write_snapshot(
        read.cards,
        out_dir,
        {
            "source": path.name,
            "source_format": "cdb",
            "source_sha256": file_digest(path),
            "cards": len(read.cards),
            "rows": read.rows,
            "skipped": {str(code): reason for code, reason in sorted(read.skipped.items())},
            "unresolved_aliases": read.unresolved_aliases,
        },
        replace=replace,
    )
    reasons: dict[str, int] = {}
    for reason in read.skipped.values():
        reasons[reason] = reasons.get(reason, 0) + 1
    return ImportSummary(
        source=path,
        out_dir=out_dir,
        rows=read.rows,
        cards=len(read.cards),
        alternate_arts=read.alternate_arts,
        treated_as=read.treated_as,
        skipped=reasons,
        unresolved_aliases=tuple(read.unresolved_aliases),
        version=str(manifest["version"]),
    )
