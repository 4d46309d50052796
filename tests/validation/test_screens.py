"""The units' screens (Unit.card, Unit.names, Unit.deck) only skip units that have nothing
to say: on the 47 real decks in every format, the checker's report has exactly the
violations of every deck unit run on the deck, in the same order. And the per-day tables
stay bounded."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from deckcheck.decks.codecs import load_deck
from deckcheck.decks.model import Deck
from deckcheck.validation import Checker
from deckcheck.validation.checker import MAX_DAYS
from deckcheck.validation.rules import DECK_UNITS
from deckcheck.validation.scan import MAX_ENTRIES, MAX_QUICK, Quick
from tests.conftest import DECKS
from tests.validation.helpers import code, deck, filler
from tests.validation.test_report_pin import DAYS


@pytest.fixture(scope="module")
def checker(db):  # noqa: ANN001, ANN201
    return Checker(db)


@pytest.fixture(scope="module")
def decks(db):  # noqa: ANN001, ANN201
    return [load_deck(str(p), db) for p in sorted(DECKS.glob("*.ydk"))]


def every_unit(checker: Checker, deck: Deck, fmt: str, day: date) -> list[dict[str, object]]:
    ctx = checker.context(deck, fmt, day)
    return [v.as_json() for unit in DECK_UNITS for v in unit.find(ctx)]


@pytest.mark.parametrize("fmt", sorted(DAYS))
def test_screened_units_find_what_every_unit_finds(checker, decks, fmt) -> None:  # noqa: ANN001
    day = DAYS[fmt]
    found = 0
    for one in decks:
        report = checker.check(one, fmt, day)
        assert [v.as_json() for v in report.violations] == every_unit(checker, one, fmt, day)
        found += len(report.violations)
    assert found  # the real decks break some rule in every format


@pytest.mark.parametrize("fmt", sorted(DAYS))
def test_the_quick_pass_gives_what_the_full_pass_gives(checker, decks, fmt) -> None:  # noqa: ANN001
    """The scan counts name keys in C once every passcode of a deck has been seen: the same
    totals in the same order, the same unit bits, sizes and unknown flag as the pass over
    each distinct passcode."""
    day = DAYS[fmt]
    table = checker._day(checker.format(fmt), day).table
    quick = 0
    for one in decks:
        table.scan(one)  # lets the quick pass see the deck's passcodes
        seen, full = table.scan(one), table.full_scan(one)
        assert list(seen.totals.items()) == list(full.totals.items())
        assert (seen.mask, seen.sizes, seen.unknown, seen.named) == (
            full.mask,
            full.sizes,
            full.unknown,
            full.named,
        )
        quick += seen.counts is None  # the quick pass leaves the counts to the Context
        ctx = checker.context(one, fmt, day)
        assert ctx.section_counts == full.counts and list(ctx.cards) == list(full.cards or {})
    assert quick > len(decks) // 2


def test_copies_at_the_limit_skip_the_name_units_one_more_runs_them(checker, db) -> None:  # noqa: ANN001
    day = DAYS["tcg"]
    at = deck(db, main=["Kuriboh"] * 3)
    table = checker._day(checker.format("tcg"), day).table
    assert not table.scan(at).mask & table.names_bit
    assert checker.check(at, "tcg", day).valid
    over = deck(db, main=["Kuriboh"] * 4)
    assert table.scan(over).mask & table.names_bit
    assert [v.rule for v in checker.check(over, "tcg", day).violations] == ["copy-limit"]


def test_copies_split_across_sections_and_printings_still_count(checker, db) -> None:  # noqa: ANN001
    """000 1.2.1: copies count across Main+Extra+Side and across a card's printings; the
    scan's name screens must see both."""
    day = DAYS["tcg"]
    one = filler(db, 1, skip=20)[0]  # a vanilla monster with one printing, not a filler
    at = deck(db, main=[one] * 2, side=[one])
    assert checker.check(at, "tcg", day).valid
    split = deck(db, main=[one] * 2, side=[one] * 2)
    assert [v.rule for v in checker.check(split, "tcg", day).violations] == ["copy-limit"]
    magician = db.find("Dark Magician")
    assert magician is not None and len(magician.passcodes) > 1
    first, second = magician.passcodes[:2]
    arts = deck(db, main=[first, first], side=[second, second])
    assert [v.rule for v in checker.check(arts, "tcg", day).violations] == ["copy-limit"]


def test_unknown_passcodes_are_kept_apart_and_tables_are_bounded(checker, db) -> None:  # noqa: ANN001
    fmt = checker.format("tcg")
    start = DAYS["tcg"]
    unknown = Deck.from_passcodes([*filler(db, 40), 999_999_991, 999_999_992])
    for n in range(MAX_DAYS + 4):
        checker.check(unknown, fmt, start + timedelta(days=n))
    assert len(checker._days) <= MAX_DAYS
    table = checker._day(fmt, start + timedelta(days=MAX_DAYS + 3)).table
    assert 999_999_991 not in table.entries and 999_999_991 in table.unknown
    assert code(db, "Mystical Elf") in table.entries
    for n in range(10):  # new unknown passcodes in every deck, as a hostile client sends
        codes = range(3_000_000_000 + n * 1000, 3_000_000_000 + (n + 1) * 1000)
        checker.check(Deck.from_passcodes(list(codes)), fmt, start)
    assert len(checker._day(fmt, start).table.unknown) <= MAX_ENTRIES
    assert len(checker._day(fmt, start).table.quick.keys) <= MAX_QUICK


def test_a_scan_reads_one_quick_view_while_another_thread_clears_it(checker, db) -> None:  # noqa: ANN001
    # the service checks in threads: a clear (a new Quick) between the scan's reading of
    # the keys and of the unit bits must not leave the bits of the view it started with
    # (a Spell in the Extra Deck would pass); 000 1.2.2
    day = DAYS["tcg"]
    table = checker._day(checker.format("tcg"), day).table
    banned = deck(db, main=filler(db, 40), extra=["Pot of Greed"])
    table.scan(banned)  # the full pass lets the quick pass see the deck
    undisturbed = table.scan(banned)
    assert undisturbed.counts is None and undisturbed.mask & ~table.names_bit

    class Clearing(dict):
        def get(self, key, default=None):  # noqa: ANN001, ANN202
            table.quick = Quick()  # what a clear by another thread does
            return super().get(key, default)

    table.quick.keys = Clearing(table.quick.keys)
    assert table.scan(banned).mask == undisturbed.mask
