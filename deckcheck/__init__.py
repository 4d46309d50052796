"""deckcheck: Yu-Gi-Oh! deck construction validator, banlist service and rules engine."""

__version__ = "0.1.0"
