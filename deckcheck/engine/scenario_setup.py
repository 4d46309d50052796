"""Scenario positions: the duel a scenario's YAML describes, and its card references."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.engine.carddefs import CardDef, card_def
from deckcheck.engine.duel import Duel
from deckcheck.engine.effects import EffectLayer
from deckcheck.engine.profiles import get_profile
from deckcheck.engine.scenario_schema import check_scenario
from deckcheck.engine.state import (
    BANISHED,
    DECK,
    EMPTY,
    EXTRA,
    GRAVE,
    HAND,
    MZONE,
    OVERLAY,
    PZONE_BASE,
    SZONE,
    Frame,
    Inst,
    Side,
    State,
    emz_index,
)
from deckcheck.engine.template import DeckList, DuelTemplate, build_template, load_tokens
from deckcheck.io.errors import InputError

if TYPE_CHECKING:
    from deckcheck.cards.db import CardDB

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


class Setup:
    """Builds the duel a scenario starts from and resolves its card references."""

    def __init__(
        self, spec: dict[str, Any], db: CardDB, source: str, effects: EffectLayer | None = None
    ) -> None:
        self.effects = effects
        check_scenario(spec, source)  # every field's type and range, before anything is built
        self.spec = spec
        self.db = db
        self.source = source
        self.defs: dict[Ref, CardDef] = {}
        self.custom: dict[str, CardDef] = {
            c["name"].casefold(): custom_def(c, f"{source}: cards[{n}]")
            for n, c in enumerate(spec.get("cards") or [])
        }
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
        if isinstance(ref, str) and ref.casefold() in self.custom:
            return self.custom[ref.casefold()]
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
        seed = as_int(spec.get("seed", 0), "seed", self)
        players = spec.get("players") or []
        if not isinstance(players, list) or len(players) > 2:
            raise self.error("players must be a list of at most two players")
        players = [p or {} for p in players] + [{}] * (2 - len(players))
        if "turn" not in spec:
            return self._new_duel(players, seed, profile.name)
        if "first" in spec:
            raise self.error("first applies to a new duel (a scenario without turn)")
        turn = as_int(spec["turn"], "turn", self)
        tp = as_int(spec.get("turn_player", 0), "turn_player", self)
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
        tokens = load_tokens(list(defs_by_code.values()), self.db)
        template = build_template(lists, defs_by_code, profile, tokens)
        state = self._state(template, placed, players, turn, tp, phase, seed)
        return Duel(template, state, effects=self.effects, auto=False)

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
            main = [self.card(r) for r in as_list(data.get("deck"), "deck", self)]
            extra = [self.card(r) for r in as_list(data.get("extra"), "extra", self)]
            codes = []
            for d in main + extra:
                code = d.code or -len(defs) - 1
                defs[code] = d
                codes.append(code)
            lists.append(DeckList(tuple(codes[: len(main)]), tuple(codes[len(main) :])))
        first = self.spec.get("first")
        if first not in (None, 0, 1):
            raise self.error("first must be 0 or 1")
        template = build_template(lists, defs, profile, load_tokens(list(defs.values()), self.db))
        return Duel(template, template.new_state(seed, first), effects=self.effects, auto=False)

    def _cards_of(
        self, p: int, data: dict[str, Any], separate: bool
    ) -> list[tuple[CardDef, dict[str, Any]]]:
        out: list[tuple[CardDef, dict[str, Any]]] = []
        for key, loc in (("deck", DECK), ("hand", HAND), ("graveyard", GRAVE)):
            for ref in as_list(data.get(key), key, self):
                out.append((self.card(ref), {"loc": loc}))
        for ref in as_list(data.get("banished"), "banished", self):
            out.append((self.card(ref), {"loc": BANISHED}))
        for key, up in (("extra", False), ("extra_face_up", True)):
            for ref in as_list(data.get(key), key, self):
                out.append((self.card(ref), {"loc": EXTRA, "face_up": up}))
        for m in as_list(data.get("monsters"), "monsters", self):
            if not isinstance(m, dict) or "card" not in m:
                raise self.error(f"player {p}: a monster must be a mapping with card and zone")
            pos = m.get("position", "attack")
            if pos not in POSITIONS:
                raise self.error(f"player {p}: position must be attack, defense or set")
            host = len(out)
            out.append((self.card(m), {"loc": MZONE, **m}))
            for ref in as_list(m.get("materials"), "materials", self):
                out.append((self.card(ref), {"loc": OVERLAY, "host": host}))
        for s in as_list(data.get("spells"), "spells", self):
            if not isinstance(s, dict) or "card" not in s:
                raise self.error(f"player {p}: a spell/trap must be a mapping with card and zone")
            out.append((self.card(s), {"loc": SZONE, **s}))
        if data.get("field") is not None:
            out.append((self.card(data["field"]), {"loc": SZONE, "zone": 5, "face_down": True}))
        for s in as_list(data.get("pendulum"), "pendulum", self):
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
        state.frames = [Frame("duel", PHASE_STEPS[phase])]
        for p in (0, 1):
            lp = as_int(players[p].get("lp", prof.start_lp), "lp", self)
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
        zone = as_int(info.get("zone"), "zone", self)
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
        if info.get("summon"):
            c.summon = info["summon"]
        # an Extra Deck monster on the field came from the Extra Deck unless the scenario
        # says otherwise (revived from the GY); a Pendulum monster says so with from_extra
        from_extra = info.get("from_extra")
        if from_extra is None:
            from_extra = d.extra
        elif from_extra and not (d.extra or d.pendulum):
            raise self.error(f"{d.name}: only Extra Deck and Pendulum monsters come from there")
        if from_extra:
            c.prev = EXTRA
            c.summon = c.summon or d.method or "special"
        if info.get("attacked"):
            c.attacked, c.attacks = state.turn, 1
        if info.get("changed_position"):
            c.changed = state.turn

    def _place_spell(self, state: State, iid: int, info: dict[str, Any]) -> None:
        c = state.cards[iid]
        d = c.d
        zone = as_int(info.get("zone"), "zone", self)
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


def as_int(value: Any, what: str, r: Setup) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise r.error(f"{what} must be a whole number, got {value!r}")
    return value


def as_list(value: Any, what: str, r: Setup) -> list[Any]:
    """A list from the scenario; ``{card: X, copies: N}`` stands for N entries of X."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise r.error(f"{what} must be a list")
    out = []
    for item in value:
        if isinstance(item, dict) and "copies" in item:
            n = as_int(item["copies"], "copies", r)
            if not 1 <= n <= 100:
                raise r.error(f"{what}: copies must be 1-100")
            out.extend([item["card"]] * n)
        else:
            out.append(item)
    return out


def custom_def(spec: dict[str, Any], where: str) -> CardDef:
    """A card a scenario defines inline: its facts and effects in the card-file vocabulary."""
    from deckcheck.engine.effects.model import compile_effects
    from deckcheck.engine.effects.schema import parse

    kind = spec["kind"]
    prop = spec.get("property")
    checked = parse({"card": 1, "name": spec["name"], "effects": spec.get("effects", [])}, where)
    try:
        fx = compile_effects(checked, kind, prop)
    except ValueError as exc:  # what the schema lets through: a filter's field names
        raise InputError(f"{where}: {exc}") from None
    monster = kind == "monster"
    level = spec.get("level", 0)
    scale = spec.get("scale")
    pendulum = monster and scale is not None
    return CardDef(
        uid=f"custom:{spec['name']}",
        code=0,
        name=spec["name"],
        names=frozenset({spec["name"]}),
        kind=kind,
        frames=(("effect", "pendulum") if pendulum else ("effect",)) if monster else (),
        pendulum=pendulum,
        scale=scale if pendulum else -1,
        attribute=spec.get("attribute"),
        race=spec.get("race"),
        level=level,
        atk=spec.get("atk", 0),
        defense=spec.get("def", 0),
        effect=monster and bool(fx.effects),
        summonable=monster,
        spell_property=prop,
        fx=fx,
    )
