"""Building decks from real card names for the rule tests."""

from __future__ import annotations

from deckcheck.cards.db import CardDB
from deckcheck.decks.model import Deck
from deckcheck.formats.model import Format

# vanilla monsters, unlimited everywhere, to fill decks without tripping other rules
FILLER_NAMES = [
    "Mystical Elf",
    "Celtic Guardian",
    "Giant Soldier of Stone",
    "Alexandrite Dragon",
    "Luster Dragon",
    "Gene-Warped Warwolf",
    "Mechanicalchaser",
    "Blue-Eyes White Dragon",
    "Summoned Skull",
    "Gemini Elf",
    "Vorse Raider",
    "La Jinn the Mystical Genie of the Lamp",
    "Battle Ox",
    "Koumori Dragon",
    "Beaver Warrior",
    "Feral Imp",
    "Dark Magician",
    "Red-Eyes Black Dragon",
    "Sonic Bird",
    "Mad Dog of Darkness",
    "Dunames Dark Witch",
    "Hitotsu-Me Giant",
    "Ryu-Kishin Powered",
]

PLAIN = Format(id="plain", name="Plain", banlist=None)


def code(db: CardDB, name: str) -> int:
    card = db.find(name)
    assert card is not None and card.passcode is not None, name
    return card.passcode


def filler(db: CardDB, n: int, skip: int = 0) -> list[int]:
    """n passcodes, 3 copies of each filler monster, starting after ``skip`` names."""
    codes = [code(db, name) for name in FILLER_NAMES[skip:] for _ in range(3)]
    assert len(codes) >= n
    return codes[:n]


def deck(
    db: CardDB,
    main: list[str | int] = (),  # type: ignore[assignment]
    extra: list[str | int] = (),  # type: ignore[assignment]
    side: list[str | int] = (),  # type: ignore[assignment]
    fill_to: int = 40,
) -> Deck:
    """A deck of the named cards, its Main Deck topped up with filler to ``fill_to``."""

    def codes(items: list[str | int]) -> list[int]:
        return [i if isinstance(i, int) else code(db, i) for i in items]

    main_codes = codes(list(main))
    main_codes += filler(db, max(0, fill_to - len(main_codes)))
    return Deck.from_passcodes(main_codes, codes(list(extra)), codes(list(side)))


def repaired(deck: Deck, report, db: CardDB) -> Deck:  # noqa: ANN001
    """The deck without every card a violation names, topped up with vanilla monsters: a
    valid deck built from a real list (the fast-path test and bench/bench_core.py use it),
    held as passcodes and lines as a read deck is."""
    bad = {code for v in report.violations for code in v.cards}
    out = Deck(source=deck.source)
    for name in ("main", "extra", "side"):
        kept = [
            (code, line)
            for code, line in zip(deck.codes(name), deck.lines(name), strict=True)
            if code and code not in bad
        ]
        if name != "main":
            kept = kept[:15]
        else:
            kept += [(p, None) for p in filler(db, max(0, 40 - len(kept)))]
        out.put(name, [code for code, _ in kept], [line for _, line in kept])
    return out
