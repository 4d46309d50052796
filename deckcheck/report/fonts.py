"""Finding a font that has the glyphs a sheet needs (Japanese, Chinese, Korean names).

fpdf2 embeds TrueType/OpenType fonts but brings none with CJK glyphs, so one is looked for
at run time: the fonts fontconfig knows (``fc-list``) and the usual font folders, names that
suggest CJK first, each font's character map read to be sure. ``DECKCHECK_FONT_DIRS`` (folders
separated like PATH) replaces the search.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

FONT_DIRS_ENV = "DECKCHECK_FONT_DIRS"
SYSTEM_DIRS = (
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "~/.local/share/fonts",
    "~/.fonts",
    "/Library/Fonts",
    "/System/Library/Fonts",
    "C:/Windows/Fonts",
)
SUFFIXES = (".ttf", ".otf", ".ttc")
# file names of common CJK fonts: read first, so that a large font folder is not read whole
HINTS = ("cjk", "wqy", "hei", "droid", "sourcehan", "source-han", "ipa", "takao", "nanum")
HINTS += ("gothic", "mincho", "song", "ming", "gulim", "batang", "malgun", "msyh", "simsun")
HINTS += ("yahei", "hiragino", "pingfang", "unifont", "arphic", "uming", "ukai")
MAX_FONTS = 400  # fonts read at most per search


@dataclass(frozen=True)
class FontFile:
    path: Path
    index: int = 0  # the font's number in a .ttc collection

    def __str__(self) -> str:
        return f"{self.path}#{self.index}" if self.index else str(self.path)


def search_dirs() -> tuple[Path, ...]:
    """The folders searched: $DECKCHECK_FONT_DIRS, else the system's."""
    given = os.environ.get(FONT_DIRS_ENV)
    if given is not None:
        return tuple(Path(d) for d in given.split(os.pathsep) if d)
    return tuple(Path(d).expanduser() for d in SYSTEM_DIRS)


def _fontconfig() -> list[FontFile]:
    if shutil.which("fc-list") is None:
        return []
    try:
        done = subprocess.run(
            ["fc-list", "--format", "%{file}|%{index}\\n"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    found = []
    for line in done.stdout.splitlines():
        file, _, index = line.rpartition("|")
        if file.lower().endswith(SUFFIXES):
            found.append(FontFile(Path(file), int(index) if index.isdigit() else 0))
    return found


def _walk(folders: tuple[Path, ...]) -> list[FontFile]:
    found = []
    for folder in folders:
        for root, _, files in os.walk(folder):
            found += [
                FontFile(Path(root) / f) for f in sorted(files) if f.lower().endswith(SUFFIXES)
            ]
    return found


@lru_cache(maxsize=4)
def candidates(folders: tuple[Path, ...], use_fontconfig: bool) -> tuple[FontFile, ...]:
    """Every font file found, names that suggest CJK first."""
    every = [*(_fontconfig() if use_fontconfig else []), *_walk(folders)]
    unique = list(dict.fromkeys(every))
    unique.sort(key=lambda f: not any(h in f.path.name.lower() for h in HINTS))
    return tuple(unique)


@lru_cache(maxsize=64)
def codepoints(font: FontFile) -> frozenset[int]:
    """The characters a font has glyphs for (none when it cannot be read)."""
    from fontTools.ttLib import TTFont

    try:
        with TTFont(str(font.path), fontNumber=font.index, lazy=True) as face:
            cmap = face.getBestCmap() or {}
    except Exception:  # a damaged or unsupported file is skipped, not fatal
        return frozenset()
    return frozenset(cmap)


def needed(text: str) -> frozenset[int]:
    """The characters of text that need a glyph (not spaces or control characters)."""
    return frozenset(ord(c) for c in text if c.isprintable() and not c.isspace())


@lru_cache(maxsize=64)
def _covering(chars: frozenset[int], folders: tuple[Path, ...], fc: bool) -> FontFile | None:
    for font in candidates(folders, fc)[:MAX_FONTS]:
        if chars <= codepoints(font):
            return font
    return None


def searched() -> str:
    """Where ``font_with`` looks, for messages."""
    folders = ", ".join(str(d) for d in search_dirs()) or "no folder"
    if os.environ.get(FONT_DIRS_ENV) is not None:
        return f"{FONT_DIRS_ENV}: {folders}"
    return f"fontconfig and {folders}"


def font_with(chars: frozenset[int]) -> FontFile | None:
    """A font that has every one of chars, or None."""
    given = os.environ.get(FONT_DIRS_ENV) is not None
    return _covering(chars, search_dirs(), not given)
