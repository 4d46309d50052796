"""Rules profiles: the few switches that differ between rulebook eras.

- ``master-rule-2020`` (default): current rules. Two Extra Monster Zones; only Link
  monsters and Pendulum monsters from the face-up Extra Deck need an Extra Monster Zone or a
  linked zone; Pendulum Zones are the outer Spell & Trap Zones.
- ``new-master-rule-2017`` (seed 002, "新大师规则"): every summon from the Extra Deck needs an
  Extra Monster Zone or a linked zone.
- ``arc-v`` (seed 000, rulebook 3.2.1.5): no Extra Monster Zones, Extra Deck monsters go to
  any Main Monster Zone, and the two Pendulum Zones are separate from the five Spell & Trap
  Zones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from deckcheck.io.errors import InputError

LinkZoneRule = Literal["all", "link-and-pendulum", "none"]


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    extra_monster_zones: bool
    # which summons from the Extra Deck must land in an Extra Monster Zone or linked zone
    link_zone_rule: LinkZoneRule
    separate_pendulum_zones: bool
    start_lp: int = 8000
    start_hand: int = 5
    hand_limit: int = 6


PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile("master-rule-2020", True, "link-and-pendulum", False),
        Profile("new-master-rule-2017", True, "all", False),
        Profile("arc-v", False, "none", True),
    )
}
DEFAULT_PROFILE = "master-rule-2020"


def get_profile(name: str | None) -> Profile:
    if name is None:
        return PROFILES[DEFAULT_PROFILE]
    try:
        return PROFILES[name]
    except KeyError:
        known = ", ".join(PROFILES)
        raise InputError(f"unknown rules profile {name!r} (known: {known})") from None
