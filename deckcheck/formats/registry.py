"""The formats declared in ``banlists/formats.yaml``."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from deckcheck.errors import DataError, InputError
from deckcheck.formats.model import Format
from deckcheck.paths import banlists_dir


def formats_file() -> Path:
    return banlists_dir() / "formats.yaml"


@lru_cache(maxsize=4)
def _load(path: Path) -> dict[str, Format]:
    from deckcheck.banlist.files import load_yaml

    try:
        data = load_yaml(path.read_text(encoding="utf-8"), trusted=True) or {}
    except OSError as exc:
        raise DataError(f"cannot read the formats file {path}: {exc}") from exc
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
