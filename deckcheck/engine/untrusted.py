"""Validation of the engine's untrusted inputs (scenario files, duel logs): strict pydantic
models, and their errors as one line per field that names the field's path."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter
from pydantic import ValidationError as _PydanticError

from deckcheck.io.errors import InputError

T = TypeVar("T")

Player = Annotated[StrictInt, Field(ge=0, le=1)]
Text = Annotated[StrictStr, Field(max_length=200)]
# seeds are 64-bit (SplitMix64); a signed or unsigned 64-bit value is kept as written
Seed = Annotated[StrictInt, Field(ge=-(2**63), le=2**64 - 1)]


def _known_profile(name: str) -> str:
    from deckcheck.engine.profiles import PROFILES

    if name not in PROFILES:
        raise ValueError(f"unknown rules profile {name!r} (known: {', '.join(PROFILES)})")
    return name


ProfileName = Annotated[Text, AfterValidator(_known_profile)]


class Strict(BaseModel):
    """No coercion (1.0, "1" and true are not 1) and no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


def field_path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def describe(exc: _PydanticError, limit: int = 5) -> str:
    """``path: message`` for each bad field (the first ``limit`` of them)."""
    by_path: dict[str, list[str]] = {}
    for error in exc.errors():
        # a union reports each alternative under a type tag: keep the field's own path
        loc = tuple(p for p in error["loc"] if not _is_type_tag(p))
        message = _plain(error["type"], error["msg"])
        said = by_path.setdefault(field_path(loc), [])
        if said:
            message = message.removeprefix("should be ")
        if message not in said:
            said.append(message)
    parts = [
        f"{path}: {', or '.join(said)}" if path else ", or ".join(said)
        for path, said in by_path.items()
    ]
    if len(parts) > limit:
        parts[limit:] = [f"and {len(parts) - limit} more"]
    return "; ".join(parts)


def _plain(kind: str, message: str) -> str:
    """pydantic's message in the project's words (no class names)."""
    if kind == "extra_forbidden":
        return "unknown field"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return "should be a mapping"
    message = message.removeprefix("Value error, ").replace(" after validation", "")
    return message.replace("Input should be", "should be").replace("List should", "should")


TYPE_TAGS = frozenset({"int", "str", "bool", "float", "none", "list", "dict", "tuple"})


def _is_type_tag(part: int | str) -> bool:
    if not isinstance(part, str):
        return False
    return part in TYPE_TAGS or part[:1].isupper() or any(c in part for c in "[-(")


@lru_cache(maxsize=64)
def _adapter(kind: Any) -> TypeAdapter[Any]:  # noqa: ANN401 - any type form
    return TypeAdapter(kind)


def checked(kind: type[T] | Any, data: Any, where: str) -> T:  # noqa: ANN401 - any type form
    """``data`` validated as ``kind`` (a model class or a type); InputError naming
    ``where`` and every bad field otherwise."""
    try:
        return _adapter(kind).validate_python(data, strict=True)
    except _PydanticError as exc:
        raise InputError(f"{where}: {describe(exc)}") from None
