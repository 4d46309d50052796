"""Reading a small text file the user named (a plan, a registration, a config), bounded in
size and decoded as UTF-8 (a BOM is dropped), with clear errors."""

from __future__ import annotations

from pathlib import Path

from deckcheck.errors import InputError


def read_text(path: str | Path, limit: int, what: str) -> str:
    """The file's text; InputError when it is missing, larger than ``limit`` bytes or not
    UTF-8. ``what`` names the file in messages ("side plan", "registration record")."""
    target = Path(path)
    try:
        with target.open("rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        size = f"{limit // 1024} KiB" if limit < 1024 * 1024 else f"{limit // 1024 // 1024} MiB"
        raise InputError(f"{what} {path} is larger than {size}")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{what} {path} is not UTF-8 text") from None
