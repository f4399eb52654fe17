"""Employment (seed 004, 21.3-21.35): who may carry out a naval activity, and what doing it costs.

Every activity verb (CORE's and the operations of 21.42-21.6) calls
:func:`check_force` before it acts and :func:`employ` after: uninverted,
undamaged units that have not yet acted this player turn (21.31, 21.314),
ten or more factors only as one task force (21.312), a fast fleet factor (a
fleet's or a destroyer's, ``[employment.fleet_categories]``) for each fast
carrier factor (21.313); after the activity they are inverted
(21.311) unless they operate from an SW box (21.31, 21.311 exceptions).
"""

from __future__ import annotations

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .tables import AwawTables
from .units import NavalUnit
from .world import AwawWorld


def why_not(unit: NavalUnit, world: AwawWorld, *, patrol: bool = False) -> str:
    """Why ``unit`` may not start a naval activity now ("" if it may), with the rule."""
    in_sw = world.bases.get(unit.base) is not None and world.bases[unit.base].kind == "sw-box"
    if unit.sunk:
        return f"{unit.id} is sunk"
    if unit.repair:
        return f"{unit.id} is waiting for repair (21.314)"
    if unit.damaged:
        return f"{unit.id} is damaged: damaged naval units may not undertake naval activities (21.314)"
    if unit.at_sea:
        return f"{unit.id} is at sea ({unit.at_sea} in {unit.sea_hex or 'its hex'}) (21.321)"
    if unit.unusable:
        return f"{unit.id} is excess in an overstacked base and may not be used this player turn (21.112)"
    if unit.acted and not in_sw:
        return f"{unit.id} has already carried out its one activity this player turn (21.31)"
    if unit.inverted and not in_sw:
        return f"{unit.id} is inverted: only uninverted naval units may carry out an activity (21.31, 21.34)"
    if patrol and unit.base_changed:
        return f"{unit.id} changed base this movement phase and may not patrol (21.414B, 21.32)"
    return ""


def force_figures(units: list[NavalUnit], tables: AwawTables) -> dict[str, Explained]:
    """The figures 21.312 and 21.313 read for a naval force: its factors, fast fleet and fast carrier factors."""
    cats = {u.id: u.category(tables) for u in units}
    fleet = set(tables.employment.fleet_categories.value)  # fleets and destroyers (21.313, 21.5281-21.5282, 21.5342C)
    return {
        "factors": _total("Naval factors in the force", [u for u in units if cats[u.id] != "transport"], "21.312"),
        "fast_fleet": _total("Fast fleet factors", [u for u in units if cats[u.id] in fleet and u.fast], "21.313"),
        "carriers": _total("Fast carrier factors", [u for u in units if cats[u.id] == "carrier"], "21.313"),
        "destroyers": _total("Destroyer factors", [u for u in units if cats[u.id] == "destroyer"], "21.434"),
        "transports": _total("Transports", [u for u in units if cats[u.id] == "transport"], "21.35C"),
    }


def _total(name: str, chosen: list[NavalUnit], rule: str) -> Explained:
    """The naval factors of the ``chosen`` units, one term each."""
    return Explained(name, sum(u.factors for u in chosen), rule, tuple(Term(u.id, u.factors, rule) for u in chosen))


def check_force(units: list[NavalUnit], world: AwawWorld, tables: AwawTables, activity: str, *,
                patrol: bool = False, carriers_alone: bool = False) -> dict[str, Explained]:
    """Refuse a force that may not carry out ``activity`` (21.31, 21.312, 21.313, 21.314); return its figures.

    ``carriers_alone``: the activity is one fast carriers may do without fast fleet factors (base change, NR,
    displacement; 21.313 last sentence).
    """
    if not units:
        raise RuleError(f"{activity}: which naval units?")
    sides = {tables.side_of(u.power) for u in units}
    if len(sides) > 1:
        raise RuleError(f"{activity}: a naval force is of one side; these are {' and '.join(sorted(sides))}")
    for u in units:
        reason = why_not(u, world, patrol=patrol)
        if reason:
            raise RuleError(f"{activity}: {reason}")
    figures = force_figures(units, tables)
    minimum = tables.employment.task_force_min
    fighting = [u for u in units if u.category(tables) != "transport"]
    if figures["factors"].value >= minimum.value:
        tfs = {u.tf for u in fighting}
        if "" in tfs or len(tfs) != 1:
            raise RuleError(f"{activity}: a naval force of {figures['factors'].value} naval factors must be one task force "
                            f"(ten or more factors, {minimum.rule}); form it with `tf NAME UNITS`")
    per = tables.employment.fast_fleet_per_carrier
    need = figures["carriers"].value * per.value
    if not carriers_alone and need > figures["fast_fleet"].value:
        raise RuleError(f"{activity}: {figures['carriers'].value} fast carrier factors need {need} fast fleet factors, "
                        f"the force has {figures['fast_fleet'].value} ({per.rule})")
    return figures


def employ(units: list[NavalUnit], world: AwawWorld, *, invert: bool = True) -> list[NavalUnit]:
    """The units after their one activity: acted and inverted (21.31, 21.311); in an SW box neither (25.36).

    ``invert`` False: acted now, inverted when they return (patrols and missions at sea, 21.4183).
    """
    out = []
    for u in units:
        base = world.bases.get(u.base)
        if base is not None and base.kind == "sw-box":
            out.append(u)
        else:
            out.append(u.change(acted=True, inverted=u.inverted or invert))
    return out
