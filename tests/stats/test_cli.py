"""``deckcheck hands`` end to end on real decks."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run
from tests.conftest import DECKS

from .helpers import SKY_CATEGORIES

SKY = str(DECKS / "AI_SkyStriker.ydk")
WITCH = str(DECKS / "AI_Witchcraft.ydk")


@pytest.fixture
def categories(tmp_path):
    path = tmp_path / "cats.yaml"
    path.write_text(SKY_CATEGORIES)
    return str(path)


def test_text(capsys, categories):
    result = run(capsys, "hands", SKY, "--categories", categories, "--turns", "2")
    assert result.code == 0, result.err
    assert "AI_SkyStriker: 40 Main Deck cards" in result.out
    assert "opens: 1+ starters and 1+ hand traps" in result.out
    assert "multivariate hypergeometric" in result.out
    assert "Sky Striker Ace - Raye" in result.out and "33.8%" in result.out


def test_json_going_first(capsys, categories):
    result = run(
        capsys,
        "hands",
        SKY,
        "--categories",
        categories,
        "--going",
        "first",
        "--turns",
        "1",
        "--output-format",
        "json",
    )
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert document["going"] == ["first"]
    assert document["hand_sizes"] == {"first": [5]}
    raye = next(c for c in document["cards"] if c["name"] == "Sky Striker Ace - Raye")
    assert raye["p_open_first"] == pytest.approx(1 - 435897 / 658008, abs=1e-15)
    assert raye["p_open_second"] is None


def test_compare_json(capsys, categories):
    result = run(
        capsys,
        "hands",
        SKY,
        "--compare",
        WITCH,
        "--categories",
        categories,
        "--output-format",
        "json",
    )
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert document["compare"]["deck"]["main"] == 60
    assert {r["name"] for r in document["differences"]["conditions"]} == {"opens"}


def test_sampling_is_seeded(capsys, categories):
    args = (
        "hands",
        SKY,
        "--categories",
        categories,
        "--method",
        "monte-carlo",
        "--samples",
        "2000",
        "--seed",
        "3",
        "--output-format",
        "json",
    )
    first = run(capsys, *args)
    again = run(capsys, *args)
    assert first.code == 0 and first.out == again.out
    (opens,) = json.loads(first.out)["conditions"]
    assert opens["method"] == "monte carlo" and opens["interval"]["first"][0] < opens["p_first"]


def test_plot_and_refusal_to_overwrite(capsys, categories, tmp_path):
    out = tmp_path / "hands.png"
    result = run(capsys, "hands", SKY, "--categories", categories, "--plot", str(out))
    assert result.code == 0, result.err
    made = out.read_bytes()
    assert made[:4] == b"\x89PNG" and len(made) > 50_000
    again = run(capsys, "hands", SKY, "--plot", str(out))
    assert again.code == 2 and "already exists; use --force" in again.err
    assert again.out == "" and out.read_bytes() == made
    forced = run(capsys, "hands", SKY, "--plot", str(out), "--force")
    assert forced.code == 0 and out.read_bytes() != made


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--going", "third"], "'--going': 'third' is not one of 'first', 'second', 'both'"),
        (["--method", "guess"], "'--method': 'guess' is not one of 'auto', 'monte-carlo'"),
        (["--output-format", "xml"], "'--output-format': 'xml' is not one of 'text', 'json'"),
        (["--turns", "0"], "turns must be between 1 and 20"),
        (["--samples", "5"], "samples must be between"),
        (["--plot", "out.gif"], "must end in .png or .svg"),
    ],
)
def test_bad_options_exit_2(capsys, args, message):
    result = run(capsys, "hands", SKY, *args)
    assert result.code == 2
    assert message in result.err and "Traceback" not in result.err


def test_bad_categories_file_exit_2(capsys, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("categories:\n  starters: [Sky Striker Ace - Raye, Ash Blosom]\n")
    result = run(capsys, "hands", SKY, "--categories", str(path))
    assert result.code == 2
    assert "unknown card name 'Ash Blosom'" in result.err
    assert "Ash Blossom & Joyous Spring" in result.err


def test_missing_inputs_exit_2(capsys, tmp_path):
    missing = run(capsys, "hands", str(tmp_path / "none.ydk"))
    assert missing.code == 2 and "Traceback" not in missing.err
    no_cats = run(capsys, "hands", SKY, "--categories", str(tmp_path / "none.yaml"))
    assert no_cats.code == 2 and "cannot read categories file" in no_cats.err
