"""The ``deckcheck banlist`` commands on the real lists and files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.banlist.files import load_banlists
from deckcheck.banlist.lflist import load_lflist
from tests.cli.helpers import run
from tests.conftest import LFLISTS

OCG_FILE = LFLISTS / "current" / "OCG.lflist.conf"


@pytest.fixture(autouse=True)
def _own_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_HOME", str(tmp_path / "home"))


def test_diff_ocg_2026_04_to_2026_07(capsys):
    result = run(capsys, "banlist", "diff", "ocg", "2026.04", "2026.07")
    assert result.code == 0
    assert "20 changes" in result.out
    assert "Called by the Grave (24224830): Limited -> Forbidden" in result.out
    assert "Solemn Judgment (41420027): Semi-Limited -> Limited" in result.out
    assert "Solemn Warning (84749824): Unlimited -> Semi-Limited" in result.out
    assert "Toadally Awesome (90809975): Semi-Limited -> Unlimited" in result.out


def test_diff_json_and_dates(capsys):
    result = run(
        capsys, "banlist", "diff", "tcg", "2022-05-16", "2022-05-17", "--output-format", "json"
    )
    data = json.loads(result.out)
    assert (data["from"], data["to"]) == ("2022.02", "2022.05")
    heart = next(c for c in data["changes"] if c["name"] == "Change of Heart")
    assert (heart["before"], heart["after"], heart["passcodes"]) == (
        "forbidden",
        "limited",
        [4031928],
    )


def test_list_and_show(capsys):
    result = run(capsys, "banlist", "list")
    assert result.code == 0 and "ocg" in result.out and "2026.07 (2026-07-01)" in result.out
    rows = json.loads(run(capsys, "banlist", "list", "tcg", "--output-format", "json").out)
    assert rows["lists"][0] == {
        "series": "tcg",
        "name": "2002.05",
        "effective": "2002-05-07",
        "title": "2002.05 TCG",
    }
    shown = run(capsys, "banlist", "show", "tcg", "--date", "2023-06-10")
    assert "list 2023.06, effective 2023-06-05" in shown.out
    assert "Pot of Greed (55144522)" in shown.out
    goat = json.loads(run(capsys, "banlist", "show", "goat", "--output-format", "json").out)
    assert goat["name"] == "2005.04" and goat["entries"]["55144522"]["limit"] == 1


def test_export_then_import_round_trip(capsys, tmp_path: Path):
    out = tmp_path / "tcg.conf"
    result = run(
        capsys, "banlist", "export", "tcg", "--date", "2024-05-01", "--to", "lflist", "-o", str(out)
    )
    assert result.code == 0
    (exported,) = load_lflist(out).banlists
    assert exported.name == "2024.04" and exported.entries[55144522].limit == 0
    # an existing output is never overwritten without --force
    again = run(capsys, "banlist", "export", "tcg", "--to", "json", "-o", str(out))
    assert again.code == 2 and "already exists" in again.err
    assert load_lflist(out).banlists[0].name == "2024.04"
    assert (
        run(capsys, "banlist", "export", "tcg", "--to", "json", "-o", str(out), "--force").code == 0
    )


def test_convert_every_kind_keeps_entries(capsys, tmp_path: Path):
    original = load_banlists(OCG_FILE)
    for to in ("yaml", "json", "lflist"):
        out = tmp_path / f"ocg.{'conf' if to == 'lflist' else to}"
        assert (
            run(capsys, "banlist", "convert", str(OCG_FILE), "--to", to, "-o", str(out)).code == 0
        )
        (back,) = load_banlists(out)
        assert back.entries == original[0].entries and back.name == "2026.07"


def test_import_then_check_uses_it(capsys, tmp_path: Path):
    # a custom list forbidding Raigeki, imported under the tcg series, dated in the future
    custom = tmp_path / "house.lflist.conf"
    custom.write_text("!2030.01 TCG\n#Forbidden\n12580477 0 --Raigeki\n", encoding="utf-8")
    result = run(capsys, "banlist", "import", str(custom))
    assert result.code == 0 and "effective 2030-01-01" in result.out
    shown = run(capsys, "banlist", "show", "tcg", "--date", "2030-02-01")
    assert "Raigeki (12580477)" in shown.out and "list 2030.01" in shown.out
    twice = run(capsys, "banlist", "import", str(custom))
    assert twice.code == 2 and "--force" in twice.err
    assert run(capsys, "banlist", "import", str(custom), "--force").code == 0


def test_import_needs_a_date(capsys, tmp_path: Path):
    custom = tmp_path / "house.conf"
    custom.write_text("!House Rules\n12580477 0\n", encoding="utf-8")
    result = run(capsys, "banlist", "import", str(custom))
    assert result.code == 2 and "--effective" in result.err
    ok = run(
        capsys, "banlist", "import", str(custom), "--series", "house", "--effective", "2026-01-02"
    )
    assert ok.code == 0 and "house House Rules" in ok.out


def test_lint_real_file(capsys):
    result = run(capsys, "banlist", "lint", str(OCG_FILE))
    assert result.code == 0  # warnings only
    assert "unknown passcode 17412731" in result.out
    assert "alternate artwork of Monster Reborn" in result.out
    assert "comment says 'Exxodia the Forbidden one'" in result.out


def test_lint_mislabelled_history_file(capsys):
    path = LFLISTS / "history" / "TCG" / "2021.03.lflist.conf"
    data = json.loads(run(capsys, "banlist", "lint", str(path), "--output-format", "json").out)
    kinds = {f["kind"] for f in data["findings"]}
    assert "name-date" in kinds
    finding = next(f for f in data["findings"] if f["kind"] == "name-date")
    assert "matches list 2021.07" in finding["message"]


def test_lint_errors_exit_1(capsys, tmp_path: Path):
    bad = tmp_path / "bad.lflist.conf"
    bad.write_text(
        "#[2026.07 OCG]\n!2026.07 OCG\n55144522 5 --Pot of Greed\n55144522 0\n"
        "83764718 1 --Monster Reborn\n83764719 0 --Monster Reborn\nnot an entry\n12x 1\n",
        encoding="utf-8",
    )
    result = run(capsys, "banlist", "lint", str(bad))
    assert result.code == 1
    assert f"{bad}:3: error: [bad-count]" in result.out
    assert f"{bad}:7: warning: [malformed]" in result.out
    assert f"{bad}:8: error: [malformed]" in result.out
    assert (
        "[alternate-art]" in result.out
        and "is limited, but the original 83764719 is forbidden" in result.out
    )


@pytest.mark.parametrize(
    "args",
    [
        ["banlist", "show", "nope"],
        ["banlist", "show", "tcg", "--date", "2024-13-01"],
        ["banlist", "diff", "ocg", "2026.04", "1990.01"],
        ["banlist", "export", "tcg", "--to", "xml"],
        ["banlist", "convert", "/no/such/file", "--to", "yaml"],
        ["banlist", "show", "genesys", "--date", "2025-01-01"],
    ],
)
def test_bad_input_exits_2(capsys, args):
    result = run(capsys, *args)
    assert result.code == 2 and result.err.startswith("deckcheck: error:")


def test_convert_refuses_unreadable_lines(capsys, tmp_path: Path):
    bad = tmp_path / "bad.conf"
    bad.write_text("!2026.07 OCG\n55144522 9\n", encoding="utf-8")
    result = run(capsys, "banlist", "convert", str(bad), "--to", "yaml")
    assert result.code == 2 and "line 2: bad count 9" in result.err


def test_binary_and_alias_bomb_files(capsys, tmp_path: Path):
    binary = tmp_path / "x.conf"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    assert "binary data" in run(capsys, "banlist", "convert", str(binary), "--to", "json").err
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text('a: &a ["x","x"]\nb: &b [*a,*a]\nc: [*b,*b]\n', encoding="utf-8")
    result = run(capsys, "banlist", "convert", str(bomb), "--to", "json")
    assert result.code == 2 and "aliases are not allowed" in result.err


def _violations(capsys, deck: Path, day: str) -> set[tuple[str, str]]:
    result = run(
        capsys, "check", str(deck), "--format", "tcg", "--date", day, "--output-format", "json"
    )
    report = json.loads(result.out)["decks"][0]
    assert report["format"]["date"] == day
    return {(v["rule"], v["name"]) for v in report["violations"]}, report["format"]["banlist"]


def test_check_on_two_dates_uses_the_list_in_force(capsys):
    deck = LFLISTS.parent / "decks" / "AI_SuperheavySamurai.ydk"
    before, list_before = _violations(capsys, deck, "2023-06-01")
    after, list_after = _violations(capsys, deck, "2023-06-05")
    assert (list_before, list_after) == ("2023.02", "2023.06")
    # the June 2023 TCG list forbade Superheavy Samurai Scarecrow, limited PSY-Framegear Gamma
    assert after - before == {
        ("forbidden", "Superheavy Samurai Scarecrow"),
        ("limited", "PSY-Framegear Gamma"),
    }


@pytest.mark.parametrize("path", sorted(LFLISTS.rglob("*.lflist.conf")), ids=lambda p: p.name)
def test_lint_every_real_file(capsys, path: Path):
    data = json.loads(run(capsys, "banlist", "lint", str(path), "--output-format", "json").out)
    assert data["errors"] == 0 and data["lists"] == 1


def test_import_a_published_list_keeps_its_exact_day(capsys):
    path = LFLISTS / "history" / "TCG" / "2025.10.lflist.conf"
    result = run(capsys, "banlist", "import", str(path))
    assert result.code == 0 and "tcg 2025.10" in result.out and "effective 2025-10-27" in result.out


LOCALS = "!2026.06 Locals\n#Forbidden\n14558127 0 --Ash Blossom\n#Limited\n24224830 1 --CbtG\n"
EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "blue-eyes.ydk")


def check_json(capsys, *args: str) -> tuple[int, dict | None]:
    result = run(capsys, "check", EXAMPLE, "--output-format", "json", *args)
    return result.code, (json.loads(result.out)["decks"][0] if result.out else None)


def test_an_imported_series_is_a_format_of_its_own(capsys, tmp_path: Path):
    custom = tmp_path / "locals.lflist.conf"
    custom.write_text(LOCALS, encoding="utf-8")
    assert run(capsys, "banlist", "import", str(custom), "--series", "locals").code == 0
    code, report = check_json(capsys, "--format", "locals", "--date", "2026-06-01")
    assert code == 1 and report is not None
    assert (report["format"]["id"], report["format"]["banlist"]) == ("locals", "2026.06")
    assert [v["rule"] for v in report["violations"]] == ["forbidden"]  # Ash x3
    # its first list is its first day
    before = run(capsys, "check", EXAMPLE, "--format", "locals", "--date", "2026-05-31")
    assert before.code == 2 and "locals starts on 2026-06-01" in before.err
    shown = run(capsys, "cards", "show", "14558127", "--date", "2026-06-01")
    line = next(x for x in shown.out.splitlines() if x.startswith("  locals "))
    assert line.endswith("not legal (forbidden, list 2026.06)")


def test_an_imported_list_attached_to_a_format_applies_from_its_day(capsys, tmp_path: Path):
    custom = tmp_path / "locals.lflist.conf"
    custom.write_text(LOCALS, encoding="utf-8")
    assert run(capsys, "banlist", "import", str(custom), "--series", "tcg").code == 0
    _, before = check_json(capsys, "--format", "tcg", "--date", "2026-05-31")
    _, after = check_json(capsys, "--format", "tcg", "--date", "2026-06-01")
    assert before is not None and after is not None
    assert before["format"]["banlist"] == "2026.05" and before["valid"] is True
    assert after["format"]["banlist"] == "2026.06" and after["valid"] is False
    # a format pinned to another series' list: refused rather than filed where nothing reads it
    pinned = run(capsys, "banlist", "import", str(custom), "--series", "goat")
    assert pinned.code == 2 and "format goat uses the tcg list 2005.04" in pinned.err


def test_remove_deletes_what_was_imported(capsys, tmp_path: Path):
    custom = tmp_path / "locals.lflist.conf"
    custom.write_text(LOCALS, encoding="utf-8")
    assert run(capsys, "banlist", "import", str(custom), "--series", "tcg").code == 0
    assert run(capsys, "banlist", "import", str(custom), "--series", "locals").code == 0
    assert run(capsys, "banlist", "remove", "tcg").code == 2  # a name or --all
    wrong = run(capsys, "banlist", "remove", "tcg", "2026.05")
    assert wrong.code == 2 and "bundled lists cannot be removed" in wrong.err
    removed = run(capsys, "banlist", "remove", "tcg", "2026.06")
    assert removed.code == 0 and "tcg/2026.06.yaml" in removed.out
    _, report = check_json(capsys, "--format", "tcg", "--date", "2026-06-01")
    assert report is not None and report["format"]["banlist"] == "2026.05"
    assert run(capsys, "banlist", "remove", "locals", "--all").code == 0
    gone = run(capsys, "check", EXAMPLE, "--format", "locals")
    assert gone.code == 2 and "unknown format 'locals'" in gone.err
    again = run(capsys, "banlist", "remove", "locals", "--all")
    assert again.code == 2 and "no imported locals lists" in again.err
