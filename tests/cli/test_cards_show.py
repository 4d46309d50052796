"""``cards show``: legality from the list in force in each format on --date, as check sees it."""

from __future__ import annotations

import json
from datetime import date

import pytest

from deckcheck.banlist.ops import in_force
from deckcheck.banlist.store import BanlistStore
from deckcheck.formats.registry import load_formats

from .helpers import run

DAY = "2026-11-29"
CALLED_BY = 24224830
MAXX_C = 23434538


def show_json(capsys, *args: str) -> dict:
    result = run(capsys, "cards", "show", *args, "--output-format", "json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_called_by_the_grave_is_forbidden_in_the_ocg_list_in_force(capsys):
    text = run(capsys, "cards", "show", "Called by the Grave", "--date", DAY)
    assert text.code == 0, text.err
    ocg = next(line for line in text.out.splitlines() if line.lstrip().startswith("ocg "))
    assert "not legal (forbidden, list 2026.07)" in ocg
    assert f"legality on {DAY}" in text.out
    # the card data's own field is not presented as a format's status
    assert "ocg: semilimited" not in text.out
    assert "the card data's own record" in text.out
    shown = run(capsys, "banlist", "show", "ocg", "--date", DAY)
    assert "Called by the Grave (24224830)" in shown.out.split("Limited")[0]  # Forbidden


@pytest.mark.parametrize("code", [CALLED_BY, MAXX_C])
def test_every_format_agrees_with_the_list_check_applies(capsys, code):
    data = show_json(capsys, str(code), "--date", DAY)
    store = BanlistStore.open()
    day = date.fromisoformat(DAY)
    assert set(data["formats"]) == set(load_formats())
    for fmt in load_formats().values():
        listed = in_force(store, fmt.id, day)
        verdict = data["formats"][fmt.id]
        assert (verdict["status"], verdict["banlist"]) == (listed.status_of(code), listed.name)
    assert data["formats"]["tcg"]["status"] == ("forbidden" if code == MAXX_C else "limited")
    assert data["formats"]["masterduel"]["status"] == "semi-limited"
    assert "legality" not in data and "card_data_legality" in data


def test_the_date_picks_the_list(capsys):
    before = show_json(capsys, str(CALLED_BY), "--date", "2026-06-30")["formats"]["ocg"]
    after = show_json(capsys, str(CALLED_BY), "--date", "2026-07-01")["formats"]["ocg"]
    assert (before["status"], before["banlist"], before["copies"]) == ("limited", "2026.04", 1)
    assert (after["status"], after["banlist"], after["legal"]) == ("forbidden", "2026.07", False)


def test_formats_not_yet_existing_are_marked(capsys):
    data = show_json(capsys, 'Maxx "C"', "--date", "2025-09-21")
    assert data["formats"]["genesys"]["exists"] is False
    assert data["formats"]["genesys"]["starts"] == "2025-09-22"
    assert data["formats"]["tcg"]["exists"] is True
    text = run(capsys, "cards", "show", 'Maxx "C"', "--date", "2025-09-21").out
    assert "genesys      no such format yet (starts 2025-09-22)" in text
    first = show_json(capsys, 'Maxx "C"', "--date", "2025-09-22")["formats"]["genesys"]
    assert (first["exists"], first["points"]) == (True, 50)


@pytest.mark.parametrize("arg", ["²", "١٢٣", "½", "99999999999999999999", "9" * 5000, "0"])
def test_odd_digits_are_a_message_not_a_traceback(capsys, arg):
    result = run(capsys, "cards", "show", arg)
    assert result.code == 2
    assert result.err.startswith("deckcheck: error: ") and "Traceback" not in result.err


def test_a_bad_date_is_a_usage_error(capsys):
    result = run(capsys, "cards", "show", str(CALLED_BY), "--date", "2026-02-30")
    assert result.code == 2 and "bad date" in result.err


def test_reasons_speak_of_the_card_not_of_a_deck(capsys):
    shown = run(capsys, "cards", "show", str(CALLED_BY), "--date", DAY)
    assert shown.code == 0, shown.err
    assert "Called by the Grave is Forbidden in the OCG list 2026.07\n" in shown.out
    assert "the deck has" not in shown.out
