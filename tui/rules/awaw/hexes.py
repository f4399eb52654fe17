"""Hex coordinates of the AWAW maps and what they prove about a route (seed 004, 21.36A, 21.321; proposed A28, A29).

The app holds no map (RULINGS A1): the referee types the distance by water. A base may
carry its printed hex (``AA7``: row ``AA``, the 27th, hex 7 of the row). Two hexes
of one map are at least as far apart by water as across the hex grid, so a typed
distance shorter than that is a slip (:func:`check_floor`, proposed ruling A28).

Rows run across the map and the hexes of the next row sit half a hex to one side;
which side, the seed shows only by its strait pairs. The floor takes the shorter of
the two readings, so a refusal never rests on that choice.

:func:`targeted_entered` reads 21.321's second limit: in one phase a naval unit may
not enter the sea portion of more than one hex targeted for sea transport or
invasion (proposed ruling A29).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..core.errors import RuleError
from ..core.explain import Explained, Term

_CODE = re.compile(r"^([A-Z])\1*(\d{1,3})$")


def hex_code(text: str) -> tuple[int, int] | None:
    """``AA7`` -> (27, 7): the row's number (A-Z 1-26, AA 27, BB 28 ...) and the hex's; None if ``text`` is no hex."""
    m = _CODE.match(text.strip().upper())
    if m is None:
        return None
    letters = len(text.strip()) - len(m.group(2))
    return 26 * (letters - 1) + ord(m.group(1)) - ord("A") + 1, int(m.group(2))


def hex_distance(a: str, b: str) -> int | None:
    """The fewest hexes from ``a`` to ``b`` across the grid (the first not counted, 21.36B), the shorter of the two
    readings of how the rows are offset (proposed A28); None when either is no hex code."""
    pa, pb = hex_code(a), hex_code(b)
    if pa is None or pb is None:
        return None
    dr, dc = pb[0] - pa[0], pb[1] - pa[1]
    return min(max(abs(dr), abs(dc), abs(dr + dc)), max(abs(dr), abs(dc), abs(dr - dc)))


def check_floor(typed: int, froms: Iterable[tuple[str, str]], dest: tuple[str, str], what: str) -> Explained | None:
    """Refuse a typed distance shorter than the hex distance from any place the route leaves or passes (``(label,
    hex)``) to its destination (the water route can only be longer; 21.36A, proposed A28). None when no two places
    carry hexes of the same map."""
    best: tuple[int, str] | None = None
    for label, code in froms:
        d = hex_distance(code, dest[1]) if code and dest[1] else None
        if d is not None and (best is None or d > best[0]):
            best = (d, f"{label} ({code.upper()})")
    if best is None:
        return None
    floor, where = best
    to = f"{dest[0]} ({dest[1].upper()})" if dest[0].upper() != dest[1].upper() else dest[1].upper()
    if typed < floor:
        raise RuleError(f"{what}: {typed} hexes is shorter than the {floor} hexes from {where} to {to} on the map; the "
                        "route by water can only be longer (21.36A, proposed A28)")
    return Explained("Distance at least the hexes on the map", floor, "21.36A",
                     (Term(f"hexes from {where} to {to}", floor, "21.36A, proposed A28"),
                      Term("distance by water, typed", typed, "RULINGS A1")))


def targeted_entered(entered: Sequence[str], targeted: set[str], what: str, no_alternate: bool) -> Explained | None:
    """21.321: refuse a route whose naval units enter the sea portion of more than one hex targeted for sea transport or
    invasion this phase (``entered``: the places the route enters, canonical names, its destination last), unless the
    referee says no alternate route is available (``no_alternate``). Explained when the exception is used."""
    hit = list(dict.fromkeys(p for p in entered if p in targeted))
    if len(hit) <= 1:
        return None
    if not no_alternate:
        raise RuleError(f"{what}: its naval units would enter {len(hit)} hexes targeted for sea transport or invasion this "
                        f"phase ({', '.join(hit)}); a naval unit may enter the sea portion of only one in a phase unless no "
                        "alternate route to its destination is available: then add --no-alternate (21.321)")
    return Explained("Targeted hexes entered (no alternate route, typed)", len(hit), "21.321",
                     tuple(Term(p, 1, "21.321") for p in hit))
