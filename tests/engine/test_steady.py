"""continuous.adjust returns at once when the state shows the value it left (steady.py).
Each time it does so in seeded duels of the eight decks that play as printed, the full
adjust is run on a copy of the state (with no kept value) and must change nothing: no
modifier, flag, card or event. A clause that reads something the value leaves out fails
here. Run more duels with ``PYTHONPATH=$PWD python -m tests.engine.test_steady N``."""

from __future__ import annotations

import json
import sys
from dataclasses import MISSING, fields
from typing import Any

import pytest

from deckcheck.cards.cache import BoundedCache
from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.duel import MAX_CACHED, Duel
from deckcheck.engine.effects import continuous, steady
from deckcheck.engine.match import game_seed
from deckcheck.engine.state import Inst
from deckcheck.engine.template import DuelTemplate

# the eight decks of issue 14 (main() plays every pair of them)
PAIRS = (
    "AI_Burn:AI_Blackwing",
    "AI_Frog:AI_DarkMagician",
    "AI_MokeyMokey:AI_MokeyMokeyKing",
    "AI_ChainBurn:AI_CyberDragon",
)


def _plain(duel: Duel) -> str:
    data = duel.state.to_dict()
    data["history"] = len(data["history"])  # events are only added
    return json.dumps(data, sort_keys=True, default=repr)


def checked_duels(template: DuelTemplate, games: list[tuple[str, int]]) -> int:
    """Plays the games; at each adjust that returns at once, checks the full adjust on a
    copy changes nothing. Returns how many times it returned at once."""
    real = continuous.adjust
    skipped = 0

    def adjust(duel: Duel, ask: bool = False) -> None:
        nonlocal skipped
        if continuous.unchanged(duel, steady.field(duel), continuous.waiting(duel)):
            skipped += 1
            twin = duel.copy()
            twin.cache = BoundedCache(MAX_CACHED)
            before = _plain(twin)
            real(twin, ask)
            assert _plain(twin) == before, "adjust returned at once, but had work to do"
        real(duel, ask)

    mp = pytest.MonkeyPatch()
    for module in _callers():
        mp.setattr(module, "adjust", adjust)
    try:
        for agent, index in games:
            seed = game_seed(5, index)
            duel = Duel.new(template, seed, first=index % 2)
            play(duel, (make_agent(agent, seed, 0), make_agent(agent, seed, 1)))
    finally:
        mp.undo()
    return skipped


def random_duels(template: DuelTemplate, n: int) -> list[Duel]:
    """``n`` seeded duels of random agents, played to the end."""
    out = []
    for index in range(n):
        seed = game_seed(5, index)
        duel = Duel.new(template, seed, first=index % 2)
        play(duel, (make_agent("random", seed, 0), make_agent("random", seed, 1)))
        out.append(duel)
    return out


def _callers() -> list[Any]:
    from deckcheck.engine.effects import chain, layer, triggers

    return [continuous, chain, layer, triggers]


@pytest.mark.parametrize("pair", PAIRS)
def test_adjust_returns_at_once_only_with_nothing_to_do(db, deck_lists, pair):
    from deckcheck.engine.template import prepare

    template = prepare([deck_lists[n] for n in pair.split(":")], db)
    skipped = checked_duels(template, [("random", 0)])
    assert skipped > 10  # the check ran: most adjusts find the state as they left it


def test_kept_reads_give_what_fresh_reads_give(db, deck_lists, monkeypatch):
    # adjust keeps, per effect that reads only the monsters (and its controller's GY), its
    # condition and cards with the value of what it read (steady.monster_filters): every
    # run of adjust in these duels must leave the state as a run on a copy with nothing
    # kept does (Swords of Revealing Light, Gravity Bind, Wetlands, Solidarity, Dewdark)
    from deckcheck.engine.template import prepare

    template = prepare([deck_lists["AI_Burn"], deck_lists["AI_Frog"]], db)
    real = continuous._adjust_once
    runs = kept = 0

    def once(duel: Duel, ask: bool = False) -> bool:
        nonlocal runs, kept
        twin = duel.copy()
        twin.cache = BoundedCache(MAX_CACHED)
        fresh = real(twin, ask)
        memo = duel.cache.get(continuous.READ_MONSTERS, {})
        keys = {k: v[3] for k, v in memo.items()}
        changed = real(duel, ask)
        memo = duel.cache.get(continuous.READ_MONSTERS, {})
        kept += sum(1 for k, v in memo.items() if v[1] is not None and keys.get(k) is v[3])
        runs += 1
        assert (changed, _plain(duel)) == (fresh, _plain(twin)), "a kept read was stale"
        return changed

    monkeypatch.setattr(continuous, "_adjust_once", once)
    random_duels(template, 4)
    assert runs > 50 and kept > 20  # the check ran, and kept reads were used


def _wetlands(db: Any, *monsters: dict[str, Any]) -> Duel:  # noqa: ANN401 - the db fixture
    """Player 0's Main Phase with Wetlands face-up in zone 0 and these monsters."""
    from deckcheck.engine.scenario import position

    me = {"spells": [{"card": "Wetlands", "zone": 0, "face_down": False}], "monsters": [*monsters]}
    return position({"turn": 3, "turn_player": 0, "phase": "main1", "players": [me, {}]}, db)


def test_a_kept_read_sees_what_its_filter_reads_and_only_that(db):
    # Wetlands (WATER Aqua, Level 2 or lower, face-up: 1200 ATK) keeps its cards with the
    # value of what its filter reads: a Level modifier that brings a monster into it and a
    # monster turned face-up are seen (RC-ATKMOD: each card gains at once); an ATK modifier
    # and a card's other fields (destroyed) are not read, and the kept cards are used
    from deckcheck.engine.query import Lasting, add_lasting, atk

    duel = _wetlands(db, {"card": "Aqua Snake", "zone": 1},
                     {"card": "Hitodenchak", "zone": 2, "position": "set"})  # fmt: skip
    s = duel.state
    snake, star = (s.sides[0].mzone[z] for z in (1, 2))  # Level 3 / Level 2, face-down
    assert (atk(s, snake), atk(s, star)) == (1050, 600)
    (kept,) = duel.cache[continuous.READ_MONSTERS].values()

    def read() -> object:
        return kept[3]

    before = read()
    add_lasting(s, snake, "atk", "add", 100)  # not read: the kept cards stay
    s.cards[snake].destroyed = True
    continuous.adjust(duel)
    assert read() is before and atk(s, snake) == 1150
    s.cards[snake].destroyed = False
    s.lasting = [*s.lasting, Lasting(snake, "level", "add", -1, False, s.stamps + 1)]
    s.stamps += 1
    continuous.adjust(duel)  # Level 2 now: it gains
    assert read() is not before and atk(s, snake) == 2350
    s.cards[star].face_up = True
    continuous.adjust(duel)
    assert atk(s, star) == 1800


def test_modifiers_changed_since_the_last_sync_are_synced_again(db):
    # _sync has nothing to do when given the wanted modifiers of last time with the
    # modifiers as it left them; a derived modifier removed (or one added) meanwhile must be
    # put back (removed) though the wanted ones are the same
    from deckcheck.engine.query import Lasting, atk

    duel = _wetlands(db, {"card": "Hitodenchak", "zone": 1})
    s = duel.state
    star = s.sides[0].mzone[1]
    assert atk(s, star) == 1800
    s.lasting = [m for m in s.lasting if not m.derived]
    continuous.adjust(duel)
    assert atk(s, star) == 1800
    s.lasting = [*s.lasting, Lasting(star, "atk", "add", 1200, True, 99, star, 0, True)]
    continuous.adjust(duel)
    assert atk(s, star) == 1800


def test_flags_read_once_negate_as_flags_read_per_card(db):
    # adjust reads every card's flags in one pass (flags_by_card) and gives negated() each
    # card's: it answers as when it reads them itself, for each flag that negates and one
    # that does not, on a Spell and on a monster
    from deckcheck.engine.query import Lasting

    duel = _wetlands(db, {"card": "Hitodenchak", "zone": 1})
    s = duel.state
    base = s.lasting
    answers = []
    for flag in ("negated", "drained", "unusable", "spell_negated", "trap_negated", "piercing"):
        for card in (s.sides[0].szone[0], s.sides[0].mzone[1]):
            s.lasting = [*base, Lasting(card, "flag", "add", flag, False, 99)]
            flags = continuous.flags_by_card(s)
            answer = continuous.negated(s, card)
            assert continuous.negated(s, card, flags.get(card, [])) == answer, (flag, card)
            answers.append(answer)
    assert answers.count(True) == 7  # the Spell: all but trap_negated and piercing


@pytest.mark.parametrize("pair", ["AI_Burn:AI_Frog", "AI_MokeyMokey:AI_MokeyMokeyKing"])
def test_effects_alike_for_each_card_give_what_the_loop_gives(db, deck_lists, pair):
    # continuous.alike writes the same modifiers for each card an effect applies to
    # (flags, names, ATK/DEF of the Field Spells); read card by card (alike: None) the
    # same duels end in the same state, with the same log
    from deckcheck.engine.template import prepare

    template = prepare([deck_lists[n] for n in pair.split(":")], db)

    def ends() -> list[str]:
        return [_plain(d) + json.dumps(d.log, default=repr) for d in random_duels(template, 2)]

    mp = pytest.MonkeyPatch()
    mp.setattr(continuous, "alike", lambda e: None)
    mp.setattr(continuous, "_FIXED", {})  # kept across duels: read afresh
    try:
        by_card = ends()
    finally:
        mp.undo()
    assert ends() == by_card


def test_a_clause_alike_does_not_name_is_read_card_by_card():
    # a clause of applies not in ALIKE (a new one too) sends the effect through the loop
    from types import SimpleNamespace

    from deckcheck.engine.effects import schema

    def effect(**applies: Any) -> Any:  # noqa: ANN401 - alike reads only its applies
        return SimpleNamespace(applies=schema.Applies(**applies))

    assert continuous.alike(effect(flags=["piercing"], atk=500)) == (
        ("atk", "add", 500),
        ("flag", "add", "piercing"),
    )
    assert continuous.alike(effect(flags=["x"], except_archetype="Y")) == (("flag", "add", "x:Y"),)
    assert continuous.alike(effect(atk=500, per_counter="Wedge")) is None
    assert continuous.alike(effect(swap_original=True)) is None
    assert set(schema.Applies.model_fields) - continuous.ALIKE  # some are read card by card


def test_waiting_screens_by_the_chain_as_pending_activations_answers(db, deck_lists, monkeypatch):
    # waiting() answers at once when no card with continuous effects is on the chain or
    # being paid for; at every adjust of these duels it names what pending_activations
    # names of those cards (Swords, Gravity Bind, Wetlands wait on a chain: 002:11377)
    from deckcheck.engine.effects.context import pending_activations
    from deckcheck.engine.template import prepare

    template = prepare([deck_lists["AI_Burn"], deck_lists["AI_Frog"]], db)
    kept = template.continuous_set
    real = continuous.waiting
    chained = waited = 0

    def waiting(duel: Duel) -> frozenset[int]:
        nonlocal chained, waited
        found = real(duel)
        assert found == {i for i in pending_activations(duel.state) if i in kept}
        chained += bool(duel.state.chain)
        waited += bool(found)
        return found

    monkeypatch.setattr(continuous, "waiting", waiting)
    random_duels(template, 4)
    assert chained > 50 and waited > 2


def test_a_card_paid_for_while_a_chain_is_built_waits(db):
    # Wetlands being activated in answer to a chain (its activation paid for, not yet a
    # link) does not apply until it resolves (002:11377): waiting() looks at the cards
    # paid for too, not only at the chain's
    from deckcheck.engine.processor import push

    duel = _wetlands(db, {"card": "Hitodenchak", "zone": 1})
    s = duel.state
    wet, star = s.sides[0].szone[0], s.sides[0].mzone[1]
    s.chain.append({"card": star, "gen": s.cards[star].gen, "effect": "0"})
    assert continuous.waiting(duel) == set()
    push(duel, "activate", "pay", link={"card": wet, "gen": s.cards[wet].gen, "effect": "0"})
    assert continuous.waiting(duel) == {wet}


def test_the_value_copies_every_container_of_a_card():
    # a list or dict field kept by reference would change with the card after the value
    # was taken: those are copied (CONTAINERS); every other field is a plain value
    containers = {f.name for f in fields(Inst) if f.default_factory is not MISSING}
    assert containers == set(steady.CONTAINERS)


def test_the_tables_name_every_clause():
    # a clause the tables do not name counts as reading everything (adjust always runs
    # while its card is on the field): a new clause is listed with what it reads
    from deckcheck.engine.effects import schema

    assert set(schema.Condition.model_fields) <= set(steady.COND_READS) | {*steady.COND_FILTERS}
    assert set(schema.Applies.model_fields) == set(steady.APPLIES_READS)


def test_only_a_filter_that_looks_in_the_spell_zones_reads_them():
    # the Spells and Traps that come and go there are in the value only while an effect
    # on the field may read them (SPELLS); the monsters and the piles as before
    from deckcheck.cards.filters import parse_filter

    def reads(spec: dict[str, Any]) -> steady.Reads:
        return steady._filter_reads(parse_filter(spec))

    assert steady.SPELLS in reads({"location": "spell", "kind": "trap"})
    assert steady.SPELLS in reads({"location": ["monster", "spell_trap"]})
    assert steady.SPELLS not in reads({"location": "monster", "level>=": 4})
    assert reads({"location": "monster"}) == steady.NOTHING
    assert steady.PILES in reads({"kind": "spell"})  # anywhere: every card, zones too


def main() -> None:
    from deckcheck.cards.db import CardDB
    from deckcheck.decks import load_deck
    from deckcheck.engine.template import deck_list, prepare
    from tests.conftest import DECKS

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    db = CardDB.open()
    names = sorted({name for pair in PAIRS for name in pair.split(":")})
    lists = {name: deck_list(load_deck(str(DECKS / f"{name}.ydk"), db)) for name in names}
    for a in names:
        for b in names:
            if a < b:
                template = prepare([lists[a], lists[b]], db)
                games = [("random" if i % 4 else "greedy", i) for i in range(n)]
                print(f"{a} vs {b}: {checked_duels(template, games)} checked", flush=True)


if __name__ == "__main__":
    main()
