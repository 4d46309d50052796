"""Errors that the CLI and the service turn into a clear message (CLI exit code 2)."""


class DeckcheckError(Exception):
    """Bad input or usage: shown to the user as a message, never as a traceback."""


class InputError(DeckcheckError):
    """A file, URL or text the user gave cannot be read."""


class DataError(DeckcheckError):
    """Card data or banlist data is missing or damaged."""
