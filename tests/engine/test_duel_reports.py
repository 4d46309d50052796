"""Test duels that answer a deck builder's questions (issue 14, section 2): what each card
did, goldfish runs, the smoke test for CI, and the gauntlet (locally and on Dask)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from deckcheck.engine.agents import make_agent, play
from deckcheck.engine.checks import problems
from deckcheck.engine.duel import Duel
from deckcheck.engine.gauntlet import pairs, render_text, run_gauntlet
from deckcheck.engine.goldfish import PassAgent, goldfish
from deckcheck.engine.smoke import never_summoned, render_junit, smoke
from deckcheck.engine.template import prepare
from deckcheck.engine.usage import game_usage
from deckcheck.io.errors import InputError


def test_usage_counts_what_the_events_say(template):
    duel = play(Duel.new(template, 4, 0), (make_agent("greedy", 4, 0), make_agent("random", 4, 1)))
    usage = game_usage(duel.state, 0).as_dict()
    by_name = {c["name"]: c for c in usage["cards"]}
    s = duel.state
    drawn = [e for e in duel.events() if e.kind == "draw" and s.cards[e.card].owner == 0]
    assert sum(c["drawn"] for c in by_name.values()) == len(drawn)
    summons = [e for e in duel.events() if e.kind == "summon" and s.cards[e.card].owner == 0]
    assert sum(c["summoned"] for c in by_name.values()) == len(summons)
    for c in by_name.values():  # a card is dead in a game only if it was drawn in it
        assert c["games_dead_in_hand"] <= c["games_drawn"] <= 1
    still = {s.cards[i].d.name for i in s.sides[0].hand}
    assert all(by_name[n]["games_dead_in_hand"] == 1 for n in still if by_name[n]["summoned"] == 0
               and by_name[n]["activated"] == 0 and by_name[n]["set"] == 0)  # fmt: skip


def test_the_passing_opponent_never_acts(template):
    solo = goldfish(template, 3, 5, "greedy", 6)
    assert len(solo.games) == 3
    data = solo.as_dict()
    assert [row["turn"] for row in data["by_turn"]] == list(range(1, 7))
    # damage only grows, and the deck never takes any: the opponent only passes
    for g in solo.games:
        assert list(g.damage_by_turn) == sorted(g.damage_by_turn)
    duel = Duel.new(template, 1, 0)
    agents = (make_agent("random", 1, 0), PassAgent())
    while duel.prompt is not None and duel.state.turn < 6:
        p = duel.prompt
        duel.apply_action(agents[p.player].choose(duel, p))
    # the deck may summon to the opponent's field (a Kaiju Tributing a monster there, as in
    # this game since Kaiju cards play as printed); the passing opponent's own cards never
    # come out
    cards = duel.state.cards
    acted = [e for e in duel.events() if e.kind in ("summon", "activate") and e.player == 1]
    assert not [e for e in acted if cards[e.card].owner == 1]


def test_goldfish_is_seeded_and_bounded(template):
    a = goldfish(template, 4, 9, "random", 5).as_dict()
    assert a == goldfish(template, 4, 9, "random", 5).as_dict()
    assert a != goldfish(template, 4, 10, "random", 5).as_dict()
    with pytest.raises(InputError, match="--turns"):
        goldfish(template, 1, 0, "random", 0)
    with pytest.raises(InputError, match="--games"):
        goldfish(template, 0, 0, "random", 5)


def test_smoke_fails_on_unsupported_cards_and_passes_the_engine_checks(template):
    report = smoke(template, 3, 2)
    checks = {c.name: c for c in report.checks}
    assert not checks["cards supported"].ok  # AI_Zoodiac has cards without card files
    assert any("Zoodiac Whiptail" in d for d in checks["cards supported"].details)
    assert checks["3 games without an engine error"].ok and checks["invariants"].ok
    assert not report.ok
    xml = ET.fromstring(render_junit(report))
    suite = xml.find("testsuite")
    assert suite is not None and suite.get("tests") == "4"
    assert suite.get("failures") == str(sum(1 for c in report.checks if not c.ok))


def test_smoke_names_extra_deck_monsters_that_can_never_be_summoned(db, deck_lists):
    from deckcheck.decks.model import Deck

    t = prepare([deck_lists["AI_Rank8"], deck_lists["AI_Level8"]], db)
    stuck = never_summoned(t)
    # Thunder monsters are its materials: AI_Rank8 has none
    assert any(s.startswith("Thunder Dragon Colossus") for s in stuck)
    # 3 Level 5 LIGHT monsters, none in AI_Rank8, or on its Number 39: Utopia (Rank 4)
    assert not any(s.startswith("Number S39: Utopia the Lightning") for s in stuck)
    lightning, utopia = db.find("Number S39: Utopia the Lightning"), db.find("Number 39: Utopia")
    ox = db.find("Battle Ox").passcode  # Level 4: Utopia's materials
    for extra, alone in (
        ([lightning.passcode, utopia.passcode], False),
        ([lightning.passcode], True),
    ):
        deck = Deck.from_passcodes([ox] * 40, extra)
        names = never_summoned(prepare([deck, deck], db))
        assert any(s.startswith("Number S39: Utopia the Lightning") for s in names) == alone
    t = prepare([deck_lists["AI_Zoodiac"], deck_lists["AI_Level8"]], db)
    assert not any(s.startswith("Daigusto Emeral") for s in never_summoned(t))  # Rank 6


def test_smoke_knows_a_fusion_summoned_by_a_card_of_the_deck(db):
    """Invocation Fusion Summons Invoked Mechaba from Aleister the Invoker and a LIGHT
    monster; with only EARTH monsters besides Aleister it can never be summoned."""
    from deckcheck.decks.model import Deck

    invocation, aleister, mechaba = 74063034, 86120751, 75286621
    elf, ox = db.find("Mystical Elf").passcode, db.find("Battle Ox").passcode
    earth = [invocation] * 3 + [aleister] * 3 + [ox] * 34
    light = [invocation] * 3 + [aleister] * 3 + [elf] * 3 + [ox] * 31
    for main, stuck in ((light, False), (earth, True)):
        deck = Deck.from_passcodes(main, [mechaba])
        names = never_summoned(prepare([deck, deck], db))
        assert any(s.startswith("Invoked Mechaba") for s in names) == stuck


def test_smoke_knows_a_fusion_the_deck_summons_with_one_named_monster(db, deck_lists):
    """AI_DarkMagician has no Dragon for Dark Magician the Dragon Knight, but The Eye of
    Timaeus summons it with Dark Magician alone."""
    t = prepare([deck_lists["AI_DarkMagician"], deck_lists["AI_DarkMagician"]], db)
    assert not any(s.startswith("Dark Magician the Dragon Knight") for s in never_summoned(t))


def test_smoke_knows_an_xyz_summoned_on_another_xyz_monster(db, deck_lists):
    """AI_CyberDragon holds one Level 6 LIGHT Machine, not three, but Cyber Dragon Infinity
    is also Xyz Summoned on its Cyber Dragon Nova."""
    t = prepare([deck_lists["AI_CyberDragon"], deck_lists["AI_CyberDragon"]], db)
    assert not any(s.startswith("Cyber Dragon Infinity") for s in never_summoned(t))


def test_invariants_hold_and_a_lost_card_is_found(template):
    duel = Duel.new(template, 3, 0)
    assert problems(duel) == []
    duel.state.sides[0].hand.pop()
    assert "a card is lost or in two places" in problems(duel)


def test_invariants_find_a_gone_card_that_is_no_token_and_a_chain_left_open(template):
    """The checks the property tests assert (tests/engine/invariants.py) each find their
    broken state."""
    duel = Duel.new(template, 3, 0)
    s = duel.state
    iid = s.sides[0].hand.pop()
    s.cards[iid].loc = "gone"
    assert any("is gone but is not a Token" in p for p in problems(duel))
    duel = Duel.new(template, 3, 0)
    while duel.prompt is not None and duel.prompt.kind != "main":
        duel.apply_action(duel.legal_actions()[0])
    duel.state.chain.append({"link": 2})
    found = problems(duel)
    assert "a chain of 1 is open at the main prompt" in found
    assert "chain links [2]" in found


def test_gauntlet_matrix_and_local_results(db, deck_lists):
    names = ["AI_Zoodiac", "AI_Level8", "AI_Burn"]
    lists = [deck_lists[n] for n in names]
    tpl = {p: prepare([lists[p[0]], lists[p[1]]], db) for p in pairs(3)}
    report = run_gauntlet(tpl, names, 4, 7, ("random", "random"))
    data = report.as_dict()
    for a in range(3):
        for b in range(3):
            if a != b:
                m = report.matches[(min(a, b), max(a, b))]
                assert data["matrix"][a][b] + data["matrix"][b][a] == pytest.approx(1 - m.draws / 4)
    assert "Win rate of the row deck" in render_text(report)
    again = run_gauntlet(tpl, names, 4, 7, ("random", "random"), workers=2)
    assert again.as_dict() == data
    with pytest.raises(InputError, match="two decks"):
        run_gauntlet({}, ["AI_Burn"], 4, 7, ("random", "random"))


def test_gauntlet_on_a_dask_local_cluster_matches_the_local_run(db, deck_lists):
    pytest.importorskip("dask.distributed")
    names = ["AI_Zoodiac", "AI_Level8"]
    lists = [deck_lists[n] for n in names]
    tpl = {p: prepare([lists[p[0]], lists[p[1]]], db) for p in pairs(2)}
    local = run_gauntlet(tpl, names, 6, 3, ("random", "random"))
    dask = run_gauntlet(tpl, names, 6, 3, ("random", "random"), scheduler="local")
    assert dask.as_dict() == local.as_dict()


def _interrupt_after(monkeypatch, module, name: str, calls: int) -> None:
    real = getattr(module, name)
    count = {"n": 0}

    def wrapped(*args, **kwargs):
        count["n"] += 1
        if count["n"] > calls:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapped)


def test_ctrl_c_stops_a_match_and_a_gauntlet_with_what_finished(monkeypatch, db, deck_lists):
    import deckcheck.engine.match as match

    names = ["AI_Zoodiac", "AI_Level8", "AI_Burn"]
    lists = [deck_lists[n] for n in names]
    tpl = {p: prepare([lists[p[0]], lists[p[1]]], db) for p in pairs(3)}
    _interrupt_after(monkeypatch, match, "play_game", 3)
    report = match.run_match(tpl[(0, 1)], 10, 1, ("random", "random"))
    assert report.stopped and len(report.games) == 3
    assert report.as_dict()["stopped"] is True
    monkeypatch.undo()
    _interrupt_after(monkeypatch, match, "play_game", 5)  # the second pair is cut short
    g = run_gauntlet(tpl, names, 4, 7, ("random", "random"))
    assert g.stopped and list(g.matches) == [(0, 1)]
    assert g.as_dict()["matrix"][0][2] is None and "stopped: 1 pairs finished" in render_text(g)


def test_ctrl_c_stops_goldfish_with_the_games_so_far(monkeypatch, template):
    import deckcheck.engine.goldfish as gf

    _interrupt_after(monkeypatch, gf, "play_goldfish", 2)
    report = gf.goldfish(template, 10, 1, "random", 4)
    assert report.stopped and len(report.games) == 2 and report.usage.games == 2
