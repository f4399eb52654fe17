"""The mission planner's figures for the operations of 21.42-21.6 (plain functions for the Naval mode).

:func:`plan` takes the units the referee has marked, the activity and the
cargo as typed, and returns the requirement figures with a "needs N ...: M
chosen" note when the force falls short (the planner shows those as
warnings). Nothing is refused here: a problem the command would refuse is
returned as a figure whose note says why, with the rule.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.numbers import read_int
from . import bombardment as BO
from . import carriers as CA
from . import invasion as I
from . import raiders as R
from .employment import force_figures
from .escort import Cargo as EscortCargo
from .escort import escort_requirement
from .ops_common import Requirement, plural, shortfall
from .ops_tables import OpsTables
from .supply import brp_grant_requirement, oil_requirement, sea_supply_transports
from .tables import AwawTables
from .transport import Place, parse_cargo, transport_requirement
from .units import NavalUnit
from .world import AwawWorld

ACTIVITIES = ("sea-supply", "ship-oil", "grant-brp", "transport", "escort", "invade", "bombard", "carrier-mission", "raid")
"""The planner's activities of the operations (each is also a command of ``verbs_ops``)."""

CARGO_HINT = {
    "sea-supply": "lines from mapboard boxes (a number)",
    "ship-oil": "oil counters (a number)",
    "grant-brp": "BRPs (a number)",
    "transport": "ground/air factors, or NAME:FACTORS[:KIND], ...",
    "escort": "ground/air factors, or NAME:FACTORS[:KIND], ...",
    "invade": "ground factors, or NAME:FACTORS[:KIND], ...",
    "bombard": "ground factors of the invasion attack (a number)",
    "carrier-mission": "(no cargo)",
    "raid": "(no cargo)",
}
"""What the planner's cargo field holds for each activity."""


def _place(world: AwawWorld, name: str) -> Place | None:
    base = world.bases.get(name) or next((b for n, b in world.bases.items() if n.lower() == name.lower()), None)
    return Place(base.name, base.is_box, tuple(base.fronts), base.theater) if base else None


def _with_shortfall(req: Requirement, destroyers: int, transports: int) -> list[Explained]:
    missing = shortfall(req, destroyers, transports)
    out = []
    for fig, key, chosen in ((req.destroyers, "destroyer", destroyers), (req.transports, "transport", transports)):
        need = f"{fig.value} destroyer factors" if key == "destroyer" else plural(fig.value, "transport")
        note = next((m for m in missing if key in m), f"needs {need}: {chosen} chosen")
        out.append(Explained(fig.name, fig.value, fig.rule, fig.terms, (*fig.notes, note)))
    return out


def _number(text: str, what: str) -> int:
    return read_int(text or "0", what, 0, 999)


def plan(world: AwawWorld, units: list[NavalUnit], activity: str, cargo: str, tables: AwawTables, ops: OpsTables,
         to: str = "", defended: bool = False) -> list[Explained]:
    """Requirement figures of ``activity`` for the marked ``units`` and the typed ``cargo`` (and destination ``to``)."""
    try:
        return _plan(world, units, activity, cargo, tables, ops, to, defended)
    except RuleError as exc:
        rule = str(exc).rsplit("(", 1)[-1].rstrip(")") if str(exc).endswith(")") else ""
        return [Explained(f"{activity}: not possible as planned", "refused", rule, (), (str(exc),))]


def _plan(world: AwawWorld, units: list[NavalUnit], activity: str, cargo: str, tables: AwawTables, ops: OpsTables,
          to: str, defended: bool) -> list[Explained]:
    figs = force_figures(units, tables) if units else {}
    dd = figs["destroyers"].value if figs else 0
    tr = figs["transports"].value if figs else 0
    power = units[0].power if units else ""
    if activity == "sea-supply":
        return _with_shortfall(sea_supply_transports(_number(cargo, "lines from boxes"), 0, power, ops), dd, tr)
    if activity == "ship-oil":
        return _with_shortfall(oil_requirement(max(1, _number(cargo, "oil counters")), power, ops), dd, tr)
    if activity == "grant-brp":
        return _with_shortfall(brp_grant_requirement(max(1, _number(cargo, "BRPs")), power, ops), dd, tr)
    if activity in ("transport", "escort", "invade"):
        if not cargo.strip():
            return [Explained("cargo", 0, "21.35", (), (f"type the cargo: {CARGO_HINT[activity]}",))]
        text = cargo.strip()
        load = parse_cargo(f"cargo:{text}" if text.isdigit() else text)
        factors = sum(c.factors for c in load)
        start = _place(world, units[0].base) if units else None
        end = _place(world, to) if to else None
        boxed = bool((start and start.box) or (end and end.box))
        if activity == "transport":
            req, _ = transport_requirement(factors, start or Place("?"), end or Place("?"), ops)
        elif activity == "escort":
            req = escort_requirement(EscortCargo(factors), power, "transports" if boxed else "destroyers", ops)
        else:
            req = I.invasion_requirement(load, defended, bool(start and start.box), ops)
        return [Explained("cargo factors", factors, "21.35A", tuple(Term(c.name, c.factors, "21.35A") for c in load)),
                *_with_shortfall(req, dd, tr)]
    if activity == "bombard":
        ground = _number(cargo, "ground factors")
        by_drm: dict[int, int] = {}
        for u in units:
            if u.category(tables) in ("fleet", "destroyer"):
                d = world.drm.get(u.nation, world.drm.get(u.power, 0))
                by_drm[d] = by_drm.get(d, 0) + u.factors
        if not ground:
            return [Explained("shore bombardment", 0, "21.521", (), ("type the ground factors of the invasion attack",))]
        return [BO.bombardment_value(ground, by_drm, ops).value]
    if activity == "carrier-mission":
        if not figs:
            return []
        return [CA.fast_fleet_check(figs["carriers"].value, figs["fast_fleet"].value, ops)]
    if activity == "raid":
        return [R.check_group([R.RaidShip(u.id, u.type, u.factors, u.fast, u.power, u.damaged) for u in units], ops)]
    raise RuleError(f"the planner knows no operation '{activity}' ({', '.join(ACTIVITIES)})")


def options(activity: str) -> dict[str, Any]:
    """What the planner's form asks for an activity: the cargo hint and whether a destination matters."""
    return {"cargo": CARGO_HINT.get(activity, ""), "to": activity in ("transport", "escort", "invade")}
