"""Submarine patrols at sea in the opposing player turn (seed 004, 21.4184 C and E), as pure checks.

21.4184C: each submarine still on patrol in the opposing player turn may be
attacked in a single sortie by enemy land-based air units within range of its
patrol hex, in the movement phase right after counterair; each squadron
attacks once; air cover may be flown but the defender rolls no air defense;
carrier-based naval air units and fleet units may not attack it.

21.4184E: German submarines may not remain on patrol on the western front in
the Allied player turn if Germany conducted submarine warfare in the Atlantic
SW box in the Axis player turn (the power, box and front are data:
``[submarines]``). Proposed ruling A12 reads "conducted submarine warfare" as
"a German submarine is in the Atlantic SW box when patrols return".
"""

from __future__ import annotations

from ..core.errors import RuleError
from .tables import AwawTables
from .units import NavalUnit


def patrol_front(typed: str, origin_fronts: tuple[str, ...], tables: AwawTables) -> str:
    """The front of a patrol hex: the one typed (``--front``), else the base of origin's only front, else ""."""
    if typed:
        front = typed.lower()
        if front not in tables.fronts:
            raise RuleError(f"patrol: '{typed}' is not a front ({', '.join(tables.fronts)}) (21.414A)")
        return front
    return origin_fronts[0] if len(origin_fronts) == 1 else ""


def must_return(unit: NavalUnit, front: str, sw_subs: list[NavalUnit], tables: AwawTables) -> str:
    """Why a submarine patrol may not stay at sea into the opposing player turn (21.4184E), or "" when it may."""
    spec = tables.submarines
    if unit.power != spec.sw_power or front != spec.front or not sw_subs:
        return ""
    return (f"{unit.id} may not remain on patrol on the {front} front: {spec.sw_power} conducted submarine warfare in the "
            f"{spec.sw_box} box this player turn ({', '.join(u.id for u in sw_subs)}) (21.4184E)")


def sw_submarines(units: list[NavalUnit], tables: AwawTables) -> list[NavalUnit]:
    """The 21.4184E power's submarines in its SW box (proposed ruling A12: they conduct submarine warfare there)."""
    spec = tables.submarines
    return [u for u in units if u.power == spec.sw_power and u.base == spec.sw_box and not u.sunk
            and u.category(tables) == "submarine"]


def check_air_targets(targets: list[NavalUnit], attacker_side: str, attacked: list[str], by: str,
                      tables: AwawTables) -> None:
    """Refuse an attack on patrolling submarines that 21.4184C does not allow."""
    if by and by not in tables.submarines.attackers:
        raise RuleError(f"sub-air: submarines on patrol may be attacked only by {', '.join(tables.submarines.attackers)}, "
                        f"not {by}: carrier-based naval air units and fleet units may not attack them (21.4184C)")
    for u in targets:
        if tables.side_of(u.power) == attacker_side:
            raise RuleError(f"sub-air: {u.id} is a friendly unit (21.4184C)")
        if u.category(tables) != "submarine" or u.at_sea != "patrol":
            raise RuleError(f"sub-air: {u.id} is not a submarine on patrol at sea; only those may be attacked this way (21.4184C)")
        if u.id in attacked:
            raise RuleError(f"sub-air: {u.id} has already been attacked this player turn; each patrolling submarine is attacked "
                            "in a single sortie (21.4184C)")
