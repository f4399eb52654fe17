"""The Phases checklist of the production segment (Factories ¶3), read from the rule set's own views."""

from __future__ import annotations

from functools import partial
from typing import Callable

from ..core.checklist import DONE, INFO, Duty
from ..core.phases import Segment
from ..core.state import GameState
from ..core.view_duties import View, allows


def production_duties(cities: View) -> Callable[[GameState, Segment], list[Duty]]:
    """Logistics, Factories ¶3: in the production segment, which cities have produced or exchanged this turn."""
    return partial(_duties, cities)


def _duties(cities: View, state: GameState, seg: Segment) -> list[Duty]:
    """The production segment's duties, from the rows of ``cities`` (Factories ¶3)."""
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
