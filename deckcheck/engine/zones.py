"""Field geometry: where a monster may go, linked zones and Extra Link (seed 002, New Master
Rule: "新增2个EX区域", "连接状态·互相连接·EX 连接").

The field is a grid seen by player 0: row 0 is player 0's Main Monster Zones (columns 0-4),
row 1 the two Extra Monster Zones (columns 1 and 3), row 2 player 1's Main Monster Zones
(player 1's zone s is column 4 - s). A Link Arrow points from its monster's cell by the
arrow's vector, negated for player 1's monsters.
"""

from __future__ import annotations

from collections.abc import Collection

from deckcheck.engine.carddefs import CardDef
from deckcheck.engine.profiles import Profile
from deckcheck.engine.state import EMPTY, MZONE, State, emz_index, emz_seq

Cell = tuple[int, int]
EMZ_CELLS: tuple[Cell, Cell] = ((1, 1), (1, 3))


def cell(player: int, seq: int) -> Cell:
    if seq >= 5:
        return EMZ_CELLS[emz_index(player, seq)]
    return (0, seq) if player == 0 else (2, 4 - seq)


def _exists(c: Cell) -> bool:
    row, col = c
    if row in (0, 2):
        return 0 <= col <= 4
    return row == 1 and col in (1, 3)


def points_at(d: CardDef, player: int, at: Cell) -> list[Cell]:
    """The existing cells a Link monster at ``at`` points to."""
    sign = 1 if player == 0 else -1
    out = []
    for dr, dc in d.arrows:
        c = (at[0] + sign * dr, at[1] + sign * dc)
        if _exists(c):
            out.append(c)
    return out


def link_monsters(
    state: State, exclude: Collection[int] = (), extra: tuple[CardDef, int, Cell] | None = None
) -> list[tuple[Cell, list[Cell]]]:
    """(cell, cells pointed to) of every Link monster on the field, minus ``exclude``, plus a
    hypothetical ``extra`` (definition, controller, cell)."""
    out = []
    for iid in (*state.sides[0].mzone, *state.sides[1].mzone, *state.emz):
        if iid == EMPTY or iid in exclude:
            continue
        c = state.cards[iid]
        if c.d.link:
            at = cell(c.ctrl, c.seq)
            out.append((at, points_at(c.d, c.ctrl, at)))
    if extra is not None:
        d, player, at = extra
        out.append((at, points_at(d, player, at)))
    return out


def linked_cells(state: State, exclude: Collection[int] = ()) -> set[Cell]:
    cells: set[Cell] = set()
    for _, targets in link_monsters(state, exclude):
        cells.update(targets)
    return cells


def co_linked(state: State, iid: int) -> bool:
    """Whether a Link monster on the field points to another Link monster that points back."""
    c = state.cards[iid]
    if c.loc != MZONE or not c.d.link:
        return False
    at = cell(c.ctrl, c.seq)
    links = link_monsters(state)
    mine = next(targets for where, targets in links if where == at)
    return any(where in mine and at in targets for where, targets in links if where != at)


def pointed_to(state: State, iid: int) -> bool:
    """Whether a Link monster (another one) points to this monster's zone on the field
    (Topologic Bomber Dragon: "Special Summoned to a zone a Link Monster points to")."""
    c = state.cards[iid]
    if c.loc != MZONE:
        return False
    at = cell(c.ctrl, c.seq)
    return any(at in targets for where, targets in link_monsters(state) if where != at)


def linked(state: State, iid: int) -> bool:
    """Whether a monster on the field is linked: a Link monster points to it, or it is a
    Link monster that points to a monster (Galatea, the Orcust Automaton)."""
    c = state.cards[iid]
    if c.loc != MZONE:
        return False
    if pointed_to(state, iid):
        return True
    if not c.d.link:
        return False
    at = cell(c.ctrl, c.seq)
    links = link_monsters(state)
    occupied = {cell(state.cards[i].ctrl, state.cards[i].seq)
                for i in (*state.sides[0].mzone, *state.sides[1].mzone, *state.emz)
                if i != EMPTY}  # fmt: skip
    mine = next(targets for where, targets in links if where == at)
    return any(x in occupied for x in mine)


def free_main(state: State, player: int, exclude: Collection[int] = ()) -> list[int]:
    zones = state.sides[player].mzone
    free = []
    for s in range(5):  # a loop, not a comprehension: called at every summon and prompt
        if zones[s] == EMPTY or zones[s] in exclude:
            free.append(s)
    return free


def free_spell(
    state: State,
    player: int,
    zones: Collection[int] = (0, 1, 2, 3, 4),
    own: list[int] | None = None,
) -> list[int]:
    """Free Spell & Trap Zones among ``zones``: empty, and not the zone a Trap Monster of
    the player came from (it cannot be used while that card is a monster, seed 000,
    4.3.3.11, though no card is there). ``own``: the player's monsters, if at hand."""
    szone = state.sides[player].szone
    free = []
    for z in zones:  # a loop, not a comprehension: asked at every Main Phase prompt
        if szone[z] == EMPTY:
            free.append(z)
    if free:
        cards = state.cards
        for iid in state.monsters(player) if own is None else own:
            if cards[iid].trap_zone in free:
                free.remove(cards[iid].trap_zone)
    return free


def extra_link(links: list[tuple[Cell, list[Cell]]]) -> bool:
    """Whether both Extra Monster Zones hold Link monsters joined by a chain of co-linked
    Link monsters (an Extra Link)."""
    where = {at: set(targets) for at, targets in links}
    start, goal = EMZ_CELLS
    if start not in where or goal not in where:
        return False
    seen, todo = {start}, [start]
    while todo:
        at = todo.pop()
        if at == goal:
            return True
        for nxt in where[at]:
            if nxt in where and at in where[nxt] and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def usable_emz(
    state: State,
    profile: Profile,
    player: int,
    d: CardDef,
    exclude: Collection[int] = (),
    unlinked: Collection[int] = (),
) -> list[int]:
    """Extra Monster Zones (as zone numbers 5/6) where ``player`` may put ``d`` now.

    A player uses one Extra Monster Zone; a second only for a Link monster that forms an
    Extra Link there. A zone whose monster is leaving (``exclude``) counts as free; the
    Link Arrows of ``exclude`` and ``unlinked`` do not count.
    """
    if not profile.extra_monster_zones:
        return []
    occupied = [i if i != EMPTY and i not in exclude else EMPTY for i in state.emz]
    out = []
    for index in (0, 1):
        if occupied[index] != EMPTY:
            continue
        other = occupied[1 - index]
        if other != EMPTY and state.cards[other].ctrl == player:
            if not d.link:
                continue
            gone = {*exclude, *unlinked}
            links = link_monsters(state, gone, (d, player, EMZ_CELLS[index]))
            if not extra_link(links):
                continue
        out.append(emz_seq(player, index))
    return sorted(out)


def needs_link_zone(profile: Profile, d: CardDef, from_extra: bool) -> bool:
    if not from_extra or profile.link_zone_rule == "none":
        return False
    if profile.link_zone_rule == "all":
        return True
    return d.link > 0 or d.pendulum


def extra_deck_zones(
    state: State,
    profile: Profile,
    player: int,
    d: CardDef,
    exclude: Collection[int] = (),
    unlinked: Collection[int] = (),
) -> list[int]:
    """Zones (0-6) a monster summoned from the Extra Deck may take, materials (``exclude``)
    already gone. ``unlinked``: monsters whose Link Arrows are not to be counted on, though
    they keep their zones (a pessimistic view used to skip per-set checks)."""
    main = free_main(state, player, exclude)
    if needs_link_zone(profile, d, True):
        linked = linked_cells(state, {*exclude, *unlinked} if unlinked else exclude)
        main = [s for s in main if cell(player, s) in linked]
    return main + usable_emz(state, profile, player, d, exclude, unlinked)
