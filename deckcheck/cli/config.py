"""Configuration for a deck repository: ``deckcheck.toml`` or ``[tool.deckcheck]`` in
pyproject.toml, found in the starting folder or the nearest parent that has one.

```toml
[tool.deckcheck]                 # in deckcheck.toml the table is the whole file
format = "tcg"
date = 2025-06-14                # or "2025-06-14" or "today"; absent: today
paths = ["decks/**/*.ydk"]       # what `check` looks at when given no inputs
exclude = ["decks/archive/**"]
points-cap = 100
output-format = "github"
strict-printings = false

[[tool.deckcheck.overrides]]     # later entries win over earlier ones
paths = ["decks/genesys/**"]
format = "genesys"
date = "today"                   # Genesys starts on 2025-09-22: an earlier date is an error
points-cap = 60                  # for these decks, reported while the others are checked
```

Globs are relative to the folder of the configuration file; ``**`` spans folders, a pattern
without ``/`` matches a file name in any folder. Command-line options win over the file
(``Settings.with_cli``).
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from deckcheck.io.errors import InputError
from deckcheck.io.infile import read_text
from deckcheck.io.record import Record

CONFIG_NAMES = ("deckcheck.toml", "pyproject.toml")
# every deck format but name lists: a repository's other .txt files (requirements, notes)
# are not decks; JSON/YAML files without a deck section are passed over in deck_files
DEFAULT_PATHS = ("**/*.ydk", "**/*.ydke", "**/*.json", "**/*.yaml", "**/*.yml")
SKIP_DIRS = frozenset({".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__"})
MAX_CONFIG_BYTES = 1024 * 1024
SETTINGS = ("format", "date", "points_cap", "strict_printings")

C = TypeVar("C", bound="_Checked")


class _Checked(Record):
    """Plain settings. The constructor takes values that may be anything and checks them as
    a configuration file's are (deckcheck/cli/config_schema.py, whose pydantic models are
    loaded only then); ``trusted`` takes values already checked. A field not given takes
    its default (None unless ``DEFAULTS`` has a factory for it)."""

    __slots__ = ()
    DEFAULTS: ClassVar[dict[str, Callable[[], Any]]] = {}

    def __init__(self, **values: Any) -> None:
        if values:
            from deckcheck.cli.config_schema import checked

            values = checked(type(self).__name__, values)
        self._set(values)

    @classmethod
    def trusted(cls: type[C], **values: Any) -> C:
        """From values of the right types, already checked (command-line options, a
        validated configuration), without validation."""
        found = cls.__new__(cls)
        found._set(values)
        return found

    def _set(self, values: dict[str, Any]) -> None:
        unknown = values.keys() - set(self.__slots__)
        if unknown:
            raise TypeError(f"{type(self).__name__}: unknown fields {sorted(unknown)}")
        defaults = self.DEFAULTS
        for name in self.__slots__:
            if name in values:
                value = values[name]
            else:
                value = defaults[name]() if name in defaults else None
            setattr(self, name, value)


class Settings(_Checked):
    """What applies to one deck; None means "not set here"."""

    __slots__ = SETTINGS
    format: str | None
    date: dt.date | None
    points_cap: float | None
    strict_printings: bool | None

    def merged(self, other: Settings) -> Settings:
        """These settings with every value ``other`` sets replaced."""
        values = {name: getattr(self, name) for name in SETTINGS}
        values.update((k, v) for k in SETTINGS if (v := getattr(other, k)) is not None)
        return Settings.trusted(**values)

    def with_cli(self, **options: Any) -> Settings:
        """Command-line options win: every option that is not None replaces the file's."""
        return self.merged(Settings(**{k: v for k, v in options.items() if v is not None}))


def _settings_of(found: Override | Config) -> Settings:
    return Settings.trusted(**{name: getattr(found, name) for name in SETTINGS})


class Override(_Checked):
    """Settings for the decks under ``paths``."""

    __slots__ = (*SETTINGS, "paths")
    paths: list[str]


class Config(_Checked):
    """The file's settings, the globs it names and its per-path overrides."""

    __slots__ = (*SETTINGS, "root", "file", "paths", "exclude", "output_format", "overrides")
    DEFAULTS: ClassVar[dict[str, Callable[[], Any]]] = {
        "root": Path.cwd,
        "paths": lambda: list(DEFAULT_PATHS),
        "exclude": list,
        "overrides": list,
    }
    root: Path
    file: Path | None
    paths: list[str]
    exclude: list[str]
    output_format: str | None
    overrides: list[Override]

    def relative(self, path: str | Path) -> str | None:
        """The path relative to the config folder, '/'-separated; None when outside it
        (or a URL)."""
        if "://" in str(path):
            return None
        pairs = (
            (Path(os.path.abspath(path)), Path(os.path.abspath(self.root))),
            (Path(path).resolve(), self.root.resolve()),
        )
        for target, root in pairs:
            if target.is_relative_to(root):
                return target.relative_to(root).as_posix()
        return None

    def settings_for(self, path: str | Path) -> Settings:
        """The settings for one deck: the file's, then every matching override in order."""
        settings = _settings_of(self)
        rel = self.relative(path)
        if rel is None:
            return settings
        for override in self.overrides:
            if any(matches(pattern, rel) for pattern in override.paths):
                settings = settings.merged(_settings_of(override))
        return settings

    def deck_files(self) -> list[Path]:
        """Every file under the config folder matching ``paths`` and not ``exclude``, sorted;
        JSON/YAML documents that are not decks (records, plans, workflows) left out, as in a
        folder scan."""
        from deckcheck.io.inputs import is_deck_file

        found: list[str] = []
        root = self.root
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            base = Path(folder).relative_to(root)
            for name in sorted(files):
                rel = (base / name).as_posix()
                if (
                    any(matches(p, rel) for p in self.paths)
                    and not any(matches(p, rel) for p in self.exclude)
                    and is_deck_file(os.path.join(folder, name))
                ):
                    found.append(rel)
        return [root / rel for rel in sorted(found)]


@cache
def _glob_regex(pattern: str) -> re.Pattern[str]:
    pattern = pattern.strip().removeprefix("./")
    if "/" not in pattern.rstrip("/"):
        pattern = "**/" + pattern  # a bare name matches in any folder
    if pattern.endswith("/"):
        pattern += "**"
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:[^/]+/)*")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[" and "]" in pattern[i + 2 :]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1 : end].replace("\\", "\\\\")
            out.append("[" + ("^" + body[1:] if body.startswith("!") else body) + "]")
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out) + r"(?:/.*)?\Z")


def matches(pattern: str, rel_path: str) -> bool:
    """Does a '/'-separated relative path match the glob (or lie under a matching folder)?"""
    return _glob_regex(pattern).match(rel_path) is not None


def _normalise(table: dict[str, Any]) -> dict[str, Any]:
    out = {str(k).replace("-", "_"): v for k, v in table.items()}
    if isinstance(out.get("overrides"), list):
        out["overrides"] = [_normalise(o) if isinstance(o, dict) else o for o in out["overrides"]]
    return out


def _read_table(file: Path) -> dict[str, Any] | None:
    text = read_text(file, MAX_CONFIG_BYTES, "configuration file")
    if file.name == "pyproject.toml" and not _may_hold_table(text):
        return None  # another tool's file, not parsed: tomllib costs start-up several ms
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{file} is not valid TOML: {exc}") from None
    except ValueError:  # int() refuses a number of more than 4,300 digits
        raise InputError(f"{file} is not valid TOML: a number of thousands of digits") from None
    if file.name == "pyproject.toml":
        tool = data.get("tool", {})
        table = tool.get("deckcheck") if isinstance(tool, dict) else None
        if table is not None and not isinstance(table, dict):
            raise InputError(f"{file}: [tool.deckcheck] must be a table")
        return table
    return data


# the ways a TOML file reaches tool.deckcheck: a [tool.deckcheck...] header or a dotted
# key tool.deckcheck (spaces and quotes around the dot), keys under a [tool] header, an
# inline table tool = {...}; a quoted key may also spell them with escapes
_TOOL_TABLE = re.compile(
    r"""tool["'\s]*\.["'\s]*deckcheck|^\s*\[\s*["']?tool["']?\s*\]|tool["']?\s*=""", re.M
)


def _may_hold_table(text: str) -> bool:
    """Could this TOML text hold a [tool.deckcheck] table? (False: it need not be parsed.)"""
    if "\\u" in text or "\\U" in text:
        return True
    return "deckcheck" in text and _TOOL_TABLE.search(text) is not None


def config_file(start_dir: str | Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest configuration file at or above start_dir, with its deckcheck table."""
    folder = Path(start_dir).resolve()
    for candidate in (folder, *folder.parents):
        for name in CONFIG_NAMES:
            file = candidate / name
            if file.is_file():
                table = _read_table(file)
                if table is not None:
                    return file, table
    return None


def load_config(start_dir: str | Path = ".") -> Config:
    """The configuration that applies in start_dir; defaults (rooted there) if none."""
    found = config_file(start_dir)
    if found is None:
        return Config.trusted(root=Path(start_dir).resolve())
    from pydantic import ValidationError

    from deckcheck.cli.config_schema import describe

    file, table = found
    data = _normalise(table)
    for key in ("root", "file"):
        if key in data:
            raise InputError(f"{file}: unknown key {key!r}")
    try:
        return Config(root=file.parent, file=file, **data)
    except ValidationError as exc:
        raise InputError(f"{file}: {describe(exc)}") from None
    except TypeError as exc:
        raise InputError(f"{file}: {exc}") from None
