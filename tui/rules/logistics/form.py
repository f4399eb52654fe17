"""The Logistics scenario's CSV form (the files and the struct of their rows), its world written back as a scenario,
and the values its columns allow: what ``scenario template/import/export``, ``setup`` and the scenario page read."""

from __future__ import annotations

from typing import Any

from ..core.plugin import Kind
from ..core.ruleset import RuleSet
from . import scenario as s
from .export import chains


def kinds() -> tuple[Kind, ...]:
    """The files of the form, the ``scenario`` file excepted."""
    return (
        Kind("map", s.MapInfo, "table", rule="the grid and where the storm starts (Storms ¶4)"),
        Kind("turn", s.TurnInfo, "table", rule="who moves first; production turns (RULINGS L3)"),
        Kind("control", s.ControlRange, rule="columns a side controls"),
        Kind("owners", s.Owners, rule="hexes a side holds, one by one (as `show SAVE scenario` writes a board out)"),
        Kind("areas", s.Area, rule="hexes of one terrain"),
        Kind("hexes", s.HexEntry, key="hex", rule="cities, towns and any hex of its own (Factories ¶2)"),
        Kind("rivers", s.River, rule="river hexsides"),
        Kind("roads", s.Path, rule="roads: paths of adjacent hexes (Mulberries ¶1: supply goes on by road)"),
        Kind("rails", s.Path, rule="railways: paths of adjacent hexes"),
        Kind("bridges", s.BridgeEntry, rule="bridges over river hexsides (Destruction ¶1)"),
        Kind("canals", s.CanalEntry, key="hex", rule="canal hexes (Destruction ¶1)"),
        Kind("airfields", s.MarkerEntry, key="hex", rule="airfield markers (Airfields ¶1)"),
        Kind("mulberries", s.MarkerEntry, key="hex", rule="Mulberry markers (Mulberries ¶1)"),
    )


def export(world: Any, ruleset: RuleSet) -> dict[str, Any]:
    """The tables of the scenario a new game would start this world from."""
    g = world.grid
    hexes = []
    for place in world.places.values():
        row: dict[str, Any] = {"hex": place.hex, "terrain": place.terrain, "name": place.name, "size": place.size,
                               "coastal": place.coastal, "control": place.control}
        if place.resource:
            row["resource"] = place.resource
        if place.hex in world.factories:
            row["factories"] = dict(world.factories[place.hex])
        hexes.append(row)
    crossings = list(world.crossings.values())
    return {
        "map": {"columns": g.columns, "rows": g.rows, "first_column": g.first_column, "first_row": g.first_row,
                "shifted": g.shifted, "centre": world.centre, "storm": world.storm},
        "turn": {"first_player": world.first, "production_every": world.production_every,
                 "production_from": world.production_from, "production_turns": list(world.production_turns)},
        "hexes": hexes,
        "rivers": [{"hexsides": [list(pair) for pair in world.rivers]}] if world.rivers else [],  # one row: names are not kept
        "roads": [{"hexes": path} for path in chains(world.roads)],
        "rails": [{"hexes": path} for path in chains(world.rails)],
        "bridges": [{"hexside": list(c.hexes), "name": c.name, "destroyed": c.destroyed} for c in crossings if c.kind == "bridge"],
        "canals": [{"hex": c.hexes[0], "name": c.name, "destroyed": c.destroyed} for c in crossings if c.kind == "canal"],
        "airfields": [{"hex": a.hex, "owner": a.owner, "major": a.major} for a in world.airfields.values()],
        "mulberries": [{"hex": m.hex, "owner": m.owner} for m in world.mulberries.values()],
    }


def allowed(ruleset: RuleSet) -> dict[tuple[str, str], tuple[str, ...]]:
    """The values a column must take, by (file kind, column)."""
    sides = tuple(ruleset.sides)
    terrain = tuple(ruleset.tables.terrain.kinds)
    return {("map", "shifted"): ("even", "odd"), ("turn", "first_player"): sides, ("control", "side"): sides,
            ("areas", "terrain"): tuple(k for k in terrain if k not in ("city", "town")), ("hexes", "terrain"): terrain,
            ("hexes", "control"): sides, ("airfields", "owner"): sides, ("mulberries", "owner"): sides}
