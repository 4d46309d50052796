"""A printable deck registration sheet (PDF) in the layout of the official ones: player and
event fields, Monster/Spell/Trap columns for the Main Deck, Side and Extra Deck lists, each
with quantities, names and totals that deckcheck computes (adding up by hand is a common
source of penalties)."""

from __future__ import annotations

import importlib.util
import os
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck import __version__
from deckcheck.decks.model import Deck, Section
from deckcheck.io.errors import DeckcheckError, InputError
from deckcheck.report.fonts import font_with, needed, searched
from deckcheck.report.render import counted

if TYPE_CHECKING:
    from fpdf import FPDF

    from deckcheck.cards.db import CardDB

FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",
    "/Library/Fonts",
)
PAGE_W, PAGE_H, MARGIN = 210.0, 297.0, 10.0
MAX_DECK_BYTES = 1024 * 1024
MAX_LINES = 500


@dataclass
class Group:
    """One printed list: (quantity, name) lines in deck order and their total."""

    title: str
    lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(n for n, _ in self.lines)

    def add(self, name: str) -> None:
        for i, (n, known) in enumerate(self.lines):
            if known == name:
                self.lines[i] = (n + 1, name)
                return
        self.lines.append((1, name))


@dataclass
class SheetData:
    monsters: Group
    spells: Group
    traps: Group
    side: Group
    extra: Group

    @property
    def main_total(self) -> int:
        return self.monsters.total + self.spells.total + self.traps.total


def sheet_data(deck: Deck, db: CardDB, language: str | None = None) -> SheetData:
    """The sheet's lists. Printings of one card share a line; unknown cards are refused.
    Names are in ``language`` (a code of the card data: ja, ko, zh-CN...) where the card
    has one, else in English."""
    data = SheetData(
        Group("Monster Cards"),
        Group("Spell Cards"),
        Group("Trap Cards"),
        Group("Side Deck"),
        Group("Extra Deck"),
    )
    unknown: list[str] = []
    targets: dict[Section, Group] = {"side": data.side, "extra": data.extra}
    for section in ("main", "extra", "side"):
        for slot in deck.section(section):
            card = db.get(slot.passcode) if slot.passcode is not None else None
            if card is None:
                unknown.append(slot.text or str(slot.passcode))
                continue
            name = card.names.get(language, card.name) if language else card.name
            if section == "main":
                kind = {"spell": data.spells, "trap": data.traps}.get(card.kind, data.monsters)
                kind.add(name)
            else:
                targets[section].add(name)
    if unknown or deck.problems:
        what = ", ".join(dict.fromkeys(unknown)) or counted(len(deck.problems), "unreadable line")
        raise InputError(f"{deck.source}: cannot print a sheet with unknown cards: {what}")
    return data


def language_of(path: str, db: CardDB) -> str | None:
    """The language a name-list deck file is written in: the one whose card names most of
    its cards are given in. None for English, passcodes (ydk, ydke), a mixed list, or
    anything that is not a readable file."""
    from collections import Counter

    from deckcheck.cards.names import normalize
    from deckcheck.decks.names import Entry, parse_entry
    from deckcheck.io.infile import read_text

    if path in ("-", "") or "://" in path:
        return None
    try:
        text = read_text(path, MAX_DECK_BYTES, "deck file")
    except DeckcheckError:
        return None
    votes: Counter[str] = Counter()
    named = 0
    for line in text.splitlines()[:MAX_LINES]:
        entry = parse_entry(line, db) if line.strip() else None
        card = db.get(entry.passcode) if isinstance(entry, Entry) and entry.passcode else None
        if card is None:
            continue
        named += 1
        written = normalize(entry.name)  # type: ignore[union-attr]
        if normalize(card.name) != written:
            votes.update(lang for lang, name in card.names.items() if normalize(name) == written)
    if not votes:
        return None
    language, count = votes.most_common(1)[0]
    return language if 2 * count > named else None


def _font_files() -> tuple[Path, Path] | None:
    """A Unicode TTF (regular, bold): $DECKCHECK_FONT, DejaVu Sans on the system, or the copy
    matplotlib ships. None: fall back to the PDF core font (Latin-1 only)."""
    env = os.environ.get("DECKCHECK_FONT")
    if env:
        path = Path(env)
        if not path.is_file():
            raise InputError(f"DECKCHECK_FONT={env} is not a font file")
        bold = path.with_name(path.stem + "-Bold" + path.suffix)
        return path, bold if bold.is_file() else path
    dirs = [Path(d) for d in FONT_DIRS]
    spec = importlib.util.find_spec("matplotlib")
    if spec and spec.origin:
        dirs.append(Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf")
    for folder in dirs:
        regular = folder / "DejaVuSans.ttf"
        if regular.is_file():
            bold = folder / "DejaVuSans-Bold.ttf"
            return regular, bold if bold.is_file() else regular
    return None


def latin1(text: str) -> str:
    """Core-font fallback: ★/☆ become *, Greek letters their names, anything else '?'."""
    out = []
    for char in text:
        if ord(char) < 256:
            out.append(char)
        elif char in "★☆":
            out.append("*")
        elif unicodedata.name(char, "").startswith("GREEK"):
            out.append(unicodedata.name(char).split()[-1].lower())
        else:
            out.append("?")
    return "".join(out)


def _unprintable(text: str, font: Path | None) -> frozenset[int]:
    """The characters of text the font lacks; with the core font (None), those that
    ``latin1`` cannot stand in for (CJK, most scripts), not the ones it can (★, Greek)."""
    from deckcheck.report.fonts import FontFile, codepoints

    if font is None:
        return frozenset(c for c in needed(text) if latin1(chr(c)) == "?" and c != ord("?"))
    return needed(text) - codepoints(FontFile(font))


def no_font(pieces: list[tuple[str, str]], missing: frozenset[int]) -> InputError:
    """Why the sheet cannot be printed: which field needs which characters, and what to do."""
    what, text = next((w, t) for w, t in pieces if needed(t) & missing)
    return InputError(
        f"cannot print the {what} {text!r} on the sheet: no font with its characters was "
        f"found (searched {searched()}); install one, e.g. Debian's "
        "fonts-wqy-microhei, or set DECKCHECK_FONT to a .ttf/.otf/.ttc file that has them"
    )


class _Sheet:
    def __init__(self, pieces: list[tuple[str, str]]) -> None:
        """A page with fonts for every text in pieces, (what, text) pairs: a Unicode font,
        with a font found for the characters it lacks (Japanese, Chinese, Korean)."""
        from fpdf import FPDF

        self.pdf: FPDF = FPDF(orientation="portrait", unit="mm", format="A4")
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(MARGIN, MARGIN, MARGIN)
        self.pdf.add_page()
        fonts = _font_files()
        self.unicode = fonts is not None
        if fonts:
            self.pdf.add_font("Sheet", "", str(fonts[0]))
            self.pdf.add_font("Sheet", "B", str(fonts[1]))
            self.family = "Sheet"
        else:
            self.family = "helvetica"
        self.replaced = False
        text = "".join(t for _, t in pieces)
        missing = _unprintable(text, fonts[0] if fonts else None)
        if missing:
            # without a Unicode font the one found must print everything, else the rest
            found = font_with(missing if fonts else needed(text))
            if found is None:
                raise no_font(pieces, missing)
            # reading a CJK font takes seconds: once, its regular face also serving bold text
            # where it is the fallback
            for style in ("",) if fonts else ("", "B"):
                self.pdf.add_font(
                    "Extra", style, str(found.path), collection_font_number=found.index
                )
            if fonts:
                self.pdf.set_fallback_fonts(["Extra"], exact_match=False)
            else:
                self.family, self.unicode = "Extra", True

    def text(self, value: str) -> str:
        if self.unicode:
            return value
        shown = latin1(value)
        self.replaced = self.replaced or shown != value
        return shown

    def font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)

    def fit(self, value: str, width: float, size: float, bold: bool = False) -> None:
        """Write value in a cell of width at (x, y), narrowing the font until it fits."""
        value = self.text(value)
        self.font(size, bold)
        self.pdf.set_stretching(100)
        room = width - 2
        full = self.pdf.get_string_width(value)
        if full > room:
            self.pdf.set_stretching(max(60.0, 100 * room / full))
            while self.pdf.get_string_width(value) > room and size > 4:
                size -= 0.5
                self.font(size, bold)

    def cell(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        value: str,
        size: float,
        bold: bool = False,
        align: str = "L",
        border: int | str = 1,
        fill: bool = False,
    ) -> None:
        self.fit(value, w, size, bold)
        self.pdf.set_xy(x, y)
        self.pdf.cell(w, h, self.text(value), border=border, align=align, fill=fill)
        self.pdf.set_stretching(100)


def _field(sheet: _Sheet, x: float, y: float, w: float, label: str, value: str) -> None:
    sheet.pdf.rect(x, y, w, 10)
    sheet.cell(x + 0.5, y + 0.5, w - 1, 3.5, label.upper(), 6, border=0)
    sheet.cell(x + 0.5, y + 4, w - 1, 5.5, value, 10, bold=True, border=0)


def _group(sheet: _Sheet, x: float, y: float, w: float, rows: int, rh: float, g: Group) -> float:
    """Draw one titled list with its total; return the y below it."""
    pdf, size = sheet.pdf, min(9.0, rh * 1.9)
    pdf.set_fill_color(225, 225, 225)
    sheet.cell(x, y, w, 6, g.title.upper(), 9, bold=True, align="C", fill=True)
    y += 6
    sheet.cell(x, y, 10, 4.5, "Qty", 7, bold=True, align="C")
    sheet.cell(x + 10, y, w - 10, 4.5, "Card Name", 7, bold=True)
    y += 4.5
    for i in range(rows):
        qty, name = g.lines[i] if i < len(g.lines) else (None, "")
        sheet.cell(x, y, 10, rh, str(qty) if qty else "", size, align="C")
        sheet.cell(x + 10, y, w - 10, rh, name, size)
        y += rh
    sheet.cell(x, y, w - 12, 6, f"Total {g.title}", 8, bold=True, align="R")
    sheet.cell(x + w - 12, y, 12, 6, str(g.total), 10, bold=True, align="C")
    return y + 6


def render_sheet(
    deck: Deck,
    db: CardDB,
    player: str,
    event: str | None = None,
    event_date: date | None = None,
    format_name: str | None = None,
    player_id: str | None = None,
    language: str | None = None,
) -> bytes:
    """The registration sheet of a deck as PDF bytes, card names in ``language`` (see
    ``sheet_data``; ``language_of`` tells a name list's)."""
    data = sheet_data(deck, db, language)
    fields = [("player name", player), ("event", event or ""), ("player id", player_id or "")]
    fields.append(("format", format_name or ""))
    names = [
        ("card name", name)
        for g in (data.monsters, data.spells, data.traps, data.side, data.extra)
        for _, name in g.lines
    ]
    sheet = _Sheet([*fields, *names])
    pdf = sheet.pdf
    pdf.set_title(f"Deck registration sheet: {player}")
    pdf.set_creator(f"deckcheck {__version__}")
    width = PAGE_W - 2 * MARGIN
    sheet.cell(MARGIN, MARGIN, width, 8, "DECK REGISTRATION SHEET", 16, bold=True, border=0)
    sheet.cell(MARGIN, MARGIN + 8, width, 5, "Yu-Gi-Oh! deck list", 8, border=0)
    half = (width - 4) / 2
    y = MARGIN + 15
    _field(sheet, MARGIN, y, half, "Player name", player)
    _field(sheet, MARGIN + half + 4, y, half, "Player ID", player_id or "")
    y += 12
    _field(sheet, MARGIN, y, half, "Event", event or "")
    when = event_date.isoformat() if event_date else ""
    _field(sheet, MARGIN + half + 4, y, half / 2 - 2, "Event date", when)
    _field(sheet, MARGIN + half * 1.5 + 6, y, half / 2 - 2, "Format", format_name or "")
    y += 14

    main_rows = max(20, *(len(g.lines) for g in (data.monsters, data.spells, data.traps)))
    low_rows = max(15, len(data.side.lines), len(data.extra.lines))
    # everything but the rows: titles, headers, totals, gaps and the footer
    fixed = 2 * (6 + 4.5 + 6) + 9 + 4 + 4 + 10
    rh = min(5.5, (PAGE_H - MARGIN - y - fixed) / (main_rows + low_rows))
    col = (width - 8) / 3
    bottoms = [
        _group(sheet, MARGIN + i * (col + 4), y, col, main_rows, rh, g)
        for i, g in enumerate((data.monsters, data.spells, data.traps))
    ]
    y = max(bottoms) + 2
    sheet.cell(MARGIN + width - 70, y, 50, 7, "MAIN DECK TOTAL", 10, bold=True, align="R")
    sheet.cell(MARGIN + width - 20, y, 20, 7, str(data.main_total), 12, bold=True, align="C")
    y += 9 + 4
    side_end = _group(sheet, MARGIN, y, half, low_rows, rh, data.side)
    extra_end = _group(sheet, MARGIN + half + 4, y, half, low_rows, rh, data.extra)
    y = max(side_end, extra_end) + 3
    footer = (
        f"Totals computed by deckcheck {__version__} (card data {db.version}); "
        f"deck digest {deck.digest()}"
    )
    if sheet.replaced:
        footer += "; symbols outside Latin-1 replaced (no Unicode font; set DECKCHECK_FONT)"
    sheet.cell(MARGIN, y, width, 4, footer, 6, border=0)
    return bytes(pdf.output())
