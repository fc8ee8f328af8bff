"""Quarry: a print-and-play workshop for hunt games."""

__version__ = "0.1.0"
