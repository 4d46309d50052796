"""Reading YAML that users give us: safe tags only, no aliases, bounded nesting.

The pure-Python loader is used on purpose: libyaml's C composer recurses without a bound and
can overflow the C stack on deeply nested input, killing the process. Aliases are refused
(no expansion bombs) and nesting is bounded, so any input ends in data or an InputError.
"""

from __future__ import annotations

from typing import Any

import yaml

from deckcheck.io.errors import InputError

MAX_DEPTH = 32


class UntrustedLoader(yaml.SafeLoader):
    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: ANN401
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise yaml.composer.ComposerError(None, None, "YAML aliases are not allowed", mark)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise yaml.composer.ComposerError(
                    None, None, f"nested more than {MAX_DEPTH} levels", mark
                )
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _fail(source: str, exc: Exception) -> InputError:
    if "integer string conversion" in str(exc):  # int() refuses more than 4,300 digits
        return InputError(f"{source}: not valid YAML: a number with thousands of digits")
    return InputError(f"{source}: not valid YAML: {exc}")


def load(text: str, source: str = "<yaml>") -> Any:  # noqa: ANN401
    """One document; InputError (with the line) for anything that is not safe YAML."""
    try:
        return yaml.load(text, Loader=UntrustedLoader)  # noqa: S506 - a SafeLoader subclass
    except (yaml.YAMLError, RecursionError, ValueError) as exc:  # ValueError: a constructor
        raise _fail(source, exc) from None


def load_all(text: str, source: str = "<yaml>") -> list[Any]:
    """Every non-empty document of a stream."""
    try:
        docs = yaml.load_all(text, Loader=UntrustedLoader)  # noqa: S506
        return [doc for doc in docs if doc is not None]
    except (yaml.YAMLError, RecursionError, ValueError) as exc:  # ValueError: a constructor
        raise _fail(source, exc) from None
