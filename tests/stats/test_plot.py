"""Plots are drawn headless, sized sensibly, and never written over a file by accident."""

from __future__ import annotations

import struct

import pytest

from deckcheck.io.errors import InputError
from deckcheck.stats.analysis import analyse_hands
from deckcheck.stats.categories import parse_categories
from deckcheck.stats.plot import plot_hands

from .helpers import SKY_CATEGORIES, real_deck


@pytest.fixture(scope="module")
def stats(db):
    groups = parse_categories(SKY_CATEGORIES, db)
    return analyse_hands(real_deck(db, "AI_SkyStriker.ydk"), db, groups, turns=4)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_png_is_written_and_sized_for_a_screen(stats, tmp_path):
    out = plot_hands(stats, tmp_path / "hands.png")
    data = out.read_bytes()
    assert out == tmp_path / "hands.png" and len(data) > 50_000
    width, height = png_size(data)
    assert 1000 <= width <= 1600 and 450 <= height <= 2000
    assert list(tmp_path.iterdir()) == [out]  # no temporary files left behind


def test_svg_and_comparison(db, stats, tmp_path):
    other = analyse_hands(
        real_deck(db, "AI_Witchcraft.ydk"), db, parse_categories(SKY_CATEGORIES, db), turns=4
    )
    out = plot_hands(stats, tmp_path / "compare.svg", other)
    text = out.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text and len(text) > 50_000


def test_cards_only_plot(db, tmp_path):
    plain = analyse_hands(real_deck(db, "AI_Zoodiac.ydk"), db, going=["first"], turns=1)
    out = plot_hands(plain, tmp_path / "cards.png")
    width, _ = png_size(out.read_bytes())
    assert 800 <= width <= 1000  # one panel


def test_existing_file_is_kept_unless_forced(stats, tmp_path):
    out = tmp_path / "mine.png"
    out.write_bytes(b"precious")
    with pytest.raises(InputError, match="already exists; use --force"):
        plot_hands(stats, out)
    assert out.read_bytes() == b"precious"
    plot_hands(stats, out, force=True)
    assert out.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("name", "message"),
    [("hands.jpg", "must end in .png or .svg"), ("missing/hands.png", "does not exist")],
)
def test_bad_targets(stats, tmp_path, name, message):
    with pytest.raises(InputError, match=message):
        plot_hands(stats, tmp_path / name)
