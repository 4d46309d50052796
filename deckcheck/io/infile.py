"""Reading files the user named (decks, lists, plans, records, logs, scenarios, configs).

Every such read goes through ``read_bytes``: only regular files are read (a FIFO without a
writer would block for ever, a device never ends), the size is bounded, and every failure,
an over-long name included, is an InputError with a plain message.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

from deckcheck.io.errors import InputError

SHOWN_CHARS = 100  # longer paths (a mistyped URL, say) are cut in messages
_REASONS = {
    errno.ENOENT: "no such file",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENAMETOOLONG: "file name too long",
    errno.ENOTDIR: "no such file (a part of the path is not a folder)",
    errno.ELOOP: "too many symbolic links",
}
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def shown(path: str | Path) -> str:
    """A path as messages show it: cut when very long, control characters escaped."""
    text = str(path)
    if not text.isprintable():  # control characters would garble a terminal
        text = text.encode("unicode_escape").decode("ascii")
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def size_text(limit: int) -> str:
    if limit < 1024:
        return f"{limit} bytes"
    return f"{limit // 1024} KiB" if limit < 1024 * 1024 else f"{limit // 1024 // 1024} MiB"


def _refuse(mode: int, what: str, path: str | Path) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "not a file")
    raise InputError(f"cannot read {what} {shown(path)}: it is {kind}, not a regular file")


def _failure(exc: OSError | ValueError, what: str, path: str | Path) -> InputError:
    if isinstance(exc, ValueError):  # os functions refuse names holding NUL
        return InputError(f"cannot read {what} {shown(path)}: the name holds a NUL character")
    reason = _REASONS.get(exc.errno or 0) or (exc.strerror or str(exc)).lower()
    return InputError(f"cannot read {what} {shown(path)}: {reason}")


def require_file(path: str | Path, what: str) -> None:
    """InputError unless ``path`` is a regular file (for readers that open it themselves,
    such as SQLite)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as exc:
        raise _failure(exc, what, path) from None
    _refuse(mode, what, path)


def is_folder(path: str | Path) -> bool:
    """True for a folder; False for anything else, unreadable or impossible names too."""
    return os.path.isdir(path)


# O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_bytes(path: str | Path, limit: int, what: str) -> bytes:
    """The bytes of the regular file ``path``; InputError when it is missing, not a regular
    file, larger than ``limit`` bytes or cannot be read. ``what`` names the file in messages
    ("deck file", "side plan")."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except (OSError, ValueError) as exc:
        raise _failure(exc, what, path) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            _refuse(info.st_mode, what, path)
        size = info.st_size
        if size > limit:
            raise InputError(f"{what} {shown(path)} is larger than {size_text(limit)}")
        # one read of the size fstat gave, plus a byte to see growth: asking for the limit
        # would have the allocator map and unmap 2 MB, and a second read find the end
        data = os.read(fd, size + 1)
        if len(data) != size:  # the file changed since fstat, or its size says nothing (/proc)
            data = _rest(fd, data, limit)
    except OSError as exc:
        raise _failure(exc, what, path) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise InputError(f"{what} {shown(path)} is larger than {size_text(limit)}")
    return data


def _rest(fd: int, data: bytes, limit: int) -> bytes:
    """``data`` and the rest of the file, at most ``limit + 1`` bytes in all."""
    chunks = [data]
    left = limit + 1 - len(data)
    while left > 0 and (chunk := os.read(fd, left)):
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_stdin(limit: int) -> bytes:
    """Standard input, at most ``limit + 1`` bytes (the caller tells too much from enough)."""
    return sys.stdin.buffer.read(limit + 1)


def read_text(path: str | Path, limit: int, what: str) -> str:
    """The file's text; InputError as ``read_bytes`` does, or when it is not UTF-8 (a BOM is
    dropped). ``what`` names the file in messages ("side plan", "registration record")."""
    raw = read_bytes(path, limit, what)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{what} {shown(path)} is not UTF-8 text") from None
