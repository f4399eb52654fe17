"""Anti-shipping air units (33.C, Table 4; RULINGS E21).

The air units of the interfering side in a sea zone's ANTI-SHIPPING BOX, or
flying naval patrol or naval strike missions there, add their modified TBF to
the naval status number of the shipping being checked (RULINGS E21). Each
fighter of the shipping side in the box subtracts its range (less its
distance marker) from one enemy bomber in the box, longest ranges matched
first. The modifiers of Table 4 multiply.
"""

from __future__ import annotations

import math
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained, Term, fmt_number
from .seatables import SeaTables
from .seaworld import AirUnit

ROLES = ("fighter", "bomber")


def effective_range(unit: AirUnit) -> int:
    """A fighter's range less its distance marker (33.C); other units keep their range."""
    if unit.role == "fighter":
        return max(0, unit.range - unit.distance)
    return unit.range


def matching(units: list[AirUnit], shipping_side: str) -> dict[str, tuple[str, int]]:
    """Bomber name -> (fighter name, range subtracted): shipping side's box fighters against enemy box bombers (33.C)."""
    fighters = sorted((u for u in units if u.side == shipping_side and u.role == "fighter" and u.mission == "box"),
                      key=lambda u: (-effective_range(u), u.name))
    bombers = sorted((u for u in units if u.side != shipping_side and u.role == "bomber" and u.mission == "box"),
                     key=lambda u: (-u.range, u.name))
    return {b.name: (f.name, effective_range(f)) for f, b in zip(fighters, bombers)}


def modified_tbf(unit: AirUnit, st: SeaTables, range_lost: int = 0) -> Explained:
    """One unit's TBF times every Table 4 modifier that applies (33.C Table 4; modifiers multiply)."""
    air = st.anti_shipping_air
    kind = air.types.get(unit.type)
    if kind is None:
        raise RuleError(f"{unit.name}: air unit type must be one of {', '.join(air.types)} (33.C Table 4)")
    rng = unit.range - range_lost
    factors = [Term(f"TBF of {unit.name}", unit.tbf, "33.C"), Term(kind.text, kind.value, kind.rule)]
    if range_lost:
        factors.append(Term(f"range {unit.range} less {range_lost} (enemy fighter in the box)", rng, "33.C"))
    if rng < air.short_range:
        factors.append(Term(f"range {rng} less than {fmt_number(air.short_range)}", air.short_factor, air.rule))
    elif rng > air.long_range:
        factors.append(Term(f"range {rng} greater than {fmt_number(air.long_range)}", air.long_factor, air.rule))
    mission = air.missions.get(unit.mission)
    if mission is None:
        raise RuleError(f"{unit.name}: mission must be one of {', '.join(air.missions)} (33.C)")
    if unit.mission != "box":
        factors.append(Term("not in the anti-shipping box", air.outside_box, air.rule))
    factors.append(Term(mission.text, mission.value, mission.rule))
    value = unit.tbf * kind.value * mission.value
    if rng < air.short_range:
        value *= air.short_factor
    elif rng > air.long_range:
        value *= air.long_factor
    if unit.mission != "box":
        value *= air.outside_box
    return Explained(f"modified TBF of {unit.name}", value, air.rule, tuple(factors), ("Table 4: all modifiers are cumulative (multiplied)",))


def air_modifier(world: Any, st: SeaTables, zid: str, shipping_side: str) -> Explained:
    """Sum of the interfering side's modified TBFs in the zone, rounded per the data (33.C; RULINGS E21)."""
    units = [u for u in world.sea.air if u.zone == zid]
    matched = matching(units, shipping_side)
    terms = []
    total = 0.0
    for u in units:
        if u.side == shipping_side:
            continue
        if u.role == "fighter" and u.mission == "box" and u.tbf == 0:
            continue
        fighter, lost = matched.get(u.name, ("", 0))
        one = modified_tbf(u, st, lost)
        label = f"{u.name} ({u.side} {u.role}, type {u.type}, {u.mission})" + (f", matched by {fighter}" if fighter else "")
        terms.append(Term(label, one.value, "33.C Table 4"))
        total += one.value
    rounding = st.anti_shipping_air.rounding
    value: float = math.floor(total) if rounding == "down" else (round(total) if rounding == "nearest" else total)
    notes = [st.anti_shipping_air.note] if terms else []
    return Explained(f"anti-shipping air against {shipping_side} shipping", int(value) if value == int(value) else value,
                     "33.C", tuple(terms), tuple(notes))


def add_unit(sea: Any, st: SeaTables, unit: AirUnit) -> Any:
    """Place an air unit in a zone's box or on a naval mission; refuses bad values (33.C)."""
    if unit.name in {u.name for u in sea.air}:
        raise RuleError(f"there is already an air unit called {unit.name} (air remove {unit.name} first)")
    if unit.role not in ROLES:
        raise RuleError(f"role must be fighter or bomber, not '{unit.role}' (33.C)")
    if unit.range < 0 or unit.tbf < 0 or unit.distance < 0:
        raise RuleError("range, TBF and distance are 0 or more (33.C)")
    modified_tbf(unit, st)  # validates type and mission
    return replace(sea, air=sea.air + (unit,))


def remove_unit(sea: Any, name: str) -> Any:
    """Take an air unit out of the box (by name, any case)."""
    keep = tuple(u for u in sea.air if u.name.lower() != name.lower())
    if len(keep) == len(sea.air):
        raise RuleError(f"no air unit called '{name}'")
    return replace(sea, air=keep)
