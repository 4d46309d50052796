"""Build the bundled card snapshot from the public card facts (cards.jsonl.gz).

The source has real flaws; each is resolved by a stated policy and listed in the manifest:
- records repeated for one passcode: merged into the most complete one; a repeat with
  another spelling of the name is kept as a look-up alias, not a name key;
- one passcode claimed by two different cards: it goes to the card whose YGOPRODeck id is
  that passcode, and is removed from the other;
- " (card)" disambiguation suffixes: dropped, unless another card has the bare name;
- passcodes repeated inside one record: kept once;
- cards without passcodes (tokens, skills, unreleased cards): kept, found by name only;
- printed zeros the source leaves out (monster ATK/DEF 0, Pendulum Scale 0): put back.
Effect text is never read: only facts.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import date
from pathlib import Path
from typing import Any

from deckcheck.cards.model import Card, Legality, LegalityChange
from deckcheck.errors import InputError

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
    return Card(
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


def build_snapshot(source: Path, out_dir: Path, skills_cdb: Path | None = None) -> dict[str, Any]:
    """Build ``out_dir/cards.sqlite`` and ``out_dir/manifest.json``; return the manifest."""
    from deckcheck.cards.db import write_snapshot

    records, notes = resolve(read_source(source))
    if skills_cdb is not None:
        notes += skill_passcodes(records, skills_cdb)
    without = Counter(r["kind"] for r in records if not r["passwords"])
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(without.items()))
    notes.append(f"{without.total()} cards have no passcode ({kinds}): kept, found by name only")
    cards: list[tuple[Card, Iterable[str]]] = [(to_card(r), r.get("_aliases", ())) for r in records]
    unsupported = sorted(
        c.name for c, _ in cards if c.materials is not None and not c.materials.supported
    )
    manifest = {
        "source": source.name,
        "source_sha256": file_digest(source),
        "skills_source": skills_cdb.name if skills_cdb else None,
        "cards": len(cards),
        "resolved": notes,
        "materials_unsupported": unsupported,
    }
    return write_snapshot(cards, out_dir, manifest)
