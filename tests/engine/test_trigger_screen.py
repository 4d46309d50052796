"""The screen triggers.collect and timing.screened put before event_matches (model.ANSWERS,
issue 14 section 3): an effect is asked only about the kinds of event it may answer, so for
every event of another kind event_matches must say no. Checked on every event of seeded
duels between real decks (of any kind: a window answers every event since the last one),
for every trigger and flip effect of their cards and every activated effect with a trigger
(a Trap Card's "when ...")."""

from __future__ import annotations

from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.duel import Duel
from deckcheck.engine.effects import triggers
from deckcheck.engine.effects.layer import CardLayer
from deckcheck.engine.effects.model import ANSWERS, answered
from deckcheck.engine.effects.schema import EVENTS
from deckcheck.engine.effects.triggers import event_matches
from deckcheck.engine.template import prepare

PAIRS = (("AI_Burn", "AI_Frog"), ("AI_Blackwing", "AI_DarkMagician"))


def test_every_trigger_event_has_a_screen():
    # a word left out would be asked about every event (None): correct, but unscreened
    unscreened = [e for e in EVENTS if answered("trigger", _trig(e)) is None]
    assert unscreened == []
    assert set(ANSWERS).issubset(EVENTS)


def _trig(on: str):
    from deckcheck.cards.filters import Filter
    from deckcheck.engine.effects.model import Trig

    e = frozenset()
    return Trig(on, Filter(()), False, "any", e, e, e, e, None)


def test_an_event_of_another_kind_never_matches(db, deck_lists):
    asked = refused = 0
    for pair in PAIRS:
        template = prepare([deck_lists[n] for n in pair], db)
        effects = [
            (i, e)
            for i in sorted({*template.trigger_cards, *template.effect_cards})
            for e in (*template.defs[i].fx.triggers, *template.defs[i].fx.activated)
            if e.trigger is not None and e.answers is not None
        ]
        assert any(e.kind == "activate" for _, e in effects)
        for seed in range(3):
            duel = Duel.new(template, seed)
            play(duel, (make_agent("random", seed, 0), make_agent("random", seed, 1)))
            for event in duel.state.history:
                for iid, e in effects:
                    if event.kind in e.answers:
                        continue
                    asked += 1
                    assert event_matches(duel, iid, 0, e.trigger, event) is None, (e, event)
                    assert event_matches(duel, iid, 1, e.trigger, event) is None, (e, event)
                    refused += 1
    assert asked == refused > 1000


def test_collect_asks_the_cards_that_may_answer(db, deck_lists, monkeypatch):
    # collect asks, per event kind, only the copies where an effect for that kind answers
    # from, and a "this card" trigger only when the event is about its card: the pending
    # triggers are those of a collect that asks every trigger card, at every event
    def unscreened(template, kind):
        return triggers.Answering(template.trigger_cards, frozenset(), {})

    screened = triggers._answering
    asked = found = 0

    def both(duel, event, index):
        nonlocal asked, found
        monkeypatch.setattr(triggers, "_answering", unscreened)
        expected = triggers.collect(duel, event, index)
        monkeypatch.setattr(triggers, "_answering", screened)
        out = triggers.collect(duel, event, index)
        assert out == expected, (event, out, expected)
        asked += 1
        found += len(out)
        return out

    monkeypatch.setattr(
        CardLayer, "triggers", lambda self, duel, event, index: both(duel, event, index)
    )
    for pair in PAIRS:
        template = prepare([deck_lists[n] for n in pair], db)
        assert any(screened(template, kind).near for kind in ("step", "summon"))
        for seed in range(3):
            duel = Duel.new(template, seed)
            play(duel, (make_agent("random", seed, 0), make_agent("random", seed, 1)))
    assert asked > 500 and found > 50
