"""Build the bundled card snapshot from the public card facts (cards.jsonl.gz).

The source has real flaws; each is resolved by a stated policy and listed in the manifest:
- records repeated for one passcode: merged into the most complete one; a repeat with
  another spelling of the name is kept as a look-up alias, not a name key;
- one passcode claimed by two different cards: it goes to the card whose YGOPRODeck id is
  that passcode, and is removed from the other;
- " (card)" disambiguation suffixes: dropped, unless another card has the bare name;
- passcodes repeated inside one record: kept once;
- cards without passcodes (tokens, skills, unreleased cards): kept, found by name only;
- printed zeros the source leaves out (monster ATK/DEF 0, Pendulum Scale 0): put back;
- alternate-artwork passcodes the source lacks: taken from the cdb files beside it, where a
  row's alias is within 20 of its id (see ``cdb_artworks``);
- "treated as" names: the cdb aliases are compared with the names by rule, and the
  differences reported with the decision taken for each (``cross_check_rule_names``).
Effect text is never read by the build: the decisions were made by reading the cards.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

from deckcheck.cards.model import Card, Legality, LegalityChange
from deckcheck.cards.schema import checked_card
from deckcheck.io.errors import InputError

SUFFIX = " (card)"


def read_source(path: Path) -> list[dict[str, Any]]:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
    except (OSError, EOFError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read card source {path}: {exc}") from exc


def _completeness(rec: dict[str, Any]) -> tuple[int, int]:
    return (not rec["name"].endswith(SUFFIX), len(rec))


def resolve(records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Apply the policies in the module docstring; return records and what was resolved."""
    notes: list[str] = []
    recs = []
    for rec in records:
        rec = dict(rec)
        codes = list(dict.fromkeys(rec.get("passwords", [])))
        if len(codes) != len(rec.get("passwords", [])):
            notes.append(f"{rec['name']}: passcode repeated inside its record, kept once")
        rec["passwords"] = codes
        recs.append(rec)

    # one passcode, two different cards (different kinds or ids)
    owners: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for rec in recs:
        for code in rec["passwords"]:
            owners[code].append(rec)
    for code, recs_for in owners.items():
        distinct = {r["uuid"] for r in recs_for}
        kinds = {r["kind"] for r in recs_for}
        if len(distinct) > 1 and len(kinds) > 1:
            keep = [r for r in recs_for if r.get("ygoprodeck_id") == code] or recs_for[:1]
            for r in recs_for:
                if r is not keep[0]:
                    r["passwords"] = [c for c in r["passwords"] if c != code]
                    notes.append(
                        f"passcode {code} claimed by {keep[0]['name']} and {r['name']}: "
                        f"kept for {keep[0]['name']} (its YGOPRODeck id), removed from {r['name']}"
                    )

    # repeated records for one passcode: merge into the most complete one
    by_code: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for rec in recs:
        if rec["passwords"]:
            by_code[rec["passwords"][0]].append(rec)
    dropped: set[int] = set()
    for code, group in by_code.items():
        if len(group) < 2:
            continue
        group.sort(key=_completeness, reverse=True)
        keep = group[0]
        for other in group[1:]:
            if id(other) in dropped:
                continue
            dropped.add(id(other))
            for key, value in other.items():
                keep.setdefault(key, value)
            if other["name"] != keep["name"] and other["name"].removesuffix(SUFFIX) != keep["name"]:
                keep.setdefault("_aliases", []).append(other["name"])
            notes.append(
                f"passcode {code}: repeated record {other['name']!r} merged into {keep['name']!r}"
            )
    recs = [r for r in recs if id(r) not in dropped]

    names = defaultdict(int)
    for rec in recs:
        names[rec["name"]] += 1
    for rec in recs:
        if rec["name"].endswith(SUFFIX):
            bare = rec["name"].removesuffix(SUFFIX)
            if names.get(bare):
                notes.append(f"{rec['name']!r}: kept the suffix, another card is named {bare!r}")
            else:
                rec["_aliases"] = [*rec.get("_aliases", []), rec["name"]]
                rec["name"] = bare
                notes.append(f"{rec['name']!r}: dropped the ' (card)' disambiguation suffix")
    return recs, notes


def _legality(raw: dict[str, Any]) -> dict[str, Legality]:
    out = {}
    for fmt, value in raw.items():
        history = tuple(
            LegalityChange(
                date=date.fromisoformat(h["date"]), status=h["legality"], points=h.get("points")
            )
            for h in value.get("history", [])
        )
        out[fmt] = Legality(status=value["status"], points=value.get("points"), history=history)
    return out


def _monster_zeros(rec: dict[str, Any], frames: tuple[str, ...]) -> dict[str, Any]:
    """The source leaves out printed zeros (ATK 0, DEF 0, Pendulum Scale 0): put them back."""
    if rec["kind"] != "monster":
        return {}
    fixed: dict[str, Any] = {"atk": rec.get("atk", 0)}
    if "link" not in frames:
        fixed["def"] = rec.get("def", 0)
    if "pendulum" in frames or "pendulum" in rec.get("classifications", ()):
        fixed["scale"] = rec.get("scale", 0)
    return fixed


def to_card(rec: dict[str, Any]) -> Card:
    from deckcheck.cards.materials import parse_materials

    frames = tuple(rec.get("frames", ()))
    rec = rec | _monster_zeros(rec, frames)
    materials = None
    if rec.get("materials"):
        materials = parse_materials(rec["materials"], frames)
    card = Card(
        uid=rec["uuid"],
        passcodes=tuple(rec.get("passwords", ())),
        name=rec["name"],
        names=rec.get("names", {}),
        kind=rec["kind"],
        attribute=rec.get("attribute"),
        race=rec.get("race"),
        frames=frames,
        classifications=tuple(rec.get("classifications", ())),
        abilities=tuple(rec.get("abilities", ())),
        level=rec.get("level"),
        rank=rec.get("rank"),
        link_arrows=tuple(rec.get("link_arrows", ())),
        scale=rec.get("scale"),
        atk=rec.get("atk"),
        defense=rec.get("def"),
        cannot_normal_summon=bool(rec.get("cannot_normal_summon", False)),
        materials=materials,
        spell_property=rec.get("property"),
        rule_names=tuple(rec.get("rule_names", ())),
        rule_names_also_own=bool(rec.get("rule_names_also_own", False)),
        effect_name_changes=tuple(rec.get("effect_name_changes", ())),
        legality=_legality(rec.get("legality", {})),
        release={k: date.fromisoformat(v) for k, v in rec.get("release", {}).items()},
        archetypes=tuple(rec.get("archetypes", ())),
        illegal=bool(rec.get("illegal", False)),
        skill_character=rec.get("skill_character"),
        konami_id=rec.get("konami_id"),
        ygoprodeck_id=rec.get("ygoprodeck_id"),
    )
    return checked_card(card)


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def skills_cdb_for(source: Path) -> Path | None:
    """The skill card database published beside the card facts, if there is one."""
    found = source.parent / "cdb" / "cards-skills.cdb"
    return found if found.is_file() else None


def _skill_key(name: str) -> str:
    from deckcheck.cards.names import normalize

    return "".join(ch for ch in normalize(name.removesuffix(" (Skill Card)")) if ch.isalnum())


def skill_passcodes(records: list[dict[str, Any]], skills_cdb: Path) -> list[str]:
    """Give Skill Cards the simulator ids of the skills cdb (the card facts have none), so
    Speed Duel decks that list them by passcode can be checked. Matched by name."""
    from deckcheck.cards.cdb import read_cdb

    ids: dict[str, list[int]] = {}
    for card in read_cdb(skills_cdb):
        if card.kind == "skill":
            ids.setdefault(_skill_key(card.name), []).extend(card.passcodes)
    taken = {code for rec in records for code in rec["passwords"]}
    matched = 0
    for rec in records:
        if rec["kind"] != "skill" or rec["passwords"]:
            continue
        codes = [c for c in ids.pop(_skill_key(rec["name"]), []) if c not in taken]
        if codes:
            rec["passwords"] = codes
            taken.update(codes)
            matched += 1
    return [
        f"{skills_cdb.name}: {matched} Skill Cards given their simulator passcodes by name; "
        f"{len(ids)} skills of that file match no card here and were left out"
    ]


def cdbs_for(source: Path) -> list[Path]:
    """The card databases published beside the card facts."""
    return sorted((source.parent / "cdb").glob("*.cdb"))


def cdb_artworks(records: list[dict[str, Any]], cdbs: Iterable[Path]) -> dict[str, Any]:
    """Give cards the alternate-artwork passcodes the cdb files list and the card facts
    lack: a row whose alias is within 20 of its id (``cdb.is_near_artwork``) is another
    printing of the card holding the original passcode. Far aliases are not artworks
    (token stand-ins, pre-release ids, names by rule) and are left to the cross-check."""
    from deckcheck.cards.cdb import artwork_root, is_near_artwork, read_rows

    owner = {code: rec for rec in records for code in rec["passwords"]}
    merged: list[dict[str, Any]] = []
    orphans: list[int] = []
    disagree: list[str] = []
    for path in cdbs:
        rows = read_rows(path)
        by_id = {row.id: row for row in rows}
        for row in rows:
            if not is_near_artwork(row):
                continue
            rec = owner.get(artwork_root(row, by_id))
            known = owner.get(row.id)
            if known is not None:
                if rec is not None and known is not rec:
                    disagree.append(f"{row.id} ({known['name']}, cdb: {rec['name']})")
                continue
            if rec is None:
                orphans.append(row.id)
                continue
            rec["passwords"].append(row.id)
            owner[row.id] = rec
            merged.append(
                {"passcode": row.id, "card": rec["passwords"][0], "name": rec["name"],
                 "kind": rec["kind"], "source": path.name}
            )  # fmt: skip
    kinds = Counter(m["kind"] for m in merged)
    kinds_text = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
    notes = [
        f"{len(merged)} alternate-artwork passcodes from the cdb files ({kinds_text}) "
        "merged into the card of their original passcode"
    ]
    if orphans:
        notes.append(f"{len(orphans)} cdb artworks of cards not in the card facts: left out")
    if disagree:
        notes.append(
            "cdb artworks the card facts give to another card, kept there: " + ", ".join(disagree)
        )
    return {"merged": merged, "notes": notes}


class Decision(NamedTuple):
    """What was decided, after reading the card's text in the cdb, about a "treated as"
    alias the card facts do not have."""

    adopt: bool
    also_own: bool
    reason: str


# Read from the texts table of cards-2020-03.cdb; the text itself is not kept.
RULE_NAME_DECISIONS = {
    78734254: Decision(
        True, True, "its text says its name is also treated as that name, on no condition: "
        "a name by rule (rulebook 1.2.1.1); it keeps its own name"
    ),
    13857930: Decision(
        True, True, "its text says its name is also treated as that name, on no condition: "
        "a name by rule (rulebook 1.2.1.1); it keeps its own name"
    ),
    25415053: Decision(
        False, False, "a token stand-in: its text says it can be used as that token, which "
        "gives no name; tokens are not deck cards"
    ),
}  # fmt: skip


def cross_check_rule_names(
    cards: list[Card], cdbs: Iterable[Path], decisions: dict[int, Decision] = RULE_NAME_DECISIONS
) -> tuple[list[Card], list[dict[str, Any]]]:
    """Compare the names by rule with the cdb aliases; adopt the differences decided so.

    Reported: a far alias the card's name keys lack (the cdb treats it as another card's
    name, or as the same card as one the facts keep apart), and a name by rule where the
    cdb row has no alias. Returns the cards (adopted names applied) and the differences.
    """
    from deckcheck.cards.cdb import is_artwork, read_rows

    index = {code: i for i, card in enumerate(cards) for code in card.passcodes}
    cards = list(cards)
    found: list[dict[str, Any]] = []
    for path in cdbs:
        rows = read_rows(path)
        by_id = {row.id: row for row in rows}
        for row in rows:
            at = index.get(row.id)
            if at is None:
                continue
            card = cards[at]
            target = cards[index[row.alias]] if row.alias in index else None
            if row.alias and target is not None and target is not card:
                if set(target.name_keys) <= set(card.name_keys):
                    continue
                same = is_artwork(row, by_id)
                cdb_says = (
                    f"the same card as {row.alias} ({target.name})"
                    if same
                    else f"treated as {' / '.join(target.name_keys)} (alias {row.alias})"
                )
                decision = decisions.get(row.id)
                if decision is None:
                    decision = Decision(False, False, "no decision recorded: read the card")
                found.append(
                    {"passcode": row.id, "name": card.name, "cdb": cdb_says,
                     "card_data": " / ".join(card.name_keys), "adopted": decision.adopt,
                     "reason": decision.reason, "source": path.name}
                )  # fmt: skip
                if decision.adopt and not same:
                    cards[at] = card.replace(
                        **{
                            "rule_names": target.name_keys,
                            "rule_names_also_own": decision.also_own,
                        }
                    )
                    found[-1]["card_data"] += " -> " + " / ".join(cards[at].name_keys)
            elif not row.alias and card.rule_names:
                found.append(
                    {"passcode": row.id, "name": card.name, "cdb": "no alias",
                     "card_data": " / ".join(card.name_keys), "adopted": False,
                     "reason": "the card facts' name by rule stays: the cdb row has no "
                     "alias (its one alias column cannot hold a second name)",
                     "source": path.name}
                )  # fmt: skip
    return cards, found


def build_cards(
    source: Path, skills_cdb: Path | None = None, cdbs: Iterable[Path] = ()
) -> tuple[list[tuple[Card, Iterable[str]]], dict[str, Any]]:
    """The cards of a snapshot (with their extra look-up names) and its manifest."""
    cdbs = list(cdbs)
    records, notes = resolve(read_source(source))
    if skills_cdb is not None:
        notes += skill_passcodes(records, skills_cdb)
    artworks = cdb_artworks(records, cdbs)
    notes += artworks["notes"]
    without = Counter(r["kind"] for r in records if not r["passwords"])
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(without.items()))
    notes.append(f"{without.total()} cards have no passcode ({kinds}): kept, found by name only")
    built, differences = cross_check_rule_names([to_card(r) for r in records], cdbs)
    for diff in differences:
        if diff["adopted"]:
            notes.append(f"{diff['name']}: names by rule from the cdb ({diff['card_data']})")
    cards: list[tuple[Card, Iterable[str]]] = [
        (card, rec.get("_aliases", ())) for card, rec in zip(built, records, strict=True)
    ]
    unsupported = sorted(
        c.name for c, _ in cards if c.materials is not None and not c.materials.supported
    )
    manifest = {
        "source": source.name,
        "source_sha256": file_digest(source),
        "skills_source": skills_cdb.name if skills_cdb else None,
        "cdb_sources": [p.name for p in cdbs],
        "cards": len(cards),
        "resolved": notes,
        "materials_unsupported": unsupported,
        "alternate_passcodes": artworks["merged"],
        "rule_names_cross_check": differences,
    }
    return cards, manifest


def build_snapshot(
    source: Path,
    out_dir: Path,
    skills_cdb: Path | None = None,
    cdbs: Iterable[Path] = (),
    replace: bool = False,
) -> dict[str, Any]:
    """Build ``out_dir/cards.sqlite`` and ``out_dir/manifest.json``; return the manifest.
    An existing snapshot in ``out_dir`` is refused (InputError) unless ``replace``."""
    from deckcheck.cards.db import is_snapshot_file, write_snapshot
    from deckcheck.io.outfile import check_replaceable

    check_replaceable(out_dir, replace, is_snapshot_file)
    cards, manifest = build_cards(source, skills_cdb, cdbs)
    return write_snapshot(cards, out_dir, manifest, replace=replace)


def describe(manifest: dict[str, Any]) -> str:
    """What a build did, for people: counts, then every rule-name difference found."""
    differences = manifest.get("rule_names_cross_check", [])
    lines = [
        f"built {manifest['cards']} cards, version {manifest['version']}; "
        f"{len(manifest['resolved'])} source flaws resolved, "
        f"{len(manifest['materials_unsupported'])} material lines unsupported",
        f"{len(manifest.get('alternate_passcodes', []))} alternate passcodes from "
        f"{', '.join(manifest.get('cdb_sources', [])) or 'no cdb files'}; "
        f"{len(differences)} names by rule differ from the cdb aliases:",
    ]
    for d in differences:
        verdict = "adopted" if d["adopted"] else "not adopted"
        lines.append(
            f"  {d['passcode']} {d['name']}: cdb {d['cdb']}; card data {d['card_data']}; "
            f"{verdict}: {d['reason']}"
        )
    return "\n".join(lines)
