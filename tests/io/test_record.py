"""Frozen records: the equality, repr, hashing and immutability a frozen dataclass gave the
classes that replaced them (deckcheck/io/record.py), and pickling, which the batch's worker
processes need for their jobs."""

from __future__ import annotations

import pickle
from datetime import date

import pytest

from deckcheck.validation.batch import Job
from deckcheck.validation.rule import Rule
from deckcheck.validation.rules.copy_limit import COPY_LIMIT


def test_a_frozen_record_is_equal_and_hashed_by_its_fields():
    one = Rule("copy-limit", "DC201", "More copies of one card name than allowed", "1.2.1")
    assert one == COPY_LIMIT and hash(one) == hash(COPY_LIMIT) and len({one, COPY_LIMIT}) == 1
    assert one != Rule("copy-limit", "DC201", one.title, one.source, "warning")
    assert repr(Job("a.ydk")) == (
        "Job(source='a.ydk', format_id='tcg', on=None, points_cap=None, error=None)"
    )


def test_a_frozen_record_refuses_changes():
    with pytest.raises(AttributeError):
        COPY_LIMIT.code = "DC999"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del COPY_LIMIT.slug
    assert COPY_LIMIT.code == "DC201" and COPY_LIMIT.slug == "copy-limit"


def test_jobs_survive_pickling():
    job = Job("decks/a.ydk", "ocg", date(2025, 6, 14), 60.0, None)
    back = pickle.loads(pickle.dumps(job))
    assert back == job and back.on == date(2025, 6, 14) and back != Job("decks/a.ydk", "ocg")
