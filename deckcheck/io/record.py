"""Plain data classes without generated code.

``@dataclass`` compiles each class's methods with ``exec`` when its module is imported,
about 2.4 M instructions a class: fifteen of them were an eighth of what a one-deck
``deckcheck check`` spends over its Typer floor (issue 15). A ``Record`` subclass writes its
``__slots__`` and ``__init__`` by hand and gets equality and a repr over its slots, as a
dataclass would give them. A ``Frozen`` subclass is immutable and hashable, as a frozen
dataclass is.
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


class Frozen(Record):
    """A Record whose fields are set once, by ``__init__`` through ``_fields``; hashed and
    pickled by its fields (``__init__`` takes them all, in slot order)."""

    __slots__ = ()

    def _fields(self, *values: object) -> None:
        """Set every field, in slot order."""
        for name, value in zip(self.__slots__, values, strict=True):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in self.__slots__))

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return self.__class__, tuple(getattr(self, name) for name in self.__slots__)
