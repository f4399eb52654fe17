"""Loading a Logistics scenario into a world: the map, its places, crossings, markers and factories.

A scenario file has ``[map]`` (size, offset, centre, where the storm starts),
``[turn]`` (who moves first until the initiative roll, production turns),
``[[control]]`` (column ranges each side controls), ``[[areas]]`` (terrain of
many hexes, ``sea`` for the sea), ``[[hexes]]`` (cities and towns with size,
factories), ``[[rivers]]`` (hexsides), ``[[roads]]`` and ``[[rails]]`` (paths
of adjacent hexes), ``[[bridges]]``, ``[[canals]]``, ``[[airfields]]`` and
``[[mulberries]]``; ``[[owners]]`` (a side's hexes, as the app writes a
board out: ``export.py``). A land hex next to a sea hex is coastal; ``coastal = true``
still marks one on a map without sea. Every error names the file, the table
and the key.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.data import DataModel, convert
from ..core.errors import DataError, RuleError
from ..core.hexgrid import HexGrid, direction_between
from .factories import check_factories
from .tables import LogisticsTables
from .world import SEA, Airfield, Crossing, LogisticsWorld, Mulberry, Place, bridge_id, link


class MapInfo(DataModel):
    """``[map]``: the grid and the storm's start (Storms ¶4: the centre unless the scenario says otherwise)."""

    columns: int
    rows: int
    first_column: int = 1
    first_row: int = 1
    shifted: str = "even"
    centre: str = ""
    storm: str = ""
    note: str = ""


class TurnInfo(DataModel):
    """``[turn]``: who moves first until the first initiative roll; which turns are production turns (RULINGS L3)."""

    first_player: str
    production_every: int = 1
    production_from: int = 1
    production_turns: list[int] = []
    note: str = ""


class ControlRange(DataModel):
    """``[[control]]``: a side controls every hex of these columns (inclusive)."""

    side: str
    columns: list[int]
    note: str = ""


class Area(DataModel):
    """``[[areas]]``: hexes of one terrain (forest, marsh, mountain...), optionally coastal."""

    terrain: str
    hexes: list[str]
    coastal: bool = False
    note: str = ""


class HexEntry(DataModel):
    """``[[hexes]]``: one hex, usually a city or town."""

    hex: str
    terrain: str = "clear"
    name: str = ""
    size: int = 0
    coastal: bool = False
    control: str = ""
    resource: int = 0
    factories: dict[str, int] = {}
    note: str = ""


class Owners(DataModel):
    """``[[owners]]``: a side holds these hexes (a board written out by the app; ``[[control]]`` gives columns)."""

    side: str
    hexes: list[str]
    note: str = ""


class River(DataModel):
    """``[[rivers]]``: a river as a list of hexsides (pairs of adjacent hexes)."""

    hexsides: list[list[str]]
    name: str = ""
    note: str = ""


class Path(DataModel):
    """``[[roads]]`` / ``[[rails]]``: a road or railway through these hexes, each adjacent to the one before."""

    hexes: list[str]
    name: str = ""
    note: str = ""


class BridgeEntry(DataModel):
    """``[[bridges]]``: a bridge over a river hexside."""

    hexside: list[str]
    name: str = ""
    destroyed: bool = False
    note: str = ""


class CanalEntry(DataModel):
    """``[[canals]]``: a canal hex."""

    hex: str
    name: str = ""
    destroyed: bool = False
    note: str = ""


class MarkerEntry(DataModel):
    """``[[airfields]]`` / ``[[mulberries]]``."""

    hex: str
    owner: str
    major: bool = False
    note: str = ""


def _hex(grid: HexGrid, text: str, file: str, where: str) -> str:
    try:
        return grid.hex_id(grid.parse(text))
    except RuleError as exc:
        raise DataError(file, where, str(exc)) from None


def _side(text: str, tables: LogisticsTables, file: str, where: str, blank: bool = False) -> str:
    if (blank and text == "") or text in tables.sides:
        return text
    raise DataError(file, where, f"'{text}' is not a side ({', '.join(tables.sides)})")


def _hexside(grid: HexGrid, pair: list[str], file: str, where: str) -> tuple[str, str]:
    if len(pair) != 2:
        raise DataError(file, where, "a hexside is two hex ids")
    a, b = (_hex(grid, p, file, where) for p in pair)
    if direction_between(grid.parse(a), grid.parse(b)) is None:
        raise DataError(file, where, f"{a} and {b} are not adjacent: a hexside lies between two adjacent hexes")
    return a, b


def _paths(grid: HexGrid, raw: Any, table: str, file: str) -> tuple[tuple[str, str], ...]:
    """The links of ``[[roads]]`` or ``[[rails]]``: each hex of a path adjacent to the one before."""
    links: dict[tuple[str, str], None] = {}
    for i, path in enumerate(convert(raw, list[Path], file, prefix=table)):
        hexes = [_hex(grid, text, file, f"table {table}, key {i}.hexes.{j}") for j, text in enumerate(path.hexes)]
        if len(hexes) < 2:
            raise DataError(file, f"table {table}, key {i}.hexes", "a path is two hexes or more")
        for j, (a, b) in enumerate(zip(hexes, hexes[1:])):
            if direction_between(grid.parse(a), grid.parse(b)) is None:
                raise DataError(file, f"table {table}, key {i}.hexes.{j + 1}", f"{a} and {b} are not adjacent: a path goes from hex to adjacent hex")
            links[link(a, b)] = None
    return tuple(links)


def world_from_scenario(raw: dict[str, Any], file: str, tables: LogisticsTables) -> LogisticsWorld:
    """Build the starting world from a scenario file."""
    if "map" not in raw:
        raise DataError(file, "table map", "is missing (columns, rows)")
    info = convert(raw["map"], MapInfo, file, prefix="map")
    try:
        grid = HexGrid(info.columns, info.rows, info.first_column, info.first_row, info.shifted)
    except ValueError as exc:
        raise DataError(file, "table map", str(exc)) from None
    centre = _hex(grid, info.centre, file, "table map, key centre") if info.centre else grid.hex_id(grid.centre())
    storm = _hex(grid, info.storm, file, "table map, key storm") if info.storm else centre
    if "turn" not in raw:
        raise DataError(file, "table turn", "is missing (first_player)")
    turn = convert(raw["turn"], TurnInfo, file, prefix="turn")
    _side(turn.first_player, tables, file, "table turn, key first_player")
    if turn.production_every < 1:
        raise DataError(file, "table turn, key production_every", "must be 1 or more")

    places: dict[str, Place] = {}
    for i, rng in enumerate(convert(raw.get("control", []), list[ControlRange], file, prefix="control")):
        where = f"table control, key {i}"
        side = _side(rng.side, tables, file, f"{where}.side")
        if len(rng.columns) != 2 or rng.columns[0] > rng.columns[1]:
            raise DataError(file, f"{where}.columns", "is [first, last] column")
        for h in grid.hexes():
            col, _ = grid.column_row(h)
            if rng.columns[0] <= col <= rng.columns[1]:
                hid = grid.hex_id(h)
                places[hid] = Place(hid, control=side)
    for i, area in enumerate(convert(raw.get("areas", []), list[Area], file, prefix="areas")):
        where = f"table areas, key {i}"
        if area.terrain not in tables.terrain.kinds or area.terrain in ("city", "town"):
            raise DataError(file, f"{where}.terrain", f"'{area.terrain}' is not an area terrain ({', '.join(k for k in tables.terrain.kinds if k not in ('city', 'town'))})")
        for j, text in enumerate(area.hexes):
            hid = _hex(grid, text, file, f"{where}.hexes.{j}")
            old = places.get(hid) or Place(hid)
            places[hid] = Place(hid, area.terrain, coastal=area.coastal or old.coastal, control=old.control)
    for i, own in enumerate(convert(raw.get("owners", []), list[Owners], file, prefix="owners")):
        side = _side(own.side, tables, file, f"table owners, key {i}.side")
        for j, text in enumerate(own.hexes):
            hid = _hex(grid, text, file, f"table owners, key {i}.hexes.{j}")
            places[hid] = replace(places.get(hid) or Place(hid), control=side)
    factories: dict[str, dict[str, int]] = {}
    checks: list[tuple[str, str, dict[str, int]]] = []
    for i, entry in enumerate(convert(raw.get("hexes", []), list[HexEntry], file, prefix="hexes")):
        where = f"table hexes, key {i}"
        hid = _hex(grid, entry.hex, file, f"{where}.hex")
        if entry.terrain not in tables.terrain.kinds:
            raise DataError(file, f"{where}.terrain", f"'{entry.terrain}' is not a terrain kind ({', '.join(tables.terrain.kinds)})")
        if entry.terrain == "city" and entry.size < 1:
            raise DataError(file, f"{where}.size", "a city needs a size of 1 PP or more (Factories ¶2)")
        if entry.terrain != "city" and (entry.size or entry.factories):
            raise DataError(file, f"{where}.factories", "factories and a size only in a city (Factories ¶2)")
        old = places.get(hid) or Place(hid)
        control = _side(entry.control, tables, file, f"{where}.control", blank=True) or old.control
        place = Place(hid, entry.terrain, entry.name, entry.size, entry.coastal or old.coastal, control, entry.resource)
        if entry.factories:
            checks.append((hid, f"{where}.factories", dict(entry.factories)))
            factories[hid] = dict(entry.factories)
        places[hid] = place
    sea = LogisticsWorld(grid=grid, centre=centre, places=places)
    for hid, where, held in checks:  # Navy Factories in coastal cities: the sea hexes are all known now
        try:
            check_factories(replace(places[hid], coastal=sea.coastal(hid)), held, tables)
        except RuleError as exc:
            raise DataError(file, where, str(exc)) from None
    rivers: list[tuple[str, str]] = []
    for i, river in enumerate(convert(raw.get("rivers", []), list[River], file, prefix="rivers")):
        for j, pair in enumerate(river.hexsides):
            rivers.append(_hexside(grid, pair, file, f"table rivers, key {i}.hexsides.{j}"))
    roads = _paths(grid, raw.get("roads", []), "roads", file)
    rails = _paths(grid, raw.get("rails", []), "rails", file)
    river_ids = {bridge_id(a, b) for a, b in rivers}
    crossings: dict[str, Crossing] = {}
    for i, b in enumerate(convert(raw.get("bridges", []), list[BridgeEntry], file, prefix="bridges")):
        a, c = _hexside(grid, b.hexside, file, f"table bridges, key {i}.hexside")
        bid = bridge_id(a, c)
        if bid not in river_ids:
            raise DataError(file, f"table bridges, key {i}.hexside", f"{bid} is not a river hexside")
        crossings[bid] = Crossing(bid, "bridge", tuple(sorted((a, c))), b.name, b.destroyed)
    for i, c in enumerate(convert(raw.get("canals", []), list[CanalEntry], file, prefix="canals")):
        hid = _hex(grid, c.hex, file, f"table canals, key {i}.hex")
        crossings[hid] = Crossing(hid, "canal", (hid,), c.name, c.destroyed)
    airfields: dict[str, Airfield] = {}
    for i, a in enumerate(convert(raw.get("airfields", []), list[MarkerEntry], file, prefix="airfields")):
        hid = _hex(grid, a.hex, file, f"table airfields, key {i}.hex")
        if (places.get(hid) or Place(hid)).terrain == SEA:
            raise DataError(file, f"table airfields, key {i}.hex", f"{hid} is a sea hex: airfields stand on land")
        if (places.get(hid) or Place(hid)).terrain in tables.airfields.forbidden_terrain.value:
            raise DataError(file, f"table airfields, key {i}.hex", f"no airfield in a City or Town hex ({tables.airfields.forbidden_terrain.rule})")
        airfields[hid] = Airfield(hid, _side(a.owner, tables, file, f"table airfields, key {i}.owner"), a.major)
    mulberries: dict[str, Mulberry] = {}
    for i, m in enumerate(convert(raw.get("mulberries", []), list[MarkerEntry], file, prefix="mulberries")):
        hid = _hex(grid, m.hex, file, f"table mulberries, key {i}.hex")
        if tables.mulberries.coastal_only.value and not sea.coastal(hid):
            raise DataError(file, f"table mulberries, key {i}.hex", f"{hid} is not coastal: a Mulberry is a port, placed only in "
                            f"a coastal hex ({tables.mulberries.coastal_only.rule}; RULINGS L6)")
        mulberries[hid] = Mulberry(hid, _side(m.owner, tables, file, f"table mulberries, key {i}.owner"))
    return LogisticsWorld(
        grid=grid, centre=centre, places=places, rivers=tuple(rivers), roads=roads, rails=rails, crossings=crossings, airfields=airfields,
        mulberries=mulberries, factories=factories, storm=storm, first=turn.first_player,
        storm_roller=next(s for s in tables.sides if s != turn.first_player),
        production_every=turn.production_every, production_from=turn.production_from,
        production_turns=tuple(turn.production_turns),
    )
