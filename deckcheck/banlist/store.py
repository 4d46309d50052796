"""All known banlists by series and date: the bundled ones plus the user's imported lists.

A directory holds ``<series>/<name>.yaml`` files. The bundled directory is generated: beside
each YAML file its JSON twin (what deckcheck reads, with json), and an ``index.json`` (series,
name, effective date, file; and ``formats.yaml`` as data, with the digest of its text) so that
finding the list in force reads one small file and then one list, never all of them. Other
directories (the user's) hold YAML only, read with the safe loader; without an index they
are scanned (user lists are few). User lists override bundled ones of the same series and
name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckcheck.banlist.files import load_bundled, load_yaml_banlist, to_yaml
from deckcheck.banlist.model import Banlist
from deckcheck.formats.model import Format
from deckcheck.io.digest import sha256
from deckcheck.io.errors import DataError, DeckcheckError, InputError
from deckcheck.io.paths import banlists_dir, user_data_dir

INDEX = "index.json"
FORMATS = "formats.yaml"


class Ref:
    """One list of a store: what the index says of it; the list itself read on first use.
    The path is joined only when wanted (a store opens hundreds of refs, a check reads one
    list)."""

    __slots__ = ("banlist", "bundled", "effective", "file", "folder", "name", "series", "title")

    def __init__(
        self,
        series: str,
        name: str,
        effective: date | None,
        folder: Path,
        file: str,
        title: str | None = None,
        bundled: bool = True,
        banlist: Banlist | None = None,
    ) -> None:
        self.series, self.name, self.effective, self.title = series, name, effective, title
        self.folder, self.file, self.bundled, self.banlist = folder, file, bundled, banlist

    @property
    def path(self) -> Path:
        return self.folder / self.file

    def load(self) -> Banlist:
        if self.banlist is None:
            if not self.bundled:
                self.banlist = load_yaml_banlist(self.path)
                return self.banlist
            try:
                self.banlist = load_bundled(self.path)
            except (OSError, ValueError) as exc:  # ValueError: damaged JSON
                raise DataError(f"banlist {self.series} {self.name}: {exc}") from exc
        return self.banlist

    @property
    def sort_key(self) -> tuple[date, str]:
        return (self.effective or date.min, self.name)


def user_banlists_dir() -> Path:
    return user_data_dir() / "banlists"


def build_index(directory: Path) -> list[dict[str, object]]:
    """Index rows for every list file under ``directory`` (used by the importer)."""
    rows = []
    for path in sorted(directory.glob("*/*.yaml")):
        b = load_bundled(path)
        rows.append(
            {
                "series": b.series,
                "name": b.name,
                "effective": b.effective,
                "title": b.title,
                "file": path.relative_to(directory).as_posix(),
            }
        )
    rows.sort(key=lambda r: (r["series"], r["effective"] or date.min, r["name"]))
    return rows


def index_text(directory: Path) -> str:
    """JSON (fast to read at start-up): one row per list, and ``formats.yaml`` parsed with
    the digest of the text it came from; generated, never edited by hand."""
    rows = build_index(directory)
    lines = [
        json.dumps(
            {**row, "effective": row["effective"] and row["effective"].isoformat()},
            ensure_ascii=False,
        )
        for row in rows
    ]
    text = '{"lists": [\n' + ",\n".join(lines) + "\n]"
    formats = directory / FORMATS
    if formats.is_file():
        from deckcheck.io import yamlsafe

        raw = formats.read_bytes()
        from deckcheck.formats.registry import validated

        parsed = yamlsafe.load(raw.decode("utf-8"), str(formats))
        validated(parsed or {}, formats)  # read without validation from the index
        text += f',\n"formats_sha256": "{sha256(raw).hexdigest()}",\n"formats": '
        text += json.dumps(parsed, ensure_ascii=False, default=date.isoformat)
    return text + "}\n"


def write_index(directory: Path) -> Path:
    from deckcheck.io.outfile import write_new

    return write_new(directory / INDEX, index_text(directory), force=True)


def read_index(directory: Path) -> Any:  # noqa: ANN401
    """A folder's generated index.json, parsed once for each version of the file: the
    formats and the lists in force both start from it (a one-deck check parsed it twice,
    issue 15). Shared by its readers, who never change it."""
    path = directory / INDEX
    stat = path.stat()
    return _parsed_index(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)
def _parsed_index(path: Path, mtime_ns: int, size: int) -> Any:  # noqa: ANN401
    return json.loads(path.read_bytes())


def _read_dir(directory: Path, bundled: bool) -> list[Ref]:
    index = directory / INDEX
    if index.is_file():
        data = read_index(directory)
        refs = []
        for row in data.get("lists") or []:
            day = row.get("effective")
            refs.append(
                Ref(
                    series=row["series"],
                    name=str(row["name"]),
                    effective=date.fromisoformat(day) if day else None,
                    title=row.get("title"),
                    folder=directory,
                    file=row["file"],
                    bundled=bundled,
                )
            )
        return refs
    refs = []
    for path in sorted(directory.glob("*/*.yaml")):
        banlist = load_bundled(path) if bundled else load_yaml_banlist(path)
        refs.append(
            Ref(
                banlist.series,
                banlist.name,
                banlist.effective,
                path.parent,
                path.name,
                banlist.title,
                bundled,
                banlist,
            )
        )
    return refs


class BanlistStore:
    def __init__(self, refs: Iterable[Ref]) -> None:
        self._by_series: dict[str, dict[str, Ref]] = {}
        for ref in refs:  # later refs (user lists) replace earlier ones
            self._by_series.setdefault(ref.series, {})[ref.name] = ref
        self._sorted: dict[str, list[Ref]] = {
            s: sorted(named.values(), key=lambda r: r.sort_key)
            for s, named in self._by_series.items()
        }
        # derived lists (Forbidden read as Limited) by (format, series, name): built once
        self._derived: dict[tuple[str, str, str], Banlist] = {}

    @classmethod
    def open(cls, extra_dirs: Iterable[Path | str] = (), include_user: bool = True) -> BanlistStore:
        bundled = banlists_dir()
        if not (bundled / INDEX).is_file():
            raise DataError(f"bundled banlists not found in {bundled}")
        refs = _read_dir(bundled, bundled=True)
        dirs = [user_banlists_dir()] if include_user else []
        dirs += [Path(d) for d in extra_dirs]
        for directory in dirs:
            if directory.is_dir():
                refs += _read_dir(directory, bundled=False)
        return cls(refs)

    def series(self) -> list[str]:
        return sorted(self._sorted)

    def refs(self, series: str) -> list[Ref]:
        return list(self._sorted.get(series, []))

    def lists(self, series: str) -> list[Banlist]:
        """Every list of a series, oldest first."""
        return [r.load() for r in self.refs(series)]

    def get(self, series: str, name: str) -> Banlist:
        refs = self._by_series.get(series)
        if not refs:
            raise InputError(f"no banlists for {series!r}; known: {', '.join(self.series())}")
        ref = refs.get(name) or refs.get(_normal_name(name, refs))
        if ref is None:
            names = ", ".join(r.name for r in self._sorted[series][-8:])
            raise InputError(f"no {series} list named {name!r}; latest: {names}")
        return ref.load()

    def in_force(self, series: str, on: date) -> Banlist | None:
        """The list of ``series`` in force on ``on`` (the latest one effective by then)."""
        chosen = None
        for ref in self._sorted.get(series, []):
            if ref.effective is None or ref.effective > on:
                continue
            chosen = ref
        return chosen.load() if chosen else None

    def for_format(self, fmt: Format, on: date) -> Banlist | None:
        """The list a format applies on a day: its pinned list, or the one in force (then the
        fallback series before the first), with Forbidden read as Limited where it says so."""
        if not fmt.banlist:
            return None
        if fmt.banlist_name:
            found: Banlist | None = self.get(fmt.banlist, fmt.banlist_name)
        else:
            found = self.in_force(fmt.banlist, on)
            if found is None and fmt.banlist_fallback:
                found = self.in_force(fmt.banlist_fallback, on)
        if found is not None and fmt.forbidden_to_limited:
            key = (fmt.id, found.series, found.name)
            if key not in self._derived:
                self._derived[key] = _forbidden_as_limited(found, fmt.banlist)
            found = self._derived[key]
        return found

    def resolve(self, series: str, key: str) -> Banlist:
        """A list by name ("2026.04") or by date ("2026-04-15": the list in force then)."""
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", key):
            try:
                day = date.fromisoformat(key)
            except ValueError as exc:
                raise InputError(f"{key!r} is not a real date") from exc
            found = self.in_force(series, day)
            if found is None:
                raise InputError(f"no {series} list was in force on {key}")
            return found
        return self.get(series, key)


def _forbidden_as_limited(banlist: Banlist, series: str) -> Banlist:
    derived = banlist.forbidden_as_limited()
    if derived.series != series:
        # a derived list is a different list: its own series and title (and cache keys)
        title = f"{derived.title or derived.name} (Forbidden as Limited)"
        derived = derived.model_copy(update={"series": series, "title": title})
    return derived


def _normal_name(name: str, refs: dict[str, Ref]) -> str:
    """Accept "2026.4" for "2026.04"."""
    m = re.fullmatch(r"(\d{4})\.(\d{1,2})", name)
    return f"{m.group(1)}.{int(m.group(2)):02d}" if m else name


def save_user_list(banlist: Banlist, overwrite: bool = False) -> Path:
    """Store a list in the user's banlists (atomically); refuses to replace one silently."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", banlist.series):
        raise InputError(f"series {banlist.series!r}: use lowercase letters, digits and '-'")
    safe_name = re.sub(r"[^A-Za-z0-9._-]+", "_", banlist.name).strip("._") or "list"
    from deckcheck.io.outfile import write_new

    target = user_banlists_dir() / banlist.series / f"{safe_name}.yaml"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create {target.parent}: {exc.strerror or exc}") from exc
    return write_new(target, to_yaml(banlist), force=overwrite)


def remove_user_lists(series: str, name: str | None = None) -> list[Path]:
    """Delete the user's lists of a series (the one named ``name``, or all of them);
    the bundled lists are data of the package and are never removed."""
    key = series.strip().lower()
    folder = user_banlists_dir() / key
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if name is not None:
        wanted = {name, _normal_name(name, {})}
        files = [f for f in files if f.stem in wanted or _list_name(f) in wanted]
    if not files:
        what = f"{key} list {name!r}" if name else f"{key} lists"
        raise InputError(
            f"no imported {what} in {user_banlists_dir()}; bundled lists cannot be removed"
        )
    for path in files:
        try:
            path.unlink()
        except OSError as exc:
            raise InputError(f"cannot remove {path}: {exc.strerror or exc}") from exc
    if not any(folder.iterdir()):
        folder.rmdir()
    return files


def _list_name(path: Path) -> str | None:
    """The name inside a user's list file (None when it cannot be read: still removable)."""
    try:
        return load_yaml_banlist(path).name
    except (DeckcheckError, OSError):
        return None
