"""Pydantic models built from trusted data without validation: data deckcheck generated
itself from validated models (the bundled banlists' JSON twins; the card snapshot's rows and
the formats index are read into plain classes, ``Card.from_record`` and ``Format.from_record``).

``construct`` makes what ``model_construct`` makes of complete values, without its
per-field work and without the model's schema, which a deferred model (``defer_build``)
then never builds. Callers convert what JSON cannot hold (tuples, dates, nested models)
first; a test per caller compares the result with validation on every bundled record.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
# per model class: every field's default (required ones left out), in declaration order,
# the fields whose default is copied per model, and the required fields (the classes are
# few and fixed)
_PLANS: dict[type[BaseModel], tuple[dict[str, Any], tuple[str, ...], tuple[str, ...]]] = {}


def _plan(model: type[BaseModel]) -> tuple[dict[str, Any], tuple[str, ...], tuple[str, ...]]:
    plan = _PLANS.get(model)
    if plan is None:
        defaults: dict[str, Any] = {}
        for name, info in model.model_fields.items():
            if info.default_factory is not None:
                raise TypeError(f"{model.__name__}.{name}: a default factory is not supported")
            defaults[name] = None if info.is_required() else info.default
        required = tuple(n for n, info in model.model_fields.items() if info.is_required())
        mutable = (dict, list, BaseModel)
        copied = tuple(n for n, v in defaults.items() if isinstance(v, mutable))
        plan = _PLANS[model] = (defaults, copied, required)
    return plan


def construct(model: type[M], values: dict[str, Any]) -> M:
    """The model with these field values, missing ones at their defaults (mutable ones
    copied, as validation does), the given ones marked as set; fields in declaration order,
    as validation orders them."""
    defaults, copied, required = _plan(model)
    for name in required:
        if name not in values:
            raise TypeError(f"{model.__name__}: {name} is required")
    fields = {**defaults, **values}
    if len(fields) != len(defaults):
        unknown = ", ".join(sorted(set(values) - set(defaults)))
        raise TypeError(f"{model.__name__}: no field {unknown}")
    for name in copied:
        if name not in values:
            fields[name] = _copy(defaults[name])
    made = model.__new__(model)
    _set(made, "__dict__", fields)
    _set(made, "__pydantic_fields_set__", set(values))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


_set = object.__setattr__


def _copy(default: Any) -> Any:  # noqa: ANN401
    return default.model_copy() if isinstance(default, BaseModel) else default.copy()
