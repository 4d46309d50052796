"""The engine's card definitions: compiled from the card data (compile.py) and the card
files of effects (files.py, cards/)."""

from deckcheck.engine.carddefs.compile import (
    ARROWS,
    BAD_MATERIALS,
    EFFECT_NOT_APPLIED,
    NEEDS_EFFECT_SUMMON,
    NO_MATERIALS,
    NOT_PLAYABLE,
    PENDULUM_EFFECT,
    SPECIAL_ONLY,
    SPELL_TRAP,
    UNKNOWN_STAT,
    CardDef,
    GroupSpec,
    UnsupportedMaterial,
    card_def,
    compile_card,
    compile_group,
)

__all__ = [
    "ARROWS",
    "BAD_MATERIALS",
    "EFFECT_NOT_APPLIED",
    "NEEDS_EFFECT_SUMMON",
    "NOT_PLAYABLE",
    "NO_MATERIALS",
    "PENDULUM_EFFECT",
    "SPECIAL_ONLY",
    "SPELL_TRAP",
    "UNKNOWN_STAT",
    "CardDef",
    "GroupSpec",
    "UnsupportedMaterial",
    "card_def",
    "compile_card",
    "compile_group",
]
