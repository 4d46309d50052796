"""The service's shared state: card data, formats, banlists, one Checker and the storage.

Built once per worker process. The API routes and the web pages both call these methods, and
these call the same library functions as the CLI, so a deck gets the same report from both.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from deckcheck.io.errors import InputError
from deckcheck.service.errors import ApiError
from deckcheck.service.settings import Settings

# unknown names are read loosely and get "did you mean" searches on the request's budget
# (deckcheck.service.suggestions); past this many a deck is refused outright
MAX_UNKNOWN_NAMES = 25
MAX_CAPPED_CHECKERS = 32

if TYPE_CHECKING:
    from deckcheck.banlist.model import Banlist
    from deckcheck.banlist.store import BanlistStore
    from deckcheck.cards.db import CardDB
    from deckcheck.decks.model import Deck
    from deckcheck.formats.model import Format
    from deckcheck.service.storage import Storage
    from deckcheck.validation import Checker
    from deckcheck.validation.report import Report


@dataclass
class Service:
    settings: Settings
    db: CardDB
    banlists: BanlistStore
    formats: dict[str, Format]
    checker: Checker
    storage: Storage
    # checkers for events with their own points cap, by (format, cap)
    _capped: dict[tuple[str, float], Checker] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def build(cls, settings: Settings) -> Service:
        from deckcheck.banlist.store import BanlistStore
        from deckcheck.cards.db import CardDB
        from deckcheck.formats.registry import formats_with_lists
        from deckcheck.service.storage import open_storage
        from deckcheck.validation import Checker

        db = CardDB.open(settings.cards)
        db.name_index()  # built before serving (and frozen with the rest), not by a request
        banlists = BanlistStore.open()
        formats = formats_with_lists(banlists)  # imported series are formats too
        checker = Checker(db, banlists, formats)
        return cls(settings, db, banlists, formats, checker, open_storage(settings.database_url))

    def close(self) -> None:
        self.storage.close()

    def format(self, format_id: str, status: int = 422) -> Format:
        found = self.formats.get(format_id.strip().lower())
        if found is None:
            known = ", ".join(sorted(self.formats))
            raise ApiError(status, f"unknown format {format_id!r}; known formats: {known}")
        return found

    def checker_for(self, format_id: str, points_cap: float | None) -> Checker:
        """The shared checker, or one whose format carries an event's own points cap."""
        if points_cap is None:
            return self.checker
        from deckcheck.validation import Checker

        key = (format_id, points_cap)
        with self._lock:  # registrations run in worker threads
            found = self._capped.get(key)
            if found is None:
                if len(self._capped) >= MAX_CAPPED_CHECKERS:  # events are created freely
                    self._capped.pop(next(iter(self._capped)))
                capped = self.format(format_id).replace(points_cap=points_cap)
                found = Checker(self.db, self.banlists, {**self.formats, format_id: capped})
                self._capped[key] = found
        return found

    def read_deck(self, data: bytes | str, source: str, codec: str | None = None) -> Deck:
        """A deck from request bytes or text in any codec the CLI reads (sniffed unless
        ``codec`` names one); unreadable input is a 400 with the codec's message."""
        from deckcheck.decks.codecs import decode_bytes, read_deck

        if isinstance(data, str):  # JSON text gets the same binary and encoding checks
            data = data.encode("utf-8", "surrogatepass")
        try:
            text = decode_bytes(data, source)
            deck = read_deck(text, self.db, source=source, fmt=codec)  # type: ignore[arg-type]
        except InputError as exc:
            raise ApiError(400, str(exc), "bad-deck") from None
        unknown = self.unknown_names(deck)
        if len(unknown) > MAX_UNKNOWN_NAMES:
            raise ApiError(
                400,
                f"{source}: {len(unknown)} card names are not in the card data (first: "
                f"{unknown[0]!r}); the service checks decks with at most {MAX_UNKNOWN_NAMES}",
                "bad-deck",
            )
        return deck

    @staticmethod
    def unknown_names(deck: Deck) -> list[str]:
        """Distinct names the card data does not know (each costs a "did you mean" search)."""
        from deckcheck.decks.model import SECTIONS

        found = [
            slot.text or ""
            for name in SECTIONS
            for slot in deck.section(name)
            if slot.passcode is None
        ]
        return list(dict.fromkeys(found)) if found else found

    def validate(
        self, deck: Deck, format_id: str, on: date | None, points_cap: float | None = None
    ) -> Report:
        fmt = self.format(format_id)
        return self.checker.check(deck, fmt.id, on, points_cap)

    def banlist(self, format_id: str, on: date) -> Banlist:
        fmt = self.format(format_id, status=404)
        found = self.banlists.for_format(fmt, on)
        if found is None:
            why = "has no Forbidden/Limited list" if not fmt.banlist else "had no list yet"
            raise ApiError(404, f"format {fmt.id} {why} on {on.isoformat()}", "no-banlist")
        return found

    def resolve_banlist(self, format_id: str, key: str) -> Banlist:
        """A list of the format's series by name ("2026.04") or date ("2026-04-15")."""
        fmt = self.format(format_id, status=404)
        if not fmt.banlist:
            raise ApiError(404, f"format {fmt.id} has no Forbidden/Limited list", "no-banlist")
        try:
            return self.banlists.resolve(fmt.banlist, key)
        except InputError as exc:
            raise ApiError(404, str(exc), "no-banlist") from None
