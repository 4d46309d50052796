"""Tournament registration: the deck a player registered for an event, and checks of the
deck they present against it.

A registration record holds the player, event, format and date, the canonical deck
(sections with passcodes and counts), its digest and the deckcheck and card-data versions,
and (record format 2) a seal: the SHA-256 of every other field, so that an edit to any of
them is refused. Records of format 1 (no seal, a deck digest of 32 hex digits) still verify;
only their deck is protected.
``register`` refuses an invalid deck; ``verify`` checks a presented deck: the same 75 in
other sections is a sided deck (side rules, rulebook 1.2.3), other cards are a
``registration-mismatch`` (DC603).
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections import Counter
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field, ValidationError

from deckcheck import __version__
from deckcheck.decks.model import SECTIONS, Deck, Section
from deckcheck.event.side import changes, default_checker, summary, swap_violations, with_violations
from deckcheck.io.errors import DeckcheckError, InputError
from deckcheck.io.infile import read_bytes, read_text
from deckcheck.validation.report import Report

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB
    from deckcheck.validation import Checker

KIND = "deckcheck-registration"
MAX_RECORD_BYTES = 1024 * 1024
RECORD_FORMAT = 2
SHORT_DIGEST = len("sha256:") + 32  # record format 1 kept the first 32 hex digits
# invisible in a name besides format characters (zero-width, soft hyphen: category Cf):
# the combining grapheme joiner, Hangul fillers, variation selectors
_INVISIBLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, *range(0x180B, 0x1810), *range(0xFE00, 0xFE10)]
)


def player_name(name: str) -> str:
    """A name as registered: invisible characters removed, NFKC (full-width letters and
    other compatibility forms as plain ones), white space collapsed."""
    visible = "".join(
        ch for ch in name if unicodedata.category(ch) != "Cf" and ord(ch) not in _INVISIBLE
    )
    return " ".join(unicodedata.normalize("NFKC", visible).split())


def name_key(name: str) -> str:
    """Names that differ only in case, width, spacing or invisible characters are one."""
    return unicodedata.normalize("NFKC", player_name(name).casefold())


class RegistrationRefused(DeckcheckError):
    """The deck is not valid for the event; ``report`` says why."""

    def __init__(self, report: Report) -> None:
        self.report = report
        problems = sum(1 for v in report.violations if v.severity == "error")
        super().__init__(
            f"{report.deck.source} is not valid for {report.format.id} on "
            f"{report.format.date} ({problems} problem{'s' if problems != 1 else ''}); "
            "not registered"
        )


class Entry(BaseModel):
    passcode: int = Field(gt=0)
    count: int = Field(gt=0, le=99)
    name: str | None = None


class Sections(BaseModel):
    main: list[Entry] = Field(default_factory=list)
    extra: list[Entry] = Field(default_factory=list)
    side: list[Entry] = Field(default_factory=list)

    def section(self, name: Section) -> list[Entry]:
        return getattr(self, name)


class Registration(BaseModel):
    kind: Literal["deckcheck-registration"] = KIND
    schema_version: Literal[1, 2] = RECORD_FORMAT
    player: str = Field(min_length=1, max_length=200)
    event: str | None = Field(default=None, max_length=200)
    format: str
    date: date
    banlist: str | None = None
    sizes: dict[Section, int]
    deck: Sections
    digest: str
    source: str | None = None
    registered_at: datetime
    deckcheck_version: str
    card_data_version: str
    # format 2: seal_of() the record's other fields
    seal: str | None = None

    def matches(self, deck: Deck) -> bool:
        """Is this the registered deck (its digest in the record's own format)?"""
        found = deck.digest()
        return (found if self.schema_version >= 2 else found[:SHORT_DIGEST]) == self.digest

    def sealed(self) -> Registration:
        """The record with its seal (format 2)."""
        record = self.model_copy(update={"schema_version": RECORD_FORMAT, "seal": None})
        return record.model_copy(update={"seal": seal_of(record.model_dump(mode="json"))})

    def to_deck(self) -> Deck:
        """The registered deck (canonical order: by passcode within each section)."""
        codes = {
            s: [e.passcode for e in self.deck.section(s) for _ in range(e.count)] for s in SECTIONS
        }
        return Deck.from_passcodes(
            codes["main"], codes["extra"], codes["side"], source=f"registration of {self.player}"
        )

    def to_json(self) -> str:
        return self.model_dump_json(indent=2) + "\n"


def seal_of(data: dict[str, object]) -> str:
    """The SHA-256 of a record's fields but the seal, as canonical JSON (sorted keys)."""
    fields = {k: v for k, v in data.items() if k != "seal"}
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def canonical(deck: Deck, db: CardDB) -> Sections:
    """Each section as sorted (passcode, count, name) entries; unknown slots are left out
    (a deck with unknown cards is never registered)."""

    def entries(section: Section) -> list[Entry]:
        counts = Counter(deck.passcodes(section))
        out = []
        for code, n in sorted(counts.items()):
            card = db.get(code)
            out.append(Entry(passcode=code, count=n, name=card.name if card else None))
        return out

    return Sections(**{s: entries(s) for s in SECTIONS})


def register(
    deck: Deck,
    db: CardDB,
    player: str,
    format_id: str = "tcg",
    on: date | None = None,
    event: str | None = None,
    checker: Checker | None = None,
) -> Registration:
    """A registration record for a valid deck; RegistrationRefused (with the report) if the
    deck is not valid for the format on the event date."""
    player = player_name(player)
    if not player:
        raise InputError("a registration needs the player's name")
    report = default_checker(db, checker).check(deck, format_id, on)
    if not report.valid:
        raise RegistrationRefused(report)
    record = Registration(
        player=player,
        event=" ".join(event.split()) if event else None,
        format=report.format.id,
        date=date.fromisoformat(report.format.date),
        banlist=report.format.banlist,
        sizes=deck.sizes(),
        deck=canonical(deck, db),
        digest=deck.digest(),
        source=deck.source,
        registered_at=datetime.now(UTC).replace(microsecond=0),
        deckcheck_version=__version__,
        card_data_version=db.version,
    )
    return record.sealed()


def read_registration(text: str, source: str = "<registration>") -> Registration:
    """Parse a record and check that nothing in it was edited: its seal matches its fields
    (format 2) and its digest and sizes match its deck."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source} is not JSON: {exc.msg} (line {exc.lineno})") from None
    except ValueError:  # int() refuses a number of more than 4,300 digits
        raise InputError(f"{source}: a number of thousands of digits; not a record") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise InputError(f"{source} is not a deckcheck registration record")
    try:
        record = Registration.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InputError(f"{source}: bad registration record: {where}: {first['msg']}") from None
    if record.schema_version >= 2 and data.get("seal") != seal_of(data):
        raise InputError(
            f"{source}: the record's seal does not match its fields; "
            "the record was changed after registration"
        )
    deck = record.to_deck()
    if not record.matches(deck) or deck.sizes() != record.sizes:
        raise InputError(
            f"{source}: the record's digest or sizes do not match its deck; "
            "the record was changed after registration"
        )
    return record


def load_registration(path: str | Path) -> Registration:
    text = read_text(path, MAX_RECORD_BYTES, "registration record")
    return read_registration(text, str(path))


def is_registration(path: str | Path) -> bool:
    """A cheap test used to accept either a record or a deck file as "the registered deck"."""
    target = Path(path)
    if target.suffix.lower() != ".json":
        return False
    try:
        head = read_bytes(target, MAX_RECORD_BYTES, "registration record")[:4096]
    except InputError:
        return False
    return KIND.encode() in head


def verify(
    record: Registration,
    deck: Deck,
    db: CardDB,
    strict: bool = False,
    checker: Checker | None = None,
) -> Report:
    """The presented deck checked as a deck for the record's format and date, then against
    the registration: other cards are DC603, a sided deck gets the side rules."""
    report = default_checker(db, checker).check(deck, record.format, record.date)
    registered = record.to_deck()
    found = swap_violations(registered, deck, db, strict, cards_rule="registration-mismatch")
    who = record.player + (f" for {record.event}" if record.event else "")
    if record.matches(deck):
        note = f"matches the registration of {who} ({record.digest})"
    else:
        moved = summary(changes(registered, deck, db, strict))
        note = f"differs from the registration of {who}: {moved}"
    return with_violations(report, found, [note])


def registered_deck(source: str, db: CardDB) -> tuple[Deck, Registration | None]:
    """The registered deck from a registration record or from a plain deck file."""
    if is_registration(source):
        record = load_registration(source)
        return record.to_deck(), record
    from deckcheck.decks.codecs import load_deck

    return load_deck(source, db), None
