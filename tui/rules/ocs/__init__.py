"""The ``ocs`` rule set: OCS 19.0 Ports and Shipping (seed 001) under the OCS sequence of play."""

from __future__ import annotations

from .ruleset import load

__all__ = ["load"]
