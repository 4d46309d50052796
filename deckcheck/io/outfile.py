"""Writing what the user keeps: atomically, and never over something that exists unless
asked (--force).

A file is written to a temporary file in the same folder, flushed, fsynced and renamed into
place; then the folder is fsynced so the rename survives a crash. A folder that is one unit
(a card snapshot) is written as a fresh sibling ``NAME.new-XXXX`` and swapped in with two
renames: ``NAME -> NAME.old-XXXX``, ``NAME.new-XXXX -> NAME``; then the old one is removed.
A run killed between those steps leaves siblings that the next start resolves (``recover``):
if ``NAME`` is missing its ``.old`` copy comes back, and every ``.new``/``.old`` leftover goes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from deckcheck.io.errors import InputError


def write_new(path: str | Path, data: bytes | str, force: bool = False) -> Path:
    """Write data to path through a temporary file in the same folder ("-": stdout).

    Without ``force`` an existing file is refused (InputError) and left untouched; a crash
    never leaves a half-written file at ``path``.
    """
    with new_file(path, force) as fh:
        fh.write(data.encode("utf-8") if isinstance(data, str) else data)
    return Path(path)


@contextlib.contextmanager
def new_file(path: str | Path, force: bool = False) -> Iterator[BinaryIO]:
    """A binary file to fill as the data is produced; it appears at ``path`` whole, and only
    when the block ends without error ("-": stdout, written as it comes). The one way
    deckcheck writes a file: a temporary file in the same folder, flushed, fsynced, renamed
    into place, then the folder fsynced. On error the temporary file goes and ``path`` is
    as it was; without ``force`` an existing ``path`` is refused (InputError).
    """
    if str(path) == "-":  # the usual spelling for standard output
        yield sys.stdout.buffer
        sys.stdout.flush()
        return
    target = Path(path)
    if target.is_dir():
        raise InputError(f"{target} is a folder; give a file name")
    if target.exists() and not force:
        raise InputError(f"{target} already exists; use --force to replace it")
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        if force:
            os.replace(tmp, target)
        else:
            _link_new(tmp, target)
        fsync_folder(folder)
    except OSError as exc:  # a full disk, a folder made read-only, a failed rename
        raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


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


def fsync_file(path: Path) -> None:
    with open(path, "rb") as fh:
        os.fsync(fh.fileno())


def fsync_folder(folder: Path) -> None:
    """Make renames and new names in ``folder`` durable (POSIX; elsewhere a no-op)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# --- folders written as one unit ----------------------------------------------------------


@contextlib.contextmanager
def _locked(parent: Path) -> Iterator[None]:
    """One writer (or recovering reader) at a time per parent folder, so no run removes
    another live run's new folder. Released by the kernel if the process dies."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock, a small window remains
        yield
        return
    fd = os.open(parent, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _siblings(target: Path, kind: str) -> list[Path]:
    prefix = f"{target.name}.{kind}-"
    try:
        return sorted(p for p in target.parent.iterdir() if p.name.startswith(prefix))
    except OSError:
        return []


def _remove(path: Path) -> None:
    if path.is_symlink() or not path.is_dir():
        path.unlink(missing_ok=True)
    else:
        shutil.rmtree(path, ignore_errors=True)


def _recover_unlocked(target: Path) -> list[str]:
    done = []
    olds = _siblings(target, "old")
    if not target.exists() and olds:
        # killed between the two renames: the previous unit is the good one
        newest = max(olds, key=lambda p: p.stat().st_mtime)
        os.rename(newest, target)
        fsync_folder(target.parent)
        done.append(f"restored {target} from {newest.name}")
    for leftover in _siblings(target, "old") + _siblings(target, "new"):
        _remove(leftover)
        done.append(f"removed {leftover.name}")
    return done


def recover(target: Path, restore_only: bool = False) -> list[str]:
    """Resolve what an interrupted swap of ``target`` left; return what was done.

    Readers pass ``restore_only``: only a missing ``target`` with an ``.old`` copy needs
    them (a ``.new`` folder may belong to a live writer, which holds the lock meanwhile).
    """
    target = _real(target)
    olds = _siblings(target, "old")
    if not olds and (restore_only or not _siblings(target, "new")):
        return []
    with _locked(target.parent):
        return _recover_unlocked(target)


def _real(target: Path) -> Path:
    """A symlinked folder is replaced where it really is (the link itself stays)."""
    return target.resolve() if target.is_symlink() else target.absolute()


class FolderSwap:
    """The steps of replacing ``target`` by a filled ``staging`` folder, in order:
    ``retire`` (target -> target.old-XXXX), ``promote`` (staging -> target), ``drop_old``.
    Separate methods so tests can stop between any two, as a kill would."""

    def __init__(self, staging: Path, target: Path) -> None:
        self.staging = staging
        self.target = target
        self.old = target.parent / f"{target.name}.old-{staging.name.rsplit('-', 1)[-1]}"

    def retire(self) -> None:
        if self.target.exists():
            os.rename(self.target, self.old)

    def promote(self) -> None:
        os.rename(self.staging, self.target)
        fsync_folder(self.target.parent)

    def drop_old(self) -> None:
        _remove(self.old)

    def run(self) -> None:
        self.retire()
        try:
            self.promote()
        except BaseException:
            if not self.target.exists() and self.old.exists():
                os.rename(self.old, self.target)
            raise
        self.drop_old()


@contextlib.contextmanager
def new_folder(
    target: Path | str, force: bool = False, owns: Callable[[str], bool] | None = None
) -> Iterator[Path]:
    """Yield a fresh sibling folder to fill; when the block ends without error it replaces
    ``target`` as one unit (files and folder fsynced first). On error it is removed and
    ``target`` is untouched. Files in the new folder need no atomic writes of their own:
    nobody reads them until the whole folder is in place.

    An existing, non-empty ``target`` is refused without ``force``; a ``target`` holding a
    file that ``owns(name)`` does not accept is always refused (the swap would delete it).
    Not re-entrant for one parent folder (the lock is per open of that folder).
    """
    target = _real(Path(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    with _locked(target.parent):
        _recover_unlocked(target)
        check_replaceable(target, force, owns)
        try:
            staging = Path(tempfile.mkdtemp(prefix=f"{target.name}.new-", dir=target.parent))
        except OSError as exc:
            raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None
        try:
            yield staging
            try:
                for path in staging.rglob("*"):
                    if path.is_file():
                        fsync_file(path)
                staging.chmod(0o755)
                fsync_folder(staging)
                FolderSwap(staging, target).run()
            except OSError as exc:
                raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None
        finally:
            if staging.exists():
                _remove(staging)


def check_replaceable(
    target: Path, force: bool = False, owns: Callable[[str], bool] | None = None
) -> None:
    """InputError unless ``new_folder(target, force, owns)`` may replace ``target``; for a
    fast refusal before slow work."""
    target = _real(target)
    if not target.exists():
        return
    if not target.is_dir():
        raise InputError(f"{target} is a file; give a folder")
    names = sorted(p.name for p in target.iterdir())
    if not names:
        return
    strangers = [n for n in names if owns is not None and not owns(n)]
    if strangers:
        raise InputError(
            f"{target} holds other files ({', '.join(strangers[:3])}); give an empty or new folder"
        )
    if not force:
        raise InputError(
            f"{target} already exists ({', '.join(names[:3])}); use --force to replace it"
        )
