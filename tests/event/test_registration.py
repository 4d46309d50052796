"""Registration records: register refuses invalid decks; verify tells the registered deck,
a legal sided version of it, and a different deck apart (DC603)."""

from __future__ import annotations

import json

import pytest

from deckcheck import __version__
from deckcheck.errors import InputError
from deckcheck.registration import (
    RegistrationRefused,
    load_registration,
    read_registration,
    register,
    registered_deck,
    verify,
)
from deckcheck.validation import Checker

from .helpers import (
    CLEAR_WING,
    CLEAR_WING_ALT,
    DIMENSION_WALL,
    MORPHING_JAR,
    OCG_DAY,
    OJAMA_TRIO,
    deck,
    move,
    replace,
    swap,
)

EFFECT_VEILER = 97268402


@pytest.fixture(scope="module")
def checker(db):
    return Checker(db)


@pytest.fixture(scope="module")
def chainburn(db):
    return deck("AI_ChainBurn", db)


@pytest.fixture(scope="module")
def record(db, chainburn, checker):
    return register(chainburn, db, "  Jaden   Yuki ", "ocg", OCG_DAY, "Regional 42", checker)


def test_record_holds_the_canonical_deck(record, chainburn, db):
    assert record.player == "Jaden Yuki" and record.event == "Regional 42"
    assert (record.format, record.date.isoformat(), record.banlist) == (
        "ocg",
        "2025-11-01",
        "2025.10",
    )
    assert record.sizes == {"main": 56, "extra": 3, "side": 8}
    assert record.digest == chainburn.digest()
    assert (record.deckcheck_version, record.card_data_version) == (__version__, db.version)
    extra = [(e.passcode, e.count, e.name) for e in record.deck.extra]
    assert extra == [(41999284, 3, "Linkuriboh")]
    codes = [e.passcode for e in record.deck.main]
    assert codes == sorted(codes)  # canonical order
    assert sum(e.count for e in record.deck.main) == 56


def test_record_round_trips_through_json(record, tmp_path):
    path = tmp_path / "reg.json"
    path.write_text(record.to_json())
    assert load_registration(path) == record
    assert json.loads(path.read_text())["kind"] == "deckcheck-registration"


def test_invalid_deck_is_refused_with_the_report(db, checker):
    ryzeal = deck("AI_Ryzeal", db)
    with pytest.raises(RegistrationRefused) as caught:
        register(ryzeal, db, "Yusei", "tcg", OCG_DAY, checker=checker)
    report = caught.value.report
    assert not report.valid
    assert "forbidden" in {v.rule for v in report.violations}
    assert "not registered" in str(caught.value)


def test_player_name_is_required(db, chainburn, checker):
    with pytest.raises(InputError, match="player's name"):
        register(chainburn, db, "   ", "ocg", OCG_DAY, checker=checker)


def test_the_registered_deck_verifies(record, chainburn, db, checker):
    report = verify(record, chainburn, db, checker=checker)
    assert report.valid and report.violations == []
    assert report.format.date == "2025-11-01"  # the record's date, not today
    assert report.notes[-1].startswith("matches the registration of Jaden Yuki for Regional 42")


def test_a_legal_sided_deck_verifies(record, chainburn, db, checker):
    sided = swap(chainburn, OJAMA_TRIO, MORPHING_JAR)
    report = verify(record, sided, db, checker=checker)
    assert report.valid, report.violations
    assert report.notes[-1].endswith("-1 Ojama Trio (Main), +1 Morphing Jar (Main)")


def test_sided_deck_with_changed_sizes(record, chainburn, db, checker):
    sided = move(chainburn, DIMENSION_WALL, "side", "main")
    report = verify(record, sided, db, checker=checker)
    assert [v.rule for v in report.violations] == ["side-swap-sizes", "side-swap-sizes"]


def test_a_different_deck_is_a_registration_mismatch(record, chainburn, db, checker):
    other = replace(chainburn, OJAMA_TRIO, EFFECT_VEILER, "main")
    report = verify(record, other, db, checker=checker)
    assert not report.valid
    found = [(v.rule, v.code, v.name, v.count, v.limit) for v in report.violations]
    assert found == [
        ("registration-mismatch", "DC603", "Ojama Trio", 2, 3),
        ("registration-mismatch", "DC603", "Effect Veiler", 1, 0),
    ]
    assert "submitted deck" in report.violations[1].message


def test_alternate_printings_in_verify(db, checker):
    level8 = deck("AI_Level8", db)
    # register() refuses AI_Level8 (it breaks the OCG list), so its record is built by hand
    from deckcheck.registration import Registration, canonical

    base = register(deck("AI_ChainBurn", db), db, "P", "ocg", OCG_DAY, checker=checker)
    record = Registration(
        **{
            **base.model_dump(),
            "deck": canonical(level8, db),
            "sizes": level8.sizes(),
            "digest": level8.digest(),
        }
    )
    other_art = replace(level8, CLEAR_WING_ALT, CLEAR_WING, "side")
    loose = verify(record, other_art, db, checker=checker)
    strict = verify(record, other_art, db, strict=True, checker=checker)
    assert "registration-mismatch" not in {v.rule for v in loose.violations}
    assert [v.cards for v in strict.violations if v.rule == "registration-mismatch"] == [
        [CLEAR_WING_ALT],
        [CLEAR_WING],
    ]


def test_an_edited_record_is_refused(record):
    data = json.loads(record.to_json())
    data["deck"]["main"][0]["count"] += 1
    with pytest.raises(InputError, match="changed after registration"):
        read_registration(json.dumps(data), "reg.json")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "is not JSON"),
        ("[]", "not a deckcheck registration record"),
        ('{"kind": "deckcheck-registration"}', "bad registration record"),
    ],
)
def test_bad_records(text, message):
    with pytest.raises(InputError, match=message):
        read_registration(text, "reg.json")


def test_registered_deck_accepts_a_record_or_a_deck(record, chainburn, db, tmp_path):
    path = tmp_path / "reg.json"
    path.write_text(record.to_json())
    from_record, found = registered_deck(str(path), db)
    assert found == record and from_record.digest() == chainburn.digest()
    from_deck, none = registered_deck(chainburn.source, db)
    assert none is None and from_deck.digest() == chainburn.digest()
