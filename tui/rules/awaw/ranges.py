"""Ranges and distances (seed 004, 21.36-21.3617; RULINGS A1).

The app holds no AWAW map: the referee types the distance by water (21.36A,
not counting the base hex, 21.36B) and the legs between the ports the route
touches (21.36C). :func:`check_range` checks them against the limits of the
activity's kind in the base's theater (21.3611-21.3614, 21.33) and the listed
exceptions (21.3615-21.3617), refusing with the rule, and explains the check.
"""

from __future__ import annotations

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.numbers import read_int
from .tables import AwawTables


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
