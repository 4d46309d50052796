"""Coverage: every card of a deck is either fully supported (a card file, or nothing to
play beyond the rules) or named as not supported with its reasons; ``deckcheck cards
coverage`` prints it and ``deckcheck duel`` shows each deck's share first."""

from __future__ import annotations

import json

from deckcheck.decks import load_deck
from deckcheck.decks.model import Deck, Slot
from deckcheck.engine.carddefs import EFFECT_NOT_APPLIED, SPELL_TRAP, card_def, files
from deckcheck.engine.coverage import UNKNOWN, deck_support, template_support
from deckcheck.engine.template import prepare
from tests.cli.helpers import run
from tests.conftest import DECKS

BLACKWING = str(DECKS / "AI_Blackwing.ydk")
DARK_MAGICIAN = str(DECKS / "AI_DarkMagician.ydk")
TEARLAMENTS = str(DECKS / "AI_Tearlaments.ydk")


def test_every_copy_is_supported_or_named_with_reasons(db):
    for path in sorted(DECKS.glob("*.ydk"))[:12]:
        deck = load_deck(str(path), db)
        r = deck_support(deck, db)
        codes = deck.passcodes("main") + deck.passcodes("extra")
        assert r.copies == len(deck.main) + len(deck.extra)
        assert r.supported + sum(u.copies for u in r.unsupported) == r.copies
        named = {u.passcode for u in r.unsupported}
        for code in codes:
            card = db.get(code)
            if card is None:
                continue
            d = card_def(card)
            assert (d.code in named) == bool(d.issues), d.name
            if card.passcode in files.defined():
                assert d.code not in named, f"{d.name} has a card file but is unsupported"
        assert all(u.reasons for u in r.unsupported)


def test_a_card_file_makes_a_card_supported_and_an_effect_without_one_is_named(db):
    # Pot of Greed has a card file; Blue-Eyes White Dragon has nothing beyond its stats;
    # an Effect Monster without a file plays as its stats; a Spell without one is only Set
    pot, blue_eyes = db.find("Pot of Greed"), db.find("Blue-Eyes White Dragon")
    exarion, veil = db.find("Exarion Universe"), db.find("Dark Magic Veil")
    assert pot.passcode in files.defined()
    deck = Deck.from_passcodes(
        [pot.passcode] * 2 + [blue_eyes.passcode] * 3 + [exarion.passcode, veil.passcode]
    )
    r = deck_support(deck, db)
    assert (r.copies, r.supported) == (7, 5)
    reasons = {u.name: (u.copies, u.reasons) for u in r.unsupported}
    assert reasons == {
        "Exarion Universe": (1, (EFFECT_NOT_APPLIED,)),
        "Dark Magic Veil": (1, (SPELL_TRAP,)),
    }
    assert abs(r.share - 5 / 7) < 1e-9


def test_an_unknown_card_is_not_supported_and_says_why(db):
    pot = db.find("Pot of Greed")
    deck = Deck.from_passcodes([pot.passcode])
    deck.main.append(Slot(text="No Such Card Anywhere", line=2))
    r = deck_support(deck, db)
    assert (r.copies, r.supported) == (2, 1)
    assert [(u.name, u.passcode, u.reasons) for u in r.unsupported] == [
        ("No Such Card Anywhere", None, (UNKNOWN,))
    ]


def test_a_duel_template_has_the_support_of_each_deck(db, deck_lists):
    template = prepare([deck_lists["AI_Blackwing"], deck_lists["AI_DarkMagician"]], db)
    a, b = template_support(template)
    assert (a.deck, b.deck) == ("AI_Blackwing", "AI_DarkMagician")
    assert a.copies == 55 and b.copies == len(deck_lists["AI_DarkMagician"].main) + len(
        deck_lists["AI_DarkMagician"].extra
    )
    alone = deck_support(load_deck(BLACKWING, db), db)
    assert (a.supported, a.unsupported) == (alone.supported, alone.unsupported)


def test_cards_coverage_prints_text_and_json(capsys):
    r = run(capsys, "cards", "coverage", BLACKWING, TEARLAMENTS)
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    # every card of AI_Blackwing is defined (issue 14); AI_Tearlaments's mostly are not
    assert lines[0] == (
        "AI_Blackwing: 100.0% of card copies supported (55 of 55); 0 cards not supported"
    )
    assert any(x.startswith("AI_Tearlaments: ") for x in lines)
    assert "  3x Agido the Ancient Sentinel [62320425]: monster effect not applied" in r.out
    j = run(capsys, "cards", "coverage", BLACKWING, TEARLAMENTS, "--output-format", "json")
    assert j.code == 0
    full, partial = json.loads(j.out)["decks"]
    assert (full["deck"], full["copies"], full["supported"]) == ("AI_Blackwing", 55, 55)
    assert full["unsupported"] == [] and full["share"] == 1.0
    assert (
        partial["supported"] + sum(u["copies"] for u in partial["unsupported"])
        == (partial["copies"])
    )
    assert partial["unsupported"] and all(u["reasons"] for u in partial["unsupported"])


def test_cards_coverage_bad_input_is_a_usage_error(capsys, tmp_path):
    r = run(capsys, "cards", "coverage", str(tmp_path / "missing.ydk"))
    assert r.code == 2 and "missing.ydk" in r.err and "Traceback" not in r.err
    r = run(capsys, "cards", "coverage", BLACKWING, "--output-format", "xml")
    assert r.code == 2


def test_duel_shows_each_decks_support_before_the_results(capsys):
    r = run(capsys, "duel", BLACKWING, DARK_MAGICIAN, "--format", "traditional",
            "--games", "2", "--seed", "1")  # fmt: skip
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[0].startswith("AI_Blackwing: ") and "supported" in lines[0]
    assert lines[1].startswith("AI_DarkMagician: ")
    assert lines[2].startswith("2 games, ")
    j = run(capsys, "duel", BLACKWING, DARK_MAGICIAN, "--format", "traditional",
            "--games", "2", "--output-format", "json")  # fmt: skip
    support = json.loads(j.out)["support"]
    assert [s["deck"] for s in support] == ["AI_Blackwing", "AI_DarkMagician"]


def test_a_partly_defined_card_is_named_as_not_supported(db, monkeypatch):
    """A card file that says what it does not play yet (missing:) counts as not supported,
    with the reason, though the card plays what its file defines (Soul Exchange's file, as
    it was before a Tribute paid as a cost took the lent monster)."""
    from deckcheck.engine.carddefs import card_def, files
    from deckcheck.engine.carddefs.compile import compile_card

    card = db.find("Soul Exchange")
    assert not card_def(card).issues
    spec = files.load(card.passcode)
    assert spec is not None
    partial = spec.model_copy(update={"missing": "a Tribute paid as a cost"})
    monkeypatch.setattr(files, "load", lambda code: partial if code == card.passcode else None)
    d = compile_card(card)
    assert d.fx is not None and d.fx.effects
    assert d.issues == ("partly supported: a Tribute paid as a cost",)
    assert not card_def(db.find("Pot of Greed")).issues
