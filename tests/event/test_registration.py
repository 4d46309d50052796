"""Registration records: register refuses invalid decks; verify tells the registered deck,
a legal sided version of it, and a different deck apart (DC603)."""

from __future__ import annotations

import json
import re

import pytest

from deckcheck import __version__
from deckcheck.event.registration import (
    RegistrationRefused,
    load_registration,
    read_registration,
    register,
    registered_deck,
    verify,
)
from deckcheck.io.errors import InputError
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
    from deckcheck.event.registration import Registration, canonical

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


def _set(data: dict, path: str, value: object) -> None:
    *parents, last = path.split(".")
    for part in parents:
        data = data[int(part)] if isinstance(data, list) else data[part]
    data[int(last) if isinstance(data, list) else last] = value


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("player", "Jaden  Yuki"),  # one more space: the seal covers the text as written
        ("player", "Syrus Truesdale"),
        ("event", "Regional 43"),
        ("event", None),
        ("format", "tcg"),
        ("date", "2025-11-02"),
        ("banlist", "2025.07"),
        ("source", "other.ydk"),
        ("registered_at", "2025-01-01T00:00:00Z"),
        ("deckcheck_version", "0.0.1"),
        ("card_data_version", "1999-01-01"),
        ("deck.main.0.name", "Pot of Greed"),
        ("deck.main.0.count", 1.0),  # the same number spelled as a float
        ("digest", "sha256:" + "0" * 64),
        ("seal", "sha256:" + "0" * 64),
        ("seal", None),
        ("note", "an added field"),
    ],
)
def test_an_edit_to_any_field_is_refused(record, field, value):
    data = json.loads(record.to_json())
    _set(data, field, value)
    with pytest.raises(InputError, match="changed after registration"):
        read_registration(json.dumps(data), "reg.json")


def test_the_unedited_record_verifies_with_its_seal(record):
    data = json.loads(record.to_json())
    assert data["schema_version"] == 2
    assert re.fullmatch("sha256:[0-9a-f]{64}", data["seal"])
    # key order and white space are not part of the seal
    shuffled = json.dumps(dict(reversed(list(data.items()))), separators=(",", ":"))
    assert read_registration(shuffled, "reg.json") == record


def test_the_deck_digest_is_a_full_sha256(record, chainburn):
    assert record.digest == chainburn.digest() == CHAINBURN_DIGEST
    assert re.fullmatch("sha256:[0-9a-f]{64}", record.digest)


# AI_ChainBurn's digest as record format 1 stored it: the first 32 hex digits
CHAINBURN_DIGEST = "sha256:5622f4712596ded66a7b6e1ad2616bc73da006e2eec2d7f676d83a18e7447ece"
CHAINBURN_DIGEST_V1 = "sha256:5622f4712596ded66a7b6e1ad2616bc7"


def old_record(chainburn, db, **changes: object) -> str:
    """A record of format 1, as deckcheck wrote them before records were sealed."""
    from deckcheck.event.registration import canonical

    data = {
        "kind": "deckcheck-registration",
        "schema_version": 1,
        "player": "Jaden Yuki",
        "event": "Regional 42",
        "format": "ocg",
        "date": "2025-11-01",
        "banlist": "2025.10",
        "sizes": {"main": 56, "extra": 3, "side": 8},
        "deck": canonical(chainburn, db).model_dump(mode="json"),
        "digest": CHAINBURN_DIGEST_V1,
        "source": "AI_ChainBurn.ydk",
        "registered_at": "2025-10-30T12:00:00Z",
        "deckcheck_version": "0.1.0",
        "card_data_version": "2026-11-01",
        **changes,
    }
    return json.dumps(data, indent=2) + "\n"


def test_a_record_of_format_1_still_verifies(chainburn, db, checker, tmp_path):
    path = tmp_path / "old.json"
    path.write_text(old_record(chainburn, db))
    record = load_registration(path)
    assert (record.schema_version, record.seal) == (1, None)
    assert record.matches(chainburn)
    report = verify(record, chainburn, db, checker=checker)
    assert report.valid, report.violations
    assert report.notes[-1] == (
        f"matches the registration of Jaden Yuki for Regional 42 ({CHAINBURN_DIGEST_V1})"
    )
    sided = swap(chainburn, OJAMA_TRIO, MORPHING_JAR)
    assert verify(record, sided, db, checker=checker).valid
    other = replace(chainburn, OJAMA_TRIO, EFFECT_VEILER, "main")
    assert not record.matches(other)


def test_a_record_of_format_1_with_an_edited_deck_is_refused(chainburn, db):
    text = old_record(chainburn, db, sizes={"main": 57, "extra": 3, "side": 8})
    with pytest.raises(InputError, match="changed after registration"):
        read_registration(text, "old.json")
    # a full digest is not the format-1 spelling of it
    with pytest.raises(InputError, match="changed after registration"):
        read_registration(old_record(chainburn, db, digest=CHAINBURN_DIGEST), "old.json")


@pytest.mark.parametrize(
    "spelling",
    [
        "Alice",
        "\uff41\uff4c\uff49\uff43\uff45",
        "al\u00adice",
        "ali\u200bce",
        " alice\u3000",
        "\ufeffalice",
    ],
)
def test_player_names_are_normalised(spelling, db, chainburn, checker):
    from deckcheck.event.registration import name_key, player_name

    assert name_key(spelling) == name_key("alice") == "alice"
    assert player_name(spelling).casefold() == "alice"
    record = register(chainburn, db, spelling, "ocg", OCG_DAY, checker=checker)
    assert record.player.casefold() == "alice"


def test_names_that_differ_by_a_letter_stay_apart():
    from deckcheck.event.registration import name_key

    assert name_key("alice") != name_key("alicf")
    assert name_key("al ice") != name_key("alice")  # a space is visible


def test_a_name_of_invisible_characters_is_refused(db, chainburn, checker):
    with pytest.raises(InputError, match="player's name"):
        register(chainburn, db, "\u200b\u00ad\u2060", "ocg", OCG_DAY, checker=checker)


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


def test_the_verify_command_refuses_an_edited_player(tmp_path, capsys):
    from tests.cli.helpers import run
    from tests.conftest import DECKS

    deck_file = str(DECKS / "AI_ChainBurn.ydk")
    path = tmp_path / "reg.json"
    args = ("register", deck_file, "-f", "ocg", "-d", "2025-11-01", "--player", "Jaden")
    assert run(capsys, *args, "-o", str(path)).code == 0
    assert run(capsys, "verify", str(path), deck_file).code == 0
    data = json.loads(path.read_text())
    data["player"] = "Chazz"
    path.write_text(json.dumps(data))
    refused = run(capsys, "verify", str(path), deck_file)
    assert refused.code == 2
    assert "the record was changed after registration" in refused.err
