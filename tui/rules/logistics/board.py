"""Editing the board (issue 21, "Your own board"): the map's size, a hex's terrain, sea, city or town, coast,
resource, and the roads, railways, rivers, bridges and canals between hexes.

Each function takes a world and returns a new one, or refuses with a one-line
reason; the verbs (``board_verbs.py``) read the referee's words and log them
like any command, so every edit is undone by ``undo`` and replays. A hex's
second end may be given as a direction from the first (``road 0101 ne``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.hexgrid import DIRECTIONS, HexGrid, direction_between
from .tables import LogisticsTables
from .world import SEA, Crossing, LogisticsWorld, Place, bridge_id, link

PLACES = ("city", "town")
LINKS = {"road": "roads", "rail": "rails"}
MAX_SIDE = 99
"""The most columns or rows of a board (two-digit hex ids)."""


def _on_board(grid: HexGrid, hex_id: str) -> bool:
    """Whether the hex ``hex_id`` (its column then row, ``grid.digits`` digits each) is on ``grid``."""
    column, row = int(hex_id[: grid.digits]), int(hex_id[grid.digits:])
    return grid.on_map(grid.at(column, row))


def resize(world: LogisticsWorld, columns: int, rows: int) -> LogisticsWorld:
    """The board made ``columns`` x ``rows`` hexes: what stands off it is dropped, the centre is the new one."""
    g = world.grid
    grid = HexGrid(columns, rows, g.first_column, g.first_row, g.shifted, g.digits)
    on = partial(_on_board, grid)
    centre = grid.hex_id(grid.centre())
    return replace(
        world, grid=grid, centre=centre,
        places={h: p for h, p in world.places.items() if on(h)},
        rivers=tuple(r for r in world.rivers if on(r[0]) and on(r[1])),
        roads=tuple(r for r in world.roads if on(r[0]) and on(r[1])),
        rails=tuple(r for r in world.rails if on(r[0]) and on(r[1])),
        crossings={k: c for k, c in world.crossings.items() if all(on(h) for h in c.hexes)},
        airfields={h: a for h, a in world.airfields.items() if on(h)},
        mulberries={h: m for h, m in world.mulberries.items() if on(h)},
        factories={h: f for h, f in world.factories.items() if on(h)},
        storm=world.storm if on(world.storm) else centre,
    )


def empty(world: LogisticsWorld, columns: int, rows: int) -> LogisticsWorld:
    """A blank board of ``columns`` x ``rows`` clear hexes numbered from 0101, the storm in its centre; the turn's
    order and production turns kept."""
    grid = HexGrid(columns, rows, 1, 1, world.grid.shifted, world.grid.digits)
    centre = grid.hex_id(grid.centre())
    return LogisticsWorld(grid=grid, centre=centre, storm=centre, first=world.first, storm_roller=world.storm_roller,
                          production_every=world.production_every, production_from=world.production_from,
                          production_turns=world.production_turns, serial=world.serial)


def _bare(world: LogisticsWorld, hex_id: str, becomes: str) -> None:
    """Refuse to turn a hex into ``becomes`` while something stands there that it cannot hold."""
    if world.factories.get(hex_id) and becomes != "city":
        raise RuleError(f"{world.label(hex_id)} has factories: remove them first (factory {hex_id} KIND remove)")
    if becomes == SEA:
        for what, where in (("an airfield", world.airfields), ("a Mulberry", world.mulberries)):
            if hex_id in where:
                raise RuleError(f"{world.label(hex_id)} has {what}: a sea hex holds none")
    if becomes in PLACES and hex_id in world.airfields:
        raise RuleError(f"{world.label(hex_id)} has an airfield: no airfield in a City or Town hex (Airfields ¶3)")


def set_terrain(world: LogisticsWorld, hex_id: str, terrain: str, tables: LogisticsTables) -> LogisticsWorld:
    """The hex's terrain (not a city or town: :func:`set_place`); a sea hex loses its name, size, coast and owner."""
    kinds = [k for k in tables.terrain.kinds if k not in PLACES]
    if terrain not in kinds:
        raise RuleError(f"'{terrain}' is not a terrain ({', '.join(kinds)}; a city or town: hex HEX city NAME SIZE)")
    old = world.place(hex_id)
    if old.terrain == terrain:
        raise RuleError(f"{world.label(hex_id)} is already {terrain}")
    _bare(world, hex_id, terrain)
    if terrain == SEA:
        return world.with_place(Place(hex_id, SEA))
    return world.with_place(replace(old, terrain=terrain, name="", size=0))


def set_place(world: LogisticsWorld, hex_id: str, kind: str, name: str, size: int) -> LogisticsWorld:
    """A city (with its size in PP) or a town in the hex, named (Factories ¶2)."""
    if not name.strip():
        raise RuleError(f"a {kind} needs a name")
    if kind == "city" and size < 1:
        raise RuleError("a city needs a size of 1 PP or more (Factories ¶2)")
    held = sum(world.factories.get(hex_id, {}).values())
    if kind == "city" and held > size:
        raise RuleError(f"{world.label(hex_id)}'s factories total {held} PP: a size of {size} PP is too small (Factories ¶2)")
    _bare(world, hex_id, kind)
    old = world.place(hex_id)
    terrain = kind
    return world.with_place(replace(old, terrain=terrain, name=name.strip(), size=size if kind == "city" else 0))


def set_flag(world: LogisticsWorld, hex_id: str, key: str, value: Any) -> LogisticsWorld:
    """The hex's coastal flag or resource PP."""
    old = world.place(hex_id)
    if getattr(old, key) == value:
        raise RuleError(f"{world.label(hex_id)}: {key} is already {value}")
    if world.is_sea(hex_id):
        raise RuleError(f"{world.label(hex_id)} is a sea hex: make it land first (hex {hex_id} terrain clear)")
    return world.with_place(replace(old, **{key: value}))


def other_end(world: LogisticsWorld, hex_id: str, text: str) -> str:
    """The hex a link goes to: a hex id, a city's name, or a direction (N, NE, SE, S, SW, NW) from ``hex_id``."""
    if str(text).strip().upper() in DIRECTIONS:
        there = world.at(hex_id).step(str(text).strip().upper())
        if not world.grid.on_map(there):
            raise RuleError(f"{text.upper()} of {hex_id} is off the map")
        return world.id(there)
    found = world.hex(text)
    if direction_between(world.at(hex_id), world.at(found)) is None:
        raise RuleError(f"{hex_id} and {found} are not adjacent: a link goes between adjacent hexes")
    return found


def path(world: LogisticsWorld, words: list[str]) -> list[str]:
    """The hexes of a path: a first hex, then each next one by id or direction from the one before."""
    if len(words) < 2:
        raise RuleError("a path is a hex and at least one more (an adjacent hex id or a direction: N NE SE S SW NW)")
    out = [world.hex(words[0])]
    for w in words[1:]:
        out.append(other_end(world, out[-1], w))
    return out


def set_links(world: LogisticsWorld, kind: str, hexes: list[str], remove: bool) -> LogisticsWorld:
    """Lay (or take up) a road or railway along ``hexes``."""
    key = LINKS[kind]
    now: dict[tuple[str, str], None] = dict.fromkeys(getattr(world, key))
    pairs = [link(a, b) for a, b in zip(hexes, hexes[1:])]
    for pair in pairs:
        if (pair in now) != remove:
            raise RuleError(f"{'no' if remove else 'already a'} {kind} between {pair[0]} and {pair[1]}")
        if not remove and any(world.is_sea(h) for h in pair):
            raise RuleError(f"a {kind} runs on land: {' or '.join(h for h in pair if world.is_sea(h))} is a sea hex")
        if remove:
            del now[pair]
        else:
            now[pair] = None
    return replace(world, **{key: tuple(now)})


def set_river(world: LogisticsWorld, a: str, b: str, remove: bool) -> LogisticsWorld:
    """A river along the hexside between ``a`` and ``b`` (or none: refused while a bridge crosses it)."""
    side = bridge_id(a, b)
    have = {bridge_id(x, y) for x, y in world.rivers}
    if (side in have) != remove:
        raise RuleError(f"{'no' if remove else 'already a'} river on hexside {side}")
    if remove:
        if side in world.crossings:
            raise RuleError(f"the bridge {side} crosses it: remove the bridge first (bridge {a} {b} --remove)")
        return replace(world, rivers=tuple(r for r in world.rivers if bridge_id(*r) != side))
    return replace(world, rivers=(*world.rivers, (a, b)))


def set_crossing(world: LogisticsWorld, kind: str, hexes: tuple[str, ...], name: str, remove: bool) -> LogisticsWorld:
    """A bridge over a river hexside, or a canal in a hex (Destruction ¶1); or take it away."""
    ident = bridge_id(*hexes) if kind == "bridge" else hexes[0]
    have = world.crossings.get(ident)
    if remove:
        if have is None or have.kind != kind:
            raise RuleError(f"no {kind} at {ident}")
        return replace(world, crossings={k: c for k, c in world.crossings.items() if k != ident})
    if have is not None:
        raise RuleError(f"already a {have.kind} at {ident}")
    if kind == "bridge" and ident not in {bridge_id(x, y) for x, y in world.rivers}:
        raise RuleError(f"{ident} is not a river hexside: a bridge crosses a river (river {hexes[0]} {hexes[1]} first)")
    if kind == "canal" and world.is_sea(ident):
        raise RuleError(f"{ident} is a sea hex: a canal is dug on land")
    return replace(world, crossings={**world.crossings, ident: Crossing(ident, kind, tuple(sorted(hexes)), name)})
