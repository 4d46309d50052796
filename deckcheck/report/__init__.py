"""Renderers: reports and cards as text for people and as machine formats."""
