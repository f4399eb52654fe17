"""Ranges and distances (seed 004, 21.36-21.3617; RULINGS A1).

The app holds no AWAW map: the referee types the distance by water (21.36A,
not counting the base hex, 21.36B) and the legs between the ports the route
touches (21.36C). :func:`check_range` checks them against the limits of the
activity's kind in the base's theater (21.3611-21.3614, 21.33) and the listed
exceptions (21.3615-21.3617), refusing with the rule, and explains the check.
:func:`exception_use` checks who names an exception: the powers it is for, the
island group the activity begins in, and the islands it needs held
(21.3615A, 21.3616A-D), as far as the scenario records them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.numbers import read_int
from .tables import AwawTables

if TYPE_CHECKING:
    from .units import NavalUnit
    from .world import AwawWorld


def read_legs(text: str) -> list[int]:
    """``12,15,7``: hexes between the ports a route touches, base to destination (21.36C)."""
    legs = [read_int(part, "a leg in hexes", 0, 999) for part in text.split(",") if part.strip()]
    if not legs:
        raise RuleError("legs: hexes between the ports touched, e.g. 12,15,7 (21.36C)")
    return legs


def check_range(kind: str, theater: str, distance: int, tables: AwawTables, *, legs: list[int] | None = None,
                ports: list[str] | None = None, exception: str = "") -> Explained:
    """Refuse a route too long for activity ``kind`` from a base in ``theater``; else explain the check.

    ``legs`` are the hexes between touched ports (their sum must be the distance); ``ports`` the ports touched
    (for 21.3617); ``exception`` a key of ``[range_exceptions]``.
    """
    spec = tables.ranges[kind]
    limits = tables.theaters[theater]
    exc = tables.range_exceptions.get(exception) if exception else None
    if exception and exc is None:
        raise RuleError(f"no range exception '{exception}'; known: {', '.join(tables.range_exceptions)} (21.3615, 21.3616)")
    terms = [Term("distance by water, typed (RULINGS A1)", distance, "21.36A, 21.36B")]
    notes: list[str] = []
    if exc is not None:
        notes.append(f"exception: {exc.name} ({exc.rule})")
    if exc is not None and exc.unlimited:
        return Explained(f"{spec.name} range", distance, exc.rule, tuple(terms), tuple(notes))
    if spec.limit:
        limit = getattr(limits, spec.limit)
        terms.append(Term(f"limit in {limits.name}", limit, spec.rule))
        if distance > limit:
            raise RuleError(f"{spec.name.split(' (')[0]}: {distance} hexes is beyond the {limit}-hex limit in "
                            f"{limits.name} ({spec.rule})")
    if legs is not None:
        if sum(legs) != distance:
            raise RuleError(f"the legs ({'+'.join(map(str, legs))} = {sum(legs)}) must add up to the distance {distance} (21.36C)")
    if spec.port_every:
        every = limits.port_every
        route = legs if legs is not None else [distance]
        terms.append(Term(f"a port touched at least every ({limits.name})", every, "21.36C, " + spec.rule))
        small = set(tables.range_small_ports.ports)
        touched = ports or []
        for i, leg in enumerate(route):
            cap = every
            if i == 0 and exc is not None and exc.first_leg:
                cap = max(cap, exc.first_leg)
            ends = touched[max(i - 1, 0):i + 1] if touched else []
            if any(p in small for p in ends):
                cap = min(cap, tables.employment.small_port_range.value)
                notes.append(f"leg {i + 1} touches {', '.join(p for p in ends if p in small)}: {cap} hexes at most "
                             f"({tables.range_small_ports.rule})")
            if leg > cap:
                raise RuleError(f"{spec.name.split(' (')[0]}: leg {i + 1} crosses {leg} hexes without touching a port; "
                                f"the most is {cap} ({'21.36C, ' + (exc.rule if exc and i == 0 and exc.first_leg else spec.rule)})")
            terms.append(Term(f"leg {i + 1}", leg, "21.36C"))
    if ports:
        notes.append(f"ports touched: {', '.join(ports)}")
    return Explained(f"{spec.name} range", distance, spec.rule, tuple(terms), tuple(notes))


def box_edge(base_name: str, tables: AwawTables) -> tuple[int, str]:
    """The hexes from a mapboard box to the board edge (21.16, 21.17, 21.413B) and the rule, or (0, "") when none apply."""
    box = tables.boxes.get(base_name)
    if box is None or not box.edge:
        return 0, ""
    return box.edge, box.rule


def add_edge(distance: int, legs: list[int] | None, edge: int) -> tuple[int, list[int] | None]:
    """Proposed ruling A13: a distance typed from the board edge, plus the box's hexes to the edge (on the first leg)."""
    if not edge:
        return distance, legs
    return distance + edge, ([legs[0] + edge, *legs[1:]] if legs else None)


def edge_note(base_name: str, edge: int, rule: str) -> str:
    """The line an explanation carries when a box's edge hexes were added."""
    return (f"{edge} hexes from the {base_name} box to the board edge added to the distance typed from the edge "
            f"({rule}; proposed ruling A13)")


def _begins_at(spec: str, name: str, group: str) -> bool:
    """A ``begins`` entry (a base name or ``group:G``) names the base ``name`` of island group ``group``."""
    if spec.lower().startswith("group:"):
        return bool(group) and group.lower() == spec[6:].lower()
    return name.lower() == spec.lower()


def _places(specs: list[str]) -> str:
    """``group:japan`` as "the japan island group", names as they are."""
    return " or ".join(f"the {s[6:]} island group" if s.lower().startswith("group:") else s for s in specs)


def held_by(world: AwawWorld, place: str) -> str | None:
    """Who holds ``place``: its ``[hex_control]`` entry (by hex or name), else the base of that name; None if unrecorded."""
    key = place.lower()
    found = next((who for where, who in world.hex_control.items() if where.lower() == key), None)
    if found is not None:
        return found
    base = world.base_at(place)
    return base.control if base is not None else None


def exception_use(exception: str, units: list[NavalUnit], world: AwawWorld, tables: AwawTables) -> Explained | None:
    """Refuse a range exception ``units`` may not name (its powers, where it begins, the islands held); else explain it.

    21.3615A: Western Allied activities beginning in the Hawaiian Islands, Midway and Johnston Island (and Wake for
    20 hexes) held; 21.3615B, 21.3616C: between the Hawaiian (or Japan) and the Aleutian Islands; 21.3616A, D:
    Japanese activities beginning in Japan, the initial attack on Pearl Harbor. An island the scenario does not
    record is left to the referee (a note), as is full supply, which the app does not track.
    """
    exc = tables.range_exceptions.get(exception) if exception else None
    if exc is None or not units:
        return None
    terms: list[Term] = []
    notes: list[str] = []
    if exc.powers:
        wrong = sorted({u.power for u in units if u.power not in exc.powers})
        if wrong:
            raise RuleError(f"range exception '{exception}' ({exc.name}) is for {', '.join(exc.powers)} naval units only, "
                            f"not {', '.join(wrong)} ({exc.rule})")
        terms.append(Term(f"naval units of {', '.join(exc.powers)}", len(units), exc.rule))
    if exc.begins:
        for name in dict.fromkeys(u.base for u in units):
            base = world.bases.get(name)
            group = base.group if base is not None else ""
            if not any(_begins_at(spec, name, group) for spec in exc.begins):
                where = f"{name} (island group {group})" if group else name
                raise RuleError(f"range exception '{exception}' ({exc.name}): the activity must begin in "
                                f"{_places(exc.begins)}; {where} is not there ({exc.rule})")
        terms.append(Term(f"begins in {_places(exc.begins)}", 1, exc.rule))
    side = tables.side_of(units[0].power)
    for place in exc.held:
        who = held_by(world, place)
        if who is None:
            notes.append(f"{place}: the scenario does not record who holds it; the referee confirms ({exc.rule})")
            continue
        if tables.side_of(who) != side:
            raise RuleError(f"range exception '{exception}' ({exc.name}): {place} is held by {who}, not by the {side} "
                            f"({exc.rule})")
        terms.append(Term(f"{place} held by {who}", 1, exc.rule))
    if exc.held:
        notes.append(f"fully supplied: {', '.join(exc.held)} (the referee confirms; {exc.rule})")
    return Explained(f"range exception {exception}", 1, exc.rule, tuple(terms), tuple(notes))


def indian_ocean_note(origin: str, dest: str, tables: AwawTables) -> tuple[str, ...]:
    """21.215: a base change or NR between Suez, Basra or Abadan and an Indian Ocean box follows the special rules the
    seed does not print (25.3, 28.753-28.755); the reminder the result carries, or () for any other route."""
    io = tables.indian_ocean
    if io is None:
        return ()
    ports, boxes = {p.lower() for p in io.ports}, {b.lower() for b in io.boxes}
    ends = {origin.lower(), dest.lower()}
    if not (ends & ports and ends & boxes):
        return ()
    return (f"{io.rule}: {origin} → {dest} runs through the Indian Ocean under special rules (25.3, 28.753-28.755) the "
            f"referee applies; the distance typed is checked as for any other route (proposed ruling A32).",)
