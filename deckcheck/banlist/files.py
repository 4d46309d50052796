"""Banlist files: the project's YAML (one list per file), JSON, and detection for conversion.

The bundled lists are read one way: from the JSON twin that ``banlist import-history`` (or
``banlist index``) generates beside each YAML file (``load_bundled``). YAML is read only where
it comes from a person (a user's list, a hand-edited file being indexed), with the one safe
loader (``deckcheck.io.yamlsafe``: no aliases, bounded nesting, a size limit on the file).
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from deckcheck.banlist.model import Banlist, Entry
from deckcheck.io.errors import InputError
from deckcheck.io.infile import shown
from deckcheck.io.trusted import construct


def _number(value: float) -> float:
    return int(value) if float(value).is_integer() else value


def _yaml_scalar(value: Any) -> str:  # noqa: ANN401
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a quoted YAML string
    return repr(value)


def to_yaml(banlist: Banlist, header: str | None = None) -> str:
    """One list as YAML, one line per entry (stable, diff-friendly): the fields of
    ``to_plain``, so a list's YAML and its JSON twin always say the same."""
    lines = [f"# {line}" for line in (header or "").splitlines()]
    plain = to_plain(banlist)
    entries = plain.pop("entries")
    groups = plain.pop("group_limits", {})
    for key, value in plain.items():
        shown = value if key == "effective" else _yaml_scalar(value)  # a date stays unquoted
        lines.append(f"{key}: {shown}")
    if groups:
        lines.append("group_limits:")
        lines += [f"  {g}: {n}" for g, n in groups.items()]
    lines.append("entries:" if entries else "entries: {}")
    for code, fields in entries.items():
        inner = ", ".join(f"{k}: {_yaml_scalar(v)}" for k, v in fields.items())
        lines.append(f"  {code}: {{{inner}}}")
    return "\n".join(lines) + "\n"


def to_plain(banlist: Banlist) -> dict[str, Any]:
    """One list as JSON data holding what ``to_yaml`` writes, field for field and number for
    number, so the twin and the YAML read back to the same list."""
    data: dict[str, Any] = {"series": banlist.series, "name": banlist.name}
    if banlist.title:
        data["title"] = banlist.title
    if banlist.effective:
        data["effective"] = banlist.effective.isoformat()
    data["whitelist"] = banlist.whitelist
    if banlist.points_cap is not None:
        data["points_cap"] = _number(banlist.points_cap)
    if banlist.source:
        data["source"] = banlist.source
    if banlist.group_limits:
        data["group_limits"] = {str(g): n for g, n in sorted(banlist.group_limits.items())}
    entries = data["entries"] = {}
    for code, entry in banlist.entries.items():
        fields: dict[str, Any] = {}
        if entry.name:
            fields["name"] = entry.name
        if entry.limit is not None:
            fields["limit"] = entry.limit
        if entry.points is not None:
            fields["points"] = _number(entry.points)
        if entry.group is not None:
            fields["group"] = entry.group
        entries[str(code)] = fields
    return data


def twin_text(banlist: Banlist) -> str:
    """The generated JSON twin of a bundled list: one entry per line, for readable diffs."""
    plain = to_plain(banlist)
    entries = plain.pop("entries")
    rows = [f"{json.dumps(c)}: {json.dumps(f, ensure_ascii=False)}" for c, f in entries.items()]
    head = json.dumps(plain, ensure_ascii=False)[:-1]
    return head + ', "entries": {\n' + ",\n".join(rows) + "\n}}\n"


def twin_path(yaml_path: Path) -> Path:
    return yaml_path.with_suffix(".json")


def load_bundled(path: Path) -> Banlist:
    """A bundled list from its JSON twin (``path`` names the YAML file or the twin)."""
    data = json.loads(twin_path(path).read_bytes())
    if data.get("effective"):
        data["effective"] = date.fromisoformat(data["effective"])
    if data.get("group_limits"):
        data["group_limits"] = {int(g): n for g, n in data["group_limits"].items()}
    return trusted_banlist(data)


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
    """Bundled lists were validated when generated (and by the tests): skip validation
    here, it is most of the time of reading a list."""
    entries = {
        int(code): construct(Entry, {"passcode": int(code), **fields})
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
    return construct(Banlist, {"entries": entries, **defaults, **body})


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


def load_yaml_banlist(path: Path) -> Banlist:
    """A list from a person's YAML file: the safe loader, then full validation."""
    from deckcheck.io import yamlsafe

    return from_dict(yamlsafe.load(read_text(path), str(path)), str(path))


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
