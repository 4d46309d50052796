"""A smoke test of a deck for CI: N seeded games against a fixed opponent. It fails when a
card of the deck is not supported by the engine, when the engine raises, when an invariant
of the duel breaks (engine/checks.py), or when an Extra Deck monster could never be
summoned (no way to summon it that the engine plays, or no materials the deck could give).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcheck.engine.agents import make_agent
from deckcheck.engine.checks import play_checked
from deckcheck.engine.coverage import coverage
from deckcheck.engine.match import game_seed
from deckcheck.engine.procedures import could_summon
from deckcheck.engine.template import DuelTemplate
from deckcheck.io.errors import InputError

if TYPE_CHECKING:
    from deckcheck.engine.carddefs import CardDef


@dataclass
class SmokeCheck:
    name: str
    ok: bool
    message: str = ""
    details: list[str] = field(default_factory=list)


@dataclass
class SmokeReport:
    deck: str
    opponent: str
    games: int
    checks: list[SmokeCheck]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def as_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "opponent": self.opponent,
            "games": self.games,
            "ok": self.ok,
            "checks": [
                {"name": c.name, "ok": c.ok, "message": c.message, "details": c.details}
                for c in self.checks
            ],
        }


def unsupported(template: DuelTemplate, player: int = 0) -> list[str]:
    return [
        f"{r.name} ({r.copies[player]} copies): {'; '.join(r.issues)}"
        for r in coverage(template)
        if r.copies[player]
    ]


def never_summoned(template: DuelTemplate, player: int = 0) -> list[str]:
    """Extra Deck monsters of the deck that no material the deck holds could summon (all its
    monsters face-up at once: a generous test), or that have no procedure the engine plays."""
    main, extra = template.zones[player]
    monsters = [template.defs[i] for i in (*main, *extra) if template.defs[i].is_monster]
    using = _fuses_one(template.defs[i] for i in main)
    fuses = _fuses(template.defs[i] for i in main)
    out = []
    seen = set()
    for i in extra:
        d = template.defs[i]
        if d.uid in seen:
            continue
        seen.add(d.uid)
        if d.groups is None:
            if d.fx is None or d.fx.summon not in ("by_effect_only", "proper_only"):
                out.append(f"{d.name}: no summoning procedure the engine plays")
        elif not (
            could_summon(d, monsters)
            or (using and _names_one(d, monsters))
            or (fuses and _fusible(d, [template.defs[i] for i in main]))  # Polymerization
            or _xyz_on(d, monsters)
            or _contact(d, monsters)
        ):
            out.append(f"{d.name}: no monsters of the deck are materials for it")
    return out


def _contact(d: CardDef, monsters: list[CardDef]) -> bool:
    """A monster summoned by sending its materials from the field (Chimeratech Fortress
    Dragon): the deck holds enough monsters for each of its material groups."""
    procs = d.fx.procedures if d.fx is not None else ()
    if not d.groups or not any(e.contact for e in procs):
        return False
    return all(sum(1 for m in monsters if g.accepts(m)) >= g.min for g in d.groups)


def _xyz_on(d: CardDef, monsters: list[CardDef]) -> bool:
    """An Xyz Monster also summoned on one monster the deck holds (Cyber Dragon Infinity on
    Cyber Dragon Nova)."""
    procs = d.fx.procedures if d.fx is not None else ()
    return any(e.xyz_on is not None and any(e.xyz_on.matches(m) for m in monsters) for e in procs)


def _fuses(defs: Iterable[CardDef]) -> bool:
    """Whether a card of the deck Fusion Summons (Polymerization, Invocation)."""
    return any(
        d.fx is not None and any(o.do == "fusion_summon" for e in d.fx.effects for o in e.ops)
        for d in defs
    )


def _fusible(d: CardDef, monsters: list[CardDef]) -> bool:
    """A Fusion Monster whose materials some of these Main Deck monsters (as many copies
    of each as the deck holds, up to the material count) would make."""
    from itertools import combinations

    from deckcheck.engine.procedures import _size_bounds, fits_groups

    if d.method != "fusion" or not d.groups:
        return False
    low, high = _size_bounds(d.groups)
    pool: list[CardDef] = []
    for m in monsters:
        if any(g.accepts(m) for g in d.groups) and sum(x is m for x in pool) < high:
            pool.append(m)
    sizes = range(max(low, 1), min(high, len(pool)) + 1)
    return any(fits_groups(d.groups, list(c)) for n in sizes for c in combinations(pool, n))


def _fuses_one(defs: Iterable[CardDef]) -> bool:
    """Whether a card of the deck Fusion Summons with one named monster alone (The Eye of
    Timaeus: ``fusion_summon_using``)."""
    return any(
        d.fx is not None and any(o.do == "fusion_summon_using" for e in d.fx.effects for o in e.ops)
        for d in defs
    )


def _names_one(d: CardDef, monsters: list[CardDef]) -> bool:
    """A Fusion Monster whose material list names one of these monsters."""
    from deckcheck.engine.effects.ops import material_names

    named = material_names(d)
    return d.method == "fusion" and any(not named.isdisjoint(m.names) for m in monsters)


def smoke(
    template: DuelTemplate, games: int, seed: int, agents: tuple[str, str] = ("random", "random")
) -> SmokeReport:
    if not 1 <= games <= 100_000:
        raise InputError("--games must be 1 to 100,000")
    crashes: list[str] = []
    broken: list[str] = []
    for index in range(games):
        s = game_seed(seed, index)
        players = (make_agent(agents[0], s, 0), make_agent(agents[1], s, 1))
        _, fault = play_checked(template, s, index % 2, players)
        if fault is None:
            continue
        where = f"game {index + 1} (seed {s})"
        if fault.kind == "invariant":
            broken.append(f"{where}, decision {fault.decisions}: {fault.message}")
        else:
            crashes.append(f"{where}: {fault.message}")
    missing = unsupported(template)
    stuck = never_summoned(template)
    checks = [
        SmokeCheck("cards supported", not missing,
                   f"{len(missing)} cards not supported" if missing else "every card", missing),
        SmokeCheck("Extra Deck summonable", not stuck,
                   f"{len(stuck)} never summoned" if stuck else "every Extra Deck monster", stuck),
        SmokeCheck(f"{games} games without an engine error", not crashes,
                   f"{len(crashes)} games failed" if crashes else "no error", crashes),
        SmokeCheck("invariants", not broken,
                   f"{len(broken)} games broke one" if broken else "held", broken),
    ]  # fmt: skip
    return SmokeReport(template.decks[0].name, template.decks[1].name, games, checks)


def render_text(report: SmokeReport) -> str:
    lines = [f"smoke test of {report.deck} against {report.opponent}, {report.games} games:"]
    for c in report.checks:
        lines.append(f"  {'ok  ' if c.ok else 'FAIL'} {c.name}: {c.message}")
        lines.extend(f"       {d}" for d in c.details[:20])
        if len(c.details) > 20:
            lines.append(f"       ... and {len(c.details) - 20} more")
    lines.append("passed" if report.ok else "failed")
    return "\n".join(lines)


def render_junit(report: SmokeReport) -> str:
    failures = sum(1 for c in report.checks if not c.ok)
    suite = ET.Element(
        "testsuite",
        name=f"deckcheck.smoke.{report.deck}",
        tests=str(len(report.checks)),
        failures=str(failures),
        errors="0",
    )
    for c in report.checks:
        case = ET.SubElement(suite, "testcase", classname="deckcheck.smoke", name=c.name)
        if not c.ok:
            fail = ET.SubElement(case, "failure", message=c.message, type="smoke")
            fail.text = "\n".join(c.details)
    root = ET.Element("testsuites", tests=suite.get("tests", "0"), failures=str(failures))
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
