"""The ``europa`` rule set: 31 Ports and Beaches (seed 000) and 33 Anti-Shipping Forces (seed 003)."""

from __future__ import annotations

from .ruleset import load

__all__ = ["load"]
