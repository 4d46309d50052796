"""Turn command-line inputs (files, folders, ydke:// URLs) into deck sources."""

from __future__ import annotations

from pathlib import Path

from deckcheck.errors import InputError

URL_PREFIXES = ("ydke://", "http://", "https://")
# what a folder walk picks up: decks in the formats people keep in repositories
WALK_SUFFIXES = (".ydk", ".txt", ".ydke")


def is_url(text: str) -> bool:
    from deckcheck.decks.ydke import is_ydke

    return text.lower().startswith(URL_PREFIXES) or is_ydke(text)


def expand(inputs: list[str]) -> list[str]:
    """Files, URLs and ``-`` (standard input, once) as given; folders walked recursively in
    sorted order."""
    out: list[str] = []
    for item in inputs:
        if item == "-":
            if item in out:
                raise InputError("'-' (standard input) given twice")
            out.append(item)
            continue
        if is_url(item):
            out.append(item)
            continue
        path = Path(item)
        if path.is_dir():
            found = sorted(
                str(p) for p in path.rglob("*") if p.is_file() and p.suffix.lower() in WALK_SUFFIXES
            )
            if not found:
                raise InputError(f"no deck files (.ydk, .txt, .ydke) under {item}")
            out.extend(found)
        elif path.is_file():
            out.append(item)
        elif path.exists():
            raise InputError(f"not a file or folder: {item}")
        else:
            raise InputError(f"no such file or folder: {item}")
    return out
