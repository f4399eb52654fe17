"""The OCS scenario's CSV form (the files and the struct of their rows), its world written back as a scenario, and the
values its columns allow: what ``scenario template/import/export``, ``setup`` and the scenario page read."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.plugin import Kind
from ..core.ruleset import RuleSet
from .ports import fmt
from .world import ScenarioPort, ScenarioSeaCap, ScenarioTurn

KINDS: tuple[Kind, ...] = (
    Kind("turn", ScenarioTurn, "table", rule="who moves first until the first player determination"),
    Kind("sea_cap", ScenarioSeaCap, "table", rule="each side's Shipping Allowance in points (19.0f)"),
    Kind("ports", ScenarioPort, key="name", rule="every port, its capacity and Damage Track (19.0)"),
)


def kinds() -> tuple[Kind, ...]:
    """The files of the form, the ``scenario`` file excepted."""
    return KINDS


def export(world: Any, ruleset: RuleSet) -> dict[str, Any]:
    """The tables of the scenario a new game would start this world from."""
    t = ruleset.tables
    ports = []
    for p in world.ports.values():
        row: dict[str, Any] = {"name": p.name, "owner": p.owner, "capacity": fmt(p.capacity, t), "hex": p.hex,
                               "damage_track": [fmt(x, t) for x in p.damage_track], "supply_source": p.supply_source,
                               "hits": p.hits, "enemy_zoc": p.enemy_zoc, "zoc_negated": p.zoc_negated, "note": p.note}
        ports.append(row)
    per_point = t.tokens(t.sea_cap.cargo_per_point)
    allowance = {}
    for side, tokens in world.allowance.items():
        points = Fraction(tokens, per_point)
        allowance[side] = int(points) if points.denominator == 1 else float(points)
    return {"turn": {"first_player": world.first}, "sea_cap": {"allowance": allowance}, "ports": ports}


def allowed(ruleset: RuleSet) -> dict[tuple[str, str], tuple[str, ...]]:
    """The values a column must take, by (file kind, column)."""
    sides = tuple(ruleset.sides)
    return {("turn", "first_player"): sides, ("ports", "owner"): sides, ("sea_cap", "allowance"): sides}
