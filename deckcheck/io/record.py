"""Plain data classes without generated code.

``@dataclass`` compiles each class's methods with ``exec`` when its module is imported,
about 2.4 M instructions a class: fifteen of them were an eighth of what a one-deck
``deckcheck check`` spends over its Typer floor (issue 15). A ``Record`` subclass writes its
``__slots__`` and ``__init__`` by hand and gets equality and a repr over its slots, as a
dataclass would give them. A ``Frozen`` subclass is immutable and hashable, as a frozen
dataclass is. A ``Fields`` subclass takes its fields by keyword, with defaults, as the
pydantic models it replaces in the core did.
"""

from __future__ import annotations

from datetime import date
from typing import Any, ClassVar, Self

_set = object.__setattr__


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


REQUIRED: Any = object()  # a field's default: none, the field must be given


class Fields:
    """Immutable fields with defaults, given by keyword (``DEFAULTS``: every field, in
    declaration order, with its default or ``REQUIRED``; the subclass's ``__slots__`` name
    them); compared, hashed, shown, pickled and dumped by them, as the pydantic models
    these replaced were (issue 15: making a pydantic class costs a one-deck check millions
    of instructions at import). Not validated: the pydantic twins at the edges validate
    data from outside."""

    __slots__ = ()
    DEFAULTS: ClassVar[dict[str, Any]] = {}

    def __init__(self, **values: Any) -> None:  # noqa: ANN401
        defaults = self.DEFAULTS
        if len(values.keys() - defaults.keys()):
            unknown = ", ".join(sorted(values.keys() - defaults.keys()))
            raise TypeError(f"{type(self).__name__}: no field {unknown}")
        for name, default in defaults.items():
            value = values.get(name, default)
            if value is REQUIRED:
                raise TypeError(f"{type(self).__name__}: {name} is required")
            # mutable defaults (dicts, lists) are copied per object, as pydantic copies them
            if value is default and type(value) in (dict, list):
                value = value.copy()
            _set(self, name, value)
        self._derive()

    @classmethod
    def trusted(cls, values: dict[str, Any]) -> Self:
        """The object of these field values, not looked over for unknown or missing
        fields: data deckcheck wrote itself from such objects (a card snapshot's rows). A
        card built so costs about a fifth less (issue 15)."""
        made = object.__new__(cls)
        get = values.get
        for name, default in cls.DEFAULTS.items():
            value = get(name, default)
            if value is default and type(value) in (dict, list):
                value = value.copy()
            _set(made, name, value)
        made._derive()
        return made

    def _derive(self) -> None:
        """Set the slots worked out from the fields (a subclass that has any)."""

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.DEFAULTS)

    def __hash__(self) -> int:  # a TypeError where a field is a dict, as pydantic's
        return hash((self.__class__, *(getattr(self, name) for name in self.DEFAULTS)))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.DEFAULTS)
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (self.__class__, self.values())

    def values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.DEFAULTS}

    def replace(self, **update: Any) -> Self:  # noqa: ANN401
        """A copy with ``update`` applied (not validated, as pydantic's model_copy)."""
        return type(self)(**{**self.values(), **update})

    def record(self, *, defaults: bool = False) -> dict[str, Any]:
        """The fields as JSON data, those equal to their default left out unless
        ``defaults``: what pydantic's ``model_dump(mode="json", exclude_defaults=not
        defaults)`` gave (a card snapshot's rows, a format in the service's answers)."""
        return {
            name: _json(getattr(self, name), defaults)
            for name, default in self.DEFAULTS.items()
            if defaults or default is REQUIRED or getattr(self, name) != default
        }


def _rebuild(cls: type[Fields], values: dict[str, Any]) -> Fields:
    return cls(**values)


def _json(value: Any, defaults: bool) -> Any:  # noqa: ANN401
    if isinstance(value, Fields):
        return value.record(defaults=defaults)
    if isinstance(value, tuple | list):
        return [_json(item, defaults) for item in value]
    if isinstance(value, dict):
        return {key: _json(item, defaults) for key, item in value.items()}
    if isinstance(value, date):
        return value.isoformat()
    return value
