"""Every format starts on a day taken from its data; a date before it is a usage error."""

from __future__ import annotations

import gzip
import json
from datetime import date, timedelta
from functools import cache

import pytest

from deckcheck.banlist.store import BanlistStore
from deckcheck.decks.model import Deck
from deckcheck.formats.model import Format
from deckcheck.formats.registry import load_formats
from deckcheck.io.errors import InputError
from tests.cli.helpers import run
from tests.conftest import DATA, ROOT

EXAMPLE = str(ROOT / "examples" / "blue-eyes.ydk")
# how each format's first day follows from its data: ocg, tcg and traditional had cards
# before their first list (their first release in the region); the others begin with a list
START_FROM = {
    "ocg": ("release", "ocg"),
    "tcg": ("release", "tcg"),
    "traditional": ("release", "tcg"),
    "speed": ("first list", "speed"),
    "genesys": ("first list", "genesys"),
    "goat": ("pinned list", "tcg"),
    "edison": ("pinned list", "tcg"),
    "masterduel": ("first list", "masterduel"),
    "world": ("first list", "world"),
}
FORMATS = sorted(load_formats())


@cache
def first_release(region: str) -> date:
    with gzip.open(DATA / "cards.jsonl.gz", "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    return min(
        date.fromisoformat(r["release"][region]) for r in rows if region in r.get("release", {})
    )


def data_start(fmt: Format, store: BanlistStore) -> date | None:
    how, where = START_FROM[fmt.id]
    if how == "release":
        return first_release(where)
    if how == "pinned list":
        assert fmt.banlist_name
        return store.get(where, fmt.banlist_name).effective
    return store.refs(where)[0].effective


def test_every_format_has_a_start_from_its_data(store):
    assert set(START_FROM) == set(FORMATS)  # a new format says where its start comes from
    for format_id in FORMATS:
        fmt = load_formats()[format_id]
        assert fmt.legal_from is not None, format_id
        assert fmt.legal_from == data_start(fmt, store), format_id


@pytest.mark.parametrize("format_id", FORMATS)
def test_first_day_is_checked_and_the_day_before_is_refused(format_id, db, checker):
    fmt = load_formats()[format_id]
    assert fmt.legal_from is not None
    deck = Deck.from_passcodes([89631139] * 3)  # Blue-Eyes White Dragon
    report = checker.check(deck, format_id, fmt.legal_from)
    assert report.format.date == fmt.legal_from.isoformat()
    with pytest.raises(InputError, match=f"starts on {fmt.legal_from.isoformat()}"):
        checker.check(deck, format_id, fmt.legal_from - timedelta(days=1))


@pytest.mark.parametrize("format_id", FORMATS)
def test_the_day_before_is_a_usage_error_in_the_cli(format_id, capsys):
    start = load_formats()[format_id].legal_from
    assert start is not None
    before = (start - timedelta(days=1)).isoformat()
    result = run(capsys, "check", EXAMPLE, "--format", format_id, "--date", before)
    assert result.code == 2
    assert f"starts on {start.isoformat()}" in result.err and result.out == ""
    ok = run(capsys, "check", EXAMPLE, "--format", format_id, "--date", start.isoformat())
    assert ok.code in (0, 1) and f"{format_id} on {start.isoformat()}" in ok.out


@pytest.mark.parametrize(("format_id", "region"), [("ocg", "ocg"), ("tcg", "tcg")])
def test_cards_of_the_first_release_are_in_the_pool_on_the_first_day(
    format_id, region, db, checker
):
    start = first_release(region)
    magician = db.get(46986414)  # Dark Magician, in the first set of both regions
    assert magician is not None and magician.release[region] == start
    report = checker.check(Deck.from_passcodes([46986414]), format_id, start)
    assert "not-released" not in {v.rule for v in report.violations}
    # a card released later is outside it that day
    ash = Deck.from_passcodes([14558127])
    assert "not-released" in {v.rule for v in checker.check(ash, format_id, start).violations}


def test_tcg_in_2001_is_a_usage_error_not_a_list_of_unreleased_cards(capsys):
    result = run(capsys, "check", EXAMPLE, "--format", "tcg", "--date", "2001-01-01")
    assert result.code == 2
    assert "TCG Advanced starts on 2002-03-08" in result.err
    assert "not-released" not in result.out
