"""Small duty builders that read a rule set's own views (plain rows), for rule sets whose checklist needs only figures.

Pure. Used by OCS (port capacity and Sea Cap), A World at War (overstacked
bases) and Logistics (cities that have produced).
"""

from __future__ import annotations

from typing import Any, Callable

from .checklist import DONE, DUE, INFO, Duty
from .phases import Segment
from .state import GameState

View = Callable[[GameState], list[dict[str, Any]]]


def allows(seg: Segment, *verbs: str) -> bool:
    """Whether any of ``verbs`` is legal in ``seg`` by the sequence (``None``: every command is)."""
    return seg.commands is None or any(v in seg.commands for v in verbs)


def ocs_duties(ports: View, shipping: View) -> Callable[[GameState, Segment], list[Duty]]:
    """OCS 19.0: port capacity used this phase, each side's Sea Cap this turn, ports shut down by an enemy ZOC."""

    def duties(state: GameState, seg: Segment) -> list[Duty]:
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

    return duties


def overstack_duties(overstacked: Callable[[GameState], dict[str, Any]]) -> Callable[[GameState, Segment], list[Duty]]:
    """A World at War 21.112: bases holding more than their capacity; remedied in the overstacking segment."""

    def duties(state: GameState, seg: Segment) -> list[Duty]:
        over = overstacked(state)
        remedy = "overstack" in seg.path[-1]
        if not over:
            return [Duty("No base is overstacked", "21.112", DONE)] if remedy else []
        listing = ", ".join(f"{name} (+{excess})" for name, excess in over.items())
        if remedy:
            return [Duty(f"Overstacked bases to remedy (excess naval factors): {listing}", "21.112", DUE,
                         "move or eliminate the excess (e on the Naval mode)")]
        return [Duty(f"Overstacked bases (excess may not be used this player turn): {listing}", "21.112", INFO)]

    return duties


def production_duties(cities: View) -> Callable[[GameState, Segment], list[Duty]]:
    """Logistics, Factories ¶3: in the production segment, which cities have produced or exchanged this turn."""

    def duties(state: GameState, seg: Segment) -> list[Duty]:
        if not allows(seg, "produce") or seg.commands is None:
            return []
        rows = [r for r in cities(state) if r.get("total")]
        done = [str(r["name"]) for r in rows if r.get("produced")]
        exchanged = [str(r["name"]) for r in rows if r.get("exchanged")]
        left = [str(r["name"]) for r in rows if not r.get("produced") and not r.get("exchanged")]
        out = [Duty("Produced this turn: " + (", ".join(done) or "none yet"), "Factories ¶3", DONE if done else INFO)]
        if exchanged:
            out.append(Duty("Exchanged a factory (no production there this turn): " + ", ".join(exchanged), "Factories ¶3", INFO))
        if left:
            out.append(Duty("Cities with factories that may still produce: " + ", ".join(left), "Factories ¶3", INFO))
        return out

    return duties
