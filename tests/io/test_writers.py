"""Every command and store that writes a file goes through the one atomic writer
(``deckcheck.io.outfile.new_file``): when the disk fills after the data is written, the
command says so (exit 2 or InputError) and the file it was replacing is left as it was."""

from __future__ import annotations

import contextlib
import errno
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import pytest

from deckcheck.io import outfile
from deckcheck.io.errors import InputError
from tests.cli.helpers import run
from tests.conftest import DECKS, ROOT

CHAINBURN = str(DECKS / "AI_ChainBurn.ydk")  # valid for the OCG on 2025-11-01
OCG = ["--format", "ocg", "--date", "2025-11-01"]
OLD = b"the file the user had\n"


@pytest.fixture(autouse=True)
def _own_home(tmp_path, monkeypatch):
    # these tests plant files in the user's data: never in the home the session shares
    monkeypatch.setenv("DECKCHECK_HOME", str(tmp_path / "home"))


@pytest.fixture
def disk_full(monkeypatch) -> list[Path]:
    """Make every write through the helper fail after its data went out; return the paths
    the helper was asked for."""
    asked: list[Path] = []
    real = outfile.new_file

    @contextlib.contextmanager
    def failing(path: str | Path, force: bool = False) -> Iterator[BinaryIO]:
        asked.append(Path(path))
        with real(path, force) as fh:
            yield fh
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(outfile, "new_file", failing)
    return asked


def _kept(target: Path, old: bytes = OLD) -> None:
    assert target.read_bytes() == old
    assert [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")] == []


CLI_WRITERS = {
    "convert": lambda out: ["convert", CHAINBURN, "--to", "ydke", "-o", out, "--force"],
    "banlist export": lambda out: ["banlist", "export", "tcg", "--to", "lflist", "-o", out],
    "banlist convert": lambda out: [
        "banlist",
        "convert",
        str(ROOT / "banlists" / "tcg" / "2025.04.yaml"),
        "--to",
        "lflist",
        "-o",
        out,
    ],
    "register": lambda out: ["register", CHAINBURN, *OCG, "--player", "Jaden", "-o", out],
    "sheet": lambda out: ["sheet", CHAINBURN, "--player", "Jaden", "-o", out],
}


@pytest.mark.parametrize("name", CLI_WRITERS)
def test_a_command_that_writes_keeps_the_old_file_when_the_write_fails(
    name, capsys, tmp_path, disk_full
):
    target = tmp_path / "out.file"
    target.write_bytes(OLD)
    args = CLI_WRITERS[name](str(target))
    if "--force" not in args:
        args.append("--force")
    result = run(capsys, *args)
    assert result.code == 2, result.err
    assert f"cannot write {target}: No space left on device" in result.err
    assert disk_full == [target]
    _kept(target)


def test_side_apply_keeps_the_old_deck_when_the_write_fails(capsys, tmp_path, disk_full):
    plan = tmp_path / "plan.yaml"
    plan.write_text("out: [1 Ojama Trio]\nin: [Morphing Jar]\n")
    target = tmp_path / "game2.ydk"
    target.write_bytes(OLD)
    result = run(capsys, "side", "apply", CHAINBURN, str(plan), "-o", str(target), "--force")
    assert result.code == 2 and "No space left on device" in result.err
    assert disk_full == [target]
    _kept(target)


def test_a_duel_log_that_cannot_be_written_leaves_no_part_of_it(capsys, tmp_path, disk_full):
    logs = tmp_path / "logs"
    black = str(DECKS / "AI_Blackwing.ydk")
    magician = str(DECKS / "AI_DarkMagician.ydk")
    args = ["duel", black, magician, "--format", "traditional", "--games", "1", "--log", str(logs)]
    result = run(capsys, *args)
    assert result.code == 2 and "No space left on device" in result.err
    assert [p.parent for p in disk_full] == [logs]
    assert list(logs.iterdir()) == []


def test_the_banlist_index_is_kept_when_its_rewrite_fails(tmp_path, disk_full):
    from deckcheck.banlist.store import INDEX, write_index

    shutil.copytree(ROOT / "banlists" / "genesys", tmp_path / "genesys")
    (tmp_path / INDEX).write_bytes(OLD)
    with pytest.raises(InputError, match="No space left on device"):
        write_index(tmp_path)
    assert disk_full == [tmp_path / INDEX]
    _kept(tmp_path / INDEX)


def test_a_stored_user_list_is_kept_when_its_replacement_fails(disk_full):
    from deckcheck.banlist.store import BanlistStore, save_user_list, user_banlists_dir

    banlist = BanlistStore.open(include_user=False).get("tcg", "2025.04")
    target = user_banlists_dir() / "tcg" / "2025.04.yaml"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(OLD)
    with pytest.raises(InputError, match="No space left on device"):
        save_user_list(banlist, overwrite=True)
    assert disk_full == [target]
    _kept(target)


def test_the_update_state_is_kept_when_its_rewrite_fails(disk_full):
    from deckcheck.cards.update import read_state, updates_dir, write_state

    target = updates_dir() / "state.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    old = json.dumps({"cards": {"version": "old"}}).encode()
    target.write_bytes(old)
    with pytest.raises(InputError, match="No space left on device"):
        write_state("cards", {"version": "new"})
    assert disk_full == [target]
    _kept(target, old)
    assert read_state()["cards"] == {"version": "old"}


def test_a_plot_is_kept_when_its_replacement_fails(db, tmp_path, disk_full):
    from deckcheck.decks.codecs import load_deck
    from deckcheck.stats.analysis import analyse_hands
    from deckcheck.stats.plot import plot_hands

    stats = analyse_hands(load_deck(CHAINBURN, db), db, turns=1)
    target = tmp_path / "hands.svg"
    target.write_bytes(OLD)
    with pytest.raises(InputError, match="No space left on device"):
        plot_hands(stats, target, force=True)
    assert disk_full == [target]
    _kept(target)
