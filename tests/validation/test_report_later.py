"""A report carries its verdicts at once and works out its details (the digest, the notes,
the messages and first lines) when first read (issue 15): whatever is read first, the
report is the same, and a pickled report (a batch worker's) holds every detail."""

from __future__ import annotations

import pickle
from datetime import date

import pytest

from deckcheck.decks.codecs import load_deck
from deckcheck.validation import Checker
from tests.conftest import DECKS

DAY = date(2026, 6, 1)


@pytest.fixture(scope="module")
def albaz(db):
    # tcg: Forbidden, Limited and unknown passcodes, and a note on a name taken by effect
    return load_deck(str(DECKS / "AI_Albaz.ydk"), db)


def test_the_details_are_the_same_whatever_is_read_first(db, albaz):
    whole = Checker(db).check(albaz, "tcg", DAY).as_json()
    assert {v["rule"] for v in whole["violations"]} >= {"forbidden", "limited", "unknown-card"}
    assert whole["notes"]
    piecemeal = Checker(db).check(albaz, "tcg", DAY)
    lines = [v.line for v in reversed(piecemeal.violations)]  # lines before messages
    assert lines[::-1] == [v["line"] for v in whole["violations"]]
    assert piecemeal.deck.digest == whole["deck"]["digest"]
    assert piecemeal.as_json() == whole


def test_a_pickled_report_holds_every_detail(db, albaz):
    report = Checker(db).check(albaz, "tcg", DAY)
    assert pickle.loads(pickle.dumps(report)).as_json() == report.as_json()
    fresh = Checker(db).check(albaz, "tcg", DAY)
    again = pickle.loads(pickle.dumps(fresh))  # nothing read before pickling
    assert again == report
    assert again.as_json() == report.as_json()


def test_verdicts_cost_no_hint_look_up_until_a_message_is_read(db, albaz, monkeypatch):
    asked = []
    below = db.below

    def counted(passcode, distance):
        asked.append(passcode)
        return below(passcode, distance)

    monkeypatch.setattr(db, "below", counted)
    report = Checker(db).check(albaz, "tcg", DAY)
    unknown = [v for v in report.violations if v.rule == "unknown-card"]
    assert unknown and not report.valid
    assert [v.cards for v in unknown] and asked == []  # the verdict: rule and cards
    assert unknown[0].message.startswith(f"Unknown passcode {unknown[0].cards[0]}")
    assert asked == unknown[0].cards
