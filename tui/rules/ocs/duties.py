"""The Phases checklist of OCS 19.0, read from the rule set's own views: port capacity, Sea Cap, shut-down ports."""

from __future__ import annotations

from functools import partial
from typing import Callable

from ..core.checklist import INFO, Duty
from ..core.phases import Segment
from ..core.state import GameState
from ..core.view_duties import View, allows


def ocs_duties(ports: View, shipping: View) -> Callable[[GameState, Segment], list[Duty]]:
    """OCS 19.0: port capacity used this phase, each side's Sea Cap this turn, ports shut down by an enemy ZOC."""
    return partial(_duties, ports, shipping)


def _duties(ports: View, shipping: View, state: GameState, seg: Segment) -> list[Duty]:
    """OCS 19.0's duties in ``seg``."""
    out: list[Duty] = []
    rows = ports(state)
    if allows(seg, "load", "unload", "arrive", "ship"):
        used = [r for r in rows if r.get("used_tokens")]
        text = ("Port capacity used this phase: " + ", ".join(f"{r['name']} {r['used']} of {r['capacity']}" for r in used)
                if used else "No port capacity used this phase (loading and unloading share it)")
        out.append(Duty(text, "19.0a", INFO))
        for r in shipping(state):
            out.append(Duty(f"{str(r['side']).title()} Sea Cap this turn: {r['used']} used of {r['allowance']}, {r['left']} left",
                            "19.0f", INFO))
    shut = [str(r["name"]) for r in rows if r.get("shut_down")]
    if shut:
        out.append(Duty(f"Shut down by an enemy ZOC (capacity 0): {', '.join(shut)}", "19.0a", INFO))
    return out
