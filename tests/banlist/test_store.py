"""The bundled lists: dates, the list in force, and real changes from the history."""

from __future__ import annotations

import json
import os
from datetime import date

import pytest

from deckcheck.banlist.files import from_dict, load_bundled, load_yaml_banlist, to_yaml, twin_path
from deckcheck.banlist.history import HEADER
from deckcheck.banlist.lflist import load_lflist
from deckcheck.banlist.store import INDEX, BanlistStore, index_text, read_index
from deckcheck.io.errors import InputError
from deckcheck.io.paths import banlists_dir
from tests.conftest import LFLISTS

POT_OF_GREED = 55144522
CHANGE_OF_HEART = 4031928
CYBER_DRAGON = 70095154


@pytest.fixture(scope="module")
def store() -> BanlistStore:
    return BanlistStore.open(include_user=False)


def test_index_is_up_to_date():
    assert (banlists_dir() / INDEX).read_text(encoding="utf-8") == index_text(banlists_dir())


def test_the_formats_and_the_lists_read_one_parse_of_the_index():
    from deckcheck.formats.registry import load_formats

    load_formats()
    BanlistStore.open(include_user=False)
    assert read_index(banlists_dir()) is read_index(banlists_dir())


def test_an_index_written_again_is_parsed_again(tmp_path):
    index = tmp_path / INDEX
    index.write_text('{"lists": []}', encoding="utf-8")
    first = read_index(tmp_path)
    assert read_index(tmp_path) is first
    index.write_text('{"lists": [ ]}', encoding="utf-8")  # one byte more
    assert read_index(tmp_path) == first and read_index(tmp_path) is not first
    index.write_text('{"lists": [1]}', encoding="utf-8")  # the same size
    os.utime(index, ns=(1, 1))
    assert read_index(tmp_path) == {"lists": [1]}


def test_each_json_twin_agrees_with_its_yaml_and_validates(store: BanlistStore):
    # deckcheck reads the JSON; people read and edit the YAML: neither may change alone
    for series in store.series():
        for ref in store.refs(series):
            read = ref.load()
            stale = f"{ref.path}: edited without 'deckcheck banlist index'"
            assert to_yaml(read, header=HEADER) == ref.path.read_text(encoding="utf-8"), stale
            twin = json.loads(twin_path(ref.path).read_bytes())
            assert from_dict(twin, str(ref.path)) == read, ref.path  # full validation


def test_a_twin_edited_alone_is_caught(tmp_path):
    path = tmp_path / "tcg" / "2025.04.yaml"
    path.parent.mkdir()
    path.write_bytes((banlists_dir() / "tcg" / "2025.04.yaml").read_bytes())
    twin = (banlists_dir() / "tcg" / "2025.04.json").read_text(encoding="utf-8")
    twin_path(path).write_text(twin, encoding="utf-8")
    assert to_yaml(load_bundled(path), header=HEADER) == path.read_text(encoding="utf-8")
    # Pot of Greed Forbidden in both; the twin alone set to Limited no longer agrees
    assert '"55144522": {"name": "Pot of Greed", "limit": 0}' in twin
    edited = twin.replace('"Pot of Greed", "limit": 0', '"Pot of Greed", "limit": 1')
    twin_path(path).write_text(edited, encoding="utf-8")
    assert to_yaml(load_bundled(path), header=HEADER) != path.read_text(encoding="utf-8")


def test_series_and_ranges(store: BanlistStore):
    assert store.series() == [
        "genesys",
        "masterduel",
        "ocg",
        "speed",
        "tcg",
        "traditional",
        "world",
    ]
    ocg = [b.name for b in store.lists("ocg")]
    assert ocg[0] == "1999.07" and ocg[-1] == "2026.07"
    assert "2020.01" in ocg and "2023.04" in ocg
    tcg = store.lists("tcg")
    assert tcg[0].effective == date(2002, 5, 7)
    assert [b.effective for b in tcg] == sorted(b.effective for b in tcg)


def test_current_lists_are_the_bundled_latest(store: BanlistStore):
    for name, series in (("OCG", "ocg"), ("0TCG", "tcg"), ("Traditional", "traditional")):
        current = load_lflist(LFLISTS / "current" / f"{name}.lflist.conf").banlists[0]
        latest = store.lists(series)[-1]
        assert latest.name == current.name
        assert {c: e.limit for c, e in latest.entries.items()} == {
            c: e.limit for c, e in current.entries.items()
        }


@pytest.mark.parametrize(
    ("series", "name", "effective"),
    [
        ("ocg", "2026.07", date(2026, 7, 1)),
        ("ocg", "2023.01", date(2023, 1, 1)),  # the file's header says "2023.1"
        ("tcg", "2020.12", date(2020, 12, 15)),
        ("tcg", "2023.06", date(2023, 6, 5)),
        ("tcg", "2025.10", date(2025, 10, 27)),
        ("traditional", "2020.06", date(2020, 6, 15)),
        ("speed", "2025.07", date(2025, 7, 11)),
        ("tcg", "2005.04", date(2005, 4, 1)),
    ],
)
def test_effective_dates(store: BanlistStore, series: str, name: str, effective: date):
    assert store.get(series, name).effective == effective


def test_list_in_force_changes_on_the_day(store: BanlistStore):
    assert store.in_force("tcg", date(2023, 6, 4)).name == "2023.02"
    assert store.in_force("tcg", date(2023, 6, 5)).name == "2023.06"
    assert store.in_force("ocg", date(2026, 6, 30)).name == "2026.04"
    assert store.in_force("ocg", date(2026, 7, 1)).name == "2026.07"
    assert store.in_force("tcg", date(2002, 5, 6)) is None


def test_real_tcg_changes(store: BanlistStore):
    # Pot of Greed: Limited from the first TCG list, Forbidden from 2005-10-01
    assert store.in_force("tcg", date(2005, 9, 30)).limit_of(POT_OF_GREED) == 1
    assert store.in_force("tcg", date(2005, 10, 1)).limit_of(POT_OF_GREED) == 0
    # Change of Heart: Forbidden 2005-04-01, back to Limited 2022-05-17
    assert store.in_force("tcg", date(2022, 5, 16)).limit_of(CHANGE_OF_HEART) == 0
    assert store.in_force("tcg", date(2022, 5, 17)).limit_of(CHANGE_OF_HEART) == 1
    # Cyber Dragon: Semi-Limited 2008-03, Limited 2008-09, Semi 2010-03, free 2010-09
    days = [date(2008, 3, 1), date(2008, 9, 1), date(2010, 3, 1), date(2010, 9, 1)]
    assert [store.in_force("tcg", d).limit_of(CYBER_DRAGON) for d in days] == [2, 1, 2, None]


def test_mislabelled_history_file_is_rebuilt(store: BanlistStore):
    # history/TCG/2021.03 repeats the 2021.07 list; the bundled 2021.03 follows the card data:
    # Guardragon Elpy was only Forbidden from 2021-07-01
    assert store.get("tcg", "2021.03").limit_of(86148577) is None
    assert store.get("tcg", "2021.07").limit_of(86148577) == 0
    assert "repeats list 2021.07" in (store.get("tcg", "2021.03").source or "")


def test_resolve_by_name_or_date(store: BanlistStore):
    assert store.resolve("ocg", "2026.4").name == "2026.04"
    assert store.resolve("tcg", "2024-05-01").name == "2024.04"
    with pytest.raises(InputError, match="no tcg list named"):
        store.resolve("tcg", "1999.01")
    with pytest.raises(InputError, match="not a real date"):
        store.resolve("tcg", "2024-02-30")
    with pytest.raises(InputError, match="no banlists for 'rush'"):
        store.get("rush", "2026.07")


def test_a_hand_written_user_list_is_read_with_the_safe_loader(tmp_path):
    path = tmp_path / "x.yaml"
    # YAML in another layout than the generated one reads the same
    path.write_text(
        "series: tcg\nname: '2026.05'\nentries:\n"
        "  55144522:\n    name: Pot of Greed\n    limit: 0\n",
        encoding="utf-8",
    )
    banlist = load_yaml_banlist(path)
    assert banlist.entries[55144522].limit == 0 and banlist.name == "2026.05"
    # the safe loader: an alias is refused with the file named, never expanded
    path.write_text("series: &s tcg\nname: *s\nentries: {}\n", encoding="utf-8")
    with pytest.raises(InputError, match="x.yaml: not valid YAML: .*aliases are not allowed"):
        load_yaml_banlist(path)
