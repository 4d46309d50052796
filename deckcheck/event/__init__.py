"""Tournaments: registration records, side-deck swaps between games and side plans."""
