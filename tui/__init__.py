"""Harbormaster: a referee's logistics turn-tracker for board wargames."""

from __future__ import annotations

__version__ = "0.1.0"
