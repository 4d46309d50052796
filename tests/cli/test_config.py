"""Repository configuration: deckcheck.toml or [tool.deckcheck], found upwards, per-path
overrides in order, command-line options winning, clear errors for bad files."""

from __future__ import annotations

import json
import re
import shutil
from datetime import date
from pathlib import Path

import pytest

from deckcheck.cli.config import Settings, load_config, matches
from deckcheck.io.errors import InputError

PYPROJECT = """\
[project]
name = "my-decks"

[tool.deckcheck]
format = "ocg"
date = 2025-11-01
paths = ["decks/**/*.ydk"]
exclude = ["decks/archive/**"]
points-cap = 100
output-format = "github"

[[tool.deckcheck.overrides]]
paths = ["decks/tcg/**"]
format = "tcg"

[[tool.deckcheck.overrides]]
paths = "decks/tcg/genesys/**"
format = "genesys"
points-cap = 60
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    for rel in [
        "decks/a.ydk",
        "decks/tcg/b.ydk",
        "decks/tcg/genesys/c.ydk",
        "decks/archive/old.ydk",
        "decks/notes.txt",
        "other/d.ydk",
        ".git/x.ydk",
    ]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("#main\n")
    return tmp_path


def test_found_from_a_sub_folder(repo):
    config = load_config(repo / "decks" / "tcg")
    assert config.file == repo / "pyproject.toml" and config.root == repo
    assert (config.format, config.date, config.points_cap) == ("ocg", date(2025, 11, 1), 100)
    assert config.output_format == "github"


def test_overrides_apply_in_order(repo):
    config = load_config(repo)
    assert config.settings_for(repo / "decks/a.ydk").format == "ocg"
    assert config.settings_for(repo / "decks/tcg/b.ydk").format == "tcg"
    genesys = config.settings_for(repo / "decks/tcg/genesys/c.ydk")
    assert (genesys.format, genesys.points_cap, genesys.date) == ("genesys", 60, date(2025, 11, 1))


def test_relative_paths_are_taken_from_the_working_folder(repo, monkeypatch):
    monkeypatch.chdir(repo / "decks")
    config = load_config()
    assert config.settings_for("tcg/b.ydk").format == "tcg"
    assert config.settings_for("../elsewhere/x.ydk").format == "ocg"


def test_command_line_wins(repo):
    config = load_config(repo)
    settings = config.settings_for(repo / "decks/tcg/b.ydk").with_cli(
        format="speed", date=None, points_cap=None
    )
    assert (settings.format, settings.date) == ("speed", date(2025, 11, 1))


def test_deck_files_follow_paths_and_exclude(repo):
    found = [p.relative_to(repo).as_posix() for p in load_config(repo).deck_files()]
    assert found == ["decks/a.ydk", "decks/tcg/b.ydk", "decks/tcg/genesys/c.ydk"]


def test_deckcheck_toml_wins_over_pyproject(repo):
    (repo / "decks" / "deckcheck.toml").write_text('format = "edison"\ndate = "today"\n')
    config = load_config(repo / "decks")
    assert config.root == repo / "decks"
    assert (config.format, config.date) == ("edison", date.today())
    # its default paths: every .ydk and .ydke below it
    assert [p.name for p in config.deck_files()] == ["a.ydk", "old.ydk", "b.ydk", "c.ydk"]


def test_pyproject_without_the_table_is_passed_over(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n')
    config = load_config(tmp_path)
    assert config.file is None and config.format is None and config.root == tmp_path.resolve()


def test_pyproject_that_cannot_hold_the_table_is_not_parsed(tmp_path):
    # another tool's file, even a broken one, is passed over (deckcheck's own pyproject.toml
    # names it as a project and a script); every way TOML has to reach tool.deckcheck is read
    pyproject = tmp_path / "pyproject.toml"
    for text in ('[project\nname = "x"\n', '[project\nname = "deckcheck"\n'):
        pyproject.write_text(text)
        assert load_config(tmp_path).file is None
    own = Path(__file__).resolve().parents[2] / "pyproject.toml"
    pyproject.write_text(own.read_text(encoding="utf-8") + "\n[broken\n")
    assert load_config(tmp_path).file is None
    pyproject.write_text('[tool.deckcheck\nformat = "goat"\n')
    with pytest.raises(InputError, match="is not valid TOML"):
        load_config(tmp_path)
    for text in (
        '[tool.deckcheck]\nformat = "goat"\n',
        '[ "tool" . \'deckcheck\' ]\nformat = "goat"\n',
        '[tool]\ndeckcheck.format = "goat"\n',
        'tool = { deckcheck = { format = "goat" } }\n',
        'tool.deckcheck.format = "goat"\n',
        '[tool."deck\\u0063heck"]\nformat = "goat"\n',
        '"\\u0074ool".deckcheck.format = "goat"\n',
    ):
        pyproject.write_text(text)
        assert load_config(tmp_path).format == "goat", text


def test_settings_made_without_validation_equal_validated_ones():
    day = date(2024, 1, 2)
    trusted = Settings.trusted(format="tcg", date=day, points_cap=50.0)
    assert trusted == Settings(format="tcg", date="2024-01-02", points_cap=50)
    assert trusted.merged(Settings.trusted(format=None, date=None, points_cap=None)) == trusted


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('formatt = "tcg"', "formatt: unknown key"),
        ('output-format = "xml"', "output-format: must be one of text, json, sarif"),
        ('date = "2025-13-01"', "bad date '2025-13-01'"),
        ("points-cap = -5", "points-cap: Input should be greater than 0"),
        ("points-cap = inf", "points-cap: Input should be a finite number"),
        ('format = "tcg', "is not valid TOML"),
        ("[[overrides]]\nformat = 'tcg'", "overrides.0.paths: Field required"),
    ],
)
def test_bad_configuration(tmp_path, text, message):
    (tmp_path / "deckcheck.toml").write_text(text)
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        load_config(tmp_path)


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("*.ydk", "a.ydk", True),
        ("*.ydk", "x/y/a.ydk", True),  # no '/': any folder
        ("decks/*.ydk", "decks/x/a.ydk", False),
        ("decks/**/*.ydk", "decks/a.ydk", True),
        ("decks/**/*.ydk", "decks/x/y/a.ydk", True),
        ("decks/**/*.ydk", "other/a.ydk", False),
        ("decks/archive", "decks/archive/x/a.ydk", True),  # a folder covers what is in it
        ("deck?.ydk", "deck10.ydk", False),
        ("[!ab].ydk", "c.ydk", True),
        ("[!ab].ydk", "a.ydk", False),
    ],
)
def test_globs(pattern, path, expected):
    assert matches(pattern, path) is expected


def test_settings_merge_keeps_unset_values():
    base = Settings(format="tcg", points_cap=50)
    assert base.merged(Settings(date="2024-01-02")) == Settings(
        format="tcg", points_cap=50, date=date(2024, 1, 2)
    )


def test_defaults_without_a_file_are_a_valid_config(tmp_path):
    # the no-file path skips validation (start-up); it must equal the validated defaults
    from deckcheck.cli.config import Config

    found = load_config(tmp_path)
    assert found.file is None
    assert found == Config(root=tmp_path.resolve())
    assert found.settings_for(tmp_path / "a.ydk") == Settings()


README = Path(__file__).resolve().parents[2] / "README.md"
EXAMPLE_DECK = Path(__file__).resolve().parents[2] / "examples" / "blue-eyes.ydk"


def readme_config() -> str:
    """The README's [tool.deckcheck] example, exactly as printed."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", text, flags=re.S)
    found = [b for b in blocks if b.startswith("[tool.deckcheck]")]
    assert len(found) == 1
    return found[0]


def deck_repo(root: Path, config: str) -> Path:
    (root / "pyproject.toml").write_text(config)
    for rel in ["decks/blue-eyes.ydk", "decks/genesys/blue-eyes.ydk", "decks/archive/old.ydk"]:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(EXAMPLE_DECK, root / rel)
    return root


def check_here(capsys, root: Path, monkeypatch, *args: str):
    from tests.cli.helpers import run

    monkeypatch.chdir(root)
    return run(capsys, "check", "--output-format", "json", *args)


def test_the_readme_example_works_as_printed(tmp_path, capsys, monkeypatch):
    result = check_here(capsys, deck_repo(tmp_path, readme_config()), monkeypatch)
    assert result.code in (0, 1), result.err
    decks = json.loads(result.out)["decks"]
    checked = {(d["deck"]["source"], d["format"]["id"], d["format"]["date"]) for d in decks}
    assert checked == {
        ("decks/blue-eyes.ydk", "tcg", "2025-06-14"),
        ("decks/genesys/blue-eyes.ydk", "genesys", "2025-10-01"),
    }
    assert all(d["error"] is None for d in decks)


def test_an_override_before_its_format_existed_spares_the_other_decks(
    tmp_path, capsys, monkeypatch
):
    config = readme_config().replace("date = 2025-10-01", "date = 2025-09-21")
    result = check_here(capsys, deck_repo(tmp_path, config), monkeypatch)
    assert result.code == 2
    by_source = {d["deck"]["source"]: d for d in json.loads(result.out)["decks"]}
    assert by_source["decks/blue-eyes.ydk"]["valid"] is True  # still checked
    genesys = by_source["decks/genesys/blue-eyes.ydk"]
    assert genesys["valid"] is False and "starts on 2025-09-22" in genesys["error"]
    assert genesys["deck"]["main"] == 40  # read, but not judged on cards
    assert "decks/genesys/blue-eyes.ydk: Genesys starts on 2025-09-22" in result.err
    # the first day of the format is checked
    first = readme_config().replace("date = 2025-10-01", "date = 2025-09-22")
    again = check_here(capsys, deck_repo(tmp_path, first), monkeypatch)
    assert again.code in (0, 1), again.err


def test_today_in_an_override_replaces_the_files_date(tmp_path):
    config = readme_config().replace("date = 2025-10-01", 'date = "today"')
    found = load_config(deck_repo(tmp_path, config))
    assert found.settings_for(tmp_path / "decks/genesys/blue-eyes.ydk").date == date.today()
    assert found.settings_for(tmp_path / "decks/blue-eyes.ydk").date == date(2025, 6, 14)
