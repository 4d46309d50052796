"""A snapshot folder is replaced as one unit, and what a killed run leaves is resolved at
the next start (issues 11.20, 11.21)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from deckcheck.cards.cdb import import_cdb
from deckcheck.cards.db import MANIFEST, SNAPSHOT, CardDB
from deckcheck.io.errors import InputError
from deckcheck.io.outfile import FolderSwap, new_folder, recover
from tests.cli.helpers import run
from tests.conftest import CDB

SMALL, OTHER = CDB / "prerelease-others.cdb", CDB / "prerelease-dbgv.cdb"


def _version(folder: Path) -> tuple[str, str]:
    """(manifest.json's version, cards.sqlite's own version): equal in a whole snapshot."""
    manifest = json.loads((folder / MANIFEST).read_text())["version"]
    con = sqlite3.connect(folder / SNAPSHOT)
    try:
        meta = json.loads(con.execute("SELECT value FROM meta WHERE key='version'").fetchone()[0])
    finally:
        con.close()
    return manifest, meta


def _siblings(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.parent.iterdir() if p.name != folder.name)


@pytest.fixture
def snapshot(db, tmp_path) -> tuple[Path, str]:
    out = tmp_path / "cards"
    return out, import_cdb(SMALL, out, db=db).version


def _staged(target: Path, db: CardDB) -> tuple[Path, str]:
    """A filled new folder beside target, as a run leaves it just before the swap."""
    staging = Path(tempfile.mkdtemp(prefix=f"{target.name}.new-", dir=target.parent))
    scratch = target.parent / "scratch"
    version = import_cdb(OTHER, scratch, db=db).version
    for name in (SNAPSHOT, MANIFEST):
        (scratch / name).rename(staging / name)
    scratch.rmdir()
    return staging, version


def test_killed_while_writing_the_new_folder(db, snapshot):
    target, old = snapshot
    staging, _ = _staged(target, db)
    assert recover(target) == [f"removed {staging.name}"]
    assert _version(target) == (old, old) and _siblings(target) == []


def test_killed_between_the_two_renames_the_reader_restores_the_old_snapshot(db, snapshot):
    target, old = snapshot
    staging, _ = _staged(target, db)
    swap = FolderSwap(staging, target)
    swap.retire()  # killed here: no folder at target
    assert not target.exists()
    assert CardDB.open(target).version == old  # the next start, a reader
    assert _version(target) == (old, old)
    # the next writer removes the dead run's new folder
    import_cdb(OTHER, target, db=db, replace=True)
    assert _siblings(target) == []


def test_killed_after_the_swap_the_old_folder_goes(db, snapshot):
    target, _ = snapshot
    staging, new = _staged(target, db)
    swap = FolderSwap(staging, target)
    swap.retire()
    swap.promote()  # killed here: the old folder is left beside the new one
    assert recover(target) == [f"removed {swap.old.name}"]
    assert _version(target) == (new, new) and _siblings(target) == []


def test_a_failed_rename_puts_the_old_snapshot_back(db, snapshot, monkeypatch):
    target, old = snapshot
    real = os.rename

    def failing(src, dst):  # noqa: ANN001, ANN202
        if ".new-" in str(src):
            raise OSError(28, "No space left on device")
        return real(src, dst)

    monkeypatch.setattr(os, "rename", failing)
    with pytest.raises(InputError, match="No space left"):
        import_cdb(OTHER, target, db=db, replace=True)
    assert _version(target) == (old, old) and _siblings(target) == []


def test_an_error_while_filling_leaves_the_target_untouched(snapshot):
    target, old = snapshot
    with pytest.raises(RuntimeError), new_folder(target, force=True) as fresh:
        (fresh / SNAPSHOT).write_text("half")
        raise RuntimeError("killed by a bug")
    assert _version(target) == (old, old) and _siblings(target) == []


def test_replacing_needs_force_and_a_folder_of_the_snapshot_only(db, snapshot, tmp_path):
    target, old = snapshot
    with pytest.raises(InputError, match="already exists.*--force"):
        import_cdb(OTHER, target, db=db)
    assert _version(target) == (old, old)
    # temporary files an older deckcheck left when killed go with the old folder
    (target / ".cards-abc123.sqlite").write_bytes(b"partial")
    new = import_cdb(OTHER, target, db=db, replace=True).version
    assert {p.name for p in target.iterdir()} == {SNAPSHOT, MANIFEST}
    assert _version(target) == (new, new)
    # a folder holding anything else is never swapped away, even with --force
    (target / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="holds other files"):
        import_cdb(SMALL, target, db=db, replace=True)
    assert (target / "notes.txt").read_text() == "mine"
    empty = tmp_path / "empty"
    empty.mkdir()
    assert import_cdb(SMALL, empty, db=db).cards == 25  # an empty folder is no snapshot


def test_cards_build_refuses_an_existing_snapshot_without_force(capsys, snapshot):
    target, old = snapshot
    started = time.monotonic()
    r = run(capsys, "cards", "build", "--out", str(target))
    assert r.code == 2 and "already exists" in r.err and "--force" in r.err
    assert time.monotonic() - started < 5  # refused before the build, not after it
    assert _version(target) == (old, old)


def _import(source: Path, out: Path) -> subprocess.Popen[bytes]:
    code = "from deckcheck.cli import main; main()"
    args = ["cards", "import-cdb", str(source), "-o", str(out), "--force"]
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )


def test_sigkill_at_any_moment_leaves_a_whole_snapshot(tmp_path):
    out = tmp_path / "cards"
    started = time.monotonic()
    assert _import(SMALL, out).wait() == 0
    took = time.monotonic() - started
    versions = {_version(out)[0]}
    for i in range(8):
        proc = _import(OTHER if i % 2 == 0 else SMALL, out)
        time.sleep(took * (0.4 + 0.6 * i / 7))  # most of the run's end, where the swap is
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        recover(out)  # what the next run does first
        manifest, meta = _version(out)
        assert manifest == meta  # never the new cards.sqlite with the old manifest
        versions.add(manifest)
        assert _siblings(out) == [] and {p.name for p in out.iterdir()} == {SNAPSHOT, MANIFEST}
    assert CardDB.open(out).version in versions


def test_an_update_killed_between_the_renames_is_restored_for_the_next_check(
    db, tmp_path, monkeypatch
):
    from deckcheck.io.paths import user_data_dir

    monkeypatch.setenv("DECKCHECK_HOME", str(tmp_path / "home"))  # never the shared one
    installed = user_data_dir() / "card_data"
    version = import_cdb(SMALL, installed, db=db).version
    installed.rename(installed.parent / "card_data.old-k1ll3d")  # the first rename only
    assert CardDB.open().version == version  # not the bundled data: the user's, restored
    assert sorted(p.name for p in user_data_dir().iterdir()) == ["card_data"]
