"""How the CI formats name a deck: a file path relative to the working folder where it can
be, a URI for SARIF, and a short form of long ydke:// URLs for headings."""

from __future__ import annotations

import os
from pathlib import Path, PureWindowsPath
from urllib.parse import quote

from deckcheck.io.inputs import is_url

# a ydke:// URL is hundreds of characters of base64: its first ones label it in headings
SHORT = 32


def file_path(source: str) -> str | None:
    """The deck's file as a '/'-separated path (relative to the working folder when it lies
    inside it); None for decks that are not files (URLs, stdin, memory)."""
    if is_url(source) or source in ("-", "") or source.startswith("<"):
        return None
    if PureWindowsPath(source).drive:
        return PureWindowsPath(source).as_posix()
    path = source.replace("\\", "/")
    if path.startswith("/"):
        try:
            return Path(path).relative_to(Path(os.getcwd())).as_posix()
        except ValueError:
            return path
    return path.removeprefix("./")


def source_uri(source: str) -> str | None:
    """A URI reference for SARIF's artifactLocation."""
    path = file_path(source)
    if path is None:
        return None
    if PureWindowsPath(path).drive:
        return "file:///" + quote(path)
    if path.startswith("/"):
        return "file://" + quote(path)
    return quote(path)


def short(source: str) -> str:
    """The source for headings and names: a long URL cut to a short label with an ellipsis
    (the JSON report keeps the whole URL)."""
    if len(source) <= SHORT or not is_url(source):
        return source
    return source[: SHORT - 1] + "…"


def shown(source: str) -> str:
    """How headings and test names show a deck: its file path, else its short source."""
    return file_path(source) or short(source)
