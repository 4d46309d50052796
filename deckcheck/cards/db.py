"""CardDB: the card snapshot as an indexed SQLite file, opened once and read lazily.

Checking one deck parses only the cards it names; names are looked up through an index
of normalised names in every language the data has.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck.cards.cache import BoundedCache
from deckcheck.cards.model import Card
from deckcheck.io.errors import DataError
from deckcheck.io.paths import card_data_dir, user_data_dir

if TYPE_CHECKING:
    from deckcheck.cards.suggest import NameIndex, Suggestions

SNAPSHOT = "cards.sqlite"
MANIFEST = "manifest.json"
# parsed cards kept (about 8 KB each; a deck names at most a few hundred), and passcodes
MAX_PARSED = 4096
MAX_PASSCODES = 16384

_SCHEMA = """
CREATE TABLE cards (id INTEGER PRIMARY KEY, uid TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE passcodes (passcode INTEGER PRIMARY KEY, card INTEGER NOT NULL);
CREATE TABLE names (norm TEXT NOT NULL, card INTEGER NOT NULL, rank INTEGER NOT NULL,
                    text TEXT NOT NULL);
CREATE TABLE name_keys (norm TEXT NOT NULL, card INTEGER NOT NULL);
CREATE INDEX names_norm ON names (norm);
CREATE INDEX name_keys_norm ON name_keys (norm);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


def _rank(card: Card, english: bool) -> int:
    """Lower wins when several cards share a name: real deck cards, English first."""
    rank = 0 if english else 1
    if card.kind in ("token", "skill"):
        rank += 4
    if not card.passcodes:
        rank += 2
    return rank


def is_snapshot_file(name: str) -> bool:
    """A file a snapshot folder may hold: its two files, or temporary files older versions
    of deckcheck left when killed (replacing the folder removes them)."""
    return name in (SNAPSHOT, MANIFEST) or name.startswith((".cards-", ".manifest-"))


def write_snapshot(
    cards: Iterable[Card | tuple[Card, Iterable[str]]],
    out_dir: Path,
    manifest: dict[str, Any],
    replace: bool = False,
) -> dict[str, Any]:
    """Write ``cards.sqlite`` and ``manifest.json`` as a new ``out_dir``, replacing the old
    one as one unit (``deckcheck.io.outfile.new_folder``); an existing snapshot is refused
    (InputError) unless ``replace``. Returns the manifest, with version, digest and date."""
    from deckcheck.io.errors import InputError
    from deckcheck.io.outfile import new_folder

    with new_folder(out_dir, force=replace, owns=is_snapshot_file) as fresh:
        try:
            return write_snapshot_files(cards, fresh, manifest)
        except (OSError, sqlite3.Error) as exc:  # a full disk, a folder made read-only
            raise InputError(f"cannot write the card data to {out_dir}: {exc}") from None


def write_snapshot_files(
    cards: Iterable[Card | tuple[Card, Iterable[str]]], folder: Path, manifest: dict[str, Any]
) -> dict[str, Any]:
    """Write the snapshot's two files into a new, empty ``folder``.

    ``cards`` items are Cards or (Card, extra look-up names). Adds version, digest and
    date to the manifest and returns it.
    """
    import hashlib

    from deckcheck.cards.names import normalize
    from deckcheck.io.outfile import write_new

    digest = hashlib.sha256()
    con = sqlite3.connect(folder / SNAPSHOT)
    try:
        con.executescript(_SCHEMA)
        claimed: set[int] = set()
        for row_id, item in enumerate(cards, start=1):
            card, aliases = item if isinstance(item, tuple) else (item, ())
            data = json.dumps(card.record(), ensure_ascii=False, separators=(",", ":"))
            digest.update(data.encode())
            con.execute("INSERT INTO cards VALUES (?, ?, ?)", (row_id, card.uid, data))
            for code in card.passcodes:
                if code in claimed:
                    raise DataError(f"passcode {code} belongs to two cards ({card.name})")
                claimed.add(code)
                con.execute("INSERT INTO passcodes VALUES (?, ?)", (code, row_id))
            texts = {(card.name, True)} | {(n, False) for n in card.names.values()}
            texts |= {(n, True) for n in aliases}
            for text, english in sorted(texts):
                con.execute(
                    "INSERT INTO names VALUES (?, ?, ?, ?)",
                    (normalize(text), row_id, _rank(card, english), text),
                )
            for key in card.name_keys:
                con.execute("INSERT INTO name_keys VALUES (?, ?)", (normalize(key), row_id))
        manifest = dict(manifest)
        manifest["digest"] = "sha256:" + digest.hexdigest()
        manifest["version"] = manifest.get("version") or f"cards-{digest.hexdigest()[:12]}"
        manifest.setdefault("built", date.today().isoformat())
        con.executemany(
            "INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in manifest.items()]
        )
        con.commit()
        con.execute("VACUUM")
    finally:
        con.close()
    (folder / SNAPSHOT).chmod(0o644)
    text = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
    write_new(folder / MANIFEST, text, force=True)
    return manifest


def default_snapshot() -> Path:
    """The user's updated snapshot if there is one, else the bundled one."""
    from deckcheck.io.outfile import recover

    user = user_data_dir() / "card_data" / SNAPSHOT
    if not user.is_file():
        # an update killed half-way leaves the previous data beside the folder
        recover(user.parent, restore_only=True)
    if user.is_file():
        return user
    return card_data_dir() / SNAPSHOT


class CardDB:
    """Look-ups by passcode and by name over one snapshot. Cards are parsed on first use."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._con = self._connect()
            self._meta = {
                k: json.loads(v) for k, v in self._con.execute("SELECT key, value FROM meta")
            }
        except sqlite3.Error as exc:
            raise DataError(f"cannot open card data {path}: {exc}") from exc
        self._lock = threading.Lock()
        # bounded, and only known passcodes are kept: a request may name any number of
        # unknown ones
        self._by_row: BoundedCache[int, Card] = BoundedCache(MAX_PARSED)
        self._by_code: BoundedCache[int, int] = BoundedCache(MAX_PASSCODES)
        self._names: NameIndex | None = None
        self._names_lock = threading.Lock()

    def _connect(self) -> sqlite3.Connection:
        self._pid = os.getpid()
        uri = f"file:{self.path}?mode=ro&immutable=1"
        return sqlite3.connect(uri, uri=True, check_same_thread=False)

    @classmethod
    def open(cls, path: Path | str | None = None) -> CardDB:
        target = Path(path) if path else default_snapshot()
        if not target.exists():
            from deckcheck.io.outfile import recover

            # a snapshot swap killed half-way leaves the previous folder beside it
            folder = target.parent if target.name == SNAPSHOT else target
            recover(folder, restore_only=True)
        if target.is_dir():
            target = target / SNAPSHOT
        if not target.is_file():
            raise DataError(f"card data not found at {target}; run 'deckcheck cards build'")
        return cls(target)

    @property
    def version(self) -> str:
        return str(self._meta.get("version", "unknown"))

    @property
    def manifest(self) -> dict[str, Any]:
        return dict(self._meta)

    def _query(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._lock:
            if self._pid != os.getpid():
                # a forked worker: SQLite connections must not cross fork, the parsed
                # cards may (they are plain immutable data)
                self._con = self._connect()
            return self._con.execute(sql, args).fetchall()

    def _card(self, row_id: int, data: str | None = None) -> Card:
        card = self._by_row.get(row_id)
        if card is None:
            if data is None:
                data = self._query("SELECT data FROM cards WHERE id = ?", (row_id,))[0][0]
            card = Card.from_record(json.loads(data))
            self._by_row[row_id] = card
        return card

    def get(self, passcode: int) -> Card | None:
        """The card with this passcode (alternate artworks give the same card)."""
        row = self._by_code.get(passcode)
        if row is not None:
            card = self._by_row.get(row)
            if card is not None:
                return card
        if not 0 < passcode < 1 << 63:
            return None
        rows = self._query(
            "SELECT c.id, c.data FROM passcodes p JOIN cards c ON c.id = p.card "
            "WHERE p.passcode = ?",
            (passcode,),
        )
        if not rows:
            return None
        self._by_code[passcode] = rows[0][0]
        return self._card(rows[0][0], rows[0][1])

    def below(self, passcode: int, span: int) -> Card | None:
        """The known card with the highest passcode in ``passcode - span`` .. ``passcode - 1``
        (one range query; nothing is kept)."""
        if not 0 < passcode < 1 << 63:
            return None
        rows = self._query(
            "SELECT card FROM passcodes WHERE passcode < ? AND passcode >= ? "
            "ORDER BY passcode DESC LIMIT 1",
            (passcode, passcode - span),
        )
        return self._card(rows[0][0]) if rows else None

    def find(self, name: str) -> Card | None:
        """The card with this exact name in any language (normalised), best match first."""
        found = self.find_all(name)
        return found[0] if found else None

    def find_all(self, name: str) -> list[Card]:
        from deckcheck.cards.names import normalize

        rows = self._query(
            "SELECT DISTINCT card, MIN(rank) AS r FROM names WHERE norm = ? "
            "GROUP BY card ORDER BY r, card",
            (normalize(name),),
        )
        return [self._card(row[0]) for row in rows]

    def with_name_key(self, key: str) -> list[Card]:
        """Every card whose deck-construction name keys include ``key``."""
        from deckcheck.cards.names import normalize

        rows = self._query(
            "SELECT card FROM name_keys WHERE norm = ? ORDER BY card", (normalize(key),)
        )
        return [self._card(row[0]) for row in rows]

    def name_index(self) -> NameIndex:
        """Every look-up name, normalised; built on first use (or by the service at start)."""
        if self._names is None:
            from deckcheck.cards.suggest import NameIndex

            with self._names_lock:
                if self._names is None:
                    rows = self._query("SELECT norm, text, card, rank FROM names", ())
                    self._names = NameIndex(rows)
        return self._names

    def find_loose(self, name: str) -> Card | None:
        """The one card whose name matches blind to punctuation, spaces, hyphens and
        articles ("Blue Eyes White Dragon"); None when no card or several cards do."""
        row = self.name_index().loose(name)
        return None if row is None else self._card(row)

    def suggest(self, name: str, limit: int = 3) -> Suggestions:
        """Close names for "did you mean", charged to the suggestion budget in force
        (``deckcheck.cards.suggest``): empty and ``skipped`` once it is spent."""
        from deckcheck.cards.suggest import budget_scope

        with budget_scope() as budget:
            return self.name_index().suggest(name, limit, budget)

    def all_cards(self) -> Iterator[Card]:
        for row_id, data in self._query("SELECT id, data FROM cards ORDER BY id", ()):
            yield self._card(row_id, data)

    def __len__(self) -> int:
        return int(self._query("SELECT COUNT(*) FROM cards", ())[0][0])
