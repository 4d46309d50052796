"""``banlist import-history`` writes: refused over existing lists without --force, each
series folder replaced as one unit, the index replaced atomically (issue 11.20)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.banlist import history
from deckcheck.banlist.files import load_banlists
from deckcheck.banlist.model import Banlist
from deckcheck.io.errors import InputError
from tests.cli.helpers import run
from tests.conftest import LFLISTS


def _lists() -> list[Banlist]:
    """Three real OCG lists and one TCG list, as the build names them."""
    out = []
    for folder, series, names in (("OCG", "ocg", ("2020.01", "2020.04", "2020.07")),
                                  ("TCG", "tcg", ("2020.12",))):  # fmt: skip
        for name in names:
            (banlist,) = load_banlists(LFLISTS / "history" / folder / f"{name}.lflist.conf")
            out.append(banlist.model_copy(update={"series": series, "name": name}))
    return out


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_written_once_then_refused_without_force(tmp_path):
    out = tmp_path / "banlists"
    written = history.write(_lists(), out)
    assert sorted(p.relative_to(out).as_posix() for p in written) == [
        "ocg/2020.01.yaml", "ocg/2020.04.yaml", "ocg/2020.07.yaml", "tcg/2020.12.yaml",
    ]  # fmt: skip
    index = json.loads((out / "index.json").read_text())
    assert len(index["lists"]) == 4
    before = _tree(out)
    with pytest.raises(InputError, match="already holds banlists.*--force"):
        history.write(_lists(), out)
    assert _tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["banlists"]


def test_force_replaces_each_series_whole(tmp_path):
    out = tmp_path / "banlists"
    history.write(_lists(), out)
    (out / "ocg" / "1999.01.yaml").write_text("a list no longer built\n")
    history.write(_lists()[1:], out, force=True)
    names = sorted(p.name for p in (out / "ocg").iterdir())
    # each YAML list with its generated JSON twin, the stale list gone with the old folder
    assert names == ["2020.04.json", "2020.04.yaml", "2020.07.json", "2020.07.yaml"]
    assert len(json.loads((out / "index.json").read_text())["lists"]) == 3
    # a series folder holding something else is never swapped away
    (out / "tcg" / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="holds other files"):
        history.write(_lists(), out, force=True)
    assert (out / "tcg" / "notes.txt").read_text() == "mine"


def test_a_failure_while_writing_a_series_leaves_it_and_the_index_as_they_were(
    tmp_path, monkeypatch
):
    out = tmp_path / "banlists"
    history.write(_lists(), out)
    before = _tree(out)
    real = history.to_yaml
    calls = []

    def failing(banlist: Banlist, header: str = "") -> str:
        calls.append(banlist.name)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(banlist, header=header)

    monkeypatch.setattr(history, "to_yaml", failing)
    with pytest.raises(OSError, match="No space"):
        history.write(_lists(), out, force=True)
    assert _tree(out) == before
    assert sorted(p.name for p in out.iterdir()) == ["index.json", "ocg", "tcg"]


def test_the_index_is_replaced_not_rewritten_in_place(tmp_path):
    out = tmp_path / "banlists"
    history.write(_lists(), out)
    with (out / "index.json").open("rb") as reader:  # a check reading it at that moment
        history.write(_lists()[:1], out, force=True)
        assert len(json.loads(reader.read())["lists"]) == 4
    # ocg rewritten with one list; tcg, not in this build, is left as it was
    assert len(json.loads((out / "index.json").read_text())["lists"]) == 2


def test_cli_refuses_before_building(capsys, tmp_path):
    out = tmp_path / "banlists"
    history.write(_lists(), out)
    before = _tree(out)
    r = run(capsys, "banlist", "import-history", "--out", str(out))
    assert r.code == 2 and "already holds banlists" in r.err and "--force" in r.err
    assert _tree(out) == before
