"""Banlist files: the project's YAML (one list per file), JSON, and detection for conversion.

Bundled YAML is trusted and read with the fast C loader when available. Files from users are
read with a safe loader that refuses anchors/aliases (no alias bombs) and with a size limit.
PyYAML is imported only when a file needs it: bundled lists in the generated layout are read
by ``fast_load`` (``deckcheck check`` never pays for the YAML import).
"""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from deckcheck.banlist.model import Banlist, Entry
from deckcheck.io.errors import InputError
from deckcheck.io.infile import shown


def load_yaml(text: str, trusted: bool = False, source: str = "<yaml>") -> Any:  # noqa: ANN401
    """Bundled files (trusted) with the fast C loader; anything else through yamlsafe."""
    import yaml

    if trusted:
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506
    from deckcheck.io import yamlsafe

    return yamlsafe.load(text, source)


def _yaml_str(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)


def to_yaml(banlist: Banlist, header: str | None = None) -> str:
    """One list as YAML, one line per entry (stable, diff-friendly)."""
    lines = [f"# {line}" for line in (header or "").splitlines()]
    lines += [
        f"series: {_yaml_str(banlist.series)}",
        f"name: {_yaml_str(banlist.name)}",
    ]
    if banlist.title:
        lines.append(f"title: {_yaml_str(banlist.title)}")
    if banlist.effective:
        lines.append(f"effective: {banlist.effective.isoformat()}")
    lines.append(f"whitelist: {'true' if banlist.whitelist else 'false'}")
    if banlist.points_cap is not None:
        lines.append(f"points_cap: {_num(banlist.points_cap)}")
    if banlist.source:
        lines.append(f"source: {_yaml_str(banlist.source)}")
    if banlist.group_limits:
        lines.append("group_limits:")
        lines += [f"  {g}: {n}" for g, n in sorted(banlist.group_limits.items())]
    if not banlist.entries:
        lines.append("entries: {}")
    else:
        lines.append("entries:")
    for code, entry in banlist.entries.items():
        fields = []
        if entry.name:
            fields.append(f"name: {_yaml_str(entry.name)}")
        if entry.limit is not None:
            fields.append(f"limit: {entry.limit}")
        if entry.points is not None:
            fields.append(f"points: {_num(entry.points)}")
        if entry.group is not None:
            fields.append(f"group: {entry.group}")
        lines.append(f"  {code}: {{{', '.join(fields)}}}")
    return "\n".join(lines) + "\n"


def to_dict(banlist: Banlist) -> dict[str, Any]:
    data = banlist.model_dump(mode="json", exclude_none=True)
    data["entries"] = {
        str(code): e.model_dump(mode="json", exclude_none=True, exclude={"passcode"})
        for code, e in banlist.entries.items()
    }
    return data


def to_json(banlists: list[Banlist]) -> str:
    """A single list as one object, several as {"banlists": [...]}."""
    if len(banlists) == 1:
        return json.dumps(to_dict(banlists[0]), ensure_ascii=False, indent=2) + "\n"
    body = {"banlists": [to_dict(b) for b in banlists]}
    return json.dumps(body, ensure_ascii=False, indent=2) + "\n"


def from_dict(data: Any, where: str) -> Banlist:  # noqa: ANN401
    if not isinstance(data, dict):
        raise InputError(f"{where}: a banlist must be a mapping")
    raw_entries = data.get("entries") or {}
    if not isinstance(raw_entries, dict):
        raise InputError(f"{where}: 'entries' must map passcodes to entries")
    entries: dict[int, Entry] = {}
    try:
        for key, value in raw_entries.items():
            if len(str(key).strip().lstrip("+-0")) > 10:  # int() of 5,000 digits fails
                raise ValueError(f"passcode {shown(str(key))} is not a card")
            code = int(key)
            if code <= 0:
                raise ValueError(f"passcode {key} is not a card")
            fields = value if isinstance(value, dict) else {"limit": value}
            entry = Entry(passcode=code, **fields)
            if entry.limit is not None and not -1 <= entry.limit <= 3:
                raise ValueError(f"limit {entry.limit} of {code} is outside -1..3")
            entries[code] = entry
        body = {k: v for k, v in data.items() if k != "entries"}
        return Banlist(entries=entries, **body)
    except (ValueError, TypeError, ValidationError) as exc:
        raise InputError(f"{where}: not a valid banlist: {_short(exc)}") from exc


def _short(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"])
        return f"{loc}: {err['msg']}"
    return str(exc)


def trusted_banlist(data: dict[str, Any]) -> Banlist:
    """Bundled lists were validated when written (and by the tests): skip validation here,
    it is most of the time of reading a list."""
    entries = {
        int(code): Entry.model_construct(passcode=int(code), **fields)
        for code, fields in (data.get("entries") or {}).items()
    }
    body = {k: v for k, v in data.items() if k != "entries"}
    defaults = {
        "title": None,
        "effective": None,
        "whitelist": False,
        "points_cap": None,
        "source": None,
        "group_limits": {},
    }
    return Banlist.model_construct(entries=entries, **{**defaults, **body})


def to_yaml_many(banlists: list[Banlist]) -> str:
    """Several lists as YAML documents separated by ``---``."""
    return "---\n".join(to_yaml(b) for b in banlists)


def load_yaml_banlists(path: Path) -> list[Banlist]:
    """Every YAML document of a user's file, each one list."""
    from deckcheck.io import yamlsafe

    text = read_text(path)
    docs = yamlsafe.load_all(text, str(path))
    if not docs:
        raise InputError(f"{path}: no banlist in the file")
    many = len(docs) > 1
    return [from_dict(d, f"{path}[{i}]" if many else str(path)) for i, d in enumerate(docs)]


_TOP = re.compile(r"^(\w+):(?: (.*))?$")
_ITEM = re.compile(r"^  (-?\d+): (.*)$")
_FIELD = re.compile(r'(\w+): ("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?)')
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _scalar(text: str) -> Any:  # noqa: ANN401
    if text.startswith('"'):
        return json.loads(text)
    if text in ("true", "false"):
        return text == "true"
    if _DAY.match(text):
        return date.fromisoformat(text)
    if text == "{}":
        return {}
    return json.loads(text)  # numbers; anything else raises ValueError


def fast_load(text: str) -> dict[str, Any] | None:
    """Read the exact layout ``to_yaml`` writes, about 50 times faster than a YAML parser;
    None for anything else (the caller then uses the YAML parser)."""
    data: dict[str, Any] = {}
    block: dict[Any, Any] | None = None
    try:
        for line in text.splitlines():
            if not line or line.startswith("#"):
                continue
            item = _ITEM.match(line)
            if item and block is not None:
                body = item.group(2)
                if body.startswith("{"):
                    inner = body[1:-1]
                    fields = _FIELD.findall(inner)
                    if ", ".join(f"{k}: {v}" for k, v in fields) != inner or body[-1] != "}":
                        return None
                    block[int(item.group(1))] = {k: _scalar(v) for k, v in fields}
                else:
                    block[int(item.group(1))] = int(body)
                continue
            top = _TOP.match(line)
            if not top:
                return None
            key, value = top.groups()
            if value is None:
                block = data[key] = {}
            else:
                block = None
                data[key] = _scalar(value)
    except ValueError:
        return None
    return data


def load_yaml_banlist(path: Path, trusted: bool = False) -> Banlist:
    if trusted:
        text = path.read_text(encoding="utf-8")
        data = fast_load(text)
        if data is None:
            data = load_yaml(text, trusted=True)
        return trusted_banlist(data)
    import yaml

    text = read_text(path)
    try:
        data = load_yaml(text, trusted=trusted)
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: not valid YAML: {exc}") from exc
    return from_dict(data, str(path))


def load_json_banlists(path: Path) -> list[Banlist]:
    try:
        data = json.loads(read_text(path))
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: not valid JSON: {exc}") from exc
    except ValueError:  # int() refuses a number of more than 4,300 digits
        raise InputError(f"{path}: a number with more digits than any passcode or count") from None
    if isinstance(data, dict) and "banlists" in data:
        items = data["banlists"]
        if not isinstance(items, list):
            raise InputError(f"{path}: 'banlists' must be a list")
        return [from_dict(item, f"{path}[{i}]") for i, item in enumerate(items)]
    return [from_dict(data, str(path))]


def detect(path: Path) -> str:
    """ "lflist", "yaml" or "json" by file name, then by content."""
    name = path.name.lower()
    if name.endswith(".conf") or name.endswith(".lflist"):
        return "lflist"
    if name.endswith((".yaml", ".yml")):
        return "yaml"
    if name.endswith(".json"):
        return "json"
    head = read_text(path)[:4096].lstrip()
    if head.startswith("{"):
        return "json"
    if head.startswith(("#", "!")) or head[:1].isdigit():
        return "lflist"
    return "yaml"


def load_banlists(path: Path | str) -> list[Banlist]:
    """Every list in a banlist file of any supported kind (errors in lflist lines raise)."""
    path = Path(path)
    kind = detect(path)
    if kind == "json":
        return load_json_banlists(path)
    if kind == "yaml":
        return load_yaml_banlists(path)
    from deckcheck.banlist.lflist import load_lflist

    parsed = load_lflist(path)
    if parsed.errors:
        shown = "; ".join(str(p) for p in parsed.errors[:5])
        more = len(parsed.errors) - 5
        extra = f" (and {more} more)" if more > 0 else ""
        raise InputError(f"{path}: {shown}{extra}; run 'deckcheck banlist lint' for all")
    return parsed.banlists


def read_text(path: Path) -> str:
    from deckcheck.banlist.lflist import read_text as read

    return read(path)
