"""Report pins across card data rebuilds.

The report pins (tests/validation/report_pin.json, tests/cli/check_stream_pin.json) hold the
sha256 of report bytes made with the bundled card data of their day, whose version the JSON
and SARIF reports print. Rebuilding the snapshot (a card's material line parsed, say) changes
that version and nothing else a report says, so the pins compare output with the current
version written back as the pinned one: every other byte must still match.
"""

from __future__ import annotations

PINNED_CARD_DATA = "cards-8fd2c3eee7e5"


def as_pinned(text: str, version: str) -> str:
    """``text`` with the current card data ``version`` written as the pinned one."""
    return text.replace(f'"{version}"', f'"{PINNED_CARD_DATA}"')
