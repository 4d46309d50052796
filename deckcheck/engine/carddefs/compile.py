"""Card definitions for the engine, compiled once per process from the card data and the
card's effect file (files.py), if it has one.

A ``CardDef`` holds what the rules of play need (stats, Link Arrows as vectors, material
groups as data, the compiled effects) and ``issues``: why the engine cannot play the card
faithfully. Cards with issues are still played as far as the rules allow (an effect
monster without a file plays as its stats, a Spell can be Set) and are always listed in
the coverage report. A card with a file is fully supported: all its effects.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from deckcheck.cards.filters import FRAME_WORDS, Filter, Term, term
from deckcheck.cards.model import Card, MaterialGroup
from deckcheck.engine.carddefs import files
from deckcheck.engine.effects.model import CardEffects, compile_effects

# Link Arrow vectors (rows toward the opponent, columns to the right) for the player who
# controls the Link monster; the other player's are the negation.
ARROWS: dict[str, tuple[int, int]] = {
    "topleft": (1, -1),
    "topcenter": (1, 0),
    "topright": (1, 1),
    "middleleft": (0, -1),
    "middleright": (0, 1),
    "bottomleft": (-1, -1),
    "bottomcenter": (-1, 0),
    "bottomright": (-1, 1),
}

EFFECT_NOT_APPLIED = "monster effect not applied: plays as its printed stats"
PENDULUM_EFFECT = "Pendulum Effect (if any) not applied"
SPELL_TRAP = "cannot be activated yet: can only be Set or kept in hand"
NEEDS_EFFECT_SUMMON = (
    "summoned only by a card effect (Fusion/Ritual or its own text): never summoned"
)
SPECIAL_ONLY = "Special Summoned only by its own text: never summoned"
NO_MATERIALS = "no material line: summoned only by a card effect: never summoned"
BAD_MATERIALS = "material line not understood: never summoned"
UNKNOWN_STAT = "'?' ATK/DEF is treated as 0"
NOT_PLAYABLE = "not a card the rules of play use"

# Relations between the members of one material group.
RELATIONS = frozenset(
    {
        "same-name",
        "same-race",
        "same-attribute",
        "same-level",
        "same-rank",
        "different-names",
        "different-races",
        "different-attributes",
        "different-levels",
    }
)
# material traits written "kind:argument": the filter term each one stands for
PREFIXED = {
    "archetype": ("archetype", False),
    "not-archetype": ("archetype", True),
    "not-name": ("name", True),
    "rank": ("rank", False),
    "not-attribute": ("attribute", True),
}
ANY_PREFIXED = {  # "any-race:dragon|wyrm": any of the values
    "any-name": "name",
    "any-archetype": "archetype",
    "any-race": "race",
    "any-attribute": "attribute",
    "any-frame": "frame",
}
# material traits about how the monster came to the field (Inst.summon): not a fact of the
# card, so not a filter term; procedures.py reads them from the duel's state
SUMMONED = {
    "normal-summoned": frozenset({"normal", "tribute"}),
    "normal-summoned-set": frozenset({"normal", "tribute", "set", "tribute_set"}),
}


class UnsupportedMaterial(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """One material group as data: counts, a filter (the shared filter language,
    cards/filters.py) and relations between its members. ``summoned``: if not empty, how
    each member must have come to the field ("1 Normal Summoned/Set monster")."""

    min: int
    max: int | None
    filter: Filter
    relations: tuple[str, ...]
    summoned: frozenset[str] = frozenset()

    def accepts(self, d: CardDef) -> bool:
        return self.filter.matches(d)

    def accepts_on_field(self, d: CardDef, how: str) -> bool:
        """``accepts`` for a monster on the field that came there by ``how`` (Inst.summon)."""
        return (not self.summoned or how in self.summoned) and self.filter.matches(d)

    def related(self, members: list[CardDef]) -> bool:
        """Whether the members of this group satisfy its same-/different- relations."""
        for rel in self.relations:
            kind, _, key = rel.partition("-")
            key = key.rstrip("s")
            if key == "name":
                values = [frozenset(d.names) for d in members]
                if kind == "same" and frozenset.intersection(*values) == frozenset():
                    return False
                if kind == "different" and any(
                    a & b for i, a in enumerate(values) for b in values[i + 1 :]
                ):
                    return False
                continue
            plain = [getattr(d, key) for d in members]
            if kind == "same" and len(set(plain)) > 1:
                return False
            if kind == "different" and len(set(plain)) < len(plain):
                return False
        return True


def _fusion_groups(card: Card) -> tuple[GroupSpec, ...] | None:
    """A Fusion Monster's materials, for the fusion_summon operation (None: not understood)."""
    if card.materials is None or not card.materials.supported:
        return None
    try:
        return tuple(compile_group(g) for g in card.materials.groups)
    except UnsupportedMaterial:
        return None


def compile_group(group: MaterialGroup) -> GroupSpec:
    terms: list[Term] = []
    relations: list[str] = []
    summoned: frozenset[str] = frozenset()
    if group.name is not None:
        terms.append(term("name", group.name))
    if group.tuner is not None:
        terms.append(term("frame", "tuner", negate=not group.tuner))
    if group.level is not None:
        terms.append(term("level", group.level))
    if group.attribute is not None:
        terms.append(term("attribute", group.attribute))
    if group.race is not None:
        terms.append(term("race", group.race))
    for trait in group.traits:
        if trait in RELATIONS:
            relations.append(trait)
        elif trait in SUMMONED:
            summoned = SUMMONED[trait]
        elif trait in FRAME_WORDS:
            terms.append(term("frame", trait))
        elif trait.startswith(("level<=", "level>=")) and trait[7:].isdigit():
            terms.append(term(trait[:7], int(trait[7:])))
        elif trait.startswith(("atk<=", "atk>=")) and trait[5:].isdigit():
            terms.append(term(trait[:5], int(trait[5:])))
        else:
            kind, sep, arg = trait.partition(":")
            if sep and kind in PREFIXED and (kind != "rank" or arg.isdigit()):
                field, negate = PREFIXED[kind]
                value: object = int(arg) if field == "rank" else arg
                terms.append(term(field, value, negate=negate))
            elif sep and kind in ANY_PREFIXED:
                terms.append(term(ANY_PREFIXED[kind], *arg.split("|")))
            else:
                raise UnsupportedMaterial(trait)
    return GroupSpec(group.min, group.max, Filter(tuple(terms)), tuple(relations), summoned)


@dataclass(frozen=True, slots=True)
class CardDef:
    """What the rules need to know about one card. Plain data, shared by every duel. Its
    stats are the printed ones: the rules read current values through query.py."""

    uid: str
    code: int
    name: str
    names: frozenset[str]  # printed name and names by rule, for "name" material filters
    kind: str
    frames: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    archetypes: tuple[str, ...] = ()
    attribute: str | None = None
    also_attribute: str | None = None  # a second Attribute an effect gives it now
    race: str | None = None
    level: int = 0  # 0: no Level (Xyz, Link, non-monsters)
    rank: int = 0
    link: int = 0  # Link Rating
    arrows: tuple[tuple[int, int], ...] = ()
    atk: int = 0
    defense: int = 0
    # stats printed as '?' ("atk", "def"): 0 on the field when nothing sets them, but
    # undetermined elsewhere, so no ATK/DEF range matches them there (000, 3.1.4.5.1)
    unknown: frozenset[str] = frozenset()
    tuner: bool = False
    pendulum: bool = False
    scale: int = -1
    effect: bool = False
    normal: bool = False
    extra: bool = False  # an Extra Deck monster
    method: str | None = None  # fusion/synchro/xyz/link for Extra Deck monsters
    groups: tuple[GroupSpec, ...] | None = None  # None: no summon by procedure
    summonable: bool = False  # may be Normal Summoned or Set
    spell_property: str | None = None
    issues: tuple[str, ...] = ()
    fx: CardEffects | None = None  # the card's effects, from its card file
    material_names: frozenset[str] = frozenset()  # card names its material line lists
    # a Trap Monster: what the card is while in a Monster Zone (query.printed reads it)
    as_monster: CardDef | None = None

    @property
    def is_monster(self) -> bool:
        return self.kind == "monster"


def _stat(value: int | str | None, issues: list[str]) -> int:
    if value == "?":
        if UNKNOWN_STAT not in issues:
            issues.append(UNKNOWN_STAT)
        return 0
    return value if isinstance(value, int) else 0


def compile_card(card: Card) -> CardDef:
    spec = files.load(card.passcode) if card.passcode else None
    if spec is not None and spec.materials is not None and card.materials is None:
        from deckcheck.cards.materials import parse_materials

        # the printed material line the card data lacks (Primathmech Laplacian)
        card = card.replace(materials=parse_materials(spec.materials, card.frames))
    d = _compile_rules(card)
    if spec is None:
        return d
    fx = compile_effects(spec, card.kind, card.spell_property)
    # a file defines all the card's effects, so what sets a printed "?" too (none: 0 on
    # the field, seed 000 3.1.4.5.1)
    covered = (EFFECT_NOT_APPLIED, PENDULUM_EFFECT, SPELL_TRAP, UNKNOWN_STAT)
    issues = tuple(i for i in d.issues if i not in covered)
    if spec.missing:
        issues = (*issues, f"partly supported: {spec.missing}")
    if spec.summon in ("by_effect_only", "proper_only"):
        issues = tuple(i for i in issues if i not in (NEEDS_EFFECT_SUMMON, SPECIAL_ONLY))
    if fx.procedures or fx.summoned_by:  # summoned by its procedure, or by the cards named
        issues = tuple(i for i in issues if i != SPECIAL_ONLY)
    if any(e.contact for e in fx.procedures):  # a Fusion Monster by its contact procedure
        issues = tuple(i for i in issues if i != NEEDS_EFFECT_SUMMON)
    d = replace(d, fx=fx, issues=issues)
    return replace(d, as_monster=_monster_form(d))


def _monster_form(d: CardDef) -> CardDef | None:
    """A Trap Monster's card while it is a monster (seed 000, 4.3.3.11): the stats its
    summon_self_as_monster gives, a Normal or Effect Monster, with the frame word ``trap``
    when it is also still a Trap Card (filters then find it as a monster and as a Trap)."""
    if d.kind != "trap" or d.fx is None:
        return None
    ops = [o for e in d.fx.effects for o in e.ops if o.spec.monster is not None]
    if not ops:
        return None
    m = ops[0].spec.monster
    assert m is not None
    frames = ("effect" if m.effect else "normal", *(("trap",) if m.trap else ()))
    return replace(
        d,
        kind="monster",
        frames=frames,
        attribute=m.attribute.lower(),
        race=m.race.lower(),
        level=m.level,
        atk=m.atk,
        defense=m.defense,
        effect=m.effect,
        normal=not m.effect,
    )


def _compile_rules(card: Card) -> CardDef:
    issues: list[str] = []
    names = frozenset({card.name, *card.name_keys})
    base = {
        "uid": card.uid,
        "code": card.passcode or 0,
        "name": card.name,
        "names": names,
        "kind": card.kind,
        "archetypes": card.archetypes,
        "spell_property": card.spell_property,
    }
    if card.kind in ("spell", "trap"):
        return CardDef(**base, issues=(SPELL_TRAP,))
    if card.kind not in ("monster", "token"):  # a Token has its printed stats (Security Token)
        return CardDef(**base, issues=(NOT_PLAYABLE,))
    extra = card.is_extra_deck_monster
    effect = card.is_effect
    pendulum = card.is_pendulum
    if effect:
        issues.append(EFFECT_NOT_APPLIED)
    if pendulum:
        issues.append(PENDULUM_EFFECT)
    atk = _stat(card.atk, issues)
    defense = _stat(card.defense, issues) if not card.is_link else 0
    method = None
    groups = None
    summonable = not extra and not card.cannot_normal_summon and "ritual" not in card.frames
    if extra:
        method = next(f for f in ("fusion", "synchro", "xyz", "link") if f in card.frames)
        if method == "fusion":
            issues.append(NEEDS_EFFECT_SUMMON)  # only an effect (fusion_summon) summons it
            groups = _fusion_groups(card)
        elif card.materials is None:
            issues.append(NO_MATERIALS)
        elif not card.materials.supported:
            issues.append(BAD_MATERIALS)
        else:
            try:
                groups = tuple(compile_group(g) for g in card.materials.groups)
            except UnsupportedMaterial as exc:
                issues.append(f"material requirement {exc} not understood: never summoned")
    elif "ritual" in card.frames:
        issues.append(NEEDS_EFFECT_SUMMON)
    elif card.cannot_normal_summon:
        issues.append(SPECIAL_ONLY)
    never = (NEEDS_EFFECT_SUMMON, SPECIAL_ONLY, NO_MATERIALS, BAD_MATERIALS)
    if any(i in never or i.endswith("never summoned") for i in issues):
        # a card that never reaches the field: its effects are beside the point
        issues = [i for i in issues if i not in (EFFECT_NOT_APPLIED, PENDULUM_EFFECT)]
    unknown = frozenset(
        k for k, v in (("atk", card.atk), ("def", card.defense)) if v == "?" and not card.is_link
    )
    return CardDef(
        **base,
        unknown=unknown,
        frames=card.frames,
        abilities=card.abilities,
        attribute=card.attribute,
        race=card.race,
        level=(card.level or 0) if card.rank is None and not card.is_link else 0,
        rank=card.rank or 0,
        link=card.link_rating or 0,
        arrows=tuple(ARROWS[a] for a in card.link_arrows if a in ARROWS),
        atk=atk,
        defense=defense,
        tuner=card.is_tuner,
        pendulum=pendulum,
        scale=card.scale if card.scale is not None else -1,
        effect=effect,
        normal="normal" in card.classifications,
        extra=extra,
        method=method,
        groups=groups,
        summonable=summonable,
        issues=tuple(issues),
        material_names=frozenset(
            g.name for g in (card.materials.groups if card.materials else ()) if g.name
        ),
    )


_COMPILED: dict[str, CardDef] = {}


def card_def(card: Card) -> CardDef:
    """The compiled definition of a card, cached for the life of the process."""
    d = _COMPILED.get(card.uid)
    if d is None:
        d = _COMPILED[card.uid] = compile_card(card)
    return d
