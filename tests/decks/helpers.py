"""Real cards used across the deck codec tests (facts from the bundled card data)."""

from __future__ import annotations

BEWD = 89631139  # Blue-Eyes White Dragon, main deck monster
BEUD = 23995346  # Blue-Eyes Ultimate Dragon, Fusion; alternate art 23995348
BEUD_ALT = 23995348
BORRELOAD = 31833038  # Borreload Dragon, Link
DARK_MAGICIAN = 46986414  # alternate arts 36996508, 46986421
DARK_MAGICIAN_ALT = 36996508
POT = 55144522  # Pot of Greed
RAIGEKI = 12580477
ASH = 14558127  # Ash Blossom & Joyous Spring
SEVEN_COLORED_FISH = 23771716
SEVEN = 67048711  # the Spell Card named "7"
LIMIT_REVERSE = 27551  # written 00027551 in .ydk files
HARPIE_LADY_1 = 91932350
UNKNOWN = 12345678  # not in the card data
