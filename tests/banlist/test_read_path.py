"""The bundled banlist data read one way: what every format gets on every date is pinned by a
digest taken before the read path changed, so a change of reader cannot change a verdict."""

from __future__ import annotations

import hashlib
import json
import shutil
from datetime import date, timedelta

from deckcheck.banlist.files import load_bundled, to_dict
from deckcheck.banlist.model import Banlist
from deckcheck.banlist.store import BanlistStore
from deckcheck.formats.model import Format
from deckcheck.formats.registry import load_formats

# computed with the reader of commit f8d12af (regex YAML subset, index.json copy of formats)
PINNED = "33d9ece42571e4faea286670a4726636ca571dabaa759133129b50d83fc569b9"


def _text(banlist: Banlist) -> str:
    return json.dumps(to_dict(banlist), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _dumped(fmt: Format) -> str:
    # what pydantic's model_dump_json gave when Format was a pydantic model
    return json.dumps(fmt.record(defaults=True), separators=(",", ":"), ensure_ascii=False)


def loaded_digest() -> str:
    """Every format, every bundled list, and the list each format applies on every day a
    list changes (and the day before), as one sha256."""
    store = BanlistStore.open(include_user=False)
    formats = load_formats()
    digest = hashlib.sha256()
    for format_id in sorted(formats):
        digest.update(_dumped(formats[format_id]).encode())
    days = set()
    for series in store.series():
        for ref in store.refs(series):
            digest.update(f"{series}/{ref.name}/{ref.effective}/{ref.title}\n".encode())
            digest.update(_text(ref.load()).encode())
            if ref.effective:
                days |= {ref.effective, ref.effective - timedelta(days=1)}
    seen: dict[tuple[str, str, str | None], str] = {}
    for format_id in sorted(formats):
        for day in sorted(days | {date(2026, 12, 1)}):
            found = store.for_format(formats[format_id], day)
            key = None if found is None else (found.series, found.name, found.title)
            if found is not None and key not in seen:
                seen[key] = hashlib.sha256(_text(found).encode()).hexdigest()
            digest.update(f"{format_id} {day} {key} {seen.get(key)}\n".encode())
    return digest.hexdigest()


def test_every_format_gets_the_same_lists_on_every_date():
    assert loaded_digest() == PINNED


def test_banlist_index_regenerates_the_json_from_hand_edited_yaml(capsys, tmp_path):
    from deckcheck.io.paths import banlists_dir
    from tests.cli.helpers import run

    shutil.copytree(banlists_dir() / "genesys", tmp_path / "genesys")
    shutil.copy(banlists_dir() / "formats.yaml", tmp_path / "formats.yaml")
    bundled_twin = (tmp_path / "genesys" / "2025.09.24.json").read_bytes()
    for twin in (tmp_path / "genesys").glob("*.json"):
        twin.unlink()
    result = run(capsys, "banlist", "index", "--dir", str(tmp_path))
    assert result.code == 0, result.err
    assert (tmp_path / "genesys" / "2025.09.24.json").read_bytes() == bundled_twin
    index = json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))
    assert [row["name"] for row in index["lists"]] == ["2025.09.22", "2025.09.24"]
    assert index["formats"] == json.loads((banlists_dir() / "index.json").read_bytes())["formats"]
    # a person changes a list's points cap in the YAML: the JSON follows
    path = tmp_path / "genesys" / "2025.09.24.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("points_cap: 100", "points_cap: 90"))
    assert run(capsys, "banlist", "index", "--dir", str(tmp_path)).code == 0
    assert load_bundled(path).points_cap == 90


def test_banlist_index_refuses_what_is_not_a_folder(capsys, tmp_path):
    from tests.cli.helpers import run

    result = run(capsys, "banlist", "index", "--dir", str(tmp_path / "nowhere"))
    assert result.code == 2 and "not a folder" in result.err
