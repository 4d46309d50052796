"""The shortcuts of the activation checks and the selections they read give what the full
work gives (issue 14, section 3: speed, same games)."""

from __future__ import annotations

import inspect
import re
from dataclasses import replace

from deckcheck.cards.filters import STATE_FIELDS
from deckcheck.engine.effects import context
from deckcheck.engine.effects.context import NARROWING, _narrow, narrows
from deckcheck.engine.effects.model import EMPTY_FILTER, Select


def test_narrows_names_every_term_narrow_reads():
    # _narrow returns at once for a selection with none of NARROWING set: a term it
    # reads that is not listed would be skipped
    read = set(re.findall(r"\bsel\.(\w+)", inspect.getsource(_narrow)))
    assert read, "no selection term found in _narrow"
    assert read <= set(NARROWING), read - set(NARROWING)


def test_narrows_sees_each_term_set_even_to_false():
    plain = Select("choose", EMPTY_FILTER)
    assert not narrows(plain)
    for name in NARROWING:
        default = context._DEFAULTS[name]
        if default is False:
            values = [True]
        elif name in ("unlike", "kind_of", "level_within_names"):
            values = [EMPTY_FILTER]
        elif name in ("declared", "same_name", "attacked"):  # with or without: False narrows too
            values = [True, False]
        else:
            values = ["target"]
        for value in values:
            assert narrows(replace(plain, **{name: value})), (name, value)


def test_matches_names_every_state_field_but_its_last_branch():
    # _matches tests the state fields in an if/elif chain whose else is special_summoned:
    # a new field without a branch of its own would be read as that one
    from deckcheck.cards.filters import STATE_FIELDS
    from deckcheck.engine.select import _matches

    named = set(re.findall(r't\.field == "(\w+)"', inspect.getsource(_matches)))
    assert set(STATE_FIELDS) - named == {"special_summoned"}


def test_matching_gives_what_matches_gives_card_by_card(db, deck_lists, monkeypatch):
    # matching's shortcuts (the cards able to pass by their definition, the kept answers,
    # the modified cards read once, none of them for a filter without card terms) give
    # what matches gives each card, at every selection of seeded duels
    from deckcheck.engine.agents import make_agent, play
    from deckcheck.engine.duel import Duel
    from deckcheck.engine.select import matches, matching
    from deckcheck.engine.template import prepare

    asked = found = bare = 0

    def both(s, ids, flt, player, defs=None, seen=False):
        nonlocal asked, found, bare
        ids = list(ids)
        out = matching(s, ids, flt, player, defs, seen)
        if not seen:  # matches reads a face-down card as hidden
            assert out == [i for i in ids if matches(s, i, flt, player)], flt
        asked += 1
        found += len(out)
        bare += bool(s.lasting) and not any(t.field not in STATE_FIELDS for t in flt.terms)
        return out

    monkeypatch.setattr(context, "matching", both)
    for pair in (("AI_Burn", "AI_Frog"), ("AI_Blackwing", "AI_DarkMagician")):
        template = prepare([deck_lists[n] for n in pair], db)
        for seed in range(3):
            duel = Duel.new(template, seed)
            play(duel, (make_agent("random", seed, 0), make_agent("random", seed, 1)))
    assert asked > 200 and found > 100 and bare > 20, (asked, found, bare)
