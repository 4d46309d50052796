"""The one reader of user files: regular files only, bounded, every failure a clear message."""

from __future__ import annotations

import os
import stat

import pytest

from deckcheck.io.errors import InputError
from deckcheck.io.infile import SHOWN_CHARS, read_bytes, read_text, require_file, shown
from tests.conftest import DECKS

DECK = DECKS / "AI_Blackwing.ydk"


def test_size_edge(tmp_path):
    path = tmp_path / "deck.ydk"
    path.write_bytes(b"x" * 1000)
    assert read_bytes(path, 1000, "deck file") == b"x" * 1000
    with pytest.raises(InputError, match="deck file .*deck.ydk is larger than 999 bytes"):
        read_bytes(path, 999, "deck file")


def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.ydk"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match=r"pipe.ydk: it is a named pipe \(FIFO\)"):
        read_bytes(fifo, 1000, "deck file")
    with pytest.raises(InputError, match="named pipe"):
        require_file(fifo, "cdb file")


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/dev/null", "it is a device, not a regular file"),
        (".", "it is a folder, not a regular file"),
        ("no-such-deck.ydk", "no such file"),
        ("x" * 5000, "file name too long"),
        ("bad\0name", "the name holds a NUL character"),
        (f"{DECK}/inside", "a part of the path is not a folder"),
    ],
)
def test_what_is_not_a_readable_regular_file(path, message):
    for check in (lambda: read_bytes(path, 1000, "deck file"), lambda: require_file(path, "x")):
        with pytest.raises(InputError, match=message) as err:
            check()
        assert len(str(err.value)) < SHOWN_CHARS + 100  # a long name is cut


def test_regular_files_pass(tmp_path):
    require_file(DECK, "deck file")
    assert read_text(DECK, 1 << 20, "deck file").startswith("#")
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbfhello")
    assert read_text(bom, 100, "plan") == "hello"
    bom.write_bytes(b"\xff\xfe")
    with pytest.raises(InputError, match="plan .*bom.txt is not UTF-8 text"):
        read_text(bom, 100, "plan")


def test_shown():
    assert shown("a.ydk") == "a.ydk"
    assert shown("x" * 500) == "x" * (SHOWN_CHARS - 3) + "..."
    assert shown("a\x1b[31mb") == "a\\x1b[31mb"  # no terminal escapes in messages


def test_a_regular_file_is_read_with_one_read_of_its_size(tmp_path, monkeypatch):
    path = tmp_path / "deck.ydk"
    path.write_bytes(DECK.read_bytes())
    asked: list[int] = []
    real_read = os.read

    def read(fd: int, n: int) -> bytes:
        asked.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", read)
    assert read_bytes(path, 1 << 20, "deck file") == DECK.read_bytes()
    assert asked == [path.stat().st_size + 1]  # not the limit, and no second read for the end


@pytest.mark.parametrize("told", [0, 10, 999, 1005])
def test_a_file_larger_or_smaller_than_fstat_said_is_read_whole(tmp_path, monkeypatch, told):
    # a file that grew or shrank after fstat, or one whose size says nothing (/proc)
    path = tmp_path / "deck.ydk"
    path.write_bytes(b"8" * 1000)
    real_fstat = os.fstat

    def fstat(fd: int) -> os.stat_result:
        info = list(real_fstat(fd))
        info[stat.ST_SIZE] = told
        return os.stat_result(info)

    monkeypatch.setattr(os, "fstat", fstat)
    assert read_bytes(path, 1005, "deck file") == b"8" * 1000
    with pytest.raises(InputError, match="is larger than 999 bytes"):
        read_bytes(path, 999, "deck file")


def test_a_proc_file_whose_size_is_zero_is_read_whole():
    status = "/proc/self/status"
    if not os.path.exists(status):
        pytest.skip("no /proc")
    assert read_bytes(status, 1 << 20, "x").startswith(b"Name:")
