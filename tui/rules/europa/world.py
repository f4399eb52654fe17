"""The Europa world: ports keyed by name, which ports each side may use this turn, and the sea.

Also loads a Europa scenario's ``[[ports]]`` (and, through :mod:`.seaworld`,
its ``[sea]``, ``[[mulberries]]``, ``[[offmap_ports]]`` and ``[[beaches]]``)
into a world, validated.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

import msgspec

from ..core.data import DataModel, convert
from ..core.names import resolve_name, take_named
from ..core.saved import SavedDataError, check_numbers, check_unique, convert_saved
from ..core.errors import DataError, RuleError
from .ports import Port
from .seatables import SeaTables
from .seaworld import SeaWorld, sea_from_data, sea_from_scenario, sea_to_data

SIDES = ("axis", "allied")
PORT_TYPES = ("great", "major", "standard", "mulberry", "minor", "jetty")
HARBOURS = ("none", "artificial", "natural")


@dataclass(frozen=True)
class EuropaWorld:
    """Ports by name (scenario order), and per side the ports it owned at the start of its initial phase (31.A)."""

    ports: dict[str, Port] = field(default_factory=dict)
    usable: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sea_state: str = "calm"  # calm | rough | stormy, answered at the start of each game turn (31.A.12)
    sea: SeaWorld = field(default_factory=SeaWorld)  # sea zones, anti-shipping, Mulberries, beaches (33, 31.A.8-31.B)

    def port(self, name: str) -> Port:
        """The port called ``name`` (case-insensitive, unique prefix allowed); refuse unknown or ambiguous names."""
        key = resolve_name(name, list(self.ports))
        return self.ports[key]

    def with_port(self, port: Port) -> EuropaWorld:
        """A copy with ``port`` replacing the port of the same name (or added at the end)."""
        ports = dict(self.ports)
        ports[port.name] = port
        return replace(self, ports=ports)


def take_port(world: EuropaWorld, args: list[str]) -> tuple[Port, list[str]]:
    """Read a port name from the front of ``args`` (several words allowed: ``Port Sudan``); return it and the rest."""
    return take_named(world.port, args)


class ScenarioPort(DataModel):
    """One ``[[ports]]`` entry of a Europa scenario."""

    name: str
    type: str
    owner: str
    harbour: str = "none"
    hex: str = ""
    sea_zone: str = ""
    nation: str = ""
    theatre: str = ""
    mainland_europe: bool = False
    inland: bool = False
    naval_base: bool = False
    hits: float = 0.0
    reduced: int = 0
    collateral: bool = False
    mines: int = 0
    sea_route: bool = True
    note: str = ""


def check_port_fields(port: Port, file: str, where: str) -> None:
    """Validate enumerated fields of a port; raise DataError naming ``where``."""
    if port.type not in PORT_TYPES:
        raise DataError(file, f"{where}.type", f"'{port.type}' is not a port type ({', '.join(PORT_TYPES)})")
    if port.owner not in SIDES:
        raise DataError(file, f"{where}.owner", f"'{port.owner}' is not a side ({', '.join(SIDES)})")
    if port.harbour not in HARBOURS:
        raise DataError(file, f"{where}.harbour", f"'{port.harbour}' is not a harbour ({', '.join(HARBOURS)})")


def world_from_scenario(raw: dict[str, Any], file: str, sea_tables: SeaTables | None = None) -> EuropaWorld:
    """Build the starting world from a scenario file's ``ports`` table (and its sea tables, given ``sea_tables``)."""
    entries = convert(raw.get("ports", []), list[ScenarioPort], file, prefix="ports")
    ports: dict[str, Port] = {}
    for i, entry in enumerate(entries):
        data = {f.name: getattr(entry, f.name) for f in fields(Port) if hasattr(entry, f.name)}
        port = Port(**data)
        check_port_fields(port, file, f"table ports, key {i}")
        if port.name in ports:
            raise DataError(file, f"table ports, key {i}.name", f"port '{port.name}' is listed twice")
        ports[port.name] = port
    usable = {side: tuple(n for n, p in ports.items() if p.owner == side) for side in SIDES}
    sea = SeaWorld()
    if sea_tables is not None:
        sea = sea_from_scenario(raw, file, sea_tables, PORT_TYPES, {n: p.owner for n, p in ports.items()})
    return EuropaWorld(ports, usable, sea=sea)


def world_to_data(world: EuropaWorld) -> dict[str, Any]:
    """Plain data for the save file."""
    return {
        "ports": [msgspec.to_builtins(p) for p in world.ports.values()],
        "usable": {side: list(names) for side, names in world.usable.items()},
        "sea_state": world.sea_state,
        "sea": sea_to_data(world.sea),
    }


def world_from_data(data: dict[str, Any]) -> EuropaWorld:
    """Inverse of :func:`world_to_data`; saves older than a field load it with its default.

    Raises :class:`SavedDataError` for a world the rules cannot hold (unknown
    port type, side or harbour; a port listed twice; a negative or absurd count).
    """
    ports = [convert_saved(p, Port, f"ports[{i}]") for i, p in enumerate(data["ports"])]
    for i, port in enumerate(ports):
        try:
            check_port_fields(port, "the save", f"ports[{i}]")
        except DataError as exc:
            raise SavedDataError(f"ports[{i}] ({port.name}): {exc.problem}") from None
        check_numbers(port, f"ports[{i}] ({port.name})")
    check_unique((p.name for p in ports), "ports")
    usable = {s: tuple(n) for s, n in data.get("usable", {}).items()}
    return EuropaWorld({p.name: p for p in ports}, usable, data.get("sea_state", "calm"), sea_from_data(data.get("sea")))
