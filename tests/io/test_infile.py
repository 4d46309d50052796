"""The one reader of user files: regular files only, bounded, every failure a clear message."""

from __future__ import annotations

import os

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
