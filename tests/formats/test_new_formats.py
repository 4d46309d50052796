"""Master Duel (lists and card pool from the card data) and the World Championship list."""

from __future__ import annotations

from datetime import date

from deckcheck.decks.model import Deck
from deckcheck.formats.registry import get_format
from deckcheck.validation import Checker

CALLED_BY = 24224830  # Called by the Grave
MAXX_C = 23434538
AGIDO = 62320425  # Agido the Ancient Sentinel: in Master Duel from 2023-04-10
ASH = 14558127


def rules(checker: Checker, codes: list[int], format_id: str, on: date) -> list[str]:
    report = checker.check(Deck.from_passcodes(codes), format_id, on)
    return [v.rule for v in report.violations if v.rule != "main-deck-size"]


def test_master_duel_sizes_and_copies():
    md = get_format("masterduel")
    assert (md.main.min, md.main.max, md.extra.min, md.extra.max) == (40, 60, 0, 15)
    assert (md.side.min, md.side.max, md.copy_limit) == (0, 15, 3)


def test_master_duel_lists_come_from_the_card_data(store, db):
    lists = store.lists("masterduel")
    assert lists[0].effective == date(2022, 1, 19)
    latest = store.for_format(get_format("masterduel"), date(2025, 11, 7))
    assert latest is not None and latest.name == "2025.11.07"
    assert latest.status_of(CALLED_BY) == "semi-limited"
    assert store.for_format(get_format("masterduel"), date(2025, 11, 6)).name != "2025.11.07"
    # every card the card data lists as Forbidden/Limited/Semi-Limited there today
    listed = {
        code
        for code in latest.entries
        if (card := db.get(code)) and card.legality["masterduel"].status != "unlimited"
    }
    assert len(listed) == len(latest.entries)


def test_master_duel_status_edge(checker):
    day = date(2025, 11, 10)
    assert rules(checker, [CALLED_BY] * 2, "masterduel", day) == []
    assert rules(checker, [CALLED_BY] * 3, "masterduel", day) == ["limited"]
    # Maxx "C": Unlimited until 2025-03-06, then Semi-Limited
    assert rules(checker, [MAXX_C] * 3, "masterduel", date(2025, 3, 5)) == []
    assert rules(checker, [MAXX_C] * 3, "masterduel", date(2025, 3, 6)) == ["limited"]


def test_master_duel_pool_follows_the_card_data(checker):
    # Agido: "unreleased" in Master Duel from 2023-03-09, in the game from 2023-04-10
    assert rules(checker, [AGIDO], "masterduel", date(2023, 3, 1)) == ["not-released"]
    assert rules(checker, [AGIDO], "masterduel", date(2023, 4, 9)) == ["not-released"]
    assert rules(checker, [AGIDO], "masterduel", date(2023, 4, 10)) == []
    # a card without a Master Duel record: in the game from its first OCG or TCG release
    case_for_k9 = 80181649  # "A Case for K9", OCG 2025-03-22
    assert rules(checker, [case_for_k9], "masterduel", date(2025, 3, 21)) == ["not-released"]
    assert rules(checker, [case_for_k9], "masterduel", date(2025, 3, 22)) == []
    report = checker.check(Deck.from_passcodes([AGIDO]), "masterduel", date(2023, 4, 9))
    message = next(v.message for v in report.violations if v.rule == "not-released")
    assert "not yet in Master Duel" in message


def test_world_championship_list(store, checker):
    world = get_format("world")
    found = store.for_format(world, date(2026, 6, 1))
    assert found is not None and (found.series, found.name) == ("world", "2026.05")
    assert found.status_of(MAXX_C) == "forbidden"
    day = date(2026, 6, 1)
    assert rules(checker, [CALLED_BY], "world", day) == []
    assert rules(checker, [CALLED_BY] * 2, "world", day) == ["limited"]
    assert rules(checker, [ASH] * 2, "world", day) == []
    assert rules(checker, [ASH] * 3, "world", day) == ["limited"]
