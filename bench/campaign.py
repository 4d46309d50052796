"""The engine's campaign (issues 13 and 14): the eight real decks of issue 14 (or the decks
given) play every ordered pair, random and greedy agents in both seats, with the invariants
checked after every decision and every --replay-every-th game replayed from its log.

Run: nice -n 19 python bench/campaign.py [--games N] [--seed S] [--replay-every K]
     [--decks A B ...] [--json]
Exit 1 when a game failed. Record the command and its outcome in bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from deckcheck.cards.db import CardDB
from deckcheck.decks.codecs import load_deck
from deckcheck.engine.campaign import CampaignReport, render_text, run_campaign
from deckcheck.engine.template import deck_list

DECKS = Path(__file__).resolve().parents[2] / "shared" / "data" / "decks"
EIGHT = ["AI_Burn", "AI_ChainBurn", "AI_Frog", "AI_MokeyMokey", "AI_MokeyMokeyKing",
         "AI_Blackwing", "AI_DarkMagician", "AI_CyberDragon"]  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per run (pair, agents)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--replay-every", type=int, default=10)
    ap.add_argument("--decks", nargs="+", default=EIGHT, help="names in the decks folder")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    db = CardDB.open(None)
    decks = [deck_list(load_deck(str(DECKS / f"{n}.ydk"), db)) for n in args.decks]
    start = time.monotonic()
    told = 0

    def progress(report: CampaignReport, total: int) -> None:
        nonlocal told
        for f in report.failures[told:]:  # as they come: a long run is worth reading early
            print(f"FAILED: {f}", file=sys.stderr)
        told = len(report.failures)
        took = time.monotonic() - start
        print(f"{report.runs}/{total} runs, {report.games} games, {took:.0f} s", file=sys.stderr)

    report = run_campaign(decks, db, args.games, args.seed, replay_every=args.replay_every,
                          progress=progress)  # fmt: skip
    print(json.dumps(report.as_dict(), indent=2) if args.json else render_text(report))
    print(f"{time.monotonic() - start:.0f} s", file=sys.stderr)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
