"""The formats declared in banlists/formats.yaml."""

from __future__ import annotations

import json
from datetime import date

import pytest

from deckcheck.banlist.store import BanlistStore
from deckcheck.formats import schema
from deckcheck.formats.model import Format, SizeRange
from deckcheck.formats.registry import get_format, load_formats
from deckcheck.formats.schema import checked_format
from deckcheck.io.errors import InputError
from deckcheck.io.record import REQUIRED


def test_required_formats_exist():
    assert set(load_formats()) >= {
        "ocg",
        "tcg",
        "traditional",
        "speed",
        "genesys",
        "goat",
        "edison",
    }


def test_unknown_format_lists_the_known_ones():
    with pytest.raises(InputError, match="known formats: ocg, tcg"):
        get_format("advanced")
    assert get_format(" TCG ").id == "tcg"


def test_speed_sizes_and_skills():
    speed = get_format("speed")
    assert (speed.main.min, speed.main.max, speed.extra.max, speed.side.max) == (20, 30, 5, 5)
    assert speed.whitelist and speed.skill_cards == 1


def test_every_banlist_series_exists():
    store = BanlistStore.open(include_user=False)
    for fmt in load_formats().values():
        if fmt.banlist:
            assert store.lists(fmt.banlist), fmt.id
        if fmt.banlist_name:
            assert store.get(fmt.banlist, fmt.banlist_name)


def test_pinned_and_derived_lists():
    store = BanlistStore.open(include_user=False)
    goat = store.for_format(get_format("goat"), date(2026, 11, 1))
    assert (goat.series, goat.name, goat.effective) == ("tcg", "2005.04", date(2005, 4, 1))
    edison = store.for_format(get_format("edison"), date(2026, 11, 1))
    assert (edison.name, edison.effective) == ("2010.03", date(2010, 3, 1))
    # Traditional before its first published list: the TCG list, Forbidden read as Limited
    old = store.for_format(get_format("traditional"), date(2010, 1, 1))
    assert old.name == "2009.09" and old.limit_of(55144522) == 1  # Pot of Greed
    assert old.series == "traditional" and old.title == "2009.09 TCG (Forbidden as Limited)"
    assert store.in_force("tcg", date(2010, 1, 1)).limit_of(55144522) == 0
    genesys = store.for_format(get_format("genesys"), date(2026, 1, 1))
    assert (genesys.name, genesys.points_cap) == ("2025.09.24", 100)
    assert store.for_format(get_format("genesys"), date(2025, 9, 21)) is None


def test_index_copy_of_the_formats_is_the_yaml_parsed():
    # start-up reads the copy in index.json; it must be exactly what the YAML says
    from deckcheck.formats import registry
    from deckcheck.io import yamlsafe

    path = registry.formats_file()
    raw = path.read_bytes()
    from_yaml = yamlsafe.load(raw.decode("utf-8"))
    copy = registry._indexed(path, raw)
    for format_id, body in from_yaml["formats"].items():
        indexed = copy["formats"][format_id]
        assert checked_format(format_id, body) == checked_format(format_id, indexed)


def test_an_edited_formats_file_is_read_not_the_stale_index_copy(tmp_path, monkeypatch):
    from deckcheck.formats import registry
    from deckcheck.io.errors import DataError
    from deckcheck.io.paths import banlists_dir

    for name in ("formats.yaml", "index.json"):
        (tmp_path / name).write_bytes((banlists_dir() / name).read_bytes())
    edited = (tmp_path / "formats.yaml").read_text(encoding="utf-8")
    edited = edited.replace("name: TCG Advanced", "name: TCG Advanced (edited)", 1)
    assert "TCG Advanced (edited)" in edited
    (tmp_path / "formats.yaml").write_text(edited, encoding="utf-8")
    # a formats file named by the caller is a person's YAML, read as it is
    assert load_formats(tmp_path / "formats.yaml")["tcg"].name == "TCG Advanced (edited)"
    assert load_formats()["tcg"].name == "TCG Advanced"
    # as the bundled file, the stale generated copy is refused, never used or bypassed
    monkeypatch.setattr(registry, "banlists_dir", lambda: tmp_path)
    with pytest.raises(DataError, match="changed after index.json was generated: run 'deckcheck"):
        load_formats()


def test_bundled_formats_read_without_validation_equal_validated_ones():
    # load_formats builds the bundled formats from the index with Format.from_record; each
    # must come out as validating formats.yaml makes it (types too: 100 and 100.0, dates)
    from deckcheck.formats.registry import formats_file, validated
    from deckcheck.io import yamlsafe

    path = formats_file()
    checked = validated(yamlsafe.load(path.read_text(encoding="utf-8"), str(path)), path)
    fast = load_formats()
    assert list(fast) == list(checked)
    raw = yamlsafe.load(path.read_text(encoding="utf-8"), str(path))["formats"]
    for format_id, fmt in fast.items():
        assert fmt == checked[format_id], format_id
        # dumped as the pydantic twin dumps the YAML's entry: 100 against 100.0, dates
        twin = schema.Format(id=format_id, **raw[format_id]).model_dump_json()
        ours = json.dumps(fmt.record(defaults=True), separators=(",", ":"), ensure_ascii=False)
        assert ours == twin, format_id
        # a mutable default is the format's own, as validation makes it
        assert fmt.forbidden_kinds is not Format.DEFAULTS["forbidden_kinds"], format_id


def test_the_twin_has_the_model_fields():
    # deckcheck.formats.schema validates what the plain classes hold
    for plain, twin in [(Format, schema.Format), (SizeRange, schema.SizeRange)]:
        assert list(twin.model_fields) == list(plain.DEFAULTS), plain.__name__
        for name, info in twin.model_fields.items():
            ours = plain.DEFAULTS[name]
            if info.is_required():
                assert ours is REQUIRED, name
            elif isinstance(ours, SizeRange):
                assert ours.record(defaults=True) == info.default.model_dump(), name
            else:
                assert ours == info.default, name


def test_a_key_that_is_no_field_is_ignored_as_validation_ignores_it():
    record = {"name": "Odd", "copy_limit": 2, "notes": "not a field"}
    assert Format.from_record("odd", record) == checked_format("odd", record)


def test_an_invalid_bundled_format_is_refused_when_the_index_is_written(tmp_path):
    from deckcheck.banlist.store import FORMATS, index_text
    from deckcheck.io.errors import DataError

    (tmp_path / FORMATS).write_text("formats:\n  odd:\n    name: Odd\n    copy_limit: many\n")
    with pytest.raises(DataError, match="format 'odd' is not valid"):
        index_text(tmp_path)
