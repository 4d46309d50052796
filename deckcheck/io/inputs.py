"""Turn command-line inputs (files, folders, ydke:// URLs) into deck sources."""

from __future__ import annotations

import os

from deckcheck.io.errors import InputError
from deckcheck.io.infile import is_folder, read_bytes, shown

URL_PREFIXES = ("ydke://", "http://", "https://")
# JSON and YAML files in a folder may be other things (records, plans, CI settings)
_MAYBE_NOT_DECKS = (".json", ".yaml", ".yml")
SNIFF_BYTES = 65_536


def is_url(text: str) -> bool:
    from deckcheck.decks.ydke import is_ydke

    return text.lower().startswith(URL_PREFIXES) or is_ydke(text)


def expand(inputs: list[str]) -> tuple[list[str], dict[str, str]]:
    """The deck sources of the inputs, and the error of each input that names no deck.

    Files, URLs and ``-`` (standard input, once) come back as given, whatever they are: an
    input that cannot be read is that deck's error when it is read, and the others are
    still checked. Folders are walked recursively in sorted order; a folder without deck
    files is kept as a source with its error.
    """
    out: list[str] = []
    errors: dict[str, str] = {}
    for item in inputs:
        if item == "-" and item in out:
            raise InputError("'-' (standard input) given twice")
        if item == "-" or is_url(item) or not is_folder(item):
            out.append(item)
            continue
        found = walk(item)
        if not found:
            out.append(item)
            errors[item] = f"no deck files ({', '.join(deck_suffixes())}) under {shown(item)}"
        out.extend(found)
    return out, errors


def deck_suffixes() -> list[str]:
    from deckcheck.decks.codecs import DECK_SUFFIXES

    return sorted(DECK_SUFFIXES, key=lambda s: (s in _MAYBE_NOT_DECKS, s))


def walk(folder: str) -> list[str]:
    """The deck files under ``folder``, sorted: every suffix a reader supports, hidden
    files and folders (``.git``, ``.github``) left out, and JSON/YAML files only when
    they could be decks (``is_deck_file``)."""
    suffixes = set(deck_suffixes())
    found: list[str] = []
    for parent, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            path = os.path.join(parent, name)
            if name.startswith(".") or os.path.splitext(name)[1].lower() not in suffixes:
                continue
            if os.path.isfile(path) and is_deck_file(path):
                found.append(path)
    return sorted(found)


def is_deck_file(path: str) -> bool:
    """False only for a JSON/YAML file that reads as a mapping without any deck section
    (a registration record, a side plan, a workflow); anything else, broken files
    included, is a deck to check (so a broken deck is reported, not skipped)."""
    if os.path.splitext(path)[1].lower() not in _MAYBE_NOT_DECKS:
        return True
    from deckcheck.decks.structured import is_other_document

    try:
        head = read_bytes(path, SNIFF_BYTES, "deck file")
        text = head.decode("utf-8-sig")
    except (InputError, UnicodeDecodeError):
        return True  # too big to sniff cheaply, or unreadable: the reader says why
    return not is_other_document(text)
