"""Deck validation: rules, violations and reports."""

from deckcheck.validation.checker import Checker
from deckcheck.validation.report import Report, Violation

__all__ = ["Checker", "Report", "Violation"]
