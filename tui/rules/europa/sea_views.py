"""Read-only views of the sea for the screens and ``show``: rows, columns, markers and explanations.

``zones`` is the Sea Zones mode (zone x side, the zones the scenario's ports border first, with NSN, status, basis, asked
conditions, air and markers); ``shipping-checks`` this phase's anti-shipping
checks; ``conditions`` every condition with its value and source (toggle the
asked ones with ``condition``); ``mulberries``, ``transit``, ``offmap``,
``beaches``, ``air`` and ``interference`` the rest.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ..core.explain import Explained
from ..core.ruleset import Column
from ..core.state import GameState
from . import air as A
from . import antishipping as X
from . import beaches as B
from . import interference as I
from . import mulberries as M
from .seatables import SeaTables
from .tables import PortTables
from .zones import barred, condition, find_zone, naval_status, zone_row

def columns() -> dict[str, tuple[Column, ...]]:
    """The columns of each sea view."""
    return {
        "zones": (Column("zone", "Sea zone", 24), Column("side", "Side", 6, priority=3), Column("nsn", "NSN", 4, priority=3),
                  Column("status", "Status", 14, priority=2, least=12), Column("basis", "Because", 40, priority=3), Column("air", "Air", 4, priority=1),
                  Column("markers", "Markers", 24, priority=3, wrap=True), Column("asked", "Asked", 24)),
        "shipping-checks": (Column("item", "Item", 12), Column("zone", "Sea zone", 20, priority=3), Column("side", "Side", 6, priority=2),
                            Column("kind", "Cargo", 10, priority=2), Column("res", "REs", 4), Column("nsn", "NSN", 4),
                            Column("contact_roll", "2d6", 3), Column("contacted", "Contact", 7), Column("result_roll", "1d6", 3),
                            Column("result", "Result", 6), Column("forced", "Forced", 6)),
        "conditions": (Column("id", "Condition", 30), Column("text", "Means", 50), Column("value", "Now", 6),
                       Column("source", "Source", 8), Column("detail", "Why", 40)),
        "mulberries": (Column("name", "Mulberry", 12), Column("status", "Status", 10), Column("beach", "Beach", 14),
                       Column("steps", "Steps", 5), Column("mps", "MPs", 4), Column("result", "Result", 6), Column("why", "Note", 30)),
        "transit": (Column("name", "Group", 14), Column("side", "Side", 6), Column("origin", "From", 14),
                    Column("destination", "To", 14), Column("progress", "Step", 6), Column("cargo", "Cargo", 14)),
        "offmap": (Column("name", "Off-map port", 16), Column("side", "Side", 6), Column("type", "Type", 8),
                   Column("box", "Holding box", 16), Column("distances", "Distances (hexes)", 40)),
        "beaches": (Column("name", "Beach", 14), Column("owner", "Owner", 6), Column("naval_owner", "For shipping", 12),
                    Column("hex", "Hex", 10), Column("sea_zone", "Sea zone", 16, priority=3), Column("used", "Used", 4),
                    Column("jetties", "Jetties", 7), Column("mulberry", "Mulberry", 12)),
        "air": (Column("name", "Air unit", 12), Column("side", "Side", 6, priority=2), Column("zone", "Sea zone", 20, priority=3),
                Column("role", "Role", 7), Column("type", "Type", 9), Column("range", "Range", 5), Column("tbf", "TBF", 4),
                Column("mission", "Mission", 7), Column("distance", "Dist", 4), Column("modified_tbf", "Mod TBF", 7)),
        "interference": (Column("turn", "Turn", 12), Column("area", "Area", 20), Column("result", "Result", 6),
                         Column("total", "Roll", 4), Column("modifier", "Mod", 4), Column("vps", "VPs", 4)),
    }


def _zone_markers(st: SeaTables, state: GameState, zid: str, side: str) -> str:
    """The markers shown in a zone's row."""
    sea = state.world.sea
    out = []
    if st.sea_zones[zid].interdiction and sea.iz is not None:
        out.append(f"{sea.iz.kind} interdiction zone" + (f", {sea.iz.hits} hit(s)" if sea.iz.hits else ""))
    if zid == "aegean" and sea.iz is not None:
        out.append("South Aegean IZ in effect")
    for area, letter in sea.active.items():
        if zid in st.italian_interference.areas[area].zones and side == "allied":
            out.append(f"Italian interference {letter}")
    if zid == "eastern-med" and side == "axis" and sea.iz is not None:
        out.append("IZ: -5")
    return ", ".join(out)


def _theatre_first(st: SeaTables, world: Any) -> list[str]:
    """The zone ids, the scenario's theatre first: the zones its ports border, then the rest (rule-set order)."""
    bordered = {find_zone(st, p.sea_zone) for p in world.ports.values() if p.sea_zone}
    return [z for z in st.sea_zones if z in bordered] + [z for z in st.sea_zones if z not in bordered]


def _zones(st: SeaTables, pt: PortTables, state: GameState) -> list[dict[str, Any]]:
    """The Sea Zones mode: zone x side, the zones the scenario's ports border first (33.B)."""
    rows = []
    for zid in _theatre_first(st, state.world):
        for side in ("axis", "allied"):
            row = zone_row(state.world, st, pt, zid, side)
            row["markers"] = _zone_markers(st, state, zid, side)
            rows.append(row)
    return rows


def _checks(st: SeaTables, seq: Any, state: GameState) -> list[dict[str, Any]]:
    """This phase's anti-shipping checks (33.A, 33.D, 33.E)."""
    phase = X.phase_key(state.flow.turn, seq.at(state.flow.index).key)
    rows = []
    for c in state.world.sea.checks:
        if c.phase != phase:
            continue
        words = X.plain_words(st, c.result, X.Item(c.item, c.kind, c.res)) if c.result else "not contacted"
        rows.append({"name": c.item, "item": c.item, "zone": st.sea_zones[c.zone].name, "zone_id": c.zone, "side": c.side,
                     "kind": c.kind, "res": c.res or None, "iz": c.iz, "nsn": c.nsn, "contact_roll": c.contact_roll,
                     "contacted": c.contacted, "result_roll": c.result_roll, "result": c.result, "words": words,
                     "forced": c.forced, "flags": list(c.flags)})
    return rows


def _conditions(st: SeaTables, pt: PortTables, state: GameState) -> list[dict[str, Any]]:
    """Every sea condition with its value and source (33.B.10)."""
    rows = []
    for cid, spec in st.sea_conditions.items():
        c = condition(state.world, st, pt, cid)
        rows.append({"name": cid, "id": cid, "text": spec.text, "value": c.value, "source": "derived" if c.derived else "asked",
                     "detail": c.detail, "rule": spec.rule, "kind": spec.kind})
    return rows


def _mulberries(state: GameState) -> list[dict[str, Any]]:
    """The Mulberries (31.A.12)."""
    return [{"name": m.name, "status": m.status, "beach": m.beach, "hex": m.hex, "origin": m.origin, "towed_by": m.towed_by,
             "steps": m.steps if m.status == "towing" else None, "mps": m.mps, "result": m.result, "why": m.why,
             "doomed": m.lost_turn >= 0} for m in state.world.sea.mulberries.values()]


def _transit(state: GameState) -> list[dict[str, Any]]:
    """Naval groups in transit (31.A.8)."""
    return [{"name": g.name, "side": g.side, "origin": g.origin, "destination": g.destination, "progress": f"{g.done}/{g.steps}",
             "done": g.done, "steps": g.steps, "cargo": g.cargo} for g in state.world.sea.groups.values()]


def _offmap(state: GameState) -> list[dict[str, Any]]:
    """The off-map ports (31.A.8)."""
    return [{"name": o.name, "side": o.side, "type": o.type, "box": o.box, "in_britain": o.in_britain,
             "distances": ", ".join(f"{k} {v}" for k, v in o.distances.items()), "distance_table": dict(o.distances)}
            for o in state.world.sea.offmap.values()]


def _beaches(st: SeaTables, pt: PortTables, seq: Any, state: GameState) -> list[dict[str, Any]]:
    """The beaches, their capacity used this phase and jetties (31.B, 31.A.13)."""
    seg = seq.at(state.flow.index)
    phase = B.phase_of(state.flow.turn, seg.path)
    rows = []
    for b in state.world.sea.beaches.values():
        mul = next((m.name for m in state.world.sea.mulberries.values() if m.beach == b.name and m.status in ("emplacing", "emplaced")), "")
        rows.append({"name": b.name, "owner": b.owner, "naval_owner": B.naval_owner(b, phase) or "nobody (captured this phase)",
                     "hex": b.hex, "sea_zone": b.sea_zone, "used": b.used if b.used_phase == phase else 0.0,
                     "capacity": B.capacity(pt), "jetties": b.jetties, "jetty_supply": B.jetty_supply(st, pt, b.jetties).value,
                     "mulberry": mul})
    return rows


def _air(st: SeaTables, state: GameState) -> list[dict[str, Any]]:
    """Air units against shipping with their modified TBF (33.C)."""
    rows = []
    for u in state.world.sea.air:
        shipping = "allied" if u.side == "axis" else "axis"
        lost = A.matching([x for x in state.world.sea.air if x.zone == u.zone], shipping).get(u.name, ("", 0))[1]
        rows.append({"name": u.name, "side": u.side, "zone": st.sea_zones[u.zone].name, "role": u.role, "type": u.type,
                     "range": u.range, "tbf": u.tbf, "mission": u.mission, "distance": u.distance,
                     "modified_tbf": A.modified_tbf(u, st, lost).value})
    return rows


def _interference(st: SeaTables, turn_label: Callable[[int], str], state: GameState) -> list[dict[str, Any]]:
    """The Italian naval interference results (33.B.2.b)."""
    return [{"name": f"{r.area} {r.turn}", "turn": turn_label(r.turn), "area": st.italian_interference.areas[r.area].name,
             "result": r.result, "total": r.total, "modifier": r.modifier, "vps": r.vps} for r in state.world.sea.interference]


def build_views(st: SeaTables, pt: PortTables, turn_label: Callable[[int], str], seq: Any) -> dict[str, Callable[[GameState], list[dict[str, Any]]]]:
    """The view functions, bound to the tables, a turn labeller and the sequence."""
    return {"zones": partial(_zones, st, pt), "shipping-checks": partial(_checks, st, seq), "conditions": partial(_conditions, st, pt),
            "mulberries": _mulberries, "transit": _transit, "offmap": _offmap, "beaches": partial(_beaches, st, pt, seq),
            "air": partial(_air, st), "interference": partial(_interference, st, turn_label)}


def sea_markers(state: GameState, st: SeaTables, turn_label: Callable[[int], str]) -> list[dict[str, Any]]:
    """Markers of the sea: interdiction zone, interference results, Mulberries, groups in transit, distance markers, jetties."""
    sea = state.world.sea
    rows = []
    if sea.iz is not None:
        hits = f", {sea.iz.hits} bombing hit(s)" if sea.iz.hits else ""
        rows.append({"marker": "Naval Interdiction Zone", "value": sea.iz.kind + hits, "place": st.sea_zones[st.interdiction_zone.zone].name,
                     "side": "allied", "expires": "start of the next Allied initial phase (33.B.7)"})
    for area, letter in sea.active.items():
        res = st.italian_interference.results[letter]
        rows.append({"marker": "Italian Naval Interference", "value": f"{letter} {res.level}", "place": st.italian_interference.areas[area].name,
                     "side": "axis", "expires": "end of this Allied player turn (33.B.2.b)"})
    for m in sea.mulberries.values():
        if m.status == "towing":
            rows.append({"marker": "Mulberry (towed)", "value": f"step {m.steps} of {st.mulberry.tow_steps}", "place": m.towed_by or m.origin,
                         "side": "allied", "expires": f"wrecked unless it arrives by the end of naval step {st.mulberry.tow_steps} (31.A.12)"})
        elif m.status == "emplacing":
            rows.append({"marker": "Mulberry (emplacing)", "value": m.name, "place": m.beach, "side": "allied",
                         "expires": "emplacement roll at the next Allied initial phase (31.A.12)"})
        elif m.status == "emplaced":
            port = state.world.ports.get(m.name)
            value = m.name
            if port is not None and port.doubled:
                value += ": double REs this turn"
            if m.result == "F" and m.name not in state.world.usable.get("allied", ()):
                value += ": not usable this turn"
            rows.append({"marker": "Mulberry", "value": value, "place": m.beach, "side": "allied", "expires": "until wrecked (31.A.12)"})
        if m.lost_turn >= 0 and m.status in ("emplacing", "emplaced"):
            rows.append({"marker": "Mulberry lost", "value": m.name, "place": m.beach, "side": "axis",
                         "expires": "wrecked at the end of the Allies' next player turn (31.A.12)"})
    for g in sea.groups.values():
        rows.append({"marker": "Naval group in transit", "value": f"{g.done}/{g.steps}", "place": f"{g.name}: {g.origin} → {g.destination}",
                     "side": g.side, "expires": f"arrives after step {g.steps} (31.A.8)"})
    for u in sea.air:
        if u.distance:
            rows.append({"marker": "Distance", "value": str(u.distance), "place": f"{u.name} ({st.sea_zones[u.zone].name})",
                         "side": u.side, "expires": "while it flies there (33.C)"})
    for b in sea.beaches.values():
        if b.jetties:
            rows.append({"marker": "Transports as jetties", "value": str(b.jetties), "place": b.name, "side": b.owner,
                         "expires": "while they do not move (31.A.13)"})
    return rows


def explain_sea(state: GameState, st: SeaTables, pt: PortTables, name: str) -> list[Explained]:
    """Explanations for a sea name: a zone (both sides), an interference area, a Mulberry, a beach, Malta."""
    world = state.world
    zid = find_zone(st, name)
    if zid is not None:
        out = []
        for side in ("axis", "allied"):
            out.append(naval_status(world, st, pt, zid, side))
            bar = barred(world, st, pt, zid, side)
            if bar.value or bar.terms:
                out.append(bar)
            air = A.air_modifier(world, st, zid, side)
            if air.terms:
                out.append(air)
        if zid == st.interdiction_zone.zone or zid == "aegean":
            out.append(I.requirements(world, st, pt))
        return out
    lowered = name.strip().lower()
    if lowered in ("malta", "malta status", "malta status number"):
        return [Explained("Malta status number", world.sea.malta, "33.B.1.a")]
    areas = st.italian_interference.areas
    if lowered.startswith(("interference", "italian")):
        return [I.modifiers(world.sea, st, a, state.flow.turn) for a in areas]
    for aid, area in areas.items():
        if lowered in (aid, area.name.lower()):
            return [I.modifiers(world.sea, st, aid, state.flow.turn)]
    for m in world.sea.mulberries.values():
        if m.name.lower() == lowered:
            out = [Explained(f"{m.name} status", m.status, "31.A.12")]
            if m.status == "emplacing":
                out.append(M.emplacement_modifier(world, st, m, False, False))
            return out
    for b in world.sea.beaches.values():
        if b.name.lower() == lowered:
            return [B.jetty_supply(st, pt, b.jetties)]
    return []

