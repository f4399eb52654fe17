"""The OCS world: ports by name, who moves first this turn, and each side's Sea Cap.

Also loads an OCS scenario (``[[ports]]``, ``[turn]``, ``[sea_cap]``) into a
world, validated, every error naming the file, table and key.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Union

import msgspec
from msgspec import field
from msgspec.structs import replace

from ..core.saved import check_numbers, check_unique, convert_saved
from ..core.data import DataModel, convert
from ..core.names import resolve_name, take_named
from ..core.errors import DataError, RuleError
from .amounts import amount_from_data
from .ports import Port
from .tables import OcsTables

AmountData = Union[int, float, str]


class OcsWorld(msgspec.Struct, frozen=True):
    """Everything the OCS rule set keeps about a game."""

    ports: dict[str, Port] = field(default_factory=dict)
    first: str = ""  # the side that moves first this turn (first player determination)
    allowance: dict[str, int] = field(default_factory=dict)  # Shipping Allowance per turn, Tokens (19.0f)
    shipped: dict[str, int] = field(default_factory=dict)  # allowance used this turn, Tokens (19.0f)
    weather: int | None = None  # this turn's weather roll, read on the game's own Weather Table
    serial: int = 0  # numbers the confirmations raised by commands (ship-1, reduce-2, ...)

    def port(self, name: str) -> Port:
        """The port called ``name`` (any case, or a unique prefix); refuses unknown or ambiguous names."""
        return self.ports[resolve_name(name, list(self.ports))]

    def with_port(self, port: Port) -> OcsWorld:
        """A copy with ``port`` replacing the port of the same name (or added at the end)."""
        return replace(self, ports={**self.ports, port.name: port})


def take_port(world: OcsWorld, args: list[str]) -> tuple[Port, list[str]]:
    """Read a port name from the front of ``args`` (several words allowed: ``Port Sudan``); return it and the rest."""
    return take_named(world.port, args)


# --- scenario -------------------------------------------------------------------


class ScenarioPort(DataModel, kw_only=True):
    """One ``[[ports]]`` entry of an OCS scenario."""

    name: str
    owner: str
    capacity: AmountData | None = None
    damage_track: list[AmountData] = []
    hex: str = ""
    supply_source: bool = False
    hits: int = 0
    enemy_zoc: bool = False
    zoc_negated: bool = False
    note: str = ""


class ScenarioTurn(DataModel):
    """``[turn]``: who moves first until the first player determination says otherwise."""

    first_player: str
    note: str = ""


class ScenarioSeaCap(DataModel):
    """``[sea_cap]``: each side's Shipping Allowance per turn, in points (19.0f; 1 point moves 1 SP, 19.0f E)."""

    allowance: dict[str, Union[int, float]]
    rule: str = "19.0f"
    note: str = ""


def points_to_tokens(points: float, tables: OcsTables) -> int:
    """Shipping Allowance points as the cargo they move, in Tokens (19.0f E); refuses a part of a Token."""
    if isinstance(points, bool) or points < 0:
        raise RuleError(f"a Shipping Allowance must be 0 or more points, not {points!r} (19.0f)")
    exact = Fraction(str(points)) * tables.tokens(tables.sea_cap.cargo_per_point)
    if exact.denominator != 1:
        raise RuleError(f"{points} points of Shipping Allowance is not a whole number of Tokens (19.0f E)")
    return int(exact)


def _amount(value: Any, tables: OcsTables, file: str, where: str) -> int:
    try:
        return amount_from_data(value, tables.per_sp, "the amount")
    except RuleError as exc:
        raise DataError(file, where, str(exc)) from None


def scenario_port(entry: ScenarioPort, tables: OcsTables, file: str, where: str) -> Port:
    """Validate one scenario port (``where`` is ``table ports, key N``) and build it."""
    if entry.owner not in tables.sides:
        raise DataError(file, f"{where}.owner", f"'{entry.owner}' is not a side ({', '.join(tables.sides)})")
    track = tuple(_amount(v, tables, file, f"{where}.damage_track.{i}") for i, v in enumerate(entry.damage_track))
    top = tables.damage.max_hits.value
    if track:
        if not 2 <= len(track) <= top + 1:
            raise DataError(file, f"{where}.damage_track", f"needs 2 to {top + 1} boxes (0 to {top} hits), not {len(track)}")
        if any(later > earlier for earlier, later in zip(track, track[1:])):
            raise DataError(file, f"{where}.damage_track", "capacities must not rise with more hits")
    if entry.capacity is None and not track:
        raise DataError(file, f"{where}.capacity", "is required (or a damage_track)")
    cap = _amount(entry.capacity, tables, file, f"{where}.capacity") if entry.capacity is not None else track[0]
    if track and cap != track[0]:
        raise DataError(file, f"{where}.capacity", "must equal the first box of its damage_track")
    if not 0 <= entry.hits <= top:
        raise DataError(file, f"{where}.hits", f"must be 0 to {top} (19.0b; RULINGS O1)")
    if entry.zoc_negated and not entry.enemy_zoc:
        raise DataError(file, f"{where}.zoc_negated", "needs enemy_zoc = true (4.5a)")
    return Port(name=entry.name, owner=entry.owner, capacity=cap, hex=entry.hex, damage_track=track,
                supply_source=entry.supply_source, hits=entry.hits, enemy_zoc=entry.enemy_zoc,
                zoc_negated=entry.zoc_negated, note=entry.note)


def world_from_scenario(raw: dict[str, Any], file: str, tables: OcsTables) -> OcsWorld:
    """Build the starting world from a scenario file's ``ports``, ``turn`` and ``sea_cap`` tables."""
    entries = convert(raw.get("ports", []), list[ScenarioPort], file, prefix="ports")
    ports: dict[str, Port] = {}
    for i, entry in enumerate(entries):
        port = scenario_port(entry, tables, file, f"table ports, key {i}")
        if port.name.lower() in (n.lower() for n in ports):
            raise DataError(file, f"table ports, key {i}.name", f"port '{port.name}' is listed twice")
        ports[port.name] = port
    if "turn" not in raw:
        raise DataError(file, "table turn", "is missing (first_player)")
    turn = convert(raw["turn"], ScenarioTurn, file, prefix="turn")
    if turn.first_player not in tables.sides:
        raise DataError(file, "table turn, key first_player", f"'{turn.first_player}' is not a side ({', '.join(tables.sides)})")
    sea = convert(raw.get("sea_cap", {"allowance": {}}), ScenarioSeaCap, file, prefix="sea_cap")
    allowance: dict[str, int] = {}
    for side, value in sea.allowance.items():
        if side not in tables.sides:
            raise DataError(file, f"table sea_cap, key allowance.{side}", f"is not a side ({', '.join(tables.sides)})")
        try:
            allowance[side] = points_to_tokens(value, tables)
        except RuleError as exc:
            raise DataError(file, f"table sea_cap, key allowance.{side}", str(exc)) from None
    allowance = {side: allowance.get(side, 0) for side in tables.sides}
    return OcsWorld(ports, turn.first_player, allowance, {side: 0 for side in tables.sides})


def world_to_data(world: OcsWorld) -> dict[str, Any]:
    """Plain data for the save file."""
    return {
        "ports": [msgspec.to_builtins(p) for p in world.ports.values()],
        "first": world.first,
        "allowance": dict(world.allowance),
        "shipped": dict(world.shipped),
        "weather": world.weather,
        "serial": world.serial,
    }


def world_from_data(data: dict[str, Any]) -> OcsWorld:
    """Inverse of :func:`world_to_data`; raises :class:`SavedDataError` for a world the rules cannot hold."""
    ports = [convert_saved(p, Port, f"ports[{i}]") for i, p in enumerate(data["ports"])]
    for i, port in enumerate(ports):
        check_numbers(port, f"ports[{i}] ({port.name})")
    check_unique((p.name for p in ports), "ports")
    return OcsWorld(
        ports={p.name: p for p in ports},
        first=str(data["first"]),
        allowance={str(k): int(v) for k, v in data.get("allowance", {}).items()},
        shipped={str(k): int(v) for k, v in data.get("shipped", {}).items()},
        weather=data.get("weather"),
        serial=int(data.get("serial", 0)),
    )
