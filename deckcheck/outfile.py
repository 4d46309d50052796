"""Writing an output file the user named (-o): atomically, and never over an existing file
unless asked (--force)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from deckcheck.errors import InputError


def write_new(path: str | Path, data: bytes | str, force: bool = False) -> Path:
    """Write data to path through a temporary file in the same folder ("-": stdout).

    Without ``force`` an existing file is refused (InputError) and left untouched; a crash
    never leaves a half-written file at ``path``.
    """
    if str(path) == "-":  # the usual spelling for standard output
        import sys

        payload_out = data if isinstance(data, bytes) else data.encode("utf-8")
        sys.stdout.buffer.write(payload_out)
        sys.stdout.flush()
        return Path("-")
    target = Path(path)
    if target.is_dir():
        raise InputError(f"{target} is a folder; give a file name")
    if target.exists() and not force:
        raise InputError(f"{target} already exists; use --force to replace it")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        if force:
            os.replace(tmp, target)
        else:
            _link_new(tmp, target)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    return target


def _link_new(tmp: Path, target: Path) -> None:
    """Publish tmp as target only if target does not exist (no race with another writer)."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise InputError(f"{target} already exists; use --force to replace it") from None
    except OSError:
        # file systems without hard links: check, then rename (a small window remains)
        if target.exists():
            raise InputError(f"{target} already exists; use --force to replace it") from None
        os.replace(tmp, target)
