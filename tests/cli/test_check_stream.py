"""``deckcheck check DIR`` writes reports as they are produced, with the same bytes as when
every report was rendered at once: each output format over a folder of the 47 real decks
(twice, so that worker processes are used, and one broken deck), in this process and with
workers, and with two formats in one run.

The digests in check_stream_pin.json were computed on the code before reports streamed
(issue 15), by ``python -m tests.cli.test_check_stream > tests/cli/check_stream_pin.json``
run at a checkout of that code. Regenerate them only for a change meant to alter reports.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.conftest import DECKS
from tests.pins import as_pinned

PINNED = Path(__file__).with_name("check_stream_pin.json")
OUTPUTS = ("text", "json", "sarif", "junit", "github", "markdown")
RUNS = {
    **{output: ["--format", "tcg", "--output-format", output] for output in OUTPUTS},
    "ocg,tcg json": ["--format", "ocg,tcg", "--output-format", "json"],
    "ocg,tcg text": ["--format", "ocg,tcg", "--output-format", "text"],
}


def make_tree(root: Path) -> None:
    """decks/a and decks/b: the 47 real decks each; decks/broken.json: a deck that cannot
    be read (its error goes to stderr and the exit code is 2)."""
    for part in ("a", "b"):
        (root / "decks" / part).mkdir(parents=True)
        for deck in sorted(DECKS.glob("*.ydk")):
            shutil.copyfile(deck, root / "decks" / part / deck.name)
    (root / "decks" / "broken.json").write_text('{"main": [89631139,', encoding="utf-8")


def sha(text: str) -> str:
    """The digest of ``text`` with the card data version written as the pinned one."""
    from deckcheck.cards.db import CardDB

    return hashlib.sha256(as_pinned(text, CardDB.open().version).encode()).hexdigest()


def outputs(capsys: pytest.CaptureFixture[str], root: Path, workers: str) -> dict[str, object]:
    here = os.getcwd()
    os.chdir(root)  # sources are printed as given: "decks/a/X.ydk" on every machine
    try:
        found = {}
        for name, options in RUNS.items():
            args = ["check", "decks", "--date", "2026-06-01", *options, "--workers", workers]
            done = run(capsys, *args)
            found[name] = [done.code, sha(done.out), done.err]
        return found
    finally:
        os.chdir(here)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_every_output_format_of_a_folder_is_the_same_bytes(capsys, tmp_path, workers):
    make_tree(tmp_path)
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))["runs"]
    found = outputs(capsys, tmp_path, workers)
    assert [name for name in RUNS if found[name] != pinned[name]] == []


@pytest.mark.parametrize("output", ["text", "json"])
def test_each_deck_is_printed_before_the_next_is_read(capsys, monkeypatch, tmp_path, output):
    from deckcheck.validation import batch

    make_tree(tmp_path)
    printed: list[int] = []  # characters on stdout when each deck is about to be checked
    seen = ""
    check_job = batch.check_job

    def watched(job: batch.Job, checker: object) -> object:
        nonlocal seen
        seen += capsys.readouterr().out
        printed.append(len(seen))
        return check_job(job, checker)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "check_job", watched)
    args = ["check", str(tmp_path / "decks" / "a"), "--output-format", output, "--workers", "1"]
    done = run(capsys, *args, "--date", "2026-06-01")
    seen += done.out
    assert done.code == 1 and len(printed) == 47
    # the 47th deck is read once the first 46 are out: each deck's source is printed already
    assert printed[0] < printed[1] < printed[-1]
    shown = seen[: printed[-1]]
    assert all(f"{deck.name}" in shown for deck in sorted(DECKS.glob("*.ydk"))[:46])
    if output == "json":
        assert json.loads(seen)["summary"]["decks"] == 47


if __name__ == "__main__":
    import tempfile

    class Capture:  # capsys's readouterr over sys.stdout / sys.stderr swapped for buffers
        def readouterr(self) -> object:
            import io
            from types import SimpleNamespace

            out, err = sys.stdout.getvalue(), sys.stderr.getvalue()  # type: ignore[attr-defined]
            sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
            return SimpleNamespace(out=out, err=err)

    import io

    real = sys.stdout
    with tempfile.TemporaryDirectory() as tmp:
        make_tree(Path(tmp))
        sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
        body = outputs(Capture(), Path(tmp), "1")  # type: ignore[arg-type]
    sys.stdout = real
    note = "sha256 of check's stdout on the code before streaming; see test_check_stream.py"
    json.dump({"_comment": note, "runs": body}, real, indent=1, sort_keys=True)
    print(file=real)
