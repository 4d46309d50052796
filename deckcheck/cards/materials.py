"""Parse an Extra Deck monster's printed material line into ``Materials``.

The line is split on " + " into parts; each part is one group: a card name (``"Dark
Magician"``, ``3 x "Name"``), or a count and a description (``1+ non-Tuner WATER monsters``).
A description is read word by word and every word must be understood, so anything outside
the grammar below gives ``supported=False`` rather than a guess.

Dedicated fields: ``name``, ``tuner`` (Tuner / non-Tuner), ``level`` (exact Level),
``attribute`` and ``race`` (the lowercase words of the card data, e.g. "wingedbeast").
Everything else goes in ``traits``, from this vocabulary:

- kinds of monster: ``effect``, ``normal``, ``non-effect``, ``fusion``, ``synchro``, ``xyz``,
  ``link``, ``ritual``, ``pendulum``, ``gemini``, ``flip``, ``token``, ``non-link``,
  ``non-token``
- ``archetype:X`` (text ``"X" monster``), ``not-archetype:X``, ``not-name:X``
- one of several: ``any-name:A|B``, ``any-archetype:A|B``, ``any-race:a|b``,
  ``any-attribute:a|b``, ``any-frame:a|b`` (``"Synchro or Xyz Monster"``)
- ``not-attribute:a`` (``non-WIND``), ``level<=N``, ``level>=N``, ``rank:N``
- ``atk<=N``, ``atk>=N`` (text ``monster with N or less ATK``)
- how the monster came to the field: ``normal-summoned`` (Normal or Tribute Summoned),
  ``normal-summoned-set`` (``Normal Summoned/Set``: also Normal Set, then flipped)
- relations between the members of one group: ``same-name``, ``same-race``,
  ``same-attribute``, ``same-level``, ``same-rank``, ``different-names``,
  ``different-races``, ``different-attributes``, ``different-levels``

"N monsters, including a X" becomes two groups: one X (with the shared filters) and N-1
others. Identical groups without relations are merged ("A" + "A" + "A" is 3 x "A").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, cast

from deckcheck.cards.model import MaterialGroup, Materials
from deckcheck.io.errors import DataError

Method = Literal["fusion", "synchro", "xyz", "link"]
METHODS: tuple[Method, ...] = ("fusion", "synchro", "xyz", "link")

ATTRIBUTES = {a: a.lower() for a in ("DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE")}
# Printed Type words -> the card data's race words.
_SPACED = {"Beast-Warrior", "Winged Beast", "Sea Serpent", "Divine-Beast", "Creator God"}
_PLAIN = (
    "Aqua Beast Cyberse Dinosaur Dragon Fairy Fiend Fish Illusion Insect Machine Plant Psychic "
    "Pyro Reptile Rock Spellcaster Thunder Warrior Wyrm Zombie"
)
RACES = {w: w.lower().replace("-", "").replace(" ", "") for w in [*_PLAIN.split(" "), *_SPACED]}
FRAMES = {
    w: w.lower()
    for w in ("Effect", "Normal", "Fusion", "Synchro", "Xyz", "Link", "Ritual", "Pendulum")
}
FRAMES.update(Gemini="gemini", Flip="flip")
RELATION_WORDS = {
    "name": "name", "names": "names", "Type": "race", "Types": "races",
    "Attribute": "attribute", "Attributes": "attributes", "Level": "level",
    "Levels": "levels", "Rank": "rank",
}  # fmt: skip


class Unsupported(Exception):
    """The line (or part of it) is outside the grammar this parser understands."""


def _alt(words: Sequence[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _listed(item: str) -> str:
    """``A``, ``A or B``, ``A and/or B``, ``A, B, or C``, ``A, B, and/or C``."""
    return rf"{item}(?:, {item})*(?:,? (?:or|and/or) {item})?"


_QUOTED = r'"[^"]+"'
_ATTR = rf"(?:{_alt(ATTRIBUTES)})"
_RACE = rf"(?:{_alt(RACES)})(?:-Type)?"
_FRAME = rf"(?:{_alt(FRAMES)})"

_COUNT = re.compile(r"(\d+)(\+| or more)?(?: \(max\. (\d+)\))? ")
_NAME_PART = re.compile(rf"(?:(\d+) (?:x )?)?({_QUOTED})")
_NAME_CHOICE = re.compile(rf"{_QUOTED}(?: or {_QUOTED})+")
_NOUN = re.compile(r"(?:[Mm]onsters?|Tuners?|Tokens?)(?=$|[ ,])")
_INCLUDING = re.compile(r",? including (?:(?:a|an) )?(.+)")
_RELATION = re.compile(
    r",? with (?:the same (\w+)(?: and (\w+))?)?(?:,? but )?(?:different (\w+)"
    r"(?: and (?:different )?(\w+))?)?"
)
_ATK_BOUND = re.compile(r" with (\d+) or (less|more) ATK")
_EXCEPT = re.compile(rf", except (?:(Tokens|a Token)|({_QUOTED}) monsters|({_QUOTED}))")


@dataclass
class _Spec:
    """A group being built; each field may be set once (a second, different value is a
    combination this parser does not represent)."""

    name: str | None = None
    tuner: bool | None = None
    level: int | None = None
    attribute: str | None = None
    race: str | None = None
    traits: list[str] = field(default_factory=list)
    plural: bool = False

    def put(self, key: str, value: object) -> None:
        current = getattr(self, key)
        if current is not None and current != value:
            raise Unsupported(f"two values for {key}")
        setattr(self, key, value)

    def add(self, trait: str) -> None:
        if trait not in self.traits:
            self.traits.append(trait)

    def merged(self, other: _Spec) -> _Spec:
        out = replace(self, traits=list(self.traits))
        for key in ("name", "tuner", "level", "attribute", "race"):
            if getattr(other, key) is not None:
                out.put(key, getattr(other, key))
        for trait in other.traits:
            out.add(trait)
        return out

    def group(self, low: int, high: int | None) -> MaterialGroup:
        return MaterialGroup(
            min=low,
            max=high,
            name=self.name,
            tuner=self.tuner,
            level=self.level,
            attribute=self.attribute,
            race=self.race,
            traits=tuple(self.traits),
        )


def _words(pattern: str, text: str) -> list[str]:
    return re.findall(pattern, text)


def _choice(spec: _Spec, key: str, values: list[str]) -> None:
    """One value goes to the field (or trait), several to an ``any-key:`` trait."""
    if len(values) == 1:
        if key in ("attribute", "race"):
            spec.put(key, values[0])
        else:
            spec.add(f"{key}:{values[0]}")
    else:
        spec.add(f"any-{key}:{'|'.join(values)}")


def _race_key(word: str) -> str:
    return RACES[word.removesuffix("-Type")]


# Words before the noun. Each handler gets the match and the spec being built.
_QUALIFIERS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"Normal Summoned(/Set)? "), "normal-summoned"),
    (re.compile(r"Level (\d+) or (lower|higher) "), "level-bound"),
    (re.compile(r"Level (\d+) "), "level"),
    (re.compile(r"Rank (\d+) "), "rank"),
    (re.compile(r"non-Tuner "), "non-tuner"),
    (re.compile(r"Tuner (?=\w+ [Mm]onsters?\b)"), "tuner"),
    (re.compile(r"non-(Effect|Link) "), "non-frame"),
    (re.compile(rf"non-({_ATTR}) "), "non-attribute"),
    (re.compile(rf"({_listed(_ATTR)}) "), "attribute"),
    (re.compile(rf"({_listed(_RACE)}) "), "race"),
    (re.compile(rf"({_listed(_QUOTED)}) "), "archetype"),
    (re.compile(rf"({_listed(_FRAME)}) "), "frame"),
]


def _qualify(spec: _Spec, kind: str, m: re.Match[str]) -> None:
    if kind == "normal-summoned":
        spec.add("normal-summoned-set" if m[1] else "normal-summoned")
    elif kind == "level-bound":
        spec.add(f"level{'<=' if m[2] == 'lower' else '>='}{m[1]}")
    elif kind == "level":
        spec.put("level", int(m[1]))
    elif kind == "rank":
        spec.add(f"rank:{m[1]}")
    elif kind == "non-tuner":
        spec.put("tuner", False)
    elif kind == "tuner":
        spec.put("tuner", True)
    elif kind == "non-frame":
        spec.add(f"non-{m[1].lower()}")
    elif kind == "non-attribute":
        spec.add(f"not-attribute:{ATTRIBUTES[m[1]]}")
    elif kind == "attribute":
        _choice(spec, "attribute", [ATTRIBUTES[w] for w in _words(_ATTR, m[1])])
    elif kind == "race":
        _choice(spec, "race", [_race_key(w) for w in _words(_RACE, m[1])])
    elif kind == "archetype":
        _choice(spec, "archetype", [w.strip('"') for w in _words(_QUOTED, m[1])])
    elif kind == "frame":
        words = [FRAMES[w] for w in _words(_FRAME, m[1])]
        if len(words) == 1:
            spec.add(words[0])
        else:
            spec.add(f"any-frame:{'|'.join(words)}")


def _describe(text: str) -> tuple[_Spec, str]:
    """Read qualifiers and the noun; return the spec and what follows the noun."""
    spec = _Spec()
    pos = 0
    while True:
        for pattern, kind in _QUALIFIERS:
            m = pattern.match(text, pos)
            if m:
                _qualify(spec, kind, m)
                pos = m.end()
                break
        else:
            noun = _NOUN.match(text, pos)
            if not noun:
                raise Unsupported(f"cannot read {text[pos:]!r}")
            if noun[0].startswith("Tuner"):
                spec.put("tuner", True)
            elif noun[0].startswith("Token"):
                spec.add("token")
            spec.plural = noun[0].endswith("s")
            return spec, text[noun.end() :]


def _relations(spec: _Spec, m: re.Match[str]) -> None:
    same = [w for w in (m[1], m[2]) if w]
    different = [w for w in (m[3], m[4]) if w]
    if not same and not different:
        raise Unsupported("empty 'with' clause")
    for word in same + different:
        if word not in RELATION_WORDS:
            raise Unsupported(f"relation on {word!r}")
    for word in same:
        spec.add(f"same-{RELATION_WORDS[word].rstrip('s')}")
    for word in different:
        key = RELATION_WORDS[word]
        spec.add(f"different-{key if key.endswith('s') else key + 's'}")


def _suffixes(spec: _Spec, rest: str) -> str | None:
    """Apply ", except ..." and "with ..." clauses; return an "including" clause if any."""
    while rest:
        m = _EXCEPT.match(rest)
        if m:
            if m[1]:
                spec.add("non-token")
            elif m[2]:
                spec.add(f"not-archetype:{m[2].strip(chr(34))}")
            else:
                spec.add(f"not-name:{m[3].strip(chr(34))}")
            rest = rest[m.end() :]
            continue
        m = _ATK_BOUND.match(rest)
        if m:
            spec.add(f"atk{'<=' if m[2] == 'less' else '>='}{m[1]}")
            rest = rest[m.end() :]
            continue
        m = _RELATION.match(rest)
        if m and m.end() > 0 and (m[1] or m[3]):
            _relations(spec, m)
            rest = rest[m.end() :]
            continue
        m = _INCLUDING.fullmatch(rest)
        if m:
            return m[1]
        raise Unsupported(f"cannot read {rest!r}")
    return None


def _count(text: str) -> tuple[int, int | None, str]:
    m = _COUNT.match(text)
    if not m:
        raise Unsupported(f"no count in {text!r}")
    low = int(m[1])
    high: int | None = low
    if m[2]:
        high = int(m[3]) if m[3] else None
    elif m[3]:
        raise Unsupported("max without 'or more'")
    if low < 1 or (high is not None and high < low):
        raise Unsupported(f"bad count in {text!r}")
    return low, high, text[m.end() :]


def _part(text: str) -> list[tuple[_Spec, int, int | None]]:
    """One " + " part: a named card, a choice of names, or counted monsters."""
    m = _NAME_PART.fullmatch(text)
    if m:
        n = int(m[1]) if m[1] else 1
        return [(_Spec(name=m[2].strip('"')), n, n)]
    if _NAME_CHOICE.fullmatch(text):
        names = [w.strip('"') for w in _words(_QUOTED, text)]
        return [(_Spec(traits=[f"any-name:{'|'.join(names)}"]), 1, 1)]
    low, high, body = _count(text)
    spec, rest = _describe(body)
    including = _suffixes(spec, rest)
    if including is None:
        return [(spec, low, high)]
    return _including(spec, low, high, including)


def _including(
    base: _Spec, low: int, high: int | None, text: str
) -> list[tuple[_Spec, int, int | None]]:
    """ "N X, including a Y": one X that is also Y, then N-1 more X."""
    if any(t.startswith(("same-", "different-")) for t in base.traits):
        raise Unsupported("a relation spanning an 'including' split")
    if low < 2:
        raise Unsupported("'including' on a single material")
    named = _NAME_PART.fullmatch(text)
    if named and not named[1]:
        special = _Spec(name=named[2].strip('"'))
    else:
        special, rest = _describe(text)
        if rest or special.plural:
            raise Unsupported(f"cannot read 'including {text}'")
    rest_high = None if high is None else high - 1
    return [(base.merged(special), 1, 1), (base, low - 1, rest_high)]


def _split(text: str) -> list[str]:
    """Split on " + " outside quotes."""
    parts, start, quoted = [], 0, False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif not quoted and text.startswith(" + ", i):
            parts.append(text[start:i])
            start = i + 3
    parts.append(text[start:])
    return parts


def _merge(groups: list[tuple[_Spec, int, int | None]]) -> tuple[MaterialGroup, ...]:
    """Merge identical groups that carry no relation between their members."""
    out: list[MaterialGroup] = []
    for spec, low, high in groups:
        group = spec.group(low, high)
        relational = any(t.startswith(("same-", "different-")) for t in group.traits)
        for i, seen in enumerate(out):
            if not relational and seen.replace(min=low, max=high) == group:
                top = None if seen.max is None or high is None else seen.max + high
                out[i] = seen.replace(min=seen.min + low, max=top)
                break
        else:
            out.append(group)
    return tuple(out)


def summon_method(frames: Sequence[str]) -> Method:
    """The Extra Deck frame (for Pendulum hybrids, the non-Pendulum one)."""
    for frame in frames:
        if frame in METHODS:
            return cast(Method, frame)
    raise DataError(f"no Extra Deck frame among {list(frames)}")


def parse_groups(text: str) -> tuple[MaterialGroup, ...]:
    """The groups of a material line; raises Unsupported outside the grammar."""
    text = " ".join(text.split())
    if not text:
        raise Unsupported("empty material line")
    groups: list[tuple[_Spec, int, int | None]] = []
    for part in _split(text):
        groups.extend(_part(part))
    return _merge(groups)


def parse_materials(text: str, frames: Sequence[str]) -> Materials:
    """Parse a printed material line; anything not understood is ``supported=False``."""
    method = summon_method(frames)
    try:
        groups = parse_groups(text)
    except Unsupported:
        return Materials(method=method, groups=(), supported=False)
    return Materials(method=method, groups=groups)
