"""Basing (seed 004, 21.11-21.124): the room a base has, what its units use, and overstacking.

Each port may base 50 naval factors (21.11), a two-port hex 100 (21.111), a
port counter like a port (21.12); a mapboard box or SW box holds any number
(21.114). Damaged units in Waiting for Repair do not count (21.113), nor do
types the tables say do not base (transports). A patrol still counts in its
base of origin (21.415). Every figure is an :class:`Explained`.
"""

from __future__ import annotations

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .bases import Base
from .tables import AwawTables
from .units import NavalUnit
from .world import AwawWorld


def room_used(world: AwawWorld, base: Base, tables: AwawTables) -> Explained:
    """Naval factors counted against ``base`` (21.11, 21.113, 21.415)."""
    units = world.units_at(base.name)
    terms = [Term(u.id, u.basing_factors(tables), "21.11") for u in units if u.basing_factors(tables)]
    notes = []
    waiting = [u.id for u in units if u.repair]
    if waiting:
        notes.append(f"not counted, waiting for repair (21.113): {', '.join(waiting)}")
    free = [u.id for u in units if not u.repair and not tables.unit_types[u.type].basing]
    if free:
        notes.append(f"not counted, transports are not put into TFs (21.35C): {', '.join(free)}")
    patrols = [u.id for u in units if u.at_sea]
    if patrols:
        notes.append(f"at sea but still counted in their base of origin (21.415): {', '.join(patrols)}")
    return Explained(f"Room used at {base.name}", sum(t.value for t in terms), "21.11, 21.113", tuple(terms), tuple(notes))


def capacity(base: Base, tables: AwawTables) -> Explained:
    """Naval factors ``base`` may hold: 50, 100 for a two-port hex, unlimited in a box (21.11-21.114)."""
    kind = tables.base_kinds[base.kind]
    cap = base.capacity(tables)
    value = "unlimited" if cap is None else cap
    return Explained(f"Basing capacity of {base.name}", value, kind.rule, (Term(kind.name, value, kind.rule),),
                     (kind.note,) if kind.note else ())


def room_left(world: AwawWorld, base: Base, tables: AwawTables) -> Explained:
    """Capacity minus room used (negative when overstacked, 21.112); "unlimited" in a box."""
    cap = capacity(base, tables)
    used = room_used(world, base, tables)
    if cap.value == "unlimited":
        return Explained(f"Room left at {base.name}", "unlimited", "21.114", (Term("mapboard box", "unlimited", "21.114"),))
    return Explained(f"Room left at {base.name}", cap.value - used.value, "21.11, 21.112",
                     (Term("capacity", cap.value, cap.rule), Term("used", -used.value, "21.11, 21.113")), used.notes)


def check_room(world: AwawWorld, base: Base, arriving: list[NavalUnit], tables: AwawTables, what: str) -> None:
    """Refuse a voluntary move that would exceed the base's capacity (21.112)."""
    cap = base.capacity(tables)
    if cap is None:
        return
    adding = sum(u.basing_factors(tables) for u in arriving if u.base != base.name)
    used = room_used(world, base, tables).value
    if used + adding > cap:
        raise RuleError(f"{what}: {base.name} bases {cap} naval factors and holds {used}; {adding} more would "
                        f"exceed it, and capacity may not be voluntarily exceeded (21.112)")


def overstacked(world: AwawWorld, tables: AwawTables) -> dict[str, int]:
    """Bases holding more than their capacity, with the excess in factors (21.112)."""
    out = {}
    for base in world.bases.values():
        cap = base.capacity(tables)
        if cap is None:
            continue
        used = room_used(world, base, tables).value
        if used > cap:
            out[base.name] = used - cap
    return out


def front_of(base: Base, via: str = "") -> str:
    """The front a base is on (21.131); a two-front port is on the front the activity passes through (21.1324)."""
    if base.two_front:
        if not via:
            raise RuleError(f"{base.name} is a two-front port ({', '.join(base.fronts)}): name the front the activity "
                            "passes through (21.1324)")
        if via not in base.fronts:
            raise RuleError(f"{base.name} is on the {' and '.join(base.fronts)} fronts, not {via} (21.132)")
        return via
    return base.fronts[0] if base.fronts else ""
