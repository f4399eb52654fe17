"""The Europa world: ports keyed by name, which ports each side may use this turn, and the sea.

Also loads a Europa scenario's ``[[ports]]`` (and, through :mod:`.seaworld`,
its ``[sea]``, ``[[mulberries]]``, ``[[offmap_ports]]`` and ``[[beaches]]``)
into a world, validated.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import field
from msgspec.structs import fields, replace

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


class EuropaWorld(msgspec.Struct, frozen=True):
    """Ports by name (scenario order), and per side the ports it owned at the start of its initial phase (31.A)."""

    ports: dict[str, Port] = field(default_factory=dict)
    usable: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sea_state: str = "calm"  # calm | rough | stormy, answered at the start of each game turn (31.A.12)
    sea: SeaWorld = field(default_factory=SeaWorld)  # sea zones, anti-shipping, Mulberries, beaches (33, 31.A.8-31.B)
    nations: dict[str, str] = field(default_factory=dict)  # side -> nation a captured port takes (RULINGS E13)
    port_nations: dict[str, dict[str, str]] = field(default_factory=dict)  # port -> side -> nation, exceptions (E13)
    waters: tuple[str, ...] = ()  # waters a port may border that are not sea zones of 33.B.10 (never checked)

    def captor_nation(self, port: str, side: str) -> str:
        """The nation a port captured by ``side`` takes by default: the port's exception, else the side's (RULINGS E13)."""
        return self.port_nations.get(port, {}).get(side) or self.nations.get(side, "")

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


def port_field_problem(port: Port) -> tuple[str, str] | None:
    """The first enumerated field of a port that holds no allowed value, and why: ``(field, message)``; None if all do."""
    if port.type not in PORT_TYPES:
        return "type", f"'{port.type}' is not a port type ({', '.join(PORT_TYPES)})"
    if port.owner not in SIDES:
        return "owner", f"'{port.owner}' is not a side ({', '.join(SIDES)})"
    if port.harbour not in HARBOURS:
        return "harbour", f"'{port.harbour}' is not a harbour ({', '.join(HARBOURS)})"
    return None


def check_port_fields(port: Port, file: str, where: str) -> None:
    """Validate enumerated fields of a port; raise DataError naming ``where``."""
    problem = port_field_problem(port)
    if problem is not None:
        raise DataError(file, f"{where}.{problem[0]}", problem[1])


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
    waters = raw.get("other_waters", [])
    if not isinstance(waters, list) or not all(isinstance(w, str) for w in waters):
        raise DataError(file, "key other_waters", "must be a list of names of waters that are not sea zones")
    if sea_tables is not None:
        sea = sea_from_scenario(raw, file, sea_tables, PORT_TYPES, {n: p.owner for n, p in ports.items()})
        for i, port in enumerate(ports.values()):
            why = sea_zone_problem(sea_tables, tuple(waters), port.sea_zone)
            if why:
                raise DataError(file, f"table ports, key {i}.sea_zone", why)
    nations, port_nations = nations_from_scenario(raw.get("nations", {}), file, ports)
    return EuropaWorld(ports, usable, sea=sea, nations=nations, port_nations=port_nations, waters=tuple(waters))


def sea_zone_problem(st: SeaTables, waters: tuple[str, ...], text: str) -> str:
    """Why ``text`` cannot be a port's sea zone ("" when it can): a zone of 33.B.10 or one of the scenario's other waters."""
    if not text:
        return ""
    names = [n for zid, z in st.sea_zones.items() for n in (zid, z.name, *z.aliases)]
    if text.lower() in (n.lower() for n in (*names, *waters)):
        return ""
    allowed = [z.name for z in st.sea_zones.values()] + list(waters)
    return f"'{text}' is not a sea zone; one of: {', '.join(allowed)} (33.B)"


def check_saved_zones(world: EuropaWorld, st: SeaTables) -> EuropaWorld:
    """A saved world names only sea zones of 33.B.10 (or the scenario's other waters): its ports, beaches,
    air units, Mulberries and recorded checks. Raises :class:`SavedDataError` naming the first that does not."""
    named: list[tuple[str, str]] = [(f"ports ({p.name})", p.sea_zone) for p in world.ports.values()]
    named += [(f"sea.beaches ({b.name})", b.sea_zone) for b in world.sea.beaches.values()]
    named += [(f"sea.mulberries ({m.name})", m.zone) for m in world.sea.mulberries.values()]
    named += [(f"sea.air ({a.name})", a.zone) for a in world.sea.air]
    named += [(f"sea.checks ({c.item})", c.zone) for c in world.sea.checks]
    for where, zone in named:
        why = sea_zone_problem(st, world.waters, zone)
        if why:
            raise SavedDataError(f"{where}: {why}")
    return world


def nations_from_scenario(raw: Any, file: str, ports: dict[str, Port]) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The ``[nations]`` table: each side's default nation for captured ports and per-port exceptions (RULINGS E13)."""
    if not isinstance(raw, dict):
        raise DataError(file, "table nations", "must be a table: axis = NATION, allied = NATION, [nations.ports.NAME]")
    sides = {k: v for k, v in raw.items() if k != "ports"}
    for key, value in sides.items():
        if key not in SIDES or not isinstance(value, str):
            raise DataError(file, f"table nations, key {key}", "expected axis = \"german\" or allied = \"british\"")
    exceptions: dict[str, dict[str, str]] = {}
    for name, table in raw.get("ports", {}).items():
        if name not in ports:
            raise DataError(file, f"table nations.ports, key {name}", "no such port in [[ports]]")
        if not isinstance(table, dict) or any(k not in SIDES or not isinstance(v, str) for k, v in table.items()):
            raise DataError(file, f"table nations.ports, key {name}", "expected axis = NATION and/or allied = NATION")
        exceptions[name] = dict(table)
    return dict(sides), exceptions


def world_to_data(world: EuropaWorld) -> dict[str, Any]:
    """Plain data for the save file."""
    return {
        "ports": [msgspec.to_builtins(p) for p in world.ports.values()],
        "usable": {side: list(names) for side, names in world.usable.items()},
        "sea_state": world.sea_state,
        "sea": sea_to_data(world.sea),
        "nations": dict(world.nations),
        "port_nations": {p: dict(n) for p, n in world.port_nations.items()},
        "waters": list(world.waters),
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
    return EuropaWorld({p.name: p for p in ports}, usable, data.get("sea_state", "calm"), sea_from_data(data.get("sea")),
                       dict(data.get("nations", {})), {p: dict(n) for p, n in data.get("port_nations", {}).items()},
                       tuple(data.get("waters", ())))
