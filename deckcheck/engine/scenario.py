"""Scenarios: a position in YAML, actions to take, and the outcome to expect.

The schema (issue 6) is a contract; it and its extensions are described in
tests/scenarios/README.md.
A file holds one scenario, or several as separate YAML documents (``---``). Cards are
passcodes or exact English names. When the engine asks for a decision the next action does
not answer, the runner declines (passes) where that is possible; a required choice the
action leaves open (a zone, a position) takes the first legal option.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck.engine.describe import render_event
from deckcheck.engine.duel import Duel
from deckcheck.engine.effects import EffectLayer
from deckcheck.engine.query import atk, defense, level
from deckcheck.engine.scenario_actions import CHAIN_ACTIONS, Act, Refused, settle, show_action
from deckcheck.engine.scenario_setup import Setup, as_int, as_list
from deckcheck.engine.state import DRAW, SZONE, Inst
from deckcheck.io import yamlsafe
from deckcheck.io.errors import InputError
from deckcheck.io.infile import read_bytes

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB

MAX_BYTES = 1_000_000


@dataclass
class ScenarioResult:
    source: str
    name: str
    passed: bool
    problems: list[str] = field(default_factory=list)


def load_file(path: Path) -> list[dict[str, Any]]:
    """The scenarios of a file, read with a safe loader and a size limit."""
    try:
        data = read_bytes(path, MAX_BYTES, "scenario file")  # regular files only, bounded
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise InputError(f"{path}: larger than {MAX_BYTES // 1000} kB, not a scenario")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None
    docs = yamlsafe.load_all(text, str(path))
    if not docs:
        raise InputError(f"{path}: no scenario in the file")
    for n, doc in enumerate(docs, 1):
        if not isinstance(doc, dict):
            raise InputError(f"{path}: document {n} is not a mapping of scenario fields")
    return docs


def run_files(paths: list[Path], db: CardDB) -> list[ScenarioResult]:
    results = []
    for path in paths:
        docs = load_file(path)
        for n, spec in enumerate(docs, 1):
            source = str(path) if len(docs) == 1 else f"{path}#{n}"
            results.append(run_scenario(spec, db, source))
    return results


def run_scenario(spec: dict[str, Any], db: CardDB, source: str = "<scenario>") -> ScenarioResult:
    """Run one scenario; a malformed scenario raises InputError naming the problem."""
    name = str(spec.get("name") or spec.get("case") or source)
    runner = _Runner(spec, db, source)
    problems = runner.run()
    return ScenarioResult(source, name, not problems, problems)


def position(
    spec: dict[str, Any],
    db: CardDB,
    source: str = "<scenario>",
    effects: EffectLayer | None = None,
) -> Duel:
    """The duel a scenario starts from (its ``actions`` and ``expect`` are not used); every
    prompt is presented, single-option ones included. ``effects``: the effect layer (by
    default the card layer when a card has effects)."""
    return _Runner({**spec, "actions": [], "expect": []}, db, source, effects).duel


class _Runner(Setup):
    """Runs a scenario's actions and checks its expectations."""

    # ---- running ----------------------------------------------------------------------------

    def run(self) -> list[str]:
        actions = as_list(self.spec.get("actions"), "actions", self)
        problems: list[str] = []
        settle(self.duel, _chainy(actions, 0))
        for n, act in enumerate(actions, 1):
            if not isinstance(act, dict) or "do" not in act:
                raise self.error(f"action {n} must be a mapping with 'do'")
            if self.duel.is_terminal():
                problems.append(f"action {n} ({act['do']}): the duel is already over")
                break
            refused = self._try(act, n)
            if act.get("illegal"):
                if refused is None:
                    problems.append(
                        f"action {n} ({show_action(act)}) was accepted but must be refused"
                    )
                continue
            if refused is not None:
                problems.append(f"action {n} ({show_action(act)}) was refused: {refused}")
                break
            settle(self.duel, _chainy(actions, n))
            for check in as_list(act.get("expect"), "expect", self):
                problems.extend(f"after action {n}: {p}" for p in self._expect(check))
        for check in as_list(self.spec.get("expect"), "expect", self):
            problems.extend(self._expect(check))
        return problems

    def _try(self, act: dict[str, Any], n: int) -> str | None:
        """Carry out an action; None if it was legal, else why it was refused. Illegal
        attempts are tried on a copy so the duel is left as it was."""
        trial = self.duel.copy() if act.get("illegal") else self.duel
        player = as_int(act.get("player", 0), "player", self)
        if player not in (0, 1):
            raise self.error(f"action {n}: player must be 0 or 1")
        try:
            Act(self, trial, act, player).perform()
        except Refused as exc:
            return str(exc)
        return None

    # ---- expectations -------------------------------------------------------------------------

    def _expect(self, check: Any) -> list[str]:
        if not isinstance(check, dict):
            raise self.error(f"an expectation must be a mapping, got {check!r}")
        s = self.duel.state
        out = []
        for key in ("turn", "turn_player", "phase"):
            if key in check and getattr(s, key) != check[key]:
                out.append(f"{key}: expected {check[key]}, got {getattr(s, key)}")
        if "winner" in check:
            want = check["winner"]
            got = {DRAW: "draw", -1: None}.get(s.winner, s.winner)
            if want != got:
                out.append(f"winner: expected {want}, got {got} ({s.reason or 'no winner'})")
        if "reason" in check and s.reason != check["reason"]:
            out.append(f"win reason: expected {check['reason']}, got {s.reason or 'none'}")
        if "events" in check:
            out.extend(self._expect_events(as_list(check["events"], "events", self)))
        if "events_absent" in check:
            lines = {render_event(s, e) for e in self.duel.events()}
            for w in as_list(check["events_absent"], "events_absent", self):
                if str(w) in lines:
                    out.append(f"event {w!r} happened but must not")
        if "player" in check:
            p = as_int(check["player"], "player", self)
            out.extend(f"player {p} {m}" for m in self._expect_player(p, check))
        if check.get("chain") is not None:
            got = [(s.cards[x["card"]].d.name, x["player"], x["negated"] or "no") for x in s.chain]
            out.extend(self._expect_links("chain", check["chain"], got))
        if check.get("last_chain") is not None:
            out.extend(self._expect_links("last chain", check["last_chain"], last_chain(self.duel)))
        prompt = self.duel.prompt
        if check.get("prompt") is not None:
            kind = prompt.kind if prompt else "none"
            if kind != check["prompt"]:
                out.append(f"prompt: expected {check['prompt']}, got {kind}")
        if check.get("prompt_player") is not None:
            who = prompt.player if prompt else None
            if who != check["prompt_player"]:
                out.append(f"prompt player: expected {check['prompt_player']}, got {who}")
        return out

    def _expect_links(
        self, what: str, wanted: list[Any], got: list[tuple[str, int, str]]
    ) -> list[str]:
        shown = "; ".join(f"{n} (P{p}{', negated ' + g if g != 'no' else ''})" for n, p, g in got)
        if len(wanted) != len(got):
            return [f"{what}: expected {len(wanted)} links, got {len(got)}: {shown or 'none'}"]
        out = []
        for n, (spec, (name, player, neg)) in enumerate(zip(wanted, got, strict=True), 1):
            want = self.card(spec).name
            if want != name:
                out.append(f"{what} link {n}: expected {want}, got {name}")
            if spec.get("player") is not None and spec["player"] != player:
                out.append(f"{what} link {n}: expected player {spec['player']}, got {player}")
            if spec.get("negated") is not None and spec["negated"] != neg:
                out.append(f"{what} link {n}: expected negated {spec['negated']}, got {neg}")
        return out

    def _expect_events(self, wanted: list[Any]) -> list[str]:
        """Each line must appear among the rendered events, in this order."""
        s = self.duel.state
        lines = [render_event(s, e) for e in self.duel.events()]
        at = 0
        for w in wanted:
            for i in range(at, len(lines)):
                if lines[i] == str(w):
                    at = i + 1
                    break
            else:
                tail = "; ".join(lines[at : at + 12])
                return [f"event {w!r} not found in order (next events: {tail})"]
        return []

    def _expect_player(self, p: int, check: dict[str, Any]) -> list[str]:
        s = self.duel.state
        side = s.sides[p]
        out = []
        if "lp" in check and side.lp != check["lp"]:
            out.append(f"lp: expected {check['lp']}, got {side.lp}")
        for key, pile in (
            ("hand", side.hand),
            ("deck", side.deck),
            ("graveyard", side.grave),
            ("banished", side.banished),
            ("extra", side.extra),
        ):
            if f"{key}_count" in check and len(pile) != check[f"{key}_count"]:
                out.append(f"{key}_count: expected {check[f'{key}_count']}, got {len(pile)}")
            names = Counter(s.cards[i].d.name for i in pile)
            if key in check:
                want = Counter(self.card(r).name for r in as_list(check[key], key, self))
                if want != names:
                    out.append(f"{key}: expected {_bag(want)}, got {_bag(names)}")
            if f"{key}_contains" in check:
                want = Counter(
                    self.card(r).name for r in as_list(check[f"{key}_contains"], key, self)
                )
                if want - names:
                    out.append(f"{key} lacks {_bag(want - names)} (has {_bag(names)})")
        if "face_up_extra" in check:
            got = Counter(s.cards[i].d.name for i in side.extra if s.cards[i].face_up)
            refs = as_list(check["face_up_extra"], "extra", self)
            want = Counter(self.card(r).name for r in refs)
            if got != want:
                out.append(f"face-up Extra Deck: expected {_bag(want)}, got {_bag(got)}")
        for key in ("monsters", "monsters_contains"):
            if key in check:
                out.extend(
                    self._expect_monsters(p, as_list(check[key], key, self), key == "monsters")
                )
        for spec in as_list(check.get("counters"), "counters", self):
            want = self.card(spec).name
            have = [
                c.counters.get(spec["counter"], 0)
                for c in s.cards
                if c.d.name == want and c.ctrl == p and c.loc in ("monster", "spell")
            ]
            if spec["count"] not in have:
                out.append(f"{want}: expected {spec['count']} {spec['counter']}, got {have}")
        if "spells" in check:
            got = {c.seq: c for c in s.cards if c.loc == SZONE and c.ctrl == p}
            for spec in as_list(check["spells"], "spells", self):
                zone = spec.get("zone")
                c = got.get(zone)
                if c is None or c.d.name != self.card(spec).name:
                    have = c.d.name if c else "nothing"
                    out.append(f"spell zone {zone}: expected {self.card(spec).name}, got {have}")
                elif spec.get("face_up") is not None and c.face_up != spec["face_up"]:
                    out.append(f"spell zone {zone}: expected face_up {spec['face_up']}")
        return out

    def _expect_monsters(self, p: int, wanted: list[Any], exact: bool) -> list[str]:
        s = self.duel.state
        actual = [s.cards[i] for i in s.monsters(p)]
        out = []
        left = list(actual)
        for spec in wanted:
            if not isinstance(spec, dict) or "card" not in spec:
                raise self.error("an expected monster must be a mapping with card")
            match = next((c for c in left if _monster_matches(self, c, spec)), None)
            if match is None:
                out.append(f"has no monster {show_action(spec)} (has {_monsters(actual)})")
            else:
                left.remove(match)
        if exact and left and not out:
            out.append(f"has unexpected monsters: {_monsters(left)}")
        return out


def _chainy(actions: list[Any], n: int) -> bool:
    """Whether the action after the ``n``-th acts on a chain (so the runner must not pass
    the chances to respond for the players)."""
    if n >= len(actions) or not isinstance(actions[n], dict):
        return False
    return actions[n].get("do") in CHAIN_ACTIONS


def last_chain(duel: Duel) -> list[tuple[str, int, str]]:
    """The links of the most recently resolved chain: card, player, what was negated."""
    s = duel.state
    events = duel.events()
    end = max((i for i, e in enumerate(events) if e.kind == "chain_end"), default=-1)
    if end < 0:
        return []
    start = max((i for i, e in enumerate(events[:end]) if e.kind == "chain_end"), default=-1)
    links: dict[int, list[Any]] = {}
    for e in events[start + 1 : end]:
        if e.kind == "activate":
            links[e.link] = [s.cards[e.card].d.name, e.player, "no"]
        elif e.kind in ("negated_activation", "negated_effect") and e.link in links:
            links[e.link][2] = e.kind.split("_")[1]
    return [tuple(links[k]) for k in sorted(links)]  # type: ignore[misc]


def _monster_matches(r: _Runner, c: Inst, spec: dict[str, Any]) -> bool:
    if c.d.uid != r.card(spec).uid:
        return False
    if "zone" in spec and c.seq != spec["zone"]:
        return False
    if "position" in spec:
        pos = "set" if not c.face_up else ("defense" if c.in_def else "attack")
        if pos != spec["position"]:
            return False
    iid = next(i for i, x in enumerate(r.duel.state.cards) if x is c)
    if "atk" in spec and atk(r.duel.state, iid) != spec["atk"]:
        return False
    if "def" in spec and defense(r.duel.state, iid) != spec["def"]:
        return False
    if "level" in spec and level(r.duel.state, iid) != spec["level"]:
        return False
    if "materials" in spec:
        want = Counter(r.card(m).name for m in as_list(spec["materials"], "materials", r))
        got = Counter(r.duel.state.cards[i].d.name for i in c.overlay)
        if want != got:
            return False
    return True


def _monsters(cards: list[Inst]) -> str:
    if not cards:
        return "none"
    parts = []
    for c in cards:
        pos = "set" if not c.face_up else ("defense" if c.in_def else "attack")
        parts.append(f"{c.d.name} (zone {c.seq}, {pos})")
    return ", ".join(parts)


def _bag(counts: Counter[str]) -> str:
    if not counts:
        return "nothing"
    return ", ".join(f"{n}x {name}" if n > 1 else name for name, n in sorted(counts.items()))
