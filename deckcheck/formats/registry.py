"""The formats declared in ``banlists/formats.yaml``."""

from __future__ import annotations

import json
from functools import lru_cache
from hashlib import sha256
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from deckcheck.banlist.store import FORMATS, INDEX, BanlistStore
from deckcheck.formats.model import Format
from deckcheck.io.errors import DataError, InputError
from deckcheck.io.paths import banlists_dir


def formats_file() -> Path:
    return banlists_dir() / FORMATS


def _indexed(path: Path, raw: bytes) -> dict[str, Any] | None:
    """The parsed copy in the generated index.json, when it was made from this very text
    (start-up: reading it spares the YAML parser and its import)."""
    try:
        index = json.loads((path.parent / INDEX).read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(index, dict) or index.get("formats_sha256") != sha256(raw).hexdigest():
        return None
    return index.get("formats")


@lru_cache(maxsize=4)
def _load(path: Path) -> dict[str, Format]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read the formats file {path}: {exc}") from exc
    data = _indexed(path, raw)
    if data is None:
        from deckcheck.banlist.files import load_yaml

        data = load_yaml(raw.decode("utf-8"), trusted=True) or {}
    formats = {}
    for format_id, body in (data.get("formats") or {}).items():
        try:
            formats[format_id] = Format(id=format_id, **(body or {}))
        except ValidationError as exc:
            raise DataError(f"{path}: format {format_id!r} is not valid: {exc}") from exc
    return formats


def load_formats(path: Path | None = None) -> dict[str, Format]:
    return dict(_load(path or formats_file()))


def get_format(format_id: str) -> Format:
    formats = _load(formats_file())
    key = format_id.strip().lower()
    if key not in formats:
        raise InputError(f"unknown format {format_id!r}; known formats: {', '.join(formats)}")
    return formats[key]


def list_format(store: BanlistStore, series: str) -> Format | None:
    """A format of its own for a series of lists no declared format uses (one imported with
    ``banlist import --series NAME``): rulebook sizes, three copies, the list of that series
    in force on the date, from its first list's day; no card-pool check (no region)."""
    key = series.strip().lower()
    refs = store.refs(key)
    if not refs or key in _load(formats_file()):
        return None
    latest = refs[-1].load()
    return Format(
        id=key,
        name=key,
        description=f"the imported {key} list in force on the date, the rulebook's deck sizes",
        banlist=key,
        whitelist=latest.whitelist,
        legal_from=refs[0].effective,
        sources=[str(r.path) for r in refs],
    )


def formats_with_lists(store: BanlistStore) -> dict[str, Format]:
    """The declared formats, then one per imported series that no declared format uses."""
    formats = load_formats()
    used = {f.banlist for f in formats.values()}
    for series in store.series():
        if series not in used and (fmt := list_format(store, series)) is not None:
            formats[fmt.id] = fmt
    return formats
