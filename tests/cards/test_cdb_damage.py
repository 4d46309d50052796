"""Damaged cdb files: a clear InputError naming the file and what is wrong (issue 11.13)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.cards.cdb import import_cdb, load_cdb
from deckcheck.io.errors import InputError
from tests.cli.helpers import run
from tests.conftest import CDB

SMALL = CDB / "prerelease-others.cdb"
FIRST = 100200292  # the first card of that file


def _copy(tmp_path: Path, name: str = "copy.cdb") -> Path:
    path = tmp_path / name
    shutil.copyfile(SMALL, path)
    return path


def _set_name(path: Path, value: bytes | int, card: int = FIRST) -> None:
    con = sqlite3.connect(path)
    cast = "CAST(? AS TEXT)" if isinstance(value, bytes) else "?"
    con.execute(f"UPDATE texts SET name = {cast} WHERE id = ?", (value, card))
    con.commit()
    con.close()


def test_a_card_name_that_is_not_utf8_is_named_with_its_card(capsys, tmp_path):
    path = _copy(tmp_path)
    _set_name(path, "Blue-Eyes".encode("utf-16"))
    with pytest.raises(InputError, match=rf"copy.cdb: the name of card {FIRST} is not UTF-8"):
        load_cdb(path)
    r = run(capsys, "cards", "import-cdb", str(path), "-o", str(tmp_path / "out"))
    assert r.code == 2 and "Traceback" not in r.err
    assert "copy.cdb" in r.err and "not UTF-8 text" in r.err and "\ufffd" not in r.err
    assert not (tmp_path / "out").exists()


def test_control_characters_or_a_number_as_a_name_are_refused(tmp_path):
    path = _copy(tmp_path)
    _set_name(path, b"Dark\x1b[2JMagician")
    with pytest.raises(InputError, match="control characters"):
        load_cdb(path)
    untyped = tmp_path / "untyped.cdb"  # a texts table whose name column has no type
    con = sqlite3.connect(untyped)
    con.execute("CREATE TABLE datas (id INTEGER PRIMARY KEY, ot, alias, setcode, type, atk, "
                "def, level, race, attribute, category)")  # fmt: skip
    con.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, name, desc)")
    con.execute("INSERT INTO datas VALUES (7, 3, 0, 0, 17, 1000, 1000, 4, 1, 16, 0)")
    con.execute("INSERT INTO texts VALUES (7, 42, '')")
    con.commit()
    con.close()
    with pytest.raises(InputError, match="untyped.cdb: the name of card 7 is not text"):
        load_cdb(untyped)
    # the legal edge: any printable text, in any script, with accents and spaces
    _set_name(path, "Ｎｏ．３９\u3000希望皇ホープ Éclair".encode())
    assert any(c.name.startswith("Ｎｏ．３９") for c in load_cdb(path).cards)


def test_flipped_bytes_in_the_header_and_in_a_page(capsys, tmp_path):
    header = _copy(tmp_path, "header.cdb")
    data = bytearray(header.read_bytes())
    data[0] ^= 0xFF  # "SQLite format 3" no more
    header.write_bytes(bytes(data))
    r = run(capsys, "cards", "import-cdb", str(header), "-o", str(tmp_path / "out"))
    assert r.code == 2 and "header.cdb" in r.err and "Traceback" not in r.err
    schema = _copy(tmp_path, "schema.cdb")
    data = bytearray(schema.read_bytes())
    at = data.index(b"CREATE TABLE")
    data[at + 2] ^= 0x80  # a non-UTF-8 byte in the schema text; SQLite quotes it back
    schema.write_bytes(bytes(data))
    with pytest.raises(InputError, match="schema.cdb"):
        load_cdb(schema)


def test_artworks_pointing_at_each_other_make_one_card(db, tmp_path):
    path = _copy(tmp_path)
    con = sqlite3.connect(path)
    con.execute("UPDATE datas SET alias = ? WHERE id = ?", (FIRST + 1, FIRST))
    con.execute("UPDATE datas SET alias = ? WHERE id = ?", (FIRST, FIRST + 1))
    con.commit()
    con.close()
    cards = load_cdb(path).cards
    assert [c.passcodes for c in cards if FIRST in c.passcodes] == [(FIRST, FIRST + 1)]
    assert import_cdb(path, tmp_path / "out", db=db).cards == len(cards)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(flips=st.lists(st.tuples(st.integers(0, SMALL.stat().st_size - 1), st.integers(0, 7)),
                      min_size=1, max_size=24))  # fmt: skip
def test_random_byte_flips_give_cards_or_an_input_error(tmp_path, flips):
    data = bytearray(SMALL.read_bytes())
    for at, bit in flips:
        data[at] ^= 1 << bit
    path = tmp_path / "flipped.cdb"
    path.write_bytes(bytes(data))
    try:
        read = load_cdb(path)
    except InputError as exc:
        assert "flipped.cdb" in str(exc)
        return
    codes = [code for card in read.cards for code in card.passcodes]
    assert len(codes) == len(set(codes))  # so a snapshot can always be written from them
