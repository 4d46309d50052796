"""The formats declared in ``banlists/formats.yaml``."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from deckcheck.banlist.store import FORMATS, INDEX, BanlistStore, read_index
from deckcheck.formats.model import Format
from deckcheck.io.digest import sha256
from deckcheck.io.errors import DataError, InputError
from deckcheck.io.paths import banlists_dir

MAX_BYTES = 1_000_000  # a formats file a person names; the bundled one is 6 kB


def formats_file() -> Path:
    return banlists_dir() / FORMATS


def _indexed(path: Path, raw: bytes) -> dict[str, Any]:
    """The bundled formats as data, from the generated index.json beside ``path``; a
    DataError if ``raw`` (the YAML text) was edited since the index was generated."""
    try:
        index = read_index(path.parent)
    except (OSError, ValueError) as exc:
        raise DataError(f"cannot read {path.parent / INDEX}: {exc}") from exc
    if not isinstance(index, dict) or index.get("formats_sha256") != sha256(raw).hexdigest():
        raise DataError(
            f"{path} changed after {INDEX} was generated: run 'deckcheck banlist index' "
            "to regenerate the data deckcheck reads"
        )
    return index.get("formats") or {}


@lru_cache(maxsize=4)
def _load(path: Path, bundled: bool) -> dict[str, Format]:
    """The bundled formats file through its generated copy; any other formats file (a
    person's YAML) with the safe loader."""
    if bundled:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise DataError(f"cannot read the formats file {path}: {exc}") from exc
        data = _indexed(path, raw)
    else:
        from deckcheck.io import yamlsafe
        from deckcheck.io.infile import read_text

        data = yamlsafe.load(read_text(path, MAX_BYTES, "formats file"), str(path)) or {}
        if not isinstance(data, dict):
            raise InputError(f"{path}: a formats file maps 'formats' to each format's rules")
    if bundled:
        return {fid: Format.from_record(fid, body or {}) for fid, body in formats_of(data)}
    return validated(data, path)


def formats_of(data: dict[str, Any]) -> list[tuple[str, Any]]:
    return list((data.get("formats") or {}).items())


def validated(data: dict[str, Any], path: Path) -> dict[str, Format]:
    """The formats of a formats file's data, validated (DataError naming the first bad
    one); the bundled file is validated so when its index is generated."""
    from deckcheck.formats.schema import checked_format

    formats = {}
    for format_id, body in formats_of(data):
        try:
            formats[format_id] = checked_format(format_id, body or {})
        except ValidationError as exc:
            raise DataError(f"{path}: format {format_id!r} is not valid: {exc}") from exc
    return formats


def load_formats(path: Path | None = None) -> dict[str, Format]:
    target = path or formats_file()
    return dict(_load(target, target == formats_file()))


def get_format(format_id: str) -> Format:
    formats = _load(formats_file(), True)
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
    if not refs or key in _load(formats_file(), True):
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
