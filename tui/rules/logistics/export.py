"""The Logistics world written out as a scenario file (issue 21, "Your own board"): the board the referee made in
the Map, read back by :func:`~tui.rules.logistics.scenario.world_from_scenario` into the same map.

Written: the map's size and offset, centre and storm, who moves first and the
production turns, the terrain by kind (``[[areas]]``), cities and towns with
their factories, coastal flags and resources (``[[hexes]]``), who holds each
hex (``[[owners]]``), rivers, roads and railways, bridges, canals, airfields
and Mulberries. The turn's bookkeeping (initiative, hits, production done) is
not part of a scenario.
"""

from __future__ import annotations

import json
from typing import Any

from .world import LogisticsWorld


def _value(value: Any) -> str:
    """A TOML value: strings, whole numbers, booleans and lists of them (JSON writes the same for these)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    return json.dumps(value, ensure_ascii=False)


def _table(name: str, items: dict[str, Any], array: bool = False) -> list[str]:
    head = f"[[{name}]]" if array else f"[{name}]"
    return ["", head, *(f"{k} = {_value(v)}" for k, v in items.items() if v is not None)]


def chains(links: tuple[tuple[str, str], ...]) -> list[list[str]]:
    """Links joined into paths of adjacent hexes (each link in exactly one path)."""
    left = list(dict.fromkeys(links))
    out: list[list[str]] = []
    while left:
        a, b = left.pop(0)
        path = [a, b]
        grown = True
        while grown:
            grown = False
            for pair in left:
                if path[-1] in pair:
                    path.append(pair[1] if pair[0] == path[-1] else pair[0])
                    left.remove(pair)
                    grown = True
                    break
        out.append(path)
    return out


def world_to_scenario(world: LogisticsWorld, sides: tuple[str, ...], scenario_id: str = "my-board", name: str = "My board",
                      start: str = "1") -> str:
    """The scenario file (TOML text) of this board, for ``harbormaster new --scenario FILE``."""
    g = world.grid
    lines = [f"# {name}: a Logistics board written out by Harbormaster (`show SAVE scenario`)."]
    lines += _table("scenario", {"id": scenario_id, "name": name, "ruleset": "logistics", "start": start})
    lines += _table("map", {"columns": g.columns, "rows": g.rows, "first_column": g.first_column, "first_row": g.first_row,
                            "shifted": g.shifted, "centre": world.centre, "storm": world.storm})
    first = world.first or sides[0]
    lines += _table("turn", {"first_player": first, "production_every": world.production_every,
                             "production_from": world.production_from,
                             **({"production_turns": list(world.production_turns)} if world.production_turns else {})})
    by_terrain: dict[str, list[str]] = {}
    for hid, p in sorted(world.places.items()):
        if p.terrain not in ("clear", "city", "town"):
            by_terrain.setdefault(p.terrain, []).append(hid)
    for terrain, hexes in by_terrain.items():
        lines += _table("areas", {"terrain": terrain, "hexes": hexes}, array=True)
    for hid, p in sorted(world.places.items()):
        special = p.terrain in ("city", "town") or p.coastal or p.resource or world.factories.get(hid)
        if not special:
            continue
        entry: dict[str, Any] = {"hex": hid, "terrain": p.terrain}
        if p.name:
            entry["name"] = p.name
        if p.terrain == "city":
            entry["size"] = p.size
        if p.coastal:
            entry["coastal"] = True
        if p.resource:
            entry["resource"] = p.resource
        if world.factories.get(hid):
            entry["factories"] = dict(world.factories[hid])
        lines += _table("hexes", entry, array=True)
    for side in sides:
        held = sorted(h for h, p in world.places.items() if p.control == side)
        if held:
            lines += _table("owners", {"side": side, "hexes": held}, array=True)
    if world.rivers:
        lines += _table("rivers", {"hexsides": [list(r) for r in world.rivers]}, array=True)
    for key in ("roads", "rails"):
        for path in chains(getattr(world, key)):
            lines += _table(key, {"hexes": path}, array=True)
    for c in world.crossings.values():
        if c.kind == "bridge":
            lines += _table("bridges", {"hexside": list(c.hexes), "name": c.name or None, "destroyed": c.destroyed or None}, array=True)
        else:
            lines += _table("canals", {"hex": c.id, "name": c.name or None, "destroyed": c.destroyed or None}, array=True)
    for a in world.airfields.values():
        lines += _table("airfields", {"hex": a.hex, "owner": a.owner, "major": a.major or None}, array=True)
    for m in world.mulberries.values():
        lines += _table("mulberries", {"hex": m.hex, "owner": m.owner}, array=True)
    return "\n".join(lines) + "\n"
