"""Pydantic models built from trusted data without validation: data deckcheck generated
itself from validated models (the card snapshot's rows, the bundled banlists' JSON twins).

``construct`` makes what ``model_construct`` makes of complete values, without its
per-field work and without the model's schema, which a deferred model (``defer_build``)
then never builds. Callers convert what JSON cannot hold (tuples, dates, nested models)
first; a test per caller compares the result with validation on every bundled record.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_REQUIRED = object()
# per model class: each field and its default (the classes are few and fixed)
_FIELDS: dict[type[BaseModel], tuple[tuple[str, Any], ...]] = {}


def _fields(model: type[BaseModel]) -> tuple[tuple[str, Any], ...]:
    fields = _FIELDS.get(model)
    if fields is None:
        found = []
        for name, info in model.model_fields.items():
            if info.default_factory is not None:
                raise TypeError(f"{model.__name__}.{name}: a default factory is not supported")
            found.append((name, _REQUIRED if info.is_required() else info.default))
        fields = _FIELDS[model] = tuple(found)
    return fields


def _fresh(default: Any) -> Any:  # noqa: ANN401
    """A mutable default as validation gives it: a copy per model."""
    if isinstance(default, dict | list):
        return default.copy()
    if isinstance(default, BaseModel):
        return default.model_copy()
    return default


def construct(model: type[M], values: dict[str, Any]) -> M:
    """The model with these field values, missing ones at their defaults (mutable ones
    copied, as validation does), the given ones marked as set; fields in declaration order,
    as validation orders them."""
    fields = {}
    for name, default in _fields(model):
        if name in values:
            fields[name] = values[name]
        elif default is _REQUIRED:
            raise TypeError(f"{model.__name__}: {name} is required")
        else:
            fields[name] = _fresh(default)
    made = model.__new__(model)
    object.__setattr__(made, "__dict__", fields)
    object.__setattr__(made, "__pydantic_fields_set__", set(values))
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made
