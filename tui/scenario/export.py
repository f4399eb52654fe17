"""A game's current state as a plain scenario, and a plain scenario as the CSV files of its rule set's form.

Each rule set's world is turned back into the tables its scenario is read
from: what a new game would start with (the markers of the turn being played,
the log and the history are not part of a scenario).
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from ..rules.core.phases import turn_label
from ..rules.core.ruleset import RuleSet
from ..rules.core.state import GameState
from ..rules.logistics.export import chains
from .cells import builtins, cell, field_types
from .forms import Kind, form


def _europa(world: Any, ruleset: RuleSet) -> dict[str, Any]:
    from ..rules.europa.world import ScenarioPort

    names = set(field_types(ScenarioPort))
    ports = [{k: v for k, v in builtins(p).items() if k in names} for p in world.ports.values()]
    sea = world.sea
    owned = {side: [p.name for p in world.ports.values() if p.owner == side] for side in ("axis", "allied")}
    extra = {side: [n for n in sea.ever_owned.get(side, ()) if n not in owned[side]] for side in owned}
    raw: dict[str, Any] = {"ports": ports}
    if world.waters:
        raw["other_waters"] = list(world.waters)
    if world.nations or world.port_nations:
        raw["nations"] = dict(world.nations)
        if world.port_nations:
            raw["nations"]["ports"] = {p: dict(n) for p, n in world.port_nations.items()}
    raw["sea"] = {"malta": sea.malta, "conditions": dict(sea.conditions), "ever_allied": extra["allied"], "ever_axis": extra["axis"]}
    raw["mulberries"] = [{"name": m.name, "available": m.status == "available"} for m in sea.mulberries.values()]
    raw["offmap_ports"] = [builtins(o) for o in sea.offmap.values()]
    raw["beaches"] = [{"name": b.name, "owner": b.owner, "hex": b.hex, "sea_zone": b.sea_zone} for b in sea.beaches.values()]
    return raw


def _ocs(world: Any, ruleset: RuleSet) -> dict[str, Any]:
    from ..rules.ocs.ports import fmt

    t = ruleset.tables
    ports = []
    for p in world.ports.values():
        row: dict[str, Any] = {"name": p.name, "owner": p.owner, "capacity": fmt(p.capacity, t), "hex": p.hex,
                               "damage_track": [fmt(x, t) for x in p.damage_track], "supply_source": p.supply_source,
                               "hits": p.hits, "enemy_zoc": p.enemy_zoc, "zoc_negated": p.zoc_negated, "note": p.note}
        ports.append(row)
    per_point = t.tokens(t.sea_cap.cargo_per_point)
    allowance = {}
    for side, tokens in world.allowance.items():
        points = Fraction(tokens, per_point)
        allowance[side] = int(points) if points.denominator == 1 else float(points)
    return {"turn": {"first_player": world.first}, "sea_cap": {"allowance": allowance}, "ports": ports}


def _awaw(world: Any, ruleset: RuleSet) -> dict[str, Any]:
    from ..rules.awaw.scenario import ScenarioUnit

    unit_fields = set(field_types(ScenarioUnit))
    bases = [{"name": b.name, "kind": b.kind, "fronts": list(b.fronts), "theater": b.theater, "hex": b.hex, "control": b.control,
              "operational": b.operational, "group": b.group, "note": b.note} for b in world.bases.values()]
    units = [{k: v for k, v in builtins(u).items() if k in unit_fields} for u in world.units.values()]
    research = [p for p, yes in world.harbor_research.items() if yes]
    return {"turn": {"first_player": world.first}, "harbor": {"research": research, "attacks_made": world.harbor_attacks},
            "drm": dict(world.drm), "hex_control": dict(world.hex_control), "bases": bases, "units": units}


def _logistics(world: Any, ruleset: RuleSet) -> dict[str, Any]:
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


WORLDS: dict[str, Callable[[Any, RuleSet], dict[str, Any]]] = {
    "europa": _europa, "ocs": _ocs, "awaw": _awaw, "logistics": _logistics}


def _start(calendar: str, turn: int) -> str:
    """The start label a scenario gives (``Jan I 1943``; a numbered turn is its number alone)."""
    return turn_label(calendar, turn) if calendar in ("half-month", "month", "season") else str(turn)


def from_game(state: GameState, ruleset: RuleSet, meta: dict[str, Any]) -> dict[str, Any]:
    """The plain scenario of a game's current state: what a new game started from it would hold."""
    segment = ruleset.sequence.segments[state.flow.index].key if state.flow.index else ""
    info = {"id": str(meta.get("scenario", "exported")), "name": str(meta.get("scenario_name", "")), "ruleset": ruleset.id,
            "start": _start(ruleset.sequence.calendar, state.flow.turn), "segment": segment,
            "dice": str(state.settings.get("dice", "app"))}
    return {"scenario": info, **WORLDS[ruleset.id](state.world, ruleset)}


def rows_of(kind: Kind, value: Any) -> list[list[str]]:
    """The CSV rows (header first) of one kind's plain value; a text cell that a spreadsheet would run as a formula is
    escaped (:func:`.cells.cell`)."""
    header = list(kind.header())
    if kind.shape == "map":
        return [header] + [[cell(str(k), first=True), cell(v)] for k, v in (value or {}).items()]
    rows = value if kind.shape == "rows" else ([value] if value else [])
    return [header] + [[cell(row.get(col), first=i == 0) for i, col in enumerate(header)] for row in rows]


def csv_text(rows: list[list[str]]) -> str:
    """CSV text of ``rows`` (a cell with a comma, quote or line break is quoted)."""
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def to_csv(ruleset: str, raw: dict[str, Any], folder: Path) -> dict[Path, bytes]:
    """The CSV files of a plain scenario, by path in ``folder`` (every kind of the form, empty ones with their header)."""
    return {folder / kind.file: csv_text(rows_of(kind, kind.find(raw))).encode("utf-8") for kind in form(ruleset)}
