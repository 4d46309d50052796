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

import yaml

from deckcheck.engine.actions import DEFENSE, END_BATTLE, TO_BATTLE, TO_END, Action, Prompt
from deckcheck.engine.cards import CardDef, card_def
from deckcheck.engine.describe import render_event
from deckcheck.engine.duel import Duel
from deckcheck.engine.profiles import get_profile
from deckcheck.engine.state import (
    BANISHED,
    DECK,
    DRAW,
    EMPTY,
    EXTRA,
    GRAVE,
    HAND,
    MZONE,
    OVERLAY,
    PZONE_BASE,
    SZONE,
    Inst,
    Side,
    State,
    emz_index,
)
from deckcheck.engine.template import DeckList, DuelTemplate, build_template
from deckcheck.errors import InputError

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB

MAX_BYTES = 1_000_000
PHASE_STEPS = {
    "draw": "draw_phase",
    "standby": "standby",
    "main1": "main1",
    "battle": "battle_start",
    "main2": "main2",
    "end": "end_phase",
}
POSITIONS = ("attack", "defense", "set")
Ref = int | str


class _NoAliasLoader(yaml.SafeLoader):
    """Safe YAML without aliases (no alias bombs in untrusted files)."""

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: ANN401
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise yaml.composer.ComposerError(None, None, "aliases are not allowed", mark)
        return super().compose_node(parent, index)


@dataclass
class ScenarioResult:
    source: str
    name: str
    passed: bool
    problems: list[str] = field(default_factory=list)


def load_file(path: Path) -> list[dict[str, Any]]:
    """The scenarios of a file, read with a safe loader and a size limit."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise InputError(f"{path}: larger than {MAX_BYTES // 1000} kB, not a scenario")
    try:
        text = data.decode("utf-8-sig")
        docs = [d for d in yaml.load_all(text, Loader=_NoAliasLoader) if d is not None]  # noqa: S506
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: not valid YAML: {exc}") from None
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


def position(spec: dict[str, Any], db: CardDB, source: str = "<scenario>") -> Duel:
    """The duel a scenario starts from (its ``actions`` and ``expect`` are not used); every
    prompt is presented, single-option ones included."""
    return _Runner({**spec, "actions": [], "expect": []}, db, source).duel


class _Runner:
    def __init__(self, spec: dict[str, Any], db: CardDB, source: str) -> None:
        known = {"name", "case", "description", "profile", "seed", "turn", "turn_player"}
        known |= {"phase", "players", "actions", "expect", "first"}
        unknown = set(spec) - known
        if unknown:
            raise InputError(f"{source}: unknown scenario field(s): {', '.join(sorted(unknown))}")
        self.spec = spec
        self.db = db
        self.source = source
        self.defs: dict[Ref, CardDef] = {}
        self.profile = get_profile(None)
        self.duel = self._build()

    # ---- errors and card references ---------------------------------------------------------

    def error(self, message: str) -> InputError:
        return InputError(f"{self.source}: {message}")

    def card(self, ref: Any) -> CardDef:
        if isinstance(ref, dict) and "card" in ref:
            ref = ref["card"]
        if not isinstance(ref, int | str) or isinstance(ref, bool):
            raise self.error(f"a card must be a passcode or an English name, got {ref!r}")
        found = self.defs.get(ref)
        if found is None:
            c = self.db.get(ref) if isinstance(ref, int) else self.db.find(ref)
            if c is None or (isinstance(ref, str) and c.name.casefold() != ref.casefold()):
                hint = ""
                if isinstance(ref, str):
                    close = self.db.suggest(ref)
                    hint = f" (did you mean {', '.join(close)}?)" if close else ""
                raise self.error(f"unknown card {ref!r}{hint}")
            found = self.defs[ref] = card_def(c)
        return found

    # ---- the starting position ----------------------------------------------------------------

    def _build(self) -> Duel:
        spec = self.spec
        try:
            profile = self.profile = get_profile(spec.get("profile"))
        except InputError as exc:
            raise self.error(str(exc)) from None
        seed = _int(spec.get("seed", 0), "seed", self)
        players = spec.get("players") or []
        if not isinstance(players, list) or len(players) > 2:
            raise self.error("players must be a list of at most two players")
        players = [p or {} for p in players] + [{}] * (2 - len(players))
        if "turn" not in spec:
            return self._new_duel(players, seed, profile.name)
        turn = _int(spec["turn"], "turn", self)
        tp = _int(spec.get("turn_player", 0), "turn_player", self)
        phase = spec.get("phase", "main1")
        if turn < 1 or tp not in (0, 1) or phase not in PHASE_STEPS:
            raise self.error("turn must be 1 or more, turn_player 0 or 1, phase one of draw, "
                             "standby, main1, battle, main2, end")  # fmt: skip
        if phase in ("battle", "main2") and turn == 1:
            raise self.error("there is no Battle Phase (or Main Phase 2) on turn 1")
        placed: list[list[tuple[CardDef, dict[str, Any]]]] = [[], []]
        for p, data in enumerate(players):
            if not isinstance(data, dict):
                raise self.error(f"player {p} must be a mapping")
            placed[p] = self._cards_of(p, data, profile.separate_pendulum_zones)
        defs_by_code: dict[int, CardDef] = {}
        lists = []
        for p in (0, 1):
            codes = []
            for n, (d, _) in enumerate(placed[p]):
                key = p * 100_000 + n  # stand-in codes: the template only needs definitions
                defs_by_code[key] = d
                codes.append(key)
            lists.append(DeckList(tuple(codes), ()))
        template = build_template(lists, defs_by_code, profile)
        state = self._state(template, placed, players, turn, tp, phase, seed)
        return Duel(template, state, auto=False)

    def _new_duel(self, players: list[dict[str, Any]], seed: int, profile: str) -> Duel:
        lists = []
        defs: dict[int, CardDef] = {}
        for p, data in enumerate(players):
            extra_keys = set(data) - {"deck", "extra"}
            if extra_keys:
                raise self.error(
                    "without turn, a scenario starts a new duel from decks only "
                    f"(player {p} has {', '.join(sorted(extra_keys))})"
                )
            main = [self.card(r) for r in _list(data.get("deck"), "deck", self)]
            extra = [self.card(r) for r in _list(data.get("extra"), "extra", self)]
            codes = []
            for d in main + extra:
                code = d.code or -len(defs) - 1
                defs[code] = d
                codes.append(code)
            lists.append(DeckList(tuple(codes[: len(main)]), tuple(codes[len(main) :])))
        first = self.spec.get("first")
        if first not in (None, 0, 1):
            raise self.error("first must be 0 or 1")
        template = build_template(lists, defs, profile)
        return Duel(template, template.new_state(seed, first), auto=False)

    def _cards_of(
        self, p: int, data: dict[str, Any], separate: bool
    ) -> list[tuple[CardDef, dict[str, Any]]]:
        known = {"lp", "deck", "hand", "monsters", "spells", "field", "graveyard", "banished"}
        known |= {"extra", "extra_face_up", "pendulum", "summoned"}
        unknown = set(data) - known
        if unknown:
            raise self.error(f"player {p}: unknown field(s): {', '.join(sorted(unknown))}")
        out: list[tuple[CardDef, dict[str, Any]]] = []
        for key, loc in (("deck", DECK), ("hand", HAND), ("graveyard", GRAVE)):
            for ref in _list(data.get(key), key, self):
                out.append((self.card(ref), {"loc": loc}))
        for ref in _list(data.get("banished"), "banished", self):
            out.append((self.card(ref), {"loc": BANISHED}))
        for key, up in (("extra", False), ("extra_face_up", True)):
            for ref in _list(data.get(key), key, self):
                out.append((self.card(ref), {"loc": EXTRA, "face_up": up}))
        for m in _list(data.get("monsters"), "monsters", self):
            if not isinstance(m, dict) or "card" not in m:
                raise self.error(f"player {p}: a monster must be a mapping with card and zone")
            pos = m.get("position", "attack")
            if pos not in POSITIONS:
                raise self.error(f"player {p}: position must be attack, defense or set")
            host = len(out)
            out.append((self.card(m), {"loc": MZONE, **m}))
            for ref in _list(m.get("materials"), "materials", self):
                out.append((self.card(ref), {"loc": OVERLAY, "host": host}))
        for s in _list(data.get("spells"), "spells", self):
            if not isinstance(s, dict) or "card" not in s:
                raise self.error(f"player {p}: a spell/trap must be a mapping with card and zone")
            out.append((self.card(s), {"loc": SZONE, **s}))
        if data.get("field") is not None:
            out.append((self.card(data["field"]), {"loc": SZONE, "zone": 5, "face_down": True}))
        for s in _list(data.get("pendulum"), "pendulum", self):
            side = s.get("zone") if isinstance(s, dict) else None
            if side not in ("left", "right"):
                raise self.error(f"player {p}: a pendulum scale needs zone: left or right")
            zone = (
                (PZONE_BASE if side == "left" else PZONE_BASE + 1)
                if separate
                else (0 if side == "left" else 4)
            )
            out.append((self.card(s), {"loc": SZONE, "zone": zone, "face_down": False}))
        return out

    def _state(
        self,
        template: DuelTemplate,
        placed: list[list[tuple[CardDef, dict[str, Any]]]],
        players: list[dict[str, Any]],
        turn: int,
        tp: int,
        phase: str,
        seed: int,
    ) -> State:
        prof = template.profile
        cards: list[Inst] = []
        sides = []
        state = State(cards, sides, seed)
        state.turn, state.turn_player, state.phase = turn, tp, phase
        state.first = tp if turn % 2 == 1 else 1 - tp
        state.step = PHASE_STEPS[phase]
        for p in (0, 1):
            lp = _int(players[p].get("lp", prof.start_lp), "lp", self)
            if lp < 0:
                raise self.error(f"player {p}: lp cannot be negative")
            side = Side(lp)
            side.summons = 1 if players[p].get("summoned") else 0
            sides.append(side)
        for p in (0, 1):
            base = len(cards)
            for d, info in placed[p]:
                iid = len(cards)
                c = Inst(d, p, p, info["loc"])
                cards.append(c)
                self._place(state, iid, info, base)
            state.sides[p].deck.reverse()  # listed top first, kept top last
        return state

    def _place(self, state: State, iid: int, info: dict[str, Any], base: int) -> None:
        c = state.cards[iid]
        side = state.sides[c.owner]
        loc = info["loc"]
        d = c.d
        if loc == DECK:
            if d.extra:
                raise self.error(f"{d.name} is an Extra Deck monster: list it under extra")
            side.deck.append(iid)
        elif loc == HAND:
            side.hand.append(iid)
        elif loc == GRAVE:
            c.face_up = True
            side.grave.append(iid)
        elif loc == BANISHED:
            c.face_up = True
            side.banished.append(iid)
        elif loc == EXTRA:
            if not (d.extra or d.pendulum):
                raise self.error(f"{d.name} cannot be in the Extra Deck")
            c.face_up = bool(info.get("face_up"))
            side.extra.append(iid)
        elif loc == OVERLAY:
            c.face_up = True
            state.cards[info["host"] + base].overlay.append(iid)
        elif loc == MZONE:
            self._place_monster(state, iid, info)
        else:
            self._place_spell(state, iid, info)

    def _place_monster(self, state: State, iid: int, info: dict[str, Any]) -> None:
        c = state.cards[iid]
        d = c.d
        if not d.is_monster:
            raise self.error(f"{d.name} is not a monster")
        zone = _int(info.get("zone"), "zone", self)
        if not 0 <= zone <= 6 or (zone >= 5 and not self.profile.extra_monster_zones):
            raise self.error(f"{d.name}: monster zone must be 0-4 (5-6 with Extra Monster Zones)")
        pos = info.get("position", "attack")
        if d.link and pos != "attack":
            raise self.error(f"{d.name} is a Link monster: it can only be in Attack Position")
        occupied = (
            state.sides[c.owner].mzone[zone] if zone < 5 else state.emz[emz_index(c.owner, zone)]
        )
        if occupied != EMPTY:
            raise self.error(f"player {c.owner}: two monsters in zone {zone}")
        if zone < 5:
            state.sides[c.owner].mzone[zone] = iid
        else:
            state.emz[emz_index(c.owner, zone)] = iid
        c.loc, c.seq = MZONE, zone
        c.face_up = pos != "set"
        c.in_def = pos != "attack"
        c.proper = True
        if info.get("summoned_this_turn"):
            c.placed = state.turn
        if info.get("attacked"):
            c.attacked, c.attacks = state.turn, 1
        if info.get("changed_position"):
            c.changed = state.turn

    def _place_spell(self, state: State, iid: int, info: dict[str, Any]) -> None:
        c = state.cards[iid]
        d = c.d
        zone = _int(info.get("zone"), "zone", self)
        szone = state.sides[c.owner].szone
        if not 0 <= zone < len(szone):
            raise self.error(f"{d.name}: spell zone must be 0-4 (5: Field Zone)")
        if szone[zone] != EMPTY:
            raise self.error(f"player {c.owner}: two cards in spell zone {zone}")
        face_up = not info.get("face_down", True)
        if zone == 5 and d.spell_property != "field":
            raise self.error(f"{d.name} is not a Field Spell")
        if d.is_monster and not (d.pendulum and face_up and zone in (0, 4, 6, 7)):
            raise self.error(f"{d.name} is a monster: only a face-up Pendulum Scale goes there")
        szone[zone] = iid
        c.loc, c.seq, c.face_up = SZONE, zone, face_up

    # ---- running ----------------------------------------------------------------------------

    def run(self) -> list[str]:
        actions = _list(self.spec.get("actions"), "actions", self)
        problems: list[str] = []
        settle(self.duel)
        for n, act in enumerate(actions, 1):
            if not isinstance(act, dict) or "do" not in act:
                raise self.error(f"action {n} must be a mapping with 'do'")
            if self.duel.is_terminal():
                problems.append(f"action {n} ({act['do']}): the duel is already over")
                break
            refused = self._try(act, n)
            if act.get("illegal"):
                if refused is None:
                    problems.append(f"action {n} ({_show(act)}) was accepted but must be refused")
                continue
            if refused is not None:
                problems.append(f"action {n} ({_show(act)}) was refused: {refused}")
                break
            settle(self.duel)
            for check in _list(act.get("expect"), "expect", self):
                problems.extend(f"after action {n}: {p}" for p in self._expect(check))
        for check in _list(self.spec.get("expect"), "expect", self):
            problems.extend(self._expect(check))
        return problems

    def _try(self, act: dict[str, Any], n: int) -> str | None:
        """Carry out an action; None if it was legal, else why it was refused. Illegal
        attempts are tried on a copy so the duel is left as it was."""
        trial = self.duel.copy() if act.get("illegal") else self.duel
        player = _int(act.get("player", 0), "player", self)
        if player not in (0, 1):
            raise self.error(f"action {n}: player must be 0 or 1")
        try:
            _Act(self, trial, act, player).perform()
        except _Refused as exc:
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
            out.extend(self._expect_events(_list(check["events"], "events", self)))
        if "events_absent" in check:
            lines = {render_event(s, e) for e in self.duel.events()}
            for w in _list(check["events_absent"], "events_absent", self):
                if str(w) in lines:
                    out.append(f"event {w!r} happened but must not")
        if "player" in check:
            p = _int(check["player"], "player", self)
            out.extend(f"player {p} {m}" for m in self._expect_player(p, check))
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
                want = Counter(self.card(r).name for r in _list(check[key], key, self))
                if want != names:
                    out.append(f"{key}: expected {_bag(want)}, got {_bag(names)}")
            if f"{key}_contains" in check:
                want = Counter(
                    self.card(r).name for r in _list(check[f"{key}_contains"], key, self)
                )
                if want - names:
                    out.append(f"{key} lacks {_bag(want - names)} (has {_bag(names)})")
        if "face_up_extra" in check:
            got = Counter(s.cards[i].d.name for i in side.extra if s.cards[i].face_up)
            want = Counter(self.card(r).name for r in _list(check["face_up_extra"], "extra", self))
            if got != want:
                out.append(f"face-up Extra Deck: expected {_bag(want)}, got {_bag(got)}")
        for key in ("monsters", "monsters_contains"):
            if key in check:
                out.extend(
                    self._expect_monsters(p, _list(check[key], key, self), key == "monsters")
                )
        if "spells" in check:
            got = {c.seq: c for c in s.cards if c.loc == SZONE and c.ctrl == p}
            for spec in _list(check["spells"], "spells", self):
                zone = spec.get("zone")
                c = got.get(zone)
                if c is None or c.d.name != self.card(spec).name:
                    have = c.d.name if c else "nothing"
                    out.append(f"spell zone {zone}: expected {self.card(spec).name}, got {have}")
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
                out.append(f"has no monster {_show(spec)} (has {_monsters(actual)})")
            else:
                left.remove(match)
        if exact and left and not out:
            out.append(f"has unexpected monsters: {_monsters(left)}")
        return out


class _Refused(Exception):
    pass


class _Act:
    """One scenario action carried out prompt by prompt."""

    def __init__(self, runner: _Runner, duel: Duel, act: dict[str, Any], player: int) -> None:
        self.r = runner
        self.duel = duel
        self.act = act
        self.player = player

    # -- talking to the engine

    def prompt(self, *kinds: str) -> Prompt:
        """The next prompt for this player, declining priority windows on the way."""
        duel = self.duel
        while True:
            p = duel.prompt
            if p is None:
                raise _Refused("the duel is over")
            if p.kind == "respond" and "respond" not in kinds:
                duel.apply_action(p.default)
                continue
            if p.player != self.player:
                raise _Refused(f"player {p.player} is to decide now ({p.kind}), not {self.player}")
            if kinds and p.kind not in kinds:
                raise _Refused(f"the engine asks for a {p.kind} decision here")
            return p

    def choose(self, prompt: Prompt, action: Action | None, what: str) -> None:
        if action is None or action not in prompt.options:
            raise _Refused(f"{what} is not among the legal options: {self.show(prompt)}")
        self.duel.apply_action(action)

    def show(self, prompt: Prompt) -> str:
        from deckcheck.engine.describe import describe_action

        return "; ".join(describe_action(self.duel, a) for a in prompt.options) or "none"

    def find(self, ref: Any, where: list[int]) -> int | None:
        want = self.r.card(ref)
        zone = ref.get("zone") if isinstance(ref, dict) else None
        for iid in where:
            c = self.duel.state.cards[iid]
            if c.d.uid == want.uid and (zone is None or c.seq == zone):
                return iid
        return None

    def own_monsters(self) -> list[int]:
        return self.duel.state.monsters(self.player)

    def card_option(self, prompt: Prompt, kind: str, ref: Any, where: list[int]) -> Action | None:
        """The option of ``kind`` for a card matching ``ref`` (copies are interchangeable)."""
        want = self.r.card(ref)
        s = self.duel.state
        for a in prompt.options:
            if a[0] == kind and len(a) > 1 and a[1] in where and s.cards[a[1]].d.uid == want.uid:
                return a
        return None

    def group_option(self, prompt: Prompt, refs: list[Any]) -> Action | None:
        """The option whose set of cards matches ``refs`` by card (and zone, if given)."""
        for a in prompt.options:
            ids = list(a[1])
            if len(ids) != len(refs):
                continue
            left = ids[:]
            for ref in refs:
                hit = self.find(ref, left)
                if hit is None:
                    break
                left.remove(hit)
            else:
                return a
        return None

    def zone(self, key: str = "zone") -> None:
        p = self.prompt("zone")
        if key in self.act:
            self.choose(p, ("zone", _int(self.act[key], key, self.r)), f"zone {self.act[key]}")
        else:
            self.duel.apply_action(p.options[0])

    def position(self) -> None:
        p = self.prompt("position")
        pos = self.act.get("position", "attack")
        self.choose(p, DEFENSE if pos == "defense" else ("attack",), f"position {pos}")

    # -- the actions

    def perform(self) -> None:
        do = self.act["do"]
        handler = getattr(self, "do_" + str(do), None)
        if handler is None:
            raise self.r.error(f"unknown action {do!r}")
        handler()

    def do_normal_summon(self, tribute: bool = False) -> None:
        p = self.prompt("main")
        pos = self.act.get("position", "attack")
        if pos not in ("attack", "set"):
            raise self.r.error("a Normal Summon's position is attack or set")
        kind = "summon" if pos == "attack" else "set"
        hand = self.duel.state.sides[self.player].hand
        self.choose(p, self.card_option(p, kind, self.act.get("card"), hand), _show(self.act))
        nxt = self.prompt("tributes", "zone")
        if nxt.kind == "tributes":
            refs = _list(self.act.get("tributes"), "tributes", self.r)
            if not refs and len(nxt.options) > 1:
                raise self.r.error(f"{_show(self.act)}: say which monsters to tribute")
            pick = self.group_option(nxt, refs) if refs else nxt.options[0]
            self.choose(nxt, pick, f"tributes {refs}")
        elif tribute or self.act.get("tributes"):
            raise _Refused("this monster is not Tribute Summoned (Level 4 or lower)")
        self.zone()

    def do_tribute_summon(self) -> None:
        self.do_normal_summon(tribute=True)

    def do_flip_summon(self) -> None:
        p = self.prompt("main")
        opt = self.card_option(p, "flip", self.act.get("card"), self.own_monsters())
        self.choose(p, opt, _show(self.act))

    def do_change_position(self) -> None:
        p = self.prompt("main")
        opt = self.card_option(p, "position", self.act.get("card"), self.own_monsters())
        self.choose(p, opt, _show(self.act))

    def do_set_spell_trap(self) -> None:
        p = self.prompt("main")
        hand = self.duel.state.sides[self.player].hand
        self.choose(p, self.card_option(p, "set_card", self.act.get("card"), hand), _show(self.act))
        self.zone()

    def do_place_scale(self) -> None:
        p = self.prompt("main")
        hand = self.duel.state.sides[self.player].hand
        self.choose(p, self.card_option(p, "scale", self.act.get("card"), hand), _show(self.act))
        side = self.act.get("zone", "left")
        sep = self.duel.template.profile.separate_pendulum_zones
        zone = {"left": PZONE_BASE if sep else 0, "right": PZONE_BASE + 1 if sep else 4}.get(side)
        zp = self.prompt("zone")
        self.choose(zp, ("zone", zone), f"Pendulum Zone {side}")

    def do_special_summon(self) -> None:
        method = self.act.get("method")
        if method == "pendulum":
            return self._pendulum()
        if method not in ("synchro", "xyz", "link"):
            raise self.r.error("special_summon method must be synchro, xyz, link or pendulum")
        p = self.prompt("main")
        extra = self.duel.state.sides[self.player].extra
        self.choose(p, self.card_option(p, method, self.act.get("card"), extra), _show(self.act))
        mp = self.prompt("materials")
        refs = _list(self.act.get("materials"), "materials", self.r)
        self.choose(mp, self.group_option(mp, refs), f"materials {refs}")
        self.zone()
        self.position()
        return None

    def _pendulum(self) -> None:
        p = self.prompt("main")
        self.choose(p, ("pendulum",), "Pendulum Summon")
        refs = _list(self.act.get("cards"), "cards", self.r)
        s = self.duel.state
        for ref in refs:
            pp = self.prompt("pendulum")
            pool = s.sides[self.player].hand + s.sides[self.player].extra
            self.choose(pp, self.card_option(pp, "pick", ref, pool), f"Pendulum Summon {ref}")
        if self.duel.prompt is not None and self.duel.prompt.kind == "pendulum":
            self.choose(self.prompt("pendulum"), ("done",), "done")
        zones = _list(self.act.get("zones"), "zones", self.r)
        placing = dict(zip([self.r.card(r).uid for r in refs], zones, strict=False))
        for _ in range(len(refs)):
            zp = self.prompt("zone")
            zone = placing.pop(s.cards[zp.card].d.uid, None) if zp.card >= 0 else None
            if zone is None:
                self.duel.apply_action(zp.options[0])
            else:
                self.choose(zp, ("zone", zone), f"zone {zone} for {s.cards[zp.card].d.name}")
            self.position()

    def do_next_phase(self) -> None:
        p = self.prompt("main", "battle")
        if p.kind == "battle":
            self.choose(p, END_BATTLE, "end the Battle Phase")
        elif TO_BATTLE in p.options:
            self.choose(p, TO_BATTLE, "enter the Battle Phase")
        else:
            self.choose(p, TO_END, "enter the End Phase")

    def do_enter_phase(self) -> None:
        phase = self.act.get("phase")
        p = self.prompt("main", "battle")
        action = {
            ("main", "battle"): TO_BATTLE,
            ("main", "end"): TO_END,
            ("battle", "main2"): END_BATTLE,
        }.get((p.kind, phase))
        self.choose(p, action, f"enter the {phase} phase from {self.duel.state.phase}")

    def do_attack(self) -> None:
        p = self.prompt("battle")
        s = self.duel.state
        attacker = self.find(self.act.get("attacker"), self.own_monsters())
        target_ref = self.act.get("target", "direct")
        if target_ref == "direct":
            target: int | None = EMPTY
        else:
            target = self.find(target_ref, s.monsters(1 - self.player))
        action = None if attacker is None or target is None else ("attack", attacker, target)
        self.choose(p, action, _show(self.act))

    def do_discard(self) -> None:
        for ref in _list(self.act.get("cards"), "cards", self.r):
            p = self.prompt("discard")
            hand = self.duel.state.sides[self.player].hand
            self.choose(p, self.card_option(p, "discard", ref, hand), f"discard {ref}")

    def do_go_first(self) -> None:
        p = self.prompt("first")
        self.choose(p, ("first",) if self.act.get("first", True) else ("second",), "go first")

    def do_end_turn(self) -> None:
        duel = self.duel
        turn = duel.state.turn
        while duel.prompt is not None and duel.state.turn == turn:
            p = duel.prompt
            if p.player != self.player and p.kind != "respond" and len(p.options) > 1:
                raise _Refused(f"player {p.player} must decide ({p.kind}) before the turn ends")
            quiet = {"main": TO_END, "battle": END_BATTLE}.get(p.kind, p.default)
            duel.apply_action(quiet if quiet in p.options else p.default)


def settle(duel: Duel) -> None:
    """Answer what needs no decision (single options, priority windows with nothing to
    do), stopping at the turn player's Main and Battle Phase prompts and real choices."""
    while duel.prompt is not None:
        p = duel.prompt
        if p.kind in ("main", "battle") or (len(p.options) > 1 and p.kind != "respond"):
            return
        duel.apply_action(p.default)


def _monster_matches(r: _Runner, c: Inst, spec: dict[str, Any]) -> bool:
    if c.d.uid != r.card(spec).uid:
        return False
    if "zone" in spec and c.seq != spec["zone"]:
        return False
    if "position" in spec:
        pos = "set" if not c.face_up else ("defense" if c.in_def else "attack")
        if pos != spec["position"]:
            return False
    if "atk" in spec and c.atk != spec["atk"]:
        return False
    if "def" in spec and c.def_value != spec["def"]:
        return False
    if "materials" in spec:
        want = Counter(r.card(m).name for m in _list(spec["materials"], "materials", r))
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


def _show(act: dict[str, Any]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in act.items() if k not in ("illegal", "expect"))


def _int(value: Any, what: str, r: _Runner) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise r.error(f"{what} must be a whole number, got {value!r}")
    return value


def _list(value: Any, what: str, r: _Runner) -> list[Any]:
    """A list from the scenario; ``{card: X, copies: N}`` stands for N entries of X."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise r.error(f"{what} must be a list")
    out = []
    for item in value:
        if isinstance(item, dict) and "copies" in item:
            n = _int(item["copies"], "copies", r)
            if not 1 <= n <= 100:
                raise r.error(f"{what}: copies must be 1-100")
            out.extend([item["card"]] * n)
        else:
            out.append(item)
    return out
