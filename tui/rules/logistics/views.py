"""What the screens and ``show`` read: the map's hexes, the factory cities, the markers, the "why?" of a hex.

Every row is computed here from the world (the Map mode only draws them):
a hex row carries its terrain, city, control, storm flags, airfield,
Mulberry, factories, crossings, the marks on its edges and the 4-character
content line of the drawing (:mod:`tui.rules.core.hexart`).
"""

from __future__ import annotations

from typing import Any

from ..core import hexart
from ..core.errors import RuleError
from ..core.explain import Explained
from ..core.hexgrid import direction_between
from ..core.state import GameState
from . import factories as F
from . import sites as X
from . import storm as S
from . import supply
from .tables import LogisticsTables
from .world import SEA, LogisticsWorld, is_production_turn

def terrain_glyph(terrain: str) -> str:
    """The first character of a hex's content line for its terrain (none for clear or an unknown terrain)."""
    return {"city": "●", "town": "○", "mountain": "^", "forest": "*", "marsh": "%", "clear": "", "sea": "~"}.get(terrain, "")


def legend() -> tuple[tuple[str, str], ...]:
    """The map's legend: (symbol, meaning)."""
    return (
        ("●2", "city of size 2 (F: factories); a city or town bases 2 air units"), ("○", "town"), ("^ * %", "mountain, forest, marsh"),
        ("~ ~", "sea (the land next to it is coastal)"), ("+ #", "road, railway (links listed in the hex's panel)"),
        ("$", "resource hex"),
        ("a A", "minor, major airfield"), ("M", "Mulberry"), ("≈ X", "canal, destroyed canal"),
        ("~ = x", "river, bridge, destroyed bridge"), ("@", "the storm (its area shaded)"),
    )


def content(world: LogisticsWorld, hex_id: str) -> str:
    """The 4 characters of a hex's content line: terrain or city and size, factories, canal, railway or road, marker."""
    place = world.place(hex_id)
    if place.terrain == "sea":
        return "@~~~" if hex_id == world.storm else "~~~~"
    first = "@" if hex_id == world.storm else terrain_glyph(place.terrain)
    if hex_id == world.storm and place.terrain in ("city", "town"):
        first = "@"
    size = str(place.size) if place.terrain == "city" and place.size else ""
    third = ""
    canal = world.crossings.get(hex_id)
    if canal is not None:
        third = "X" if canal.destroyed else "≈"
    elif world.factories.get(hex_id):
        third = "F"
    elif world.linked(hex_id, world.rails):
        third = "#"
    elif world.linked(hex_id, world.roads):
        third = "+"
    field = world.airfields.get(hex_id)
    marker = "M" if hex_id in world.mulberries else ("A" if field and field.major else "a" if field else "")
    return f"{first or ' '}{size or ' '}{third or ' '}{marker or ' '}"


def _sea_lines() -> tuple[str, str]:
    """A sea hex's name and glyph lines in the large drawing (spaced: a river's ``~`` on an edge stays apart)."""
    return "~ ~ ~ ", " ~ ~ ~ ~"


def name_line(world: LogisticsWorld, hex_id: str) -> str:
    """The large drawing's name line: a city's or town's name (its first letters), the sea."""
    place = world.place(hex_id)
    if place.terrain == "sea":
        return _sea_lines()[0]
    return place.name


def glyph_line(world: LogisticsWorld, hex_id: str) -> str:
    """The large drawing's glyph line: storm or terrain, a city's size, factories, canal, railway or road, airfield or
    Mulberry, resource."""
    place = world.place(hex_id)
    if place.terrain == "sea":
        glyphs = _sea_lines()[1]
        return "@" + glyphs[2:] if hex_id == world.storm else glyphs
    parts = ["@" if hex_id == world.storm else terrain_glyph(place.terrain)]
    parts.append(str(place.size) if place.terrain == "city" and place.size else "")
    parts.append("F" if world.factories.get(hex_id) else "")
    canal = world.crossings.get(hex_id)
    parts.append(("X" if canal.destroyed else "≈") if canal is not None else "")
    parts.append("#" if world.linked(hex_id, world.rails) else "+" if world.linked(hex_id, world.roads) else "")
    field = world.airfields.get(hex_id)
    parts.append("M" if hex_id in world.mulberries else ("A" if field and field.major else "a" if field else ""))
    parts.append("$" if place.resource else "")
    return "".join(parts)


def edges(world: LogisticsWorld) -> dict[tuple[str, str], tuple[str, str]]:
    """The marked hexsides: rivers, bridges, destroyed bridges, keyed by (hex, direction) of their first hex."""
    marks: dict[tuple[str, str], tuple[str, str]] = {}
    for a, b in world.rivers:
        d = direction_between(world.at(a), world.at(b))
        if d:
            marks[(a, d)] = ("river", "~")
    for c in world.crossings.values():
        if c.kind == "bridge":
            a, b = c.hexes
            d = direction_between(world.at(a), world.at(b))
            if d:
                marks[(a, d)] = ("bridge-destroyed", "x") if c.destroyed else ("bridge", "=")
    return marks


def map_rows(state: GameState, tables: LogisticsTables) -> list[dict[str, Any]]:
    """Every hex of the map, column by column, with everything the Map mode shows (``show map --json``)."""
    world: LogisticsWorld = state.world
    turn = state.flow.turn
    area = set(S.storm_area(world, tables))
    marks = edges(world)
    by_hex: dict[str, dict[str, list[str]]] = {}
    for (hid, d), (role, char) in marks.items():
        by_hex.setdefault(hid, {})[d] = [role, char]
    rows = []
    for h in world.grid.hexes():
        hid = world.id(h)
        place = world.place(hid)
        column, row = world.grid.column_row(h)
        field = world.airfields.get(hid)
        mul = world.mulberries.get(hid)
        canal = world.crossings.get(hid)
        bridges = [c for c in world.crossings.values() if c.kind == "bridge" and hid in c.hexes]
        rows.append({
            "name": hid, "hex": hid, "column": column, "row": row, "low": world.grid.is_low(column),
            "terrain": place.terrain, "place": place.name, "size": place.size, "coastal": world.coastal(hid),
            "owner": place.control, "storm": "storm" if hid == world.storm else "area" if hid in area else "",
            "airfield": ("major" if field.major else "minor") if field else "", "airfield_owner": field.owner if field else "",
            "airfield_usable": bool(field) and turn >= field.usable_from,
            "airfield_major": "major" if field and field.major else "",  # the only airfield that is a target (Airfields ¶4)
            "airfield_major_why": "its airfield is Minor: only Major Airfields are targets (Airfields ¶4)"
                                  if field and not field.major else "",
            "mulberry": mul.owner if mul else "", "mulberry_usable": bool(mul) and turn >= mul.usable_from,
            "factories": dict(world.factories.get(hid, {})),
            "canal": ("destroyed" if canal.destroyed else "canal") if canal else "",
            "bridges": [{"id": b.id, "name": b.name, "destroyed": b.destroyed} for b in bridges],
            "bridge": bridges[0].id if bridges else "",
            "bridge_intact": next((b.id for b in bridges if not b.destroyed), ""),
            "bridge_destroyed": next((b.id for b in bridges if b.destroyed), ""),
            "canal_destroyed": bool(canal and canal.destroyed),
            "airfield_buildable": not field and place.terrain != SEA and place.terrain not in tables.airfields.forbidden_terrain.value,
            "airfield_minor": bool(field) and not field.major,
            "mulberry_placeable": not mul and (world.coastal(hid) or not tables.mulberries.coastal_only.value),
            "sea": place.terrain == "sea",
            "air_base": tables.airfields.air_units.city if place.terrain in ("city", "town") else 0,
            "roads": world.linked(hid, world.roads), "rails": world.linked(hid, world.rails),
            "edges": by_hex.get(hid, {}),
            "content": content(world, hid), "label": name_line(world, hid), "glyphs": glyph_line(world, hid),
            "resource": place.resource,
        })
    return rows


def grid_rows(state: GameState, tables: LogisticsTables, movement: bool = False) -> list[dict[str, Any]]:
    """One row: the map's geometry and the storm, for drawing (``columns``, ``rows``, ``shifted``...);
    in a movement segment, the storm's reminder (Storms ¶2)."""
    world: LogisticsWorld = state.world
    g = world.grid
    return [{"name": "map", "columns": g.columns, "rows": g.rows, "first_column": g.first_column, "first_row": g.first_row,
             "shifted": g.shifted, "digits": g.digits, "centre": world.centre, "storm": world.storm,
             "area": S.storm_area(world, tables), "storm_move": world.storm_move,
             "production_turn": is_production_turn(world, state.flow.turn), "first": world.first,
             "storm_roller": world.storm_roller, "initiative": list(world.initiative),
             "legend": [list(item) for item in legend()], "reminder": S.reminder(world, tables)[1:] if movement else []}]


def map_text(state: GameState, tables: LogisticsTables) -> str:
    """The map as text for ``show PATH map``: a heading, the drawing, the legend."""
    world: LogisticsWorld = state.world
    hexes = [world.id(h) for h in world.grid.hexes()]
    canvas = hexart.draw_large(world.grid, {h: glyph_line(world, h) for h in hexes}, {h: name_line(world, h) for h in hexes},
                               edges(world))
    area = " ".join(S.storm_area(world, tables))
    head = f"Storm at {world.storm} (area {area})" + (f"; last move {world.storm_move}" if world.storm_move else "")
    key = "  ".join(f"{sym} {what}" for sym, what in legend())
    return f"{head}\n{hexart.framed(world.grid, canvas)}\n{key}"


def city_rows(state: GameState, tables: LogisticsTables) -> list[dict[str, Any]]:
    """Every city with its factories, PP and what the end of production adds (the Factories table)."""
    world: LogisticsWorld = state.world
    area = set(S.storm_area(world, tables))
    rows = []
    for place in world.cities():
        fac = world.factories.get(place.hex, {})
        made = F.production(world, place.hex, tables)
        res = world.resources.get(place.hex)
        rows.append({
            "name": place.name or place.hex, "noun": "city", "hex": place.hex, "owner": place.control, "size": place.size,
            "coastal": world.coastal(place.hex), **{k: fac.get(k) for k in tables.kinds}, "total": F.total_pp(world, place.hex),
            "produces": ", ".join(f"{e.value} {k}" for k, e in made.items()) or "",
            "resource": f"{res[1]} PP {res[0]}" if res else "", "growth": F.growth_due(world, place.hex, tables),
            "like_unit": next((k for k in tables.kinds if k in fac), ""),  # the unit its first factory builds (Factories ¶3)
            "storm": place.hex in area, "produced": place.hex in world.produced, "exchanged": place.hex in world.exchanged,
        })
    return rows


def marker_rows(state: GameState, tables: LogisticsTables) -> list[dict[str, Any]]:
    """Every marker on the map: the storm, airfields, Mulberries, Destruction markers, hits in the battle."""
    world: LogisticsWorld = state.world
    turn = state.flow.turn
    rows = [{"marker": "Storm", "value": f"area {len(S.storm_area(world, tables))} hexes", "place": world.storm, "side": "",
             "expires": "moves after the next initiative roll"}]
    for f in world.airfields.values():
        usable = "" if turn >= f.usable_from else f"; usable by {f.owner} from turn {f.usable_from}"
        rows.append({"marker": f"{'Major' if f.major else 'Minor'} Airfield", "value": f"{tables.airfields.air_units.major if f.major else tables.airfields.air_units.minor} air{usable}",
                     "place": world.label(f.hex), "side": f.owner, "expires": "never destroyed"})
    for m in world.mulberries.values():
        usable = "" if turn >= m.usable_from else f"; a port for {m.owner} from turn {m.usable_from}"
        rows.append({"marker": "Mulberry", "value": f"capacity {tables.mulberries.port_capacity.value}{usable}",
                     "place": world.label(m.hex), "side": m.owner, "expires": "two hits in a battle, or the storm"})
    for c in world.crossings.values():
        if c.destroyed:
            rows.append({"marker": "Destruction", "value": c.kind, "place": c.id + (f" {c.name}" if c.name else ""), "side": "",
                         "expires": "rebuilt by an Engineer in the Production Phase"})
    for key, n in world.battle.items():
        rows.append({"marker": "Hits this battle", "value": str(n), "place": key.replace(":", " "), "side": "", "expires": "end of the battle (RULINGS L5)"})
    return rows


def explain(state: GameState, name: str, tables: LogisticsTables) -> list[Explained]:
    """The figures of a hex or city (``0807``, ``Brest``), or of the storm (``storm``)."""
    world: LogisticsWorld = state.world
    if name.strip().lower() == "storm":
        return [S.area_figure(world, tables)]
    try:
        hid = world.hex(name)
    except RuleError:  # not a place: nothing to explain
        return []
    out: list[Explained] = []
    if world.place(hid).terrain == "city":
        out += F.city_figures(world, hid, tables)
    if hid in world.airfields:
        out.append(X.airfield_figure(world, hid, state.flow.turn, tables))
    if hid in world.mulberries:
        out.append(supply.mulberry_supply_figure(world, hid, tables))
        out.append(X.mulberry_figure(world, hid, state.flow.turn, tables))
    if hid in S.storm_area(world, tables):
        out.append(S.area_figure(world, tables))
    if world.place(hid).terrain in ("city", "town"):
        out.append(X.air_base_figure(world, hid, tables))  # after the factories: the Factories mode shows those first
    return out
