"""Folders given to ``check`` and the pre-commit hook cover every deck format the readers
take; JSON and YAML files that are plainly something else are left alone."""

from __future__ import annotations

import json
import re
import shutil

import yaml

from deckcheck.decks.codecs import DECK_SUFFIXES
from deckcheck.io.inputs import expand
from tests.cli.helpers import run
from tests.conftest import DECKS, ROOT

DECK = DECKS / "AI_Blackwing.ydk"  # valid for tcg on 2026-06-01
EVENT = ["--format", "tcg", "--date", "2026-06-01"]


def test_a_folder_of_decks_in_every_format(capsys, tmp_path):
    shutil.copyfile(DECK, tmp_path / "a.ydk")
    for to, name in [("json", "b.json"), ("yaml", "c.yaml"), ("yaml", "d.YML"), ("ydke", "e.ydke")]:
        out = tmp_path / "sub" / name
        out.parent.mkdir(exist_ok=True)
        assert run(capsys, "convert", str(DECK), "--to", to, "-o", str(out)).code == 0
    assert (
        run(capsys, "convert", str(DECK), "--to", "names", "-o", str(tmp_path / "f.txt")).code == 0
    )
    record = tmp_path / "record.json"  # a registration record: JSON, not a deck
    assert run(capsys, "register", str(DECK), *EVENT, "--player", "J", "-o", str(record)).code == 0
    (tmp_path / "plan.yaml").write_text("out: [1 Pot of Greed]\nin: [1 Raigeki]\n")
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "decks.yml").write_text("on: [push]\njobs: {}\n")
    (tmp_path / ".hidden.ydk").write_text("#main\n")
    (tmp_path / "notes.md").write_text("# decks\n")
    result = run(capsys, "check", str(tmp_path), *EVENT, "--output-format", "json")
    assert result.code == 0, result.out + result.err
    sources = [d["deck"]["source"] for d in json.loads(result.out)["decks"]]
    names = ["a.ydk", "f.txt", "sub/b.json", "sub/c.yaml", "sub/d.YML", "sub/e.ydke"]
    assert sources == [str(tmp_path / n) for n in names]


def test_a_broken_json_deck_in_a_folder_is_reported_not_skipped(tmp_path):
    (tmp_path / "broken.json").write_text('{"main": [1, }')
    (tmp_path / "side.yml").write_text("side_deck:\n  - 14558127\n")
    (tmp_path / "list.yaml").write_text("- 14558127\n")  # a list, not a mapping: read as a deck
    sources, errors = expand([str(tmp_path)])
    assert sources == [str(tmp_path / n) for n in ("broken.json", "list.yaml", "side.yml")]
    assert errors == {}


def test_a_folder_without_decks_is_its_own_error(tmp_path):
    (tmp_path / "plan.yaml").write_text("out: []\nin: []\n")
    sources, errors = expand([str(tmp_path), str(DECK)])
    assert sources == [str(tmp_path), str(DECK)]
    assert errors[str(tmp_path)].startswith("no deck files (")
    assert all(s in errors[str(tmp_path)] for s in DECK_SUFFIXES)


def test_the_pre_commit_hook_takes_every_deck_format():
    (spec,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    for suffix in DECK_SUFFIXES:
        for path in (f"decks/a{suffix}", f"a{suffix.upper()}"):
            assert re.search(spec["files"], path) and not re.search(spec["exclude"], path)
    for other in ("README.md", "deckcheck.toml", "decks/a.ydk.bak"):
        assert not re.search(spec["files"], other)
    for hidden in (".github/workflows/ci.yml", ".pre-commit-config.yaml", "x/.a.ydk"):
        assert re.search(spec["exclude"], hidden)


def test_check_without_inputs_takes_json_and_yaml_decks(capsys, tmp_path, monkeypatch):
    # with no configuration file, check looks for every deck format but name lists
    # (a repository's .txt files are seldom decks) and passes over other JSON/YAML documents
    decks = tmp_path / "decks"
    decks.mkdir()
    shutil.copyfile(DECK, decks / "a.ydk")
    for to, name in [("json", "b.json"), ("yaml", "c.yaml")]:
        out = decks / name
        assert run(capsys, "convert", str(DECK), "--to", to, "-o", str(out)).code == 0
    (tmp_path / "package.json").write_text('{"name": "site", "version": "1.0.0"}\n')
    (tmp_path / "plan.yaml").write_text("out: [1 Pot of Greed]\nin: [1 Raigeki]\n")
    (tmp_path / "requirements.txt").write_text("deckcheck\n")
    monkeypatch.chdir(tmp_path)
    result = run(capsys, "check", *EVENT, "--output-format", "json")
    assert result.code == 0, result.out + result.err
    sources = sorted(d["deck"]["source"] for d in json.loads(result.out)["decks"])
    assert [s.replace("\\", "/") for s in sources] == [
        "decks/a.ydk",
        "decks/b.json",
        "decks/c.yaml",
    ]
