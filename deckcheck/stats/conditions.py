"""Conditions over card categories: "1+ starters and 0 bricks", "2+ hand traps or ...".

Grammar (keywords are case-insensitive)::

    expr   := term ("or" term)*
    term   := factor (("and" | "+") factor)*
    factor := "(" expr ")" | count
    count  := QUANTITY NAME
    QUANTITY := "N+" | "at least N"        at least N
              | "at most N"                at most N
              | "exactly N"                exactly N
              | "no" | "0"                 none
              | "N"                        at least N (players' "1 starter + 1 extender")
    NAME   := words up to a keyword or bracket, or a "double-quoted" name

Names are matched to categories case-insensitively; a trailing "s" may be dropped or
added ("1 starter" finds "starters").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from difflib import get_close_matches
from typing import Any, Literal

from deckcheck.io.errors import InputError

Op = Literal["at_least", "at_most", "exactly"]
MAX_EXPRESSION = 500


@dataclass(frozen=True)
class Count:
    """How many cards of one category the hand holds."""

    category: str
    op: Op
    k: int

    def holds(self, counts: Mapping[str, Any]) -> Any:
        """True where the count condition holds; works on ints and on numpy arrays."""
        c = counts[self.category]
        if self.op == "at_least":
            return c >= self.k
        if self.op == "at_most":
            return c <= self.k
        return c == self.k

    def text(self) -> str:
        name = quote_name(self.category)
        if self.op == "at_least":
            return f"{self.k}+ {name}"
        if self.op == "at_most":
            return f"at most {self.k} {name}"
        return f"{'no' if self.k == 0 else f'exactly {self.k}'} {name}"


@dataclass(frozen=True)
class Both:
    parts: tuple[Condition, ...]

    def holds(self, counts: Mapping[str, Any]) -> Any:
        return _fold(self.parts, counts, lambda a, b: a & b)

    def text(self) -> str:
        return " and ".join(_wrap(p) for p in self.parts)


@dataclass(frozen=True)
class Either:
    parts: tuple[Condition, ...]

    def holds(self, counts: Mapping[str, Any]) -> Any:
        return _fold(self.parts, counts, lambda a, b: a | b)

    def text(self) -> str:
        return " or ".join(f"({p.text()})" if isinstance(p, Both) else p.text() for p in self.parts)


Condition = Count | Both | Either


def _fold(parts: Sequence[Condition], counts: Mapping[str, Any], join: Callable) -> Any:
    result = parts[0].holds(counts)
    for part in parts[1:]:
        result = join(result, part.holds(counts))
    return result


def _wrap(part: Condition) -> str:
    return f"({part.text()})" if isinstance(part, Either) else part.text()


def counts_in(condition: Condition) -> list[Count]:
    """Every count test in the condition, left to right."""
    if isinstance(condition, Count):
        return [condition]
    return [c for part in condition.parts for c in counts_in(part)]


def caps(condition: Condition) -> dict[str, int]:
    """Per category, the count above which nothing in the condition changes."""
    found: dict[str, int] = {}
    for c in counts_in(condition):
        found[c.category] = max(found.get(c.category, 0), c.k + 1)
    return found


_TOKEN = re.compile(r'\s*(?:(\()|(\))|"([^"]*)"|(\d+\+?)(?=[\s()"+]|$)|(\+)|([^\s()"+]+))')
_RESERVED = {"and", "or", "no", "at", "exactly"}


def quote_name(name: str) -> str:
    """The name as it can be written back into a condition."""
    words = name.split(" ")
    plain = all(re.fullmatch(r'[^\s()"+]+', w) for w in words) and not name[0].isdigit()
    if plain and not _RESERVED & {w.lower() for w in words}:
        return name
    return f'"{name}"'


def parse_condition(text: str, categories: Sequence[str]) -> Condition:
    """Parse a condition; names must be among ``categories``. Raises InputError."""
    if not isinstance(text, str) or not text.strip():
        raise InputError("a condition must be a non-empty text such as '1+ starters'")
    if len(text) > MAX_EXPRESSION:
        raise InputError(f"condition longer than {MAX_EXPRESSION} characters")
    return _Parser(text, categories).parse()


class _Parser:
    def __init__(self, text: str, categories: Sequence[str]) -> None:
        self.text = text
        self.categories = list(categories)
        self.tokens = self._tokenize(text)
        self.pos = 0

    @staticmethod
    def _tokenize(text: str) -> list[tuple[str, str]]:
        tokens: list[tuple[str, str]] = []
        at = 0
        while at < len(text):
            if not text[at:].strip():
                break
            m = _TOKEN.match(text, at)
            if m is None:
                raise InputError(f"condition {text!r}: cannot read {text[at:].strip()!r}")
            opening, closing, quoted, number, plus, word = m.groups()
            if opening:
                tokens.append(("(", "("))
            elif closing:
                tokens.append((")", ")"))
            elif quoted is not None:
                tokens.append(("name", quoted))
            elif number:
                tokens.append(("number", number))
            elif plus:
                tokens.append(("+", "+"))
            else:
                low = word.lower()
                tokens.append((low, word) if low in ("and", "or") else ("word", word))
            at = m.end()
        return tokens

    def fail(self, what: str) -> InputError:
        return InputError(f"condition {self.text!r}: {what}")

    def peek(self) -> str | None:
        return self.tokens[self.pos][0] if self.pos < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def parse(self) -> Condition:
        result = self.expr(depth=0)
        if self.peek() is not None:
            raise self.fail(f"unexpected {self.tokens[self.pos][1]!r}")
        return result

    def expr(self, depth: int) -> Condition:
        parts = [self.term(depth)]
        while self.peek() == "or":
            self.take()
            parts.append(self.term(depth))
        return parts[0] if len(parts) == 1 else Either(tuple(parts))

    def term(self, depth: int) -> Condition:
        parts = [self.factor(depth)]
        while self.peek() in ("and", "+"):
            self.take()
            parts.append(self.factor(depth))
        return parts[0] if len(parts) == 1 else Both(tuple(parts))

    def factor(self, depth: int) -> Condition:
        if self.peek() == "(":
            if depth >= 20:
                raise self.fail("brackets nested too deeply")
            self.take()
            inner = self.expr(depth + 1)
            if self.peek() != ")":
                raise self.fail("missing ')'")
            self.take()
            return inner
        op, k = self.quantity()
        return Count(self.name(), op, k)

    def number(self) -> int:
        if self.peek() != "number" or self.tokens[self.pos][1].endswith("+"):
            raise self.fail("expected a number")
        value = int(self.take()[1])
        if value > 60:
            raise self.fail(f"count {value} is larger than any deck")
        return value

    def quantity(self) -> tuple[Op, int]:
        kind = self.peek()
        if kind is None:
            raise self.fail("ends where a count such as '1+' was expected")
        _, text = self.tokens[self.pos]
        low = text.lower()
        if kind == "number":
            self.take()
            value = int(text.rstrip("+"))
            if value > 60:
                raise self.fail(f"count {value} is larger than any deck")
            if value == 0:
                return "exactly", 0
            return "at_least", value
        if kind == "word" and low == "no":
            self.take()
            return "exactly", 0
        if kind == "word" and low == "exactly":
            self.take()
            return "exactly", self.number()
        if kind == "word" and low == "at" and self.pos + 1 < len(self.tokens):
            nxt = self.tokens[self.pos + 1][1].lower()
            if nxt in ("least", "most"):
                self.pos += 2
                return ("at_least" if nxt == "least" else "at_most"), self.number()
        raise self.fail(f"expected a count ('1+', 'at most 1', 'exactly 2', 'no') before {text!r}")

    def name(self) -> str:
        words: list[str] = []
        if self.peek() == "name":
            words.append(self.take()[1])
        else:
            while self.peek() == "word":
                words.append(self.take()[1])
        if not words:
            raise self.fail("expected a category name after the count")
        return self.resolve(" ".join(words))

    def resolve(self, written: str) -> str:
        low = written.lower()
        by_lower = {c.lower(): c for c in self.categories}
        for candidate in (low, low + "s", low[:-1] if low.endswith("s") else None):
            if candidate and candidate in by_lower:
                return by_lower[candidate]
        hints = get_close_matches(low, list(by_lower), n=3, cutoff=0.5)
        known = ", ".join(self.categories) or "none defined"
        hint = f"; did you mean {', '.join(by_lower[h] for h in hints)}?" if hints else ""
        raise self.fail(f"unknown category {written!r} (categories: {known}){hint}")
