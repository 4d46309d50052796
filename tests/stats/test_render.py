"""JSON documents and terminal tables of the figures."""

from __future__ import annotations

import json

import pytest

from deckcheck.stats.analysis import analyse_hands
from deckcheck.stats.categories import parse_categories
from deckcheck.stats.render import comparison_json, comparison_text, stats_json, stats_text

from .helpers import real_deck

CATEGORIES = """
categories:
  starters: [Sky Striker Mobilize - Engage!, Sky Striker Ace - Raye, Witchcrafter Genni]
  hand traps: [Ash Blossom & Joyous Spring, Effect Veiler, Maxx "C"]
conditions:
  opens: 1+ starters and 1+ hand traps
  any starter: 1+ starters
"""


@pytest.fixture(scope="module")
def pair(db):
    groups = parse_categories(CATEGORIES, db)
    a = analyse_hands(real_deck(db, "AI_SkyStriker.ydk"), db, groups, turns=2)
    b = analyse_hands(real_deck(db, "AI_Witchcraft.ydk"), db, groups, turns=2)
    return a, b


def test_json_has_the_fields_of_the_issue(pair):
    a, _ = pair
    document = json.loads(json.dumps(stats_json(a)))
    assert {"deck", "going", "cards", "conditions", "categories"} <= document.keys()
    assert document["deck"]["main"] == 40 and document["deck"]["digest"].startswith("sha256:")
    assert document["going"] == ["first", "second"]
    raye = next(c for c in document["cards"] if c["name"] == "Sky Striker Ace - Raye")
    assert raye["passcodes"] == [26077387] and raye["copies"] == 3
    assert raye["p_open_first"] == pytest.approx(0.3375506, abs=1e-7)
    assert raye["p_open_second"] == pytest.approx(1 - 2324784 / 3838380, abs=1e-15)
    assert raye["by_turn"]["first"][0] == raye["p_open_first"]
    opens = next(c for c in document["conditions"] if c["name"] == "opens")
    assert {"name", "p_first", "p_second", "method", "interval"} <= opens.keys()
    assert opens["method"] == "multivariate hypergeometric" and opens["interval"] is None


def test_json_intervals_for_sampled_conditions(db):
    groups = parse_categories(CATEGORIES, db)
    deck = real_deck(db, "AI_SkyStriker.ydk")
    stats = analyse_hands(deck, db, groups, going=["second"], method="monte-carlo", samples=5000)
    document = stats_json(stats)
    (opens, _) = document["conditions"]
    assert opens["method"] == "monte carlo"
    low, high = opens["interval"]["second"]
    assert low <= opens["p_second"] <= high
    assert opens["p_first"] is None
    assert document["cards"][0]["p_open_first"] is None


def test_text_puts_conditions_then_categories_then_cards_by_probability(pair):
    a, _ = pair
    lines = stats_text(a).splitlines()
    titles = ("Condition ", "Category ", "Card (name key) ")
    headers = [i for i, line in enumerate(lines) if line.startswith(titles)]
    assert [lines[i].split()[0] for i in headers] == ["Condition", "Category", "Card"]
    assert "1st T1  1st T2  2nd T1  2nd T2" in lines[headers[0]]
    card_rows = lines[headers[2] + 2 :]
    firsts = [float(row.split()[-4].rstrip("%")) for row in card_rows if row.strip()]
    assert firsts == sorted(firsts, reverse=True)
    assert lines[headers[0] + 2].startswith("any starter: 1+ starters")  # 83.2% before 61.3%


def test_comparison_differences_are_b_minus_a(pair):
    a, b = pair
    document = comparison_json(a, b)
    assert document["compare"]["deck"]["main"] == 60
    rows = {r["name"]: r for r in document["differences"]["cards"]}
    raye = rows["Sky Striker Ace - Raye"]  # only in A
    assert raye["copies"] == [3, 0]
    assert raye["d_open_first"] == pytest.approx(-0.3375506, abs=1e-7)
    ash = rows["Ash Blossom & Joyous Spring"]  # 2 of 40 in A, 1 of 60 in B
    assert ash["d_open_first"] == pytest.approx(5 / 60 - (1 - 35 * 34 / (40 * 39)), abs=1e-12)
    text = comparison_text(a, b)
    assert "Sky Striker Ace - Raye" in text and "-33.8" in text
