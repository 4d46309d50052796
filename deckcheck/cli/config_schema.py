"""What a configuration file's values may be, as pydantic models: loaded only to check a
file's table or settings given as values that may be anything (deckcheck/cli/config.py's
plain classes are what the rest of deckcheck uses). The error messages of a bad file come
from here (``describe``).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from deckcheck.report.render import OUTPUT_FORMATS


class SettingsModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: str | None = None
    date: dt.date | None = None
    points_cap: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    strict_printings: bool | None = None

    @field_validator("date", mode="before")
    @classmethod
    def _date(cls, value: object) -> object:
        if isinstance(value, str):
            if value.strip().lower() == "today":
                # the day itself, not None: in an override None would mean "not set here"
                # and the file's own date would silently apply instead
                return dt.date.today()
            try:
                return dt.date.fromisoformat(value.strip())
            except ValueError:
                raise ValueError(f"bad date {value!r}: use YYYY-MM-DD") from None
        return value


def _as_list(value: object) -> object:
    return [value] if isinstance(value, str) else value


class OverrideModel(SettingsModel):
    paths: list[str]

    _paths = field_validator("paths", mode="before")(_as_list)


class ConfigModel(SettingsModel):
    # the defaults of what is not given are config.Config's
    root: Path | None = None
    file: Path | None = None
    paths: list[str] = []
    exclude: list[str] = []
    output_format: str | None = None
    overrides: list[OverrideModel] = []

    _globs = field_validator("paths", "exclude", mode="before")(_as_list)

    @field_validator("output_format")
    @classmethod
    def _output(cls, value: str | None) -> str | None:
        if value is not None and value not in OUTPUT_FORMATS:
            raise ValueError(f"must be one of {', '.join(OUTPUT_FORMATS)}")
        return value


MODELS: dict[str, type[SettingsModel]] = {
    "Settings": SettingsModel,
    "Override": OverrideModel,
    "Config": ConfigModel,
}


def checked(kind: str, values: dict[str, Any]) -> dict[str, Any]:
    """The values given, checked and converted as the model of ``kind`` (a class name of
    deckcheck/cli/config.py) has them; raises ValidationError."""
    from deckcheck.cli.config import Override

    out = _given(MODELS[kind].model_validate(values))
    if "overrides" in out:
        out["overrides"] = [Override.trusted(**_given(o)) for o in out["overrides"]]
    return out


def _given(found: BaseModel) -> dict[str, Any]:
    """The fields given (a default is the plain class's)."""
    return {name: getattr(found, name) for name in found.model_fields_set}


def describe(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = ".".join(str(p).replace("_", "-") for p in error["loc"])
        message = error["msg"].removeprefix("Value error, ")
        if error["type"] == "extra_forbidden":
            message = "unknown key"
        parts.append(f"{where}: {message}")
    return "; ".join(parts)
