"""Summons by procedure from the Extra Deck: which sets of monsters are valid materials.

- Synchro: face-up materials whose Levels add up to the Synchro monster's Level, split over
  the printed groups (Tuner / non-Tuner and their filters).
- Xyz: face-up materials matching the groups (the groups carry the Level).
- Link: face-up materials matching the groups by monster count, while the Link Ratings add
  up exactly: each Link monster counts as 1 or as its Link Rating (seed 002, "连接召唤").

A set is valid only if the new monster then has a zone to go to (zones.extra_deck_zones).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations
from typing import Any

from deckcheck.cards.cache import BoundedCache
from deckcheck.engine.carddefs import CardDef, GroupSpec
from deckcheck.engine.profiles import Profile
from deckcheck.engine.query import has_flag, restricted, unusable, view
from deckcheck.engine.state import State
from deckcheck.engine.zones import extra_deck_zones, needs_link_zone

MAX_MATERIALS = 7
MAX_MEMO = 16_384


def fits_groups(
    groups: tuple[GroupSpec, ...],
    mats: list[CardDef],
    accepted: list[tuple[bool, ...]] | None = None,
) -> bool:
    """Whether the materials can be shared out over the groups within their counts.
    ``accepted``: for each material, which groups accept it, if already known."""
    rows = accepted or [tuple(g.accepts(d) for g in groups) for d in mats]
    n = len(groups)
    return _place(0, groups, mats, rows, [0] * n, [[] for _ in range(n)])


def _place(
    i: int,
    groups: tuple[GroupSpec, ...],
    mats: list[CardDef],
    rows: list[tuple[bool, ...]],
    counts: list[int],
    members: list[list[CardDef]],
) -> bool:
    """fits_groups' search from material ``i`` on (a function of its own, not a closure:
    a recursive closure is a reference cycle, left for the garbage collector each call)."""
    if i == len(mats):
        for g, c, m in zip(groups, counts, members, strict=True):
            if c < g.min or (g.relations and not g.related(m)):
                return False
        return True
    d = mats[i]
    row = rows[i]
    for k, g in enumerate(groups):
        if row[k] and (g.max is None or counts[k] < g.max):
            counts[k] += 1
            members[k].append(d)
            if _place(i + 1, groups, mats, rows, counts, members):
                return True
            counts[k] -= 1
            members[k].pop()
    return False


def _link_sum_ok(rating: int, mats: list[CardDef]) -> bool:
    """Each Link material counts 1 or its full rating; can the total be exactly ``rating``?"""
    totals = {0}
    for d in mats:
        steps = {1, d.link} if d.link else {1}
        totals = {t + s for t in totals for s in steps if t + s <= rating}
    return rating in totals


def _level_sum_reachable(level: int, mats: list[CardDef]) -> bool:
    """Whether some of these monsters' Levels add up to ``level`` (a Synchro's first test:
    most sets fail here, before any split over the groups is tried)."""
    sums = {0}
    for m in mats:
        sums |= {t + m.level for t in sums if t + m.level <= level}
    return level in sums


def _size_bounds(groups: tuple[GroupSpec, ...]) -> tuple[int, int]:
    # loops, not generator expressions, in these helpers: a generator costs about as much
    # as the few steps it makes here, and they run at every material check
    low = high = 0
    unbounded = False
    for g in groups:
        low += g.min
        if g.max is None:
            unbounded = True
        else:
            high += g.max
    return low, MAX_MATERIALS if unbounded else min(high, MAX_MATERIALS)


def _usable(d: CardDef, m: CardDef, how: str | None = None) -> bool:
    """Whether ``m`` could be one of ``d``'s materials; ``how``: how it came to the field,
    for groups that ask (None: not known, not asked)."""
    if d.method == "synchro" and m.level <= 0:
        return False  # Xyz and Link monsters have no Level
    if d.method == "xyz" and m.level <= 0 and m.rank <= 0:
        return False
    if m.fx is not None and m.fx.synchro_non_tuner is not None:
        return any(accepted_by(d, m, how))
    if how is not None:
        return any(g.accepts_on_field(m, how) for g in d.groups or ())
    for g in d.groups or ():  # noqa: SIM110 (see _size_bounds)
        if g.accepts(m):
            return True
    return False


def accepted_by(d: CardDef, m: CardDef, how: str | None = None) -> tuple[bool, ...]:
    """Which of ``d``'s groups accept ``m`` (``how``: as in ``_usable``). A Tuner that "can
    be treated as a non-Tuner" as Synchro Material for the monsters its card file's
    ``synchro_non_tuner`` names (Mathmech Sigma) is accepted by the groups that accept it
    either way."""
    groups = d.groups or ()
    if how is None:
        row = tuple(g.accepts(m) for g in groups)
    else:
        row = tuple(g.accepts_on_field(m, how) for g in groups)
    fx = m.fx
    if fx is None or fx.synchro_non_tuner is None or d.method != "synchro" or not m.tuner:
        return row
    if not fx.synchro_non_tuner.matches(d):
        return row
    alt = replace(m, tuner=False)
    if how is None:
        return tuple(a or g.accepts(alt) for a, g in zip(row, groups, strict=True))
    return tuple(a or g.accepts_on_field(alt, how) for a, g in zip(row, groups, strict=True))


def _plain_when_negated(state: State, iid: int, m: CardDef) -> CardDef:
    """A monster whose effects are negated cannot use its ``synchro_non_tuner``: it is then
    only what it is printed as (a Tuner)."""
    if m.fx is None or m.fx.synchro_non_tuner is None:
        return m
    from deckcheck.engine.effects.continuous import negated

    return replace(m, fx=None) if negated(state, iid) else m


def asks_summon(d: CardDef) -> bool:
    """Whether a group of ``d`` asks how its materials came to the field: the answer then
    depends on more than the monsters' definitions (no MaterialOracle)."""
    for g in d.groups or ():  # noqa: SIM110 (see _size_bounds)
        if g.summoned:
            return True
    return False


def candidates(state: State, player: int, d: CardDef) -> list[int]:
    """Face-up monsters the player controls that could be materials for ``d`` at all."""
    cards = state.cards
    if not state.lasting and not asks_summon(d):  # as printed: view() returns the definition
        return [i for i in state.monsters(player) if cards[i].face_up and _usable(d, cards[i].d)]
    how = asks_summon(d)
    out = [
        i
        for i in state.monsters(player)
        if cards[i].face_up and _usable(d, view(state, i), cards[i].summon if how else None)
    ]
    if d.method in ("synchro", "xyz", "link"):  # "cannot be used as Synchro Material"
        flag = f"no_{d.method}_material"
        out = [i for i in out if not has_flag(state, i, flag)]
    return [i for i in out if not unusable(state, i)]  # Prohibition (4.3.3.14)


def _combos(
    d: CardDef,
    pool: list[int],
    defs: list[CardDef],
    accepted: list[tuple[bool, ...]] | None = None,
) -> Iterator[tuple[int, ...]]:
    """Subsets of ``pool`` (with definitions ``defs``) that meet ``d``'s material rules,
    zones aside."""
    groups = d.groups
    if not groups or not pool or d.method not in ("synchro", "xyz", "link"):
        return
    if accepted is None:  # which groups accept each monster, asked once each
        accepted = [accepted_by(d, m) for m in defs]
    # cheap rejection: each group needs enough monsters
    for g, column in zip(groups, zip(*accepted, strict=True), strict=True):
        if sum(column) < g.min:
            return
    synchro, link = d.method == "synchro", d.method == "link"
    if synchro and not _level_sum_reachable(d.level, defs):
        return
    low, high = _size_bounds(groups)
    if link:
        high = min(high, d.link)
    levels = [m.level for m in defs]
    for size in range(max(low, 1), min(high, len(pool)) + 1):
        for at in combinations(range(len(pool)), size):  # positions in the pool
            if synchro and sum(map(levels.__getitem__, at)) != d.level:
                continue
            mats = [defs[n] for n in at]
            if link and not _link_sum_ok(d.link, mats):
                continue
            if fits_groups(groups, mats, [accepted[n] for n in at]):
                yield tuple(pool[n] for n in at)


def iter_material_sets(
    state: State, profile: Profile, player: int, d: CardDef
) -> Iterator[tuple[int, ...]]:
    """Every valid material set (sorted ids) for summoning ``d`` by its procedure now."""
    pool = candidates(state, player, d)
    defs = [_plain_when_negated(state, i, view(state, i)) for i in pool]
    accepted = None
    if asks_summon(d):
        hows = [state.cards[i].summon for i in pool]
        accepted = [accepted_by(d, m, how) for m, how in zip(defs, hows, strict=True)]
    always = zone_whatever_leaves(state, profile, player, d)
    for combo in _combos(d, pool, defs, accepted):
        if always or extra_deck_zones(state, profile, player, d, combo):
            yield tuple(sorted(combo))


def zone_whatever_leaves(state: State, profile: Profile, player: int, d: CardDef) -> bool:
    """Whether ``d`` has a zone now, being a monster that is no Link monster and needs no
    linked zone: materials only free zones, so then every material set leaves it one."""
    if d.link or needs_link_zone(profile, d, True):
        return False
    return bool(extra_deck_zones(state, profile, player, d))


def material_sets(state: State, profile: Profile, player: int, d: CardDef) -> list[tuple[int, ...]]:
    return list(iter_material_sets(state, profile, player, d))


def can_summon(state: State, profile: Profile, player: int, d: CardDef) -> bool:
    return next(iter_material_sets(state, profile, player, d), None) is not None


def could_summon(
    d: CardDef, face_up: list[CardDef], accepted: list[tuple[bool, ...]] | None = None
) -> bool:
    """Whether some of these face-up monsters meet ``d``'s material rules (zones aside).
    ``accepted``: the monsters are all usable and these are their groups' answers."""
    defs = face_up if accepted is not None else [m for m in face_up if _usable(d, m)]
    return next(_combos(d, list(range(len(defs))), defs, accepted), None) is not None


def contact_sets(
    state: State, profile: Profile, player: int, d: CardDef, who: str
) -> list[tuple[int, ...]]:
    """Material sets for a "contact" procedure (Chimeratech Fortress Dragon, Elder Entity
    N'tss): monsters on the player's field (``who`` both: also the opponent's face-up
    ones) that complete ``d``'s material list and leave it a zone; none that "cannot be
    used as Fusion Material"."""
    groups = d.groups
    if not groups:
        return []
    pool = list(state.monsters(player))
    if who == "both":
        pool += [i for i in state.monsters(1 - player) if state.cards[i].face_up]
    pool = [i for i in pool if not restricted(state, i, "no_fusion_material")]
    defs = {i: view(state, i) for i in pool}
    pool = [i for i in pool if any(g.accepts(defs[i]) for g in groups)]
    if any(sum(1 for i in pool if g.accepts(defs[i])) < g.min for g in groups):
        return []
    low, high = _size_bounds(groups)
    out = []
    for size in range(max(low, 1), min(high, len(pool)) + 1):
        for combo in combinations(pool, size):
            if fits_groups(groups, [defs[i] for i in combo]) and extra_deck_zones(
                state, profile, player, d, combo
            ):
                out.append(combo)
    return out


class MaterialOracle:
    """Memoised ``could_summon`` shared by all duels of a template.

    A monster matters to a material check only through which groups accept it, its Level
    and its Link Rating (and its identity when a group relates its members): its material
    class, numbered once. Answers are keyed by the sorted class numbers, so they repeat
    across duels, turns and different monsters of the same class.
    """

    def __init__(self) -> None:
        # bounded: a template lives as long as its run of duels (MAX_MEMO answers each)
        self._class: dict[tuple[int, int], tuple[object, ...] | None] = BoundedCache(MAX_MEMO)
        # not BoundedCaches: the class numbers live on in the other memos, so all are
        # forgotten together when there are MAX_MEMO of them (possible_many)
        self._numbers: dict[tuple[object, ...], int] = {}
        self._vector: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
        self._answer: dict[tuple[int, ...], bool] = {}
        self._many: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[bool, ...]] = {}
        # an Extra Deck's card ids -> the cards it may summon by procedure
        # (main_phase.extra_deck): ids of the template's cards, valid in all its duels
        self.extra: dict[tuple[int, ...], Any] = BoundedCache(MAX_MEMO)

    def __getstate__(self) -> dict[str, Any]:
        return {}  # the memos are keyed by object ids, meaningless in another process

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__()  # type: ignore[misc]

    def memos(self) -> tuple[dict[Any, Any], ...]:
        return (self._class, self._numbers, self._vector, self._answer, self._many, self.extra)

    def _forget(self) -> None:
        for memo in self.memos():
            memo.clear()

    def _material_class(self, d: CardDef, m: CardDef) -> tuple[object, ...] | None:
        key = (id(d), id(m))
        if key in self._class:
            return self._class[key]
        groups = d.groups or ()
        cls: tuple[object, ...] | None = None
        if _usable(d, m):
            mask = accepted_by(d, m)
            related = any(g.relations for g in groups)
            cls = (mask, m.level, m.link, m.uid if related else "")
        self._class[key] = cls
        return cls

    def _classes(
        self, defs: list[CardDef], defs_key: tuple[int, ...], m: CardDef
    ) -> tuple[int, ...]:
        """``m``'s class number for each of ``defs`` (0: it cannot be a material for it)."""
        key = (defs_key, id(m))
        found = self._vector.get(key)
        if found is None:
            numbers = self._numbers
            out = []
            for d in defs:
                cls = self._material_class(d, m)
                n = 0 if cls is None else numbers.get(cls)
                if n is None:
                    n = numbers[cls] = len(numbers) + 1  # type: ignore[index]
                out.append(n)
            found = self._vector[key] = tuple(out)
        return found

    def possible_many(
        self,
        defs: list[CardDef],
        defs_key: tuple[int, ...],
        face_up: list[CardDef],
        up_key: tuple[int, ...],
    ) -> tuple[bool, ...]:
        """``possible`` for several Extra Deck cards at once (keys: their sorted ``id``s)."""
        key = (defs_key, up_key)
        found = self._many.get(key)
        if found is None:
            if max(len(m) for m in (self._numbers, self._vector, self._many)) >= MAX_MEMO:
                self._forget()
            vectors = [self._classes(defs, defs_key, m) for m in face_up]
            # per Extra Deck card: each face-up monster's class number for it
            columns = list(zip(*vectors, strict=True)) if vectors else [()] * len(defs)
            answers = []
            for d, col in zip(defs, columns, strict=True):
                answers.append(self._decide(d, col, face_up))
            found = self._many[key] = tuple(answers)
        return found

    def possible(self, d: CardDef, face_up: list[CardDef], up_key: tuple[int, ...]) -> bool:
        """``up_key``: the sorted ``id``s of ``face_up``, a cheap first-level key."""
        return self.possible_many([d], (id(d),), face_up, up_key)[0]

    def _decide(self, d: CardDef, col: tuple[int, ...], face_up: list[CardDef]) -> bool:
        """``col``: each face-up monster's class number for ``d`` (0: no material)."""
        key = (id(d), *sorted(filter(None, col)))
        if len(key) == 1:
            return False
        answer = self._answer.get(key)
        if answer is None:
            if len(self._answer) >= MAX_MEMO:
                self._answer.clear()  # keyed by numbers, not holding them: safe alone
            usable = [m for m, n in zip(face_up, col, strict=True) if n]
            masks = [self._material_class(d, m)[0] for m in usable]  # type: ignore[index]
            answer = self._answer[key] = could_summon(d, usable, masks)  # type: ignore[arg-type]
        return answer
