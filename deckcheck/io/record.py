"""Plain data classes without generated code.

``@dataclass`` compiles each class's methods with ``exec`` when its module is imported,
about 2.4 M instructions a class: fifteen of them were an eighth of what a one-deck
``deckcheck check`` spends over its Typer floor (issue 15). A ``Record`` subclass writes its
``__slots__`` and ``__init__`` by hand and gets equality and a repr over its slots, as a
dataclass would give them. Immutable data is a ``typing.NamedTuple`` instead.
"""

from __future__ import annotations


class Record:
    """Equality and repr over the subclass's ``__slots__`` (one level: the subclass names
    every field there); unhashable, as a dataclass with ``eq`` is."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"
