"""The ``logistics`` rule set: the Logistics rules of Victory (seed 002) on a hex map."""

from __future__ import annotations

from .ruleset import load

__all__ = ["load"]
