"""The rule catalogue: every diagnostic has a stable slug, code, title and rulebook source.

The long documentation of each rule lives in docs/rules/SLUG.md (``deckcheck rule SLUG``).
"""

from __future__ import annotations

from dataclasses import dataclass

DOCS_URL = "https://github.com/deckcheck/deckcheck/blob/main/deckcheck/docs/rules/{slug}.md"


@dataclass(frozen=True)
class Rule:
    slug: str
    code: str
    title: str
    source: str
    severity: str = "error"

    @property
    def help_uri(self) -> str:
        return DOCS_URL.format(slug=self.slug)


RULES: dict[str, Rule] = {
    r.slug: r
    for r in (
        Rule("parse-error", "DC001", "A line or token of the input cannot be read", "-"),
        Rule("unknown-card", "DC002", "Passcode or name not in the card data", "-"),
        Rule("main-deck-size", "DC101", "Main Deck size outside the format's bounds", "1.2"),
        Rule("extra-deck-size", "DC102", "Extra Deck size outside the format's bounds", "1.2"),
        Rule("side-deck-size", "DC103", "Side Deck size outside the format's bounds", "1.2.3"),
        Rule(
            "extra-deck-card-in-main",
            "DC111",
            "Fusion/Synchro/Xyz/Link monster in the Main Deck",
            "1.2",
        ),
        Rule("main-deck-card-in-extra", "DC112", "Main Deck card in the Extra Deck", "1.2"),
        Rule("not-a-deck-card", "DC113", "Token or skill card in a deck section", "1.2"),
        Rule("copy-limit", "DC201", "More copies of one card name than allowed", "1.2.1"),
        Rule("forbidden", "DC301", "A Forbidden card", "banlist"),
        Rule(
            "limited", "DC302", "More copies than a Limited/Semi-Limited status allows", "banlist"
        ),
        Rule("not-on-whitelist", "DC303", "Card not on the format's whitelist", "format"),
        Rule(
            "not-released",
            "DC401",
            "Card not released in the format's region by the date",
            "format",
        ),
        Rule("never-legal", "DC402", "Card never legal in tournaments", "format"),
        Rule("forbidden-card-type", "DC501", "A card kind the format bans", "format"),
        Rule("points-cap", "DC502", "Deck points over the format's cap", "format"),
        Rule("skill-card-count", "DC503", "Speed Duel skill card rules", "format"),
        Rule(
            "side-swap-sizes", "DC601", "A section's size differs from the registered deck", "1.2.3"
        ),
        Rule("side-swap-cards", "DC602", "The 75 cards differ from the registered deck", "1.2.3"),
        Rule(
            "registration-mismatch", "DC603", "Submitted deck is not the registered deck", "event"
        ),
    )
}
RULES_BY_CODE: dict[str, Rule] = {r.code: r for r in RULES.values()}


def find_rule(key: str) -> Rule | None:
    """By slug or code, case-insensitive."""
    key = key.strip()
    return RULES.get(key.lower()) or RULES_BY_CODE.get(key.upper())
