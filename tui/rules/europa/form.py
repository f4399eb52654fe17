"""The Europa scenario's CSV form (the files and the struct of their rows), its world written back as a scenario, and
the values its columns allow: what ``scenario template/import/export``, ``setup`` and the scenario page read."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Union

from ..core.data import DataModel
from ..core.cells import builtins, field_types
from ..core.plugin import Kind
from ..core.ruleset import RuleSet
from . import seaworld as sea
from . import world as ports


class Water(DataModel):
    """One water a Europa port may border that is not a sea zone of 33.B.10 (``other_waters``)."""

    name: str


class PortNation(DataModel):
    """The nation a captured port takes, by capturing side, when it differs from the side's default (RULINGS E13)."""

    port: str
    axis: str = ""
    allied: str = ""


def _put_waters(raw: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    if rows:
        raw["other_waters"] = [r["name"] for r in rows]


def _put_nations(raw: dict[str, Any], value: dict[str, str]) -> None:
    if value:
        raw.setdefault("nations", {}).update(value)


def _put_port_nations(raw: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    for row in rows:
        raw.setdefault("nations", {}).setdefault("ports", {})[row["port"]] = {k: v for k, v in row.items() if k != "port" and v}


def _take_nations(raw: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in raw.get("nations", {}).items() if k != "ports"}


def _take_port_nations(raw: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"port": name, **table} for name, table in raw.get("nations", {}).get("ports", {}).items()]


KINDS: tuple[Kind, ...] = (
    Kind("ports", ports.ScenarioPort, key="name", rule="every port (31.A; 33.B.10 sea zones)"),
    Kind("other_waters", Water, key="name", rule="waters a port borders that are not sea zones of 33.B.10",
         put=_put_waters, take=lambda raw: [{"name": n} for n in raw.get("other_waters", [])], toml_type=list[str]),
    Kind("nations", str, "map", columns=("side", "nation"), rule="the nation a side's captured port takes (RULINGS E13)",
         put=_put_nations, take=_take_nations, toml_type=dict[str, Union[str, dict[str, dict[str, str]]]]),
    Kind("port_nations", PortNation, key="port", rule="ports whose captor's nation differs from the side's (RULINGS E13)",
         put=_put_port_nations, take=_take_port_nations, filled_by_other=True),
    Kind("sea", sea.ScenarioSea, "table", rule="Malta status (33.B.1.a) and answered sea conditions"),
    Kind("mulberries", sea.ScenarioMulberry, key="name", rule="Mulberry harbours (31.A.7)"),
    Kind("offmap_ports", sea.ScenarioOffMap, key="name", rule="off-map ports (31.A.8)"),
    Kind("beaches", sea.ScenarioBeach, key="name", rule="beach hexes (31.B)"),
)


def export(world: Any, ruleset: RuleSet) -> dict[str, Any]:
    """The tables of the scenario a new game would start this world from."""
    names = set(field_types(ports.ScenarioPort))
    port_rows = [{k: v for k, v in builtins(p).items() if k in names} for p in world.ports.values()]
    state = world.sea
    owned = {side: [p.name for p in world.ports.values() if p.owner == side] for side in ("axis", "allied")}
    extra = {side: [n for n in state.ever_owned.get(side, ()) if n not in owned[side]] for side in owned}
    raw: dict[str, Any] = {"ports": port_rows}
    if world.waters:
        raw["other_waters"] = list(world.waters)
    if world.nations or world.port_nations:
        raw["nations"] = dict(world.nations)
        if world.port_nations:
            raw["nations"]["ports"] = {p: dict(n) for p, n in world.port_nations.items()}
    raw["sea"] = {"malta": state.malta, "conditions": dict(state.conditions), "ever_allied": extra["allied"], "ever_axis": extra["axis"]}
    raw["mulberries"] = [{"name": m.name, "available": m.status == "available"} for m in state.mulberries.values()]
    raw["offmap_ports"] = [builtins(o) for o in state.offmap.values()]
    raw["beaches"] = [{"name": b.name, "owner": b.owner, "hex": b.hex, "sea_zone": b.sea_zone} for b in state.beaches.values()]
    return raw


_SEA_ZONES: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {}
"""The sea zones read per rule set file (a plain dict, not a decorator: mutation testing skips decorated functions)."""


def _sea_zones(source: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The sea zones of ``source``, read once."""
    if source not in _SEA_ZONES:
        _SEA_ZONES[source] = _read_sea_zones(source)
    return _SEA_ZONES[source]


def _read_sea_zones(source: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The sea zones of 33.B.10 in the rule set file ``source``: each zone's name and its other names (id, aliases)."""
    from .ruleset import load_sea

    st = load_sea(Path(source).parent.parent)
    return tuple((z.name, (zid, *z.aliases)) for zid, z in st.sea_zones.items())


def _zones(ruleset: RuleSet) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return _sea_zones(ruleset.source_files[0]) if ruleset.source_files else ()


def short_forms(ruleset: RuleSet) -> dict[tuple[str, str], dict[str, str]]:
    """A sea zone's other names (its id, its aliases: ``Aegean``, ``E Med``), lower case, to its name, for the columns
    naming a sea zone: what ``setup`` stores in their place (issue 30)."""
    full = {other.lower(): name for name, others in _zones(ruleset) for other in others}
    return {("ports", "sea_zone"): full, ("beaches", "sea_zone"): full}


def allowed(ruleset: RuleSet) -> dict[tuple[str, str], tuple[str, ...]]:
    """The values a column must take, by (file kind, column)."""
    sides = ports.SIDES
    zones = (*(name for name, _ in _zones(ruleset)), "a name of other_waters.csv")
    return {("ports", "type"): ports.PORT_TYPES, ("ports", "owner"): sides, ("ports", "harbour"): ports.HARBOURS,
            ("nations", "side"): sides, ("offmap_ports", "side"): sides, ("offmap_ports", "type"): ports.PORT_TYPES,
            ("beaches", "owner"): sides, ("ports", "sea_zone"): zones, ("beaches", "sea_zone"): zones,
            ("port_nations", "port"): ("a name of ports.csv",)}


def kinds() -> tuple[Kind, ...]:
    """The files of the form, the ``scenario`` file excepted."""
    return KINDS
