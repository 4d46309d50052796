"""Whole-deck figures on real decks: per name key, per category, per condition."""

from __future__ import annotations

from collections import Counter
from math import comb

import pytest

from deckcheck.decks.model import Deck, Slot
from deckcheck.io.errors import InputError
from deckcheck.stats.analysis import analyse_hands
from deckcheck.stats.categories import parse_categories
from deckcheck.stats.exact import HYPERGEOMETRIC, MONTE_CARLO, MULTIVARIATE

from .helpers import code, real_deck

CATEGORIES = """
categories:
  starters:
    - Sky Striker Mobilize - Engage!
    - Sky Striker Ace - Raye
    - Reinforcement of the Army
  hand traps: [Ash Blossom & Joyous Spring, Effect Veiler, Ghost Ogre & Snow Rabbit, Maxx "C"]
  draws: [Upstart Goblin]
conditions:
  opens: 1+ starters and 1+ hand traps
  two traps: 2+ hand traps
"""


def p_one(copies: int, size: int, hand: int) -> float:
    return 1 - comb(size - copies, hand) / comb(size, hand)


def near(values: list[float]):
    return pytest.approx(values, abs=1e-15)


def test_every_card_of_a_real_deck(db):
    deck = real_deck(db, "AI_SkyStriker.ydk")
    stats = analyse_hands(deck, db, turns=3)
    counts = Counter(db.get(p).name for p in deck.passcodes("main"))
    assert {c.name: c.copies for c in stats.cards} == dict(counts)
    assert stats.hand_sizes == {"first": [5, 6, 7], "second": [6, 7, 8]}
    for row in stats.cards:
        assert row.by_turn["first"] == near([p_one(row.copies, 40, n) for n in (5, 6, 7)])
        assert row.by_turn["second"] == near([p_one(row.copies, 40, n) for n in (6, 7, 8)])
    raye = next(c for c in stats.cards if c.name == "Sky Striker Ace - Raye")
    assert raye.copies == 3 and raye.passcodes == [26077387]
    assert raye.by_turn["first"][0] == pytest.approx(0.3375506, abs=1e-7)


def test_categories_and_conditions_on_a_real_deck(db):
    deck = real_deck(db, "AI_SkyStriker.ydk")
    groups = parse_categories(CATEGORIES, db)
    stats = analyse_hands(deck, db, groups, turns=2)
    rows = {c.name: c for c in stats.categories}
    # Engage! 3 + Raye 3 + Reinforcement 1; Ash 2 + Veiler 2 + Ghost Ogre 1 + Maxx 3
    assert rows["starters"].copies == 7
    assert rows["hand traps"].copies == 8
    assert rows["starters"].by_turn["first"] == near([p_one(7, 40, 5), p_one(7, 40, 6)])
    opens = next(c for c in stats.conditions if c.name == "opens")
    assert opens.method == MULTIVARIATE and opens.intervals is None
    for hand, value in zip((5, 6), opens.by_turn["first"], strict=True):
        none_s, none_h, neither = comb(33, hand), comb(32, hand), comb(25, hand)
        expected = (comb(40, hand) - none_s - none_h + neither) / comb(40, hand)
        assert value == pytest.approx(expected, abs=1e-15)
    traps = next(c for c in stats.conditions if c.name == "two traps")
    assert traps.method == HYPERGEOMETRIC
    expected = 1 - (comb(32, 5) + 8 * comb(32, 4)) / comb(40, 5)
    assert traps.by_turn["first"][0] == pytest.approx(expected, abs=1e-15)


def test_monte_carlo_on_request_agrees_with_exact(db):
    deck = real_deck(db, "AI_SkyStriker.ydk")
    groups = parse_categories(CATEGORIES, db)
    exact = analyse_hands(deck, db, groups)
    sampled = analyse_hands(deck, db, groups, method="monte-carlo", samples=100_000, seed=5)
    for e, s in zip(exact.conditions, sampled.conditions, strict=True):
        assert s.method == MONTE_CARLO and s.intervals is not None
        for going in ("first", "second"):
            for value, (low, high) in zip(e.by_turn[going], s.intervals[going], strict=True):
                assert low <= value <= high


def test_large_conditions_fall_back_to_sampling(db):
    deck = real_deck(db, "AI_SkyStriker.ydk")
    groups = parse_categories(CATEGORIES, db)
    stats = analyse_hands(deck, db, groups, budget=100, samples=20_000)
    assert {c.method for c in stats.conditions} == {MONTE_CARLO}
    assert all(c.intervals for c in stats.conditions)


def test_alternate_arts_and_rule_names_pool(db):
    dark_magician = [46986414, 36996508, 46986421]
    harpies = [code(db, n) for n in ("Harpie Lady", "Harpie Lady 1", "Harpie Lady 2")]
    eye = code(db, "The Eye of Timaeus")
    filler = [code(db, "Mystical Elf")] * 33
    deck = Deck.from_passcodes(dark_magician + harpies + [eye] + filler)
    stats = analyse_hands(deck, db, going=["first"], turns=1)
    rows = {c.name: c for c in stats.cards}
    assert rows["Dark Magician"].copies == 3
    assert sorted(rows["Dark Magician"].passcodes) == sorted(dark_magician)
    assert rows["Harpie Lady"].copies == 3
    assert rows["The Eye of Timaeus"].copies == 1
    assert rows["Legendary Dragon Timaeus"].copies == 1  # also always treated as
    assert rows["Dark Magician"].by_turn["first"] == near([p_one(3, 40, 5)])


def test_unknown_cards_take_their_place(db):
    deck = Deck.from_passcodes([code(db, "Mystical Elf")] * 37 + [99999999] * 2)
    deck.main.append(Slot(text="Made Up Card", line=40))
    stats = analyse_hands(deck, db, turns=1)
    rows = {c.name: c for c in stats.cards}
    assert rows["#99999999"].copies == 2
    assert rows["Made Up Card"].copies == 1
    assert stats.deck.main == 40
    assert rows["Mystical Elf"].by_turn["first"] == near([p_one(37, 40, 5)])
    assert any("not in the card data" in n for n in stats.notices)


def test_empty_category_is_noticed(db):
    deck = real_deck(db, "AI_SkyStriker.ydk")
    groups = parse_categories("categories:\n  dm: [Dark Magician]\n", db)
    stats = analyse_hands(deck, db, groups)
    assert stats.categories[0].copies == 0
    assert stats.categories[0].by_turn["first"] == [0.0, 0.0, 0.0]
    assert "category 'dm' matches no card in the Main Deck" in stats.notices


def test_unknown_archetype_is_an_error(db):
    deck = real_deck(db, "AI_SkyStriker.ydk")
    groups = parse_categories("categories:\n  s: [{archetype: Sky Stryker}]\n", db)
    with pytest.raises(InputError, match="archetype 'sky stryker' is not in the card data"):
        analyse_hands(deck, db, groups)
    absent = parse_categories("categories:\n  s: [{archetype: Dark Magician}]\n", db)
    assert analyse_hands(deck, db, absent).categories[0].copies == 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"turns": 0}, "turns must be between 1 and 20"),
        ({"turns": 21}, "turns must be between 1 and 20"),
        ({"samples": 99}, "samples must be between"),
        ({"samples": 10_000_001}, "samples must be between"),
        ({"going": []}, "going must be"),
        ({"going": ["third"]}, "going must be"),
    ],
)
def test_bad_options(db, options, message):
    with pytest.raises(InputError, match=message):
        analyse_hands(real_deck(db, "AI_SkyStriker.ydk"), db, **options)


def test_deck_too_small_for_the_turns(db):
    deck = Deck.from_passcodes([code(db, "Mystical Elf")] * 8, source="small.ydk")
    assert analyse_hands(deck, db, turns=3).hand_sizes["second"] == [6, 7, 8]
    with pytest.raises(InputError, match="has 8 cards but 4 turn"):
        analyse_hands(deck, db, turns=4)
    assert analyse_hands(deck, db, turns=4, going=["first"]).hand_sizes == {"first": [5, 6, 7, 8]}
    with pytest.raises(InputError, match="Main Deck is empty"):
        analyse_hands(Deck.from_passcodes([]), db)
