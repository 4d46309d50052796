"""Scenario actions: each one carried out prompt by prompt against the engine."""

from __future__ import annotations

from typing import Any

from deckcheck.engine.actions import (
    ATTACK,
    CANCEL,
    DEFENSE,
    DONE,
    END_BATTLE,
    FACE_DOWN,
    FIRST,
    NO,
    PASS,
    PENDULUM,
    SECOND,
    TO_BATTLE,
    TO_END,
    YES,
    Action,
    AttackChoice,
    CardChoice,
    CardsChoice,
    EffectChoice,
    NameChoice,
    Prompt,
    ZoneChoice,
)
from deckcheck.engine.duel import Duel
from deckcheck.engine.scenario_setup import Setup, as_int, as_list
from deckcheck.engine.state import EMPTY, PZONE_BASE


class Refused(Exception):
    """The engine did not accept an action (the message says why)."""

    pass


class Act:
    """One scenario action carried out prompt by prompt."""

    def __init__(self, runner: Setup, duel: Duel, act: dict[str, Any], player: int) -> None:
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
                raise Refused("the duel is over")
            if p.kind == "respond" and "respond" not in kinds:
                duel.apply_action(p.default)
                continue
            if p.kind == "trigger" and "trigger" not in kinds and p.player != self.player:
                duel.apply_action(p.options[0])  # the other player's triggers: first
                continue
            if p.player != self.player:
                raise Refused(f"player {p.player} is to decide now ({p.kind}), not {self.player}")
            if kinds and p.kind not in kinds:
                raise Refused(f"the engine asks for a {p.kind} decision here")
            return p

    def choose(self, prompt: Prompt, action: Action | None, what: str) -> None:
        if action is None or action not in prompt.options:
            raise Refused(f"{what} is not among the legal options: {self.show(prompt)}")
        self.duel.apply_action(action)

    def selection(self) -> tuple[int, object, object, str]:
        """Which selection the engine asks now: its frame, the chain link and operation
        it belongs to, the prompt's kind."""
        f = self.duel.state.frames[-1]
        p = self.duel.prompt
        return id(f), f.data.get("i"), f.data.get("k"), p.kind if p is not None else ""

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
            if (
                isinstance(a, CardChoice)
                and a.kind == kind
                and a.card in where
                and s.cards[a.card].d.uid == want.uid
            ):
                return a
        return None

    def group_option(self, prompt: Prompt, refs: list[Any]) -> Action | None:
        """The option whose set of cards matches ``refs`` by card (and zone, if given)."""
        for a in prompt.options:
            if not isinstance(a, CardsChoice):
                continue
            ids = list(a.cards)
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
            zone = ZoneChoice("zone", as_int(self.act[key], key, self.r))
            self.choose(p, zone, f"zone {self.act[key]}")
        else:
            self.duel.apply_action(p.options[0])

    def position(self) -> None:
        p = self.prompt("position")
        pos = self.act.get("position", "attack")
        choice = {"defense": DEFENSE, "set": FACE_DOWN}.get(pos, ATTACK)  # set: face-down
        self.choose(p, choice, f"position {pos}")

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
        self.choose(p, self.card_option(p, kind, self.act.get("card"), hand), show_action(self.act))
        if self.duel.prompt is None:
            return  # the LP it cost ended the duel (Chain Energy)
        nxt = self.prompt("tributes", "zone")
        if nxt.kind == "tributes":
            refs = as_list(self.act.get("tributes"), "tributes", self.r)
            # a Normal Summon without Tributes where a procedure allows it (Mist Archfiend)
            spared = [] if tribute else [o for o in nxt.options if not o.cards]
            offered = spared or [o for o in nxt.options if o.cards]
            if not refs and len(offered) > 1:
                raise self.r.error(f"{show_action(self.act)}: say which monsters to tribute")
            pick = self.group_option(nxt, refs) if refs else offered[0]
            self.choose(nxt, pick, f"tributes {refs}")
        elif tribute or self.act.get("tributes"):
            raise Refused("this monster is not Tribute Summoned (Level 4 or lower)")
        self.zone()

    def do_tribute_summon(self) -> None:
        self.do_normal_summon(tribute=True)

    def do_flip_summon(self) -> None:
        p = self.prompt("main")
        opt = self.card_option(p, "flip", self.act.get("card"), self.own_monsters())
        self.choose(p, opt, show_action(self.act))

    def do_change_position(self) -> None:
        p = self.prompt("main")
        opt = self.card_option(p, "position", self.act.get("card"), self.own_monsters())
        self.choose(p, opt, show_action(self.act))

    def do_set_spell_trap(self) -> None:
        p = self.prompt("main")
        hand = self.duel.state.sides[self.player].hand
        opt = self.card_option(p, "set_card", self.act.get("card"), hand)
        self.choose(p, opt, show_action(self.act))
        self.zone()

    def do_place_scale(self) -> None:
        p = self.prompt("main")
        hand = self.duel.state.sides[self.player].hand
        opt = self.card_option(p, "scale", self.act.get("card"), hand)
        self.choose(p, opt, show_action(self.act))
        side = self.act.get("zone", "left")
        sep = self.duel.template.profile.separate_pendulum_zones
        zone = {"left": PZONE_BASE if sep else 0, "right": PZONE_BASE + 1 if sep else 4}.get(side)
        zp = self.prompt("zone")
        self.choose(zp, None if zone is None else ZoneChoice("zone", zone), f"Pendulum Zone {side}")

    def do_special_summon(self) -> None:
        method = self.act.get("method")
        if method == "pendulum":
            return self._pendulum()
        if method == "procedure":  # the card's own summoning procedure, from the hand
            p = self.prompt("main")
            side = self.duel.state.sides[self.player]
            self.choose(p, self.card_option(p, "procedure", self.act.get("card"),
                                            side.hand + side.extra),
                        show_action(self.act))  # fmt: skip
            # a "contact" procedure from the Extra Deck: its materials, then done
            for ref in as_list(self.act.get("materials"), "materials", self.r):
                mp = self.prompt("select")
                where = [a.card for a in mp.options if isinstance(a, CardChoice)]
                self.choose(mp, self.card_option(mp, "pick", ref, where), f"material {ref}")
            if self.duel.prompt is not None and DONE in self.duel.prompt.options:
                self.choose(self.prompt("select"), DONE, "done")
            for ref in as_list(self.act.get("cost"), "cost", self.r):  # "by discarding 1 card"
                cp = self.prompt("select")
                where = [a.card for a in cp.options if isinstance(a, CardChoice)]
                self.choose(cp, self.card_option(cp, "pick", ref, where), f"cost {ref}")
            self.zone()
            self.position()
            return None
        if method not in ("synchro", "xyz", "link"):
            raise self.r.error(
                "special_summon method must be synchro, xyz, link, pendulum or procedure"
            )
        p = self.prompt("main")
        extra = self.duel.state.sides[self.player].extra
        opt = self.card_option(p, method, self.act.get("card"), extra)
        self.choose(p, opt, show_action(self.act))
        mp = self.prompt("materials")
        refs = as_list(self.act.get("materials"), "materials", self.r)
        self.choose(mp, self.group_option(mp, refs), f"materials {refs}")
        self.zone()
        self.position()
        return None

    def _pendulum(self) -> None:
        p = self.prompt("main")
        self.choose(p, PENDULUM, "Pendulum Summon")
        refs = as_list(self.act.get("cards"), "cards", self.r)
        s = self.duel.state
        for ref in refs:
            pp = self.prompt("pendulum")
            pool = s.sides[self.player].hand + s.sides[self.player].extra
            self.choose(pp, self.card_option(pp, "pick", ref, pool), f"Pendulum Summon {ref}")
        if self.duel.prompt is not None and self.duel.prompt.kind == "pendulum":
            self.choose(self.prompt("pendulum"), DONE, "done")
        zones = as_list(self.act.get("zones"), "zones", self.r)
        placing = dict(zip([self.r.card(r).uid for r in refs], zones, strict=False))
        for _ in range(len(refs)):
            zp = self.prompt("zone")
            zone = placing.pop(s.cards[zp.card].d.uid, None) if zp.card >= 0 else None
            if zone is None:
                self.duel.apply_action(zp.options[0])
            else:
                what = f"zone {zone} for {s.cards[zp.card].d.name}"
                self.choose(zp, ZoneChoice("zone", zone), what)
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
        p = self.prompt("battle", "replay")  # a replay asks again: a target, or cancel
        s = self.duel.state
        attacker = self.find(self.act.get("attacker"), self.own_monsters())
        target_ref = self.act.get("target", "direct")
        if target_ref == "cancel" and p.kind == "replay":
            self.choose(p, CANCEL, "cancel the attack")
            return
        if target_ref == "direct":
            target: int | None = EMPTY
        else:
            target = self.find(target_ref, s.monsters(1 - self.player))
        action = None
        if attacker is not None and target is not None:
            action = AttackChoice("attack", attacker, target)
        self.choose(p, action, show_action(self.act))

    def do_discard(self) -> None:
        for ref in as_list(self.act.get("cards"), "cards", self.r):
            p = self.prompt("discard")
            hand = self.duel.state.sides[self.player].hand
            self.choose(p, self.card_option(p, "discard", ref, hand), f"discard {ref}")

    def do_go_first(self) -> None:
        p = self.prompt("first")
        self.choose(p, FIRST if self.act.get("first", True) else SECOND, "go first")

    # -- card effects (ext)

    def effect_option(self, prompt: Prompt, kind: str) -> Action | None:
        """The option that activates this action's card (and effect, by index or label)."""
        want = self.r.card(self.act.get("card"))
        which = self.act.get("effect")
        s = self.duel.state
        zone = (
            self.act.get("card", {}).get("zone") if isinstance(self.act.get("card"), dict) else None
        )
        for a in prompt.options:
            if not isinstance(a, EffectChoice) or a.kind != kind:
                continue
            c = s.cards[a.card]
            if c.d.uid != want.uid or (zone is not None and c.seq != zone):
                continue
            if which is None or _effect_named(c.d, a.effect, which):
                return a
        return None

    def do_activate(self) -> None:
        """Activate a card or an effect at the Main Phase prompt or in response; then pay
        its costs and choose its targets as the action lists them."""
        p = self.prompt("main", "respond", "battle")
        self.choose(p, self.effect_option(p, "activate"), show_action(self.act))
        self.carry_out()

    def do_trigger(self) -> None:
        """Put a trigger on the chain, or apply a replacement effect ("... instead")."""
        p = self.prompt("trigger", "replace")
        self.choose(p, self.effect_option(p, p.kind), show_action(self.act))
        self.carry_out()

    def carry_out(self) -> None:
        """Answer the activation's own questions: zone, costs, targets."""
        duel = self.duel
        costs = as_list(self.act.get("cost"), "cost", self.r)
        targets = as_list(self.act.get("targets"), "targets", self.r)
        while duel.prompt is not None and duel.state.frames[-1].kind == "activate":
            p = duel.prompt
            if p.kind == "zone":
                self.zone()
            elif p.kind == "declare" and "value" in self.act:  # declared as it is activated
                self.choose(p, NameChoice("declare", str(self.act["value"])), "declare")
            elif p.kind in ("select", "target"):
                refs = costs if p.kind == "select" else targets
                if refs:
                    ref = refs.pop(0)
                    where = [a.card for a in p.options if isinstance(a, CardChoice)]
                    self.choose(p, self.card_option(p, "pick", ref, where), f"{p.kind} {ref}")
                elif DONE in p.options:
                    duel.apply_action(DONE)
                elif p.kind == "target" and len(p.options) > 1:
                    raise self.r.error(f"{show_action(self.act)}: say which cards to target")
                else:
                    duel.apply_action(p.options[0])
            else:
                duel.apply_action(p.default)

    def do_pass(self) -> None:
        p = self.prompt("respond")
        self.choose(p, PASS, "pass")

    def do_resolve(self) -> None:
        """Both players pass until the chain has resolved (choices on the way take the
        first option)."""
        duel = self.duel
        while duel.prompt is not None and duel.state.chain:
            duel.apply_action(duel.prompt.default)

    def do_choose(self) -> None:
        """Answer a question of a resolving effect: cards to select, a zone, a position."""
        duel = self.duel
        p = self.prompt("select", "zone", "position", "target")
        if p.kind in ("select", "target"):
            asking = self.selection()
            for ref in as_list(self.act.get("cards"), "cards", self.r):
                p = self.prompt("select", "target")
                asking = self.selection()
                where = [a.card for a in p.options if isinstance(a, CardChoice)]
                self.choose(p, self.card_option(p, "pick", ref, where), f"choose {ref}")
            # the cards listed are all of this selection: end it where it may end, but not
            # the next one (a zero-minimum selection is answered by its own action)
            p2 = duel.prompt
            if p2 is not None and DONE in p2.options and self.selection() == asking:
                duel.apply_action(DONE)
        elif p.kind == "zone":
            self.zone()
        else:
            self.position()

    def do_answer(self) -> None:
        p = self.prompt("yes_no")
        self.choose(p, YES if self.act.get("yes", True) else NO, "answer")

    def do_decline(self) -> None:
        p = self.prompt("trigger", "yes_no", "respond", "replace")
        self.choose(p, p.default, "decline")

    def do_declare(self) -> None:
        p = self.prompt("declare")
        self.choose(p, NameChoice("declare", str(self.act.get("value"))), "declare")

    def do_end_turn(self) -> None:
        duel = self.duel
        turn = duel.state.turn
        while duel.prompt is not None and duel.state.turn == turn:
            p = duel.prompt
            if p.player != self.player and p.kind != "respond" and len(p.options) > 1:
                raise Refused(f"player {p.player} must decide ({p.kind}) before the turn ends")
            quiet = {"main": TO_END, "battle": END_BATTLE}.get(p.kind, p.default)
            duel.apply_action(quiet if quiet in p.options else p.default)


def settle(duel: Duel, respond: bool = False) -> None:
    """Answer what needs no decision (single options, priority windows with nothing to
    do), stopping at the turn player's Main and Battle Phase prompts and real choices;
    with ``respond`` (the next action acts on the chain) also at chances to respond."""
    while duel.prompt is not None:
        p = duel.prompt
        if p.kind in ("main", "battle") or (len(p.options) > 1 and p.kind != "respond"):
            return
        if respond and p.kind == "respond" and len(p.options) > 1:
            return
        duel.apply_action(p.default)


CHAIN_ACTIONS = frozenset(
    {"activate", "pass", "choose", "answer", "trigger", "decline", "declare", "resolve"}
)


def _effect_named(d: Any, path: str, which: Any) -> bool:  # noqa: ANN401 - a CardDef
    if isinstance(which, int):
        return path == str(which)
    fx = d.fx
    return fx is not None and "." not in path and fx.effects[int(path)].label == which


def show_action(act: dict[str, Any]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in act.items() if k not in ("illegal", "expect"))
