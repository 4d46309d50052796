"""read_deck sniffing, load_deck on files/URLs/stdin with bad input, write_deck, digest."""

from __future__ import annotations

import io
import sys

import pytest

from deckcheck.decks import DECK_SUFFIXES, load_deck, read_deck, write_deck
from deckcheck.decks.codecs import sniff
from deckcheck.decks.common import MAX_INPUT_BYTES
from deckcheck.decks.model import Deck
from deckcheck.decks.ydke import encode
from deckcheck.io.errors import InputError
from tests.conftest import DECKS
from tests.decks.helpers import (
    BEUD,
    BEUD_ALT,
    BEWD,
    DARK_MAGICIAN,
    DARK_MAGICIAN_ALT,
    POT,
    RAIGEKI,
)

YDK = f"#created by x\n#main\n{BEWD}\n{POT}\n#extra\n{BEUD}\n!side\n{RAIGEKI}\n"
URL = encode([BEWD, POT], [BEUD], [RAIGEKI])


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        (YDK, "ydk"),
        (f"{BEWD}\n{POT}\n", "ydk"),
        (f"#main\n{BEWD}\n123abc\n", "ydk"),
        (URL, "ydke"),
        ("\n  " + URL + "\n", "ydke"),
        ("https://ygoprodeck.com/deck-builder/?y=" + URL[7:], "ydke"),
        ('{"main": []}', "json"),
        (f"main:\n  - {BEWD}\nextra: []\n", "yaml"),
        ("Main: [Pot of Greed]\n", "yaml"),
        ("Main:\n3x Pot of Greed\n", "names"),
        ("Main Deck:\n3 Pot of Greed\n", "names"),
        ("#main\n3 Pot of Greed\n2 Raigeki\n#extra\n", "names"),
        ("3 Pot of Greed\n", "names"),
        ("Pot of Greed\n", "names"),
    ],
)
def test_sniff(text, fmt):
    assert sniff(text) == fmt


def test_read_deck_every_format_gives_the_same_cards(db):
    reference = read_deck(YDK, db).digest()
    texts = [
        URL,
        "Main Deck\n1 Blue-Eyes White Dragon\n1 Pot of Greed\n"
        "Extra Deck\n1 Blue-Eyes Ultimate Dragon\nSide Deck\nRaigeki\n",
        f'{{"main": [{BEWD}, {POT}], "extra": [{BEUD}], "side": [{RAIGEKI}]}}',
        f"main: [{BEWD}, Pot of Greed]\nextra: [{BEUD}]\nside: [Raigeki]\n",
    ]
    for text in texts:
        assert read_deck(text, db).digest() == reference, text


def test_read_deck_explicit_format_and_refusals(db):
    assert read_deck(f"{BEWD}\n", db, fmt="names").passcodes("main") == [BEWD]
    with pytest.raises(InputError, match="empty"):
        read_deck(" \n\ufeff\n", db)
    with pytest.raises(InputError, match="2 MB"):
        read_deck("#" * (MAX_INPUT_BYTES + 1), db)
    with pytest.raises(InputError, match="unknown deck format"):
        read_deck(YDK, db, fmt="xml")  # type: ignore[arg-type]


def test_load_deck_keeps_the_source_as_given(db, tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "My Deck.ydk").write_text(YDK)
    monkeypatch.chdir(tmp_path)
    deck = load_deck("./sub/../sub/My Deck.ydk", db)
    assert deck.source == "./sub/../sub/My Deck.ydk"
    assert deck.name == "My Deck"
    assert read_deck(YDK, db).digest() == deck.digest()


def test_load_deck_urls(db):
    assert load_deck(URL, db).source == URL
    ygoprodeck = "https://ygoprodeck.com/deck-builder/?y=" + URL[7:]
    assert load_deck(ygoprodeck, db).digest() == read_deck(YDK, db).digest()
    with pytest.raises(InputError, match="not a deck link"):
        load_deck("https://example.com/my.ydk", db)


@pytest.mark.parametrize(
    "data",
    [
        b"\xef\xbb\xbf" + YDK.encode(),
        YDK.replace("\n", "\r\n").encode(),
        b"\xff\xfe" + YDK.encode("utf-16-le"),
        b"\xfe\xff" + YDK.encode("utf-16-be"),
        YDK.encode() + b"\x1a",  # DOS end-of-file mark
    ],
)
def test_load_deck_encodings(db, tmp_path, data):
    path = tmp_path / "deck.ydk"
    path.write_bytes(data)
    deck = load_deck(str(path), db)
    assert deck.problems == []
    assert deck.digest() == read_deck(YDK, db).digest()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (bytes(range(256)) * 8, "binary"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
        (YDK.encode("utf-16-le"), "binary"),  # UTF-16 without its BOM
        ("#main\n# Dragón\n".encode("latin-1"), "not UTF-8 text.*0xf3 at offset 12"),
        (b"\x01\x02\x03\x04" * 100 + b"abc", "binary"),
        (b"", "empty"),
        (b"\n\n  \n", "empty"),
    ],
)
def test_load_deck_refuses_bad_files(db, tmp_path, data, message):
    path = tmp_path / "bad.ydk"
    path.write_bytes(data)
    with pytest.raises(InputError, match=message):
        load_deck(str(path), db)


def test_load_deck_size_limit_edge(db, tmp_path):
    line = f"{POT}\n"
    legal = tmp_path / "big.ydk"
    legal.write_text("#main\n" + "#" * (MAX_INPUT_BYTES - len(line) - 7) + "\n" + line)
    assert legal.stat().st_size == MAX_INPUT_BYTES
    assert load_deck(str(legal), db).passcodes("main") == [POT]
    huge = tmp_path / "huge.ydk"
    huge.write_bytes(b"#" * (MAX_INPUT_BYTES + 1))
    with pytest.raises(InputError, match="larger than 2 MiB"):
        load_deck(str(huge), db)


def test_load_deck_missing_and_folder(db, tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_deck(str(tmp_path / "nope.ydk"), db)
    with pytest.raises(InputError, match="a folder, not a regular file"):
        load_deck(str(tmp_path), db)


def test_load_deck_from_stdin(db, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(URL.encode())))
    deck = load_deck("-", db)
    assert deck.source == "-"
    assert deck.digest() == read_deck(YDK, db).digest()


def test_suffix_picks_the_reader(db, tmp_path):
    path = tmp_path / "deck.json"
    path.write_text("main: []\n")  # YAML in a .json file: read as JSON, so refused
    with pytest.raises(InputError, match="not valid JSON"):
        load_deck(str(path), db)


def test_deck_suffixes():
    assert {".ydk", ".txt", ".yaml", ".yml", ".json", ".ydke"} == set(DECK_SUFFIXES)
    assert all(path.suffix in DECK_SUFFIXES for path in DECKS.glob("*.ydk"))


def test_write_deck_formats(db):
    deck = read_deck(YDK, db)
    assert write_deck(deck, "ydke", db) == URL + "\n"
    assert write_deck(deck, "ydk", db).startswith("#created by deckcheck\n#main\n")
    assert "1 Blue-Eyes Ultimate Dragon" in write_deck(deck, "names", db)
    with pytest.raises(InputError, match="unknown deck format"):
        write_deck(deck, "pdf", db)  # type: ignore[arg-type]


def test_digest_ignores_order_but_not_printings_or_sections():
    deck = Deck.from_passcodes([BEWD, POT, DARK_MAGICIAN], [BEUD], [RAIGEKI])
    reordered = Deck.from_passcodes([DARK_MAGICIAN, BEWD, POT], [BEUD], [RAIGEKI])
    other_art = Deck.from_passcodes([BEWD, POT, DARK_MAGICIAN_ALT], [BEUD], [RAIGEKI])
    other_extra_art = Deck.from_passcodes([BEWD, POT, DARK_MAGICIAN], [BEUD_ALT], [RAIGEKI])
    moved = Deck.from_passcodes([BEWD, POT, DARK_MAGICIAN, RAIGEKI], [BEUD], [])
    assert deck.digest() == reordered.digest()
    assert len({deck.digest(), other_art.digest(), other_extra_art.digest(), moved.digest()}) == 4


@pytest.mark.parametrize(
    ("key", "section"),
    [
        ("main", "main"),
        ("main_deck", "main"),
        ("Main Deck", "main"),
        ("MAIN_DECK", "main"),
        ('"main deck"', "main"),
        ("extra_deck", "extra"),
        ("side_deck", "side"),
        ("Side  Deck", "side"),
    ],
)
def test_every_key_the_reader_takes_is_sniffed_as_yaml(db, key, section):
    text = f"{key}:\n  - {POT}\n"
    assert sniff(text) == "yaml"
    deck = read_deck(text, db, source="-")  # no file name to go by: stdin, the service
    assert deck.passcodes(section) == [POT] and deck.problems == []


def test_a_key_the_reader_does_not_take_is_no_yaml_deck():
    assert sniff(f"mainboard:\n  - {POT}\n") == "names"


def test_sniffing_a_long_line_of_spaces_is_quick():
    import time

    start = time.perf_counter()
    assert sniff("a" + " " * 60_000 + "b") == "names"  # a key pattern once took 24 s on it
    assert time.perf_counter() - start < 2


def test_a_yaml_deck_in_a_txt_file_is_read_as_yaml(db, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(f"side_deck:\n  - {POT}\n")
    deck = load_deck(str(path), db)
    assert deck.passcodes("side") == [POT] and deck.problems == []
