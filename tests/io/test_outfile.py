"""The one atomic file writer (deckcheck.io.outfile.write_new) every command uses."""

from __future__ import annotations

import os
import stat

import pytest

from deckcheck.io import outfile
from deckcheck.io.errors import InputError


def _synced(monkeypatch) -> list[str]:  # noqa: ANN001
    """Record what each os.fsync call flushed: "file" or "folder"."""
    seen: list[str] = []
    real = os.fsync

    def spy(fd: int) -> None:
        seen.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    return seen


def test_the_file_then_its_folder_are_flushed(tmp_path, monkeypatch):
    seen = _synced(monkeypatch)
    outfile.write_new(tmp_path / "deck.ydk", "#main\n")
    assert seen == ["file", "folder"]  # the rename is durable too, not only the bytes
    seen.clear()
    outfile.write_new(tmp_path / "deck.ydk", "#main\n89631139\n", force=True)
    assert seen == ["file", "folder"]


def test_refused_without_force_replaced_whole_with_it(tmp_path):
    target = tmp_path / "list.yaml"
    outfile.write_new(target, "old\n")
    with pytest.raises(InputError, match="already exists; use --force"):
        outfile.write_new(target, "new\n")
    assert target.read_text() == "old\n"
    with target.open() as reader:  # a reader of the old file keeps reading the old file
        outfile.write_new(target, "new\n", force=True)
        assert reader.read() == "old\n"
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list.yaml"]
