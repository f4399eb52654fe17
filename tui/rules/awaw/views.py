"""The AWAW rule set's read-only views: units, bases (the Ports mode), fronts and SW boxes (Sea Zones), straits,
markers and the "why?" of a base, a unit or a strait. Plain rows for screens and ``show``."""

from __future__ import annotations

from typing import Any

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.names import resolve_name
from ..core.phases import Sequence
from ..core.ruleset import Column
from ..core.state import GameState
from . import basing as B
from .employment import why_not
from .straits import passage
from .tables import AwawTables
from .units import NavalUnit
from .world import AwawWorld


def unit_columns() -> tuple[Column, ...]:
    """The Naval mode's unit table."""
    return (
        Column("name", "Unit", 14), Column("power", "Power", 8, priority=2), Column("type", "Type", 12, priority=1), Column("factors", "Factors", 7, priority=2),
        Column("fast", "Fast", 4), Column("base", "Base", 14, priority=3), Column("front", "Front", 9, priority=1), Column("tf", "TF", 5),
        Column("state", "State", 9, priority=2), Column("sea_hex", "At sea in", 8, priority=1), Column("acted", "Acted", 5),
    )


def port_columns() -> tuple[Column, ...]:
    """The Ports mode's base table."""
    return (
        Column("name", "Base", 16), Column("owner", "Held by", 8, priority=2), Column("kind", "Kind", 12, priority=1), Column("fronts", "Front(s)", 20),
        Column("capacity", "Capacity", 8, priority=2), Column("used", "Used", 5, priority=2), Column("left", "Left", 9, priority=3), Column("units", "Units", 5),
        Column("operational", "Operational", 11), Column("hex", "Hex", 6),
    )


def zone_columns() -> tuple[Column, ...]:
    """The Sea Zones mode's fronts and SW boxes."""
    return (
        # One-line headers (the Sea Zones tables have one header line): "Factors based" read "Factors" twice.
        Column("name", "Front / SW box", 16), Column("side", "Side", 7), Column("based", "Based", 7),
        Column("at_sea", "At sea", 7), Column("ready", "Ready", 6), Column("inverted", "Inverted", 8),
        Column("sea", "Forces at sea", 30),
    )


def strait_columns() -> tuple[Column, ...]:
    """The straits table."""
    return (
        Column("name", "Strait", 24), Column("axis", "Axis", 6), Column("allies", "Allies", 6), Column("hexes", "Hexes", 20),
        Column("rule", "Rule", 8),
    )


def unit_rows(state: GameState, tables: AwawTables) -> list[dict[str, Any]]:
    """Every naval unit, grouped by base in the order of the bases."""
    world: AwawWorld = state.world
    order = {name: i for i, name in enumerate(world.bases)}
    rows = []
    for u in sorted(world.units.values(), key=lambda u: (u.sunk, order.get(u.base, 999))):
        base = world.bases.get(u.base)
        rows.append({
            "name": u.id, "label": u.name, "power": u.power, "side": tables.side_of(u.power), "nation": u.nation,
            "type": tables.unit_types[u.type].name, "type_key": u.type, "category": u.category(tables),
            "factors": u.factors, "fast": u.fast, "base": u.base, "kind": base.kind if base else "",
            "front": "/".join(base.fronts) if base else "", "tf": u.tf, "state": u.state, "sea_hex": u.sea_hex,
            "at_sea": u.at_sea, "acted": u.acted, "inverted": u.inverted, "damaged": u.damaged, "repair": u.repair,
            "sunk": u.sunk, "drm": world.drm.get(u.nation, 0), "why_not": why_not(u, world),
        })
    return rows


def port_rows(state: GameState, tables: AwawTables) -> list[dict[str, Any]]:
    """Every base with its room (21.11-21.114): the Ports mode and the Naval mode's base headers."""
    world: AwawWorld = state.world
    rows = []
    for base in world.bases.values():
        cap = base.capacity(tables)
        used = B.room_used(world, base, tables).value
        rows.append({
            "name": base.name, "owner": base.control, "side": tables.side_of(base.control) or "neutral",
            "kind": tables.base_kinds[base.kind].name, "kind_key": base.kind, "fronts": "/".join(base.fronts) or "—",
            "theater": base.theater, "capacity": "unlimited" if cap is None else cap, "used": used,
            "left": "unlimited" if cap is None else cap - used, "units": len(world.units_at(base.name)),
            "operational": base.operational, "hex": base.hex, "two_front": base.two_front,
            "over": cap is not None and used > cap,
        })
    return rows


def zone_rows(state: GameState, tables: AwawTables) -> list[dict[str, Any]]:
    """Each front and SW box x side: factors based there, at sea, ready, inverted, and who is at sea where."""
    world: AwawWorld = state.world
    places: dict[str, list[str]] = {f: [] for f in tables.fronts}
    for base in world.bases.values():
        if base.kind == "sw-box":
            places[base.name] = [base.name]
        for front in base.fronts:
            places[front].append(base.name)
    rows = []
    for place, bases in places.items():
        for side in tables.sides:
            units = [u for u in world.units.values() if u.base in bases and not u.sunk and tables.side_of(u.power) == side]
            sea = [u for u in units if u.at_sea]
            rows.append({
                "key": f"{place}:{side}", "name": tables.fronts[place].name if place in tables.fronts else place,
                "side": side, "based": sum(u.factors for u in units), "at_sea": sum(u.factors for u in sea),
                "ready": sum(u.factors for u in units if u.state == "ready"),
                "inverted": sum(u.factors for u in units if u.inverted),
                "sea": ", ".join(f"{u.id} ({u.at_sea} {u.sea_hex})".replace(" )", ")") for u in sea),
            })
    return rows


def strait_rows(state: GameState, tables: AwawTables) -> list[dict[str, Any]]:
    """Each strait: open or closed to each side this phase (21.211-21.213)."""
    world: AwawWorld = state.world
    rows = []
    for s in tables.straits:
        row = {"name": f"{s.id}: {s.name}", "key": s.id, "hexes": ", ".join([*s.hexes, *s.also]) or "—", "rule": s.rule}
        for side in tables.sides:
            row[side] = passage(world, s, side, tables).value
        rows.append(row)
    return rows


def marker_rows(state: GameState, seq: Sequence, tables: AwawTables) -> list[dict[str, Any]]:
    """Inverted, damaged, waiting-for-repair, at-sea and unusable units (the Markers mode)."""
    world: AwawWorld = state.world
    rows = []
    for u in world.units.values():
        side = tables.side_of(u.power)
        if u.sunk:
            continue
        if u.at_sea:
            rows.append({"marker": f"At sea: {u.at_sea}", "value": u.id, "place": u.sea_hex or u.base, "side": side,
                         "expires": "returns before exploitation (21.4183)" if u.at_sea != "patrol" or u.category(tables) != "submarine"
                         else "may stay at sea until the end of the opposing player turn (21.4184)"})
        if u.inverted:
            rows.append({"marker": "Inverted", "value": u.id, "place": u.base, "side": side,
                         "expires": "uninverted at the end of a player turn within the oil allowance (21.71, A4)"})
        if u.damaged or u.repair:
            rows.append({"marker": "Waiting for repair" if u.repair else "Damaged", "value": u.id, "place": u.base,
                         "side": side, "expires": "until repaired (21.113, 21.314)"})
        if u.unusable:
            rows.append({"marker": "Overstacked excess", "value": u.id, "place": u.base, "side": side,
                         "expires": "remedy by the end of the redeployment phase or eliminated (21.112)"})
    return rows


def explain(state: GameState, name: str, tables: AwawTables) -> list[Explained]:
    """The "why?" of a base (its room), a unit (what it may do) or a strait (open or closed)."""
    world: AwawWorld = state.world
    try:
        base = world.base(name)
        return [B.capacity(base, tables), B.room_used(world, base, tables), B.room_left(world, base, tables)]
    except RuleError:
        pass
    try:
        u = world.unit(name)
    except RuleError:
        u = None
    if u is not None:
        reason = why_not(u, world)
        t = tables.unit_types[u.type]
        terms = (Term("type", t.name, t.rule), Term("factors", u.factors, "21.11"), Term("ships", u.ships(tables), t.rule),
                 Term("naval nationality DRM", world.drm.get(u.nation, 0), "21.526"),
                 Term("counts against basing", u.basing_factors(tables), "21.11, 21.113"))
        return [Explained(f"{u.id} may act", "no" if reason else "yes", "21.31", terms, (reason,) if reason else ())]
    front = next((f for f, spec in tables.fronts.items() if name.lower() in (f, spec.name.lower())), None)
    if front:  # an SW box is a base: its name was found above
        return _sea_area(world, front, tables)
    try:
        key = resolve_name(name, [s.id for s in tables.straits] + [s.name for s in tables.straits], "strait")
    except RuleError:
        return []
    strait = next(s for s in tables.straits if key in (s.id, s.name))
    return [passage(world, strait, side, tables) for side in tables.sides]


def _sea_area(world: AwawWorld, front: str, tables: AwawTables) -> list[Explained]:
    """A front's naval factors by side (21.131: the bases whose water abuts it), and who is at sea."""
    out = []
    for side in tables.sides:
        units = [u for u in world.units.values() if not u.sunk and tables.side_of(u.power) == side
                 and front in world.bases[u.base].fronts]
        terms = tuple(Term(f"{u.id} at {u.base}{_at_sea(u)}", u.factors, "21.131") for u in units)
        notes = ("a two-front port counts on both of its fronts (21.132)",) if any(
            world.bases[u.base].two_front for u in units) else ()
        out.append(Explained(f"{side.title()} naval factors", sum(u.factors for u in units), "21.131", terms, notes))
    return out


def _at_sea(u: NavalUnit) -> str:
    """", patrol in Y2" for a unit at sea, ", at sea (mission)" when its hex is not known, "" in port."""
    if not u.at_sea:
        return ""
    return f", {u.at_sea} in {u.sea_hex}" if u.sea_hex else f", at sea ({u.at_sea})"
