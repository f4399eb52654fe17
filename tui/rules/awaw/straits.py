"""Straits, the Suez canal, the Kiel canal and rivers (seed 004, 21.211-21.213, 21.1321, 21.1323).

Each strait in the tables lists the land hexes that must be controlled, by
the moving side ("friendly") or by it or a neutral. The control that counts
is the one at the start of the phase in which the activity is conducted
(21.211), which the world keeps in ``phase_control``.
"""

from __future__ import annotations

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.names import resolve_name
from .tables import AwawTables, Strait
from .world import AwawWorld


def find_strait(name: str, tables: AwawTables) -> Strait:
    """A strait by id (``B``, ``Suez``) or name (``Gibraltar``), any case or a unique prefix."""
    keys = {s.id: s for s in tables.straits} | {s.name: s for s in tables.straits}
    return keys[resolve_name(name, list(keys), "strait")]


def _ok(who: str, side: str, need: str, tables: AwawTables) -> bool:
    if tables.side_of(who) == side and side:
        return True
    return need == "friendly-or-neutral" and who == "neutral"


def passage(world: AwawWorld, strait: Strait, side: str, tables: AwawTables) -> Explained:
    """Whether ``side`` may pass ``strait`` this phase: each hex's control at the start of the phase (21.211)."""
    terms = []
    listed = bool(strait.hexes or strait.also)
    ok = listed
    for hexes, need in ((strait.hexes, strait.need), (strait.also, strait.also_need)):
        for h in hexes:
            who = world.phase_control.get(h, world.hex_control.get(h, "unknown"))
            good = _ok(who, side, need, tables)
            ok = ok and good
            terms.append(Term(f"{h} held by {who} (needs {need})", "yes" if good else "no", strait.rule))
    if not listed:
        terms.append(Term("no hexes listed: name the crossing arrow in the scenario", "no", strait.rule))
    notes = (strait.note,) if strait.note else ()
    return Explained(f"Passage of the {strait.name} for {side}", "open" if ok else "closed", strait.rule, tuple(terms), notes)


def check_route(world: AwawWorld, straits: list[str], side: str, tables: AwawTables, rivers: bool = False) -> list[Explained]:
    """Refuse a route through a closed strait or a river (21.211-21.213); return the checks made."""
    if rivers and not tables.rivers.passable:
        raise RuleError(f"naval movement through rivers is prohibited ({tables.rivers.rule})")
    out = []
    for name in straits:
        strait = find_strait(name, tables)
        check = passage(world, strait, side, tables)
        if check.value != "open":
            held = "; ".join(t.label for t in check.terms if t.value == "no")
            raise RuleError(f"the {strait.name} is closed to {side} this phase: {held} ({strait.rule})")
        out.append(check)
    return out
