"""The Phases checklist's overstacked bases (21.112), read from the rule set's own figures."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ..core.checklist import DONE, DUE, INFO, Duty
from ..core.phases import Segment
from ..core.state import GameState


def overstack_duties(overstacked: Callable[[GameState], dict[str, Any]]) -> Callable[[GameState, Segment], list[Duty]]:
    """A World at War 21.112: bases holding more than their capacity; remedied in the overstacking segment."""
    return partial(_overstack_duties, overstacked)


def _overstack_duties(overstacked: Callable[[GameState], dict[str, Any]], state: GameState, seg: Segment) -> list[Duty]:
    """21.112: the overstacked bases of ``state`` as duties of segment ``seg`` (see :func:`overstack_duties`)."""
    over = overstacked(state)
    remedy = "overstack" in seg.path[-1]
    if not over:
        return [Duty("No base is overstacked", "21.112", DONE)] if remedy else []
    listing = ", ".join(f"{name} (+{excess})" for name, excess in over.items())
    if remedy:
        return [Duty(f"Overstacked bases to remedy (excess naval factors): {listing}", "21.112", DUE,
                     "move or eliminate the excess (e on the Naval mode)")]
    return [Duty(f"Overstacked bases (excess may not be used this player turn): {listing}", "21.112", INFO)]
