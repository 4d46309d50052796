"""Real reports for the renderer tests: valid and invalid real decks, a file with a broken
line and an unknown card under an awkward name, and a deck given as a ydke:// URL."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from deckcheck.decks.codecs import load_deck, write_deck
from deckcheck.validation import Checker
from deckcheck.validation.report import Report
from tests.conftest import DECKS

DAY = date(2025, 11, 1)
# a path with characters the formats must escape: space, comma, colon, percent, pipe
AWKWARD = "odd, deck: 100% | v1.ydk"


def make_reports(db, folder: Path) -> list[Report]:
    checker = Checker(db)
    valid = load_deck(str(DECKS / "AI_ChainBurn.ydk"), db)  # valid for OCG on DAY
    invalid = load_deck(str(DECKS / "AI_Ryzeal.ydk"), db)  # Forbidden and Limited cards
    broken = folder / AWKWARD
    text = (DECKS / "AI_Burn.ydk").read_text().replace("#main\n", "#main\n12345x\n99999999\n", 1)
    broken.write_text(text)
    url = write_deck(load_deck(str(DECKS / "AI_Burn.ydk"), db), "ydke", db).strip()
    url_deck = load_deck(url, db)
    url_deck.main = url_deck.main[:39]  # one card short
    return [
        checker.check(valid, "ocg", DAY),
        checker.check(invalid, "tcg", DAY),
        checker.check(load_deck(str(broken), db), "tcg", DAY),
        checker.check(url_deck, "tcg", DAY),
    ]
