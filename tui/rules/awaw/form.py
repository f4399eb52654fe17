"""The A World at War scenario's CSV form (the files and the struct of their rows), its world written back as a
scenario, and the values its columns allow: what ``scenario template/import/export``, ``setup`` and the scenario page
read."""

from __future__ import annotations

from typing import Any

from ..core.data import Signed
from ..core.cells import builtins, field_types
from ..core.plugin import Kind
from ..core.ruleset import RuleSet
from .scenario import ScenarioBase, ScenarioHarbor, ScenarioTurn, ScenarioUnit
from .units import AT_SEA

KINDS: tuple[Kind, ...] = (
    Kind("turn", ScenarioTurn, "table", rule="who takes the first player turn until the initiative"),
    Kind("harbor", ScenarioHarbor, "table", rule="harbor-attack research and attacks made (21.442, 21.444)"),
    Kind("drm", Signed, "map", columns=("nation", "drm"), rule="naval nationality DRM per nation (21.526)"),
    Kind("hex_control", str, "map", columns=("hex", "control"),
         rule="who controls each strait hex (21.211), and each island the range exceptions and port construction read "
              "(21.3615A, 21.121C)"),
    Kind("bases", ScenarioBase, key="name", rule="ports, port counters and boxes (21.11-21.18)"),
    Kind("units", ScenarioUnit, key="id", rule="the naval order of battle (20.x, 21.3)"),
)


def kinds() -> tuple[Kind, ...]:
    """The files of the form, the ``scenario`` file excepted."""
    return KINDS


def export(world: Any, ruleset: RuleSet) -> dict[str, Any]:
    """The tables of the scenario a new game would start this world from."""
    unit_fields = set(field_types(ScenarioUnit))
    bases = [{"name": b.name, "kind": b.kind, "fronts": list(b.fronts), "theater": b.theater, "hex": b.hex, "control": b.control,
              "operational": b.operational, "group": b.group, "note": b.note} for b in world.bases.values()]
    units = [{k: v for k, v in builtins(u).items() if k in unit_fields} for u in world.units.values()]
    research = [p for p, yes in world.harbor_research.items() if yes]
    return {"turn": {"first_player": world.first}, "harbor": {"research": research, "attacks_made": world.harbor_attacks},
            "drm": dict(world.drm), "hex_control": dict(world.hex_control), "bases": bases, "units": units}


def allowed(ruleset: RuleSet) -> dict[tuple[str, str], tuple[str, ...]]:
    """The values a column must take, by (file kind, column)."""
    t = ruleset.tables
    powers = tuple(t.powers)
    return {("turn", "first_player"): tuple(t.sides), ("harbor", "research"): powers, ("hex_control", "control"): ("neutral", *powers),
            ("bases", "kind"): tuple(t.base_kinds), ("bases", "fronts"): tuple(t.fronts), ("bases", "theater"): tuple(t.theaters),
            ("bases", "control"): ("neutral", *powers), ("units", "power"): powers, ("units", "type"): tuple(t.unit_types),
            ("units", "base"): ("a name of bases.csv",), ("units", "at_sea"): AT_SEA}
