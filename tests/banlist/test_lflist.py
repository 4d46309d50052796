"""The lflist.conf reader and writer on every real file, plus each dialect's features."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.banlist.lflist import load_lflist, parse_lflist, write_lflist
from tests.conftest import LFLISTS

ALL_FILES = sorted(LFLISTS.rglob("*.lflist.conf"))


def _state(banlists):
    return [
        (b.series, b.name, b.title, b.whitelist, b.points_cap, dict(b.entries)) for b in banlists
    ]


def test_there_are_real_files():
    assert len(ALL_FILES) == 77


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_round_trip_keeps_every_entry(path: Path):
    first = load_lflist(path)
    assert not first.errors
    again = parse_lflist(write_lflist(first.banlists))
    assert not again.problems
    assert _state(again.banlists) == _state(first.banlists)
    # and a second trip is stable text
    assert write_lflist(again.banlists) == write_lflist(first.banlists)


def test_current_ocg_list():
    parsed = load_lflist(LFLISTS / "current" / "OCG.lflist.conf")
    (banlist,) = parsed.banlists
    assert (banlist.series, banlist.name, banlist.title) == ("ocg", "2026.07", "2026.07 OCG")
    assert banlist.entries[21044178].limit == 0  # Abyss Dweller
    assert banlist.entries[21044178].name == "Abyss Dweller"
    assert len(banlist.entries) == 200


def test_speed_group_limits_written_as_comments():
    banlist = load_lflist(LFLISTS / "current" / "Speed.lflist.conf").banlists[0]
    assert banlist.whitelist
    groups = banlist.groups()
    assert sorted(groups) == [1, 2, 3]
    assert len(groups[1]) == 10 and 5318639 in groups[1]  # Mystical Space Typhoon
    assert banlist.entries[14087893].group == 3  # Book of Moon
    # listed twice in the file (whitelist 3, then "Limited 2"): one entry, in the group
    assert banlist.entries[58257569].group == 2  # Red-Eyes Baby Dragon
    assert banlist.entries[58257569].limit == 2
    assert banlist.status_of(300307012) == "forbidden"
    assert banlist.status_of(55144522) == "illegal"  # Pot of Greed is not a Speed card


def test_real_quirks_are_reported_not_dropped():
    speed = load_lflist(LFLISTS / "current" / "Speed.lflist.conf")
    lines = {p.line for p in speed.problems}
    assert 403 in lines  # "--SS05 Bakura": a comment without '#'
    assert 1506 in lines  # Submarineroid listed again under "#Limited 1"
    assert all(p.severity == "warning" for p in speed.problems)
    ocg = load_lflist(LFLISTS / "history" / "OCG" / "2020.04.lflist.conf")
    assert [p.line for p in ocg.problems] == [1]  # "[2020.04 OCG]" without '#'
    trad = load_lflist(LFLISTS / "history" / "Traditional" / "2020.01.lflist.conf")
    # "63166095 1 -Sky Striker...": a single dash, still read as the Limited entry
    assert trad.banlists[0].entries[63166095].limit == 1
    assert trad.banlists[0].entries[63166095].name.startswith("Sky Striker Mobilize")


def _real_lines(name: str, count: int) -> list[str]:
    lines = (LFLISTS / "current" / name).read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line[:1].isdigit()][:count]


def test_ygopro_multi_list_file_with_zero_padding():
    ocg = _real_lines("OCG.lflist.conf", 3)
    tcg = _real_lines("0TCG.lflist.conf", 3)
    padded = [f"{int(line.split()[0]):08d} {line.split(None, 1)[1]}" for line in tcg]
    text = "\n".join(
        ["#[2026.07 OCG]", "#[2026.05 TCG]", "!2026.07 OCG", *ocg, "!2026.05 TCG", *padded]
    )
    parsed = parse_lflist(text)
    assert not parsed.problems
    assert [(b.series, b.name) for b in parsed.banlists] == [("ocg", "2026.07"), ("tcg", "2026.05")]
    assert [len(b.entries) for b in parsed.banlists] == [3, 3]
    first_tcg = int(tcg[0].split()[0])
    assert parsed.banlists[1].entries[first_tcg].limit == int(tcg[0].split()[1])
    again = parse_lflist(write_lflist(parsed.banlists))
    assert _state(again.banlists) == _state(parsed.banlists)


def test_edopro_counts_and_whitelist():
    parsed = parse_lflist("!x TCG\n$whitelist\n55144522 -1 --Pot of Greed\n89631139 3\n")
    banlist = parsed.banlists[0]
    assert banlist.whitelist
    assert banlist.status_of(55144522) == "illegal"
    assert banlist.status_of(89631139) == "unlimited"


@pytest.mark.parametrize(
    "text",
    [
        "!g Genesys\n$genesys 100\n55144522 $genesys 30 --Pot of Greed\n",
        "!g Genesys\n$genesys\n55144522 30 --Pot of Greed\n",
        "!g Genesys\n55144522 3 30 --Pot of Greed\n",
    ],
    ids=["header", "bare", "column"],
)
def test_three_genesys_encodings(text: str):
    banlist = parse_lflist(text).banlists[0]
    assert banlist.entries[55144522].points == 30
    assert banlist.status_of(55144522) == "unlimited"
    again = parse_lflist(write_lflist([banlist])).banlists[0]
    assert again.entries == banlist.entries
    assert again.points_cap == banlist.points_cap


def test_genesys_header_sets_the_cap():
    assert parse_lflist("!g Genesys\n$genesys 100\n").banlists[0].points_cap == 100
    assert parse_lflist("!g Genesys\n$genesys\n").banlists[0].points_cap is None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("55144522 4 --Pot of Greed", "bad count 4"),
        ("55144522 -2", "bad count -2"),
        ("55144522", "malformed entry"),
        ("55144522 x", "malformed entry"),
        ("0 1", "not a card"),
    ],
)
def test_bad_lines_are_errors_with_line_numbers(line: str, message: str):
    parsed = parse_lflist(f"!2026.07 OCG\n#Forbidden\n{line}\n")
    assert [p.line for p in parsed.errors] == [3]
    assert message in parsed.errors[0].message
    assert parsed.banlists[0].entries == {}


def test_entries_before_first_header():
    parsed = parse_lflist("55144522 0\n!2026.07 OCG\n")
    assert parsed.banlists[0].name == "custom"
    assert parsed.banlists[0].entries[55144522].limit == 0
    assert any("no '!name' line" in p.message for p in parsed.problems)
    parsed = parse_lflist("!2026.07 OCG\n55144522 0\n!2026.05 TCG\n$whitelist\n")
    assert parsed.banlists[1].whitelist and not parsed.banlists[0].whitelist


def test_empty_text_is_a_problem():
    parsed = parse_lflist("")
    assert parsed.banlists == []
    assert parsed.errors[0].message == "no banlist in the file"


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_yaml_and_json_conversions_keep_every_entry(path: Path, tmp_path: Path):
    from deckcheck.banlist.files import load_banlists, to_json, to_yaml_many

    first = load_banlists(path)
    as_yaml = tmp_path / "list.yaml"
    as_yaml.write_text(to_yaml_many(first), encoding="utf-8")
    as_json = tmp_path / "list.json"
    as_json.write_text(to_json(load_banlists(as_yaml)), encoding="utf-8")
    back = tmp_path / "back.lflist.conf"
    back.write_text(write_lflist(load_banlists(as_json)), encoding="utf-8")
    assert _state(load_banlists(back)) == _state(first)


BIG = "1" + "0" * 5000  # more digits than int() converts


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (f"55144522 {BIG}", "bad count 1000"),
        (f"{BIG} 1", "passcode 1000"),
        (f"0000{BIG} 1", "passcode 0000"),
        ("10000000000 1", "passcode 10000000000 is not a card"),  # the first past the limit
        (f"55144522 $genesys {BIG}", "implausible points 1000"),
        (f"55144522 3 {BIG}", "implausible points 1000"),
        ("55144522 3 1000001", "implausible points 1000001"),
        (f"$genesys {BIG}", "points cap 1000"),
        ("$genesys 1000001", "points cap 1000001 is not plausible"),
        (f"#Limited {BIG}", "no group is numbered so high"),
    ],
)
def test_huge_numbers_are_problems_with_lines(line: str, message: str):
    parsed = parse_lflist(f"!2026.07 OCG\n#Forbidden\n{line}\n55144522 1\n")
    assert [p.line for p in parsed.errors] == [3]
    assert message in parsed.errors[0].message
    assert len(parsed.errors[0].message) < 200  # the number is cut in the message
    assert list(parsed.banlists[0].entries) == [55144522]


def test_largest_numbers_that_are_read():
    text = "!2026.07 OCG\n$genesys 1000000\n9999999999 0\n55144522 3 1000000\n#Limited 999\n"
    parsed = parse_lflist(text)
    assert parsed.errors == []
    banlist = parsed.banlists[0]
    assert banlist.points_cap == 1_000_000 and banlist.entries[55144522].points == 1_000_000
    assert banlist.entries[9999999999].limit == 0
