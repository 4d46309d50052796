"""adjust's first look (steady.snapshot, steady.still): when it says the field is as it
was, the field's value (steady.field) is the same, so adjust may return at once; and a
change to anything that value reads is seen."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from deckcheck.engine.agents import make_agent
from deckcheck.engine.duel import Duel
from deckcheck.engine.effects import continuous, steady
from deckcheck.engine.match import game_seed
from deckcheck.engine.query import Lasting
from deckcheck.engine.state import EMPTY, Inst


@pytest.fixture(scope="module")
def burn_frog(db, deck_lists):
    from deckcheck.engine.template import prepare

    return prepare([deck_lists["AI_Burn"], deck_lists["AI_Frog"]], db)


def _play(duel: Duel, seed: int, until: Any = None) -> None:  # noqa: ANN401
    agents = (make_agent("random", seed, 0), make_agent("random", seed, 1))
    while duel.prompt is not None and not (until and until(duel)):
        duel.apply_action(agents[duel.prompt.player].choose(duel, duel.prompt))


def test_still_means_the_same_value(burn_frog, monkeypatch):
    # each time the first look finds the field as it was, the value adjust kept is the
    # value of the field now (checked in seeded duels, which reach the look often)
    real = steady.still
    looked = 0

    def still(duel: Duel, kept: steady.Snapshot) -> bool:
        nonlocal looked
        same = real(duel, kept)
        if same:
            looked += 1
            assert steady.field(duel) == duel.cache[continuous.ADJUSTED][0]
        return same

    monkeypatch.setattr(steady, "still", still)
    for index in range(2):
        seed = game_seed(5, index)
        _play(Duel.new(burn_frog, seed, first=index % 2), seed)
    assert looked > 100


def _changed(value: Any) -> Any:  # noqa: ANN401 - a card's field, any plain type
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [*value, 0]
    return {**value, "x": 1}


def test_a_change_to_what_the_value_reads_is_seen(burn_frog):
    seed = game_seed(5, 0)
    duel = Duel.new(burn_frog, seed)
    _play(duel, seed, until=lambda d: len(steady.on_field(d.state)) >= 3)
    kept = steady.snapshot(duel)
    assert kept is not None and steady.still(duel, kept)
    s = duel.state
    card = steady.on_field(s)[0]
    # every field of a card the value holds (all but those few effects read: MORE)
    read = [f.name for f in fields(Inst) if f.name not in ("d", *steady.MORE)]
    for name in read:
        twin = duel.copy()
        c = twin.state.cards[card]
        setattr(c, name, _changed(getattr(c, name)))
        assert not steady.still(twin, kept), name
    for name in steady.MORE:  # read only by effects that name them (steady.beyond)
        twin = duel.copy()
        c = twin.state.cards[card]
        setattr(c, name, _changed(getattr(c, name)))
        assert steady.still(twin, kept), name
    twin = duel.copy()
    free = twin.state.sides[0].szone.index(EMPTY)
    twin.state.sides[0].szone[free] = twin.state.sides[0].hand[0]
    assert not steady.still(twin, kept)
    twin = duel.copy()
    twin.state.lasting.append(Lasting(card, "atk", "add", 100, False, 99))
    assert not steady.still(twin, kept)
    twin = duel.copy()
    twin.state.floating.append({"kind": "flags", "player": 0, "flags": ["x"]})
    assert not steady.still(twin, kept)
