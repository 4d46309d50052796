"""Pins across card data rebuilds: report digests and stored duel logs.

The report pins (tests/validation/report_pin.json, tests/cli/check_stream_pin.json) hold the
sha256 of report bytes made with the bundled card data of their day, whose version the JSON
and SARIF reports print. Rebuilding the snapshot (a card's material line parsed, say) changes
that version and nothing else a report says, so the pins compare output with the current
version written back as the pinned one: every other byte must still match. The stored logs
of tests/engine/logs (made with the same data) name it in their header, which replay compares
with the data in use: they are read with the current version written in, so that their
duels must still come out the same, event for event, on today's card facts.
"""

from __future__ import annotations

from pathlib import Path

PINNED_CARD_DATA = "cards-8fd2c3eee7e5"


def as_pinned(text: str, version: str) -> str:
    """``text`` with the current card data ``version`` written as the pinned one."""
    return text.replace(f'"{version}"', f'"{PINNED_CARD_DATA}"')


def log_as_current(path: Path, version: str, folder: Path) -> Path:
    """A copy of the stored log ``path`` in ``folder`` naming card data ``version``."""
    text = path.read_text(encoding="utf-8")
    copy = folder / path.name
    copy.write_text(text.replace(f'"{PINNED_CARD_DATA}"', f'"{version}"'), encoding="utf-8")
    return copy
