"""Seeded duels between real decks that play as printed give the same games as when the
effect layer's speed work began (issue 14, section 3): every prompt's options in order, the
log and the final state are hashed per duel and compared with digests recorded by main's
code without the speed work (1cf6ff0; again at ecdb682, whose new cards change these
games). A speed change that alters a legal option, its order, an event or a state field
fails here. The digests hold with the card files they were recorded with (log.card_files
per pair): once a card of these decks changes, the pair is skipped until recorded again.
Record again only for a deliberate rules or card change, from the code before it, said in
its commit: ``PYTHONPATH=$PWD python -m tests.engine.test_pinned_duels``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from deckcheck.engine.agents import make_agent
from deckcheck.engine.duel import Duel
from deckcheck.engine.log import card_files, records
from deckcheck.engine.match import game_seed
from deckcheck.engine.template import DuelTemplate

PINNED = Path(__file__).parent / "logs" / "pinned-effect-duels.json"
PAIRS = ("AI_Burn:AI_Frog", "AI_Blackwing:AI_DarkMagician", "AI_MokeyMokey:AI_MokeyMokeyKing")
GAMES = (("random", 0), ("random", 1), ("random", 2), ("greedy", 3))


def digest(template: DuelTemplate, agent: str, index: int) -> str:
    seed = game_seed(0, index)
    duel = Duel.new(template, seed, first=index % 2)
    agents = (make_agent(agent, seed, 0), make_agent(agent, seed, 1))
    h = hashlib.sha256()
    while duel.prompt is not None:
        prompt = duel.prompt
        h.update(repr((prompt.player, prompt.kind, prompt.card, prompt.options)).encode())
        duel.apply_action(agents[prompt.player].choose(duel, prompt))
    h.update(json.dumps(records(duel), sort_keys=True).encode())
    h.update(json.dumps(duel.state.to_dict(), sort_keys=True, default=repr).encode())
    return h.hexdigest()


def key(pair: str, agent: str, index: int) -> str:
    return f"{pair} {agent} {index}"


@pytest.mark.parametrize("pair", PAIRS)
def test_seeded_duels_play_as_when_pinned(db, deck_lists, pair):
    from deckcheck.engine.template import prepare

    pinned = json.loads(PINNED.read_text())
    template = prepare([deck_lists[n] for n in pair.split(":")], db)
    if card_files(template) != pinned[pair]:
        pytest.skip(f"{pair}: card files changed since the digests were recorded")
    for agent, index in GAMES:
        assert digest(template, agent, index) == pinned[key(pair, agent, index)], (
            pair,
            agent,
            index,
        )


def main() -> None:
    from deckcheck.cards.db import CardDB
    from deckcheck.decks import load_deck
    from deckcheck.engine.template import deck_list, prepare
    from tests.conftest import DECKS

    db = CardDB.open()
    out = {}
    for pair in PAIRS:
        decks = [deck_list(load_deck(str(DECKS / f"{n}.ydk"), db)) for n in pair.split(":")]
        template = prepare(decks, db)
        out[pair] = card_files(template)
        for agent, index in GAMES:
            out[key(pair, agent, index)] = digest(template, agent, index)
    PINNED.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
