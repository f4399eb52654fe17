"""Hex grids: flat-topped hexes in columns, axial/cube coordinates inside, the map's printed ids outside.

A board wargame map numbers its hexes by column and row (``0807`` is column
8, row 7). Columns are vertical; every other column is shifted down half a
hex (which ones the map says: ``shifted = "even"`` or ``"odd"``). Inside,
a hex is an axial coordinate :class:`Hex` (``q`` the column, ``r`` the
diagonal row; the cube's third coordinate ``s = -q - r``), so neighbours,
direction steps and distance are plain arithmetic.

The six directions of a flat-topped hex are its six edges, clockwise from
north: N, NE, SE, S, SW, NW (a direction die's 1 is north, RULINGS L1).
Nothing here knows any rule; a rule set keeps its map's size, offset and
centre as data and asks this module where things are.
"""

from __future__ import annotations

from typing import Iterator

import msgspec

from .errors import RuleError

DIRECTIONS: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
"""The six directions of a flat-topped hex, clockwise from north (die face 1 = N, RULINGS L1)."""

_STEPS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "SE": (1, 0),
    "S": (0, 1),
    "SW": (-1, 1),
    "NW": (-1, 0),
}
"""Axial (dq, dr) of one step in each direction (flat-topped hexes)."""


class Hex(msgspec.Struct, frozen=True, order=True):
    """A hex in axial coordinates: ``q`` column, ``r`` diagonal row; ``s`` = -q-r completes the cube."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The cube's third coordinate."""
        return -self.q - self.r

    def step(self, direction: str, n: int = 1) -> Hex:
        """The hex ``n`` steps away in ``direction`` (N, NE, SE, S, SW, NW), on the map or not."""
        dq, dr = _STEPS[direction_name(direction)]
        return Hex(self.q + dq * n, self.r + dr * n)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, N first then clockwise (on the map or not)."""
        return tuple(self.step(d) for d in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        """Hexes between the two, counting the last and not the first (cube distance)."""
        return (abs(self.q - other.q) + abs(self.r - other.r) + abs(self.s - other.s)) // 2


def direction_name(direction: str | int) -> str:
    """A direction by name (``ne``, any case) or die face (1 = N ... 6 = NW, RULINGS L1); refuses others."""
    if isinstance(direction, int) and not isinstance(direction, bool):
        if 1 <= direction <= len(DIRECTIONS):
            return DIRECTIONS[direction - 1]
        raise RuleError(f"a direction die shows 1 to {len(DIRECTIONS)}, not {direction}")
    name = str(direction).strip().upper()
    if name in _STEPS:
        return name
    raise RuleError(f"no direction '{direction}' (one of {', '.join(DIRECTIONS)})")


def direction_between(a: Hex, b: Hex) -> str | None:
    """The direction from ``a`` to adjacent ``b``, or None when they are not adjacent."""
    for d in DIRECTIONS:
        if a.step(d) == b:
            return d
    return None


def within(centre: Hex, radius: int) -> list[Hex]:
    """Every hex at most ``radius`` from ``centre`` (on the map or not), in a fixed order."""
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(centre.q + dq, centre.r + dr))
    return out


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` from ``centre``, clockwise from the north one."""
    if radius == 0:
        return [centre]
    out = []
    h = centre.step("N", radius)
    for d in ("SE", "S", "SW", "NW", "N", "NE"):
        for _ in range(radius):
            out.append(h)
            h = h.step(d)
    return out


class HexGrid(msgspec.Struct, frozen=True):
    """A rectangular map of flat-topped hexes in columns, with its printed ids.

    ``columns`` x ``rows`` hexes; the first column and row carry the numbers
    ``first_column`` and ``first_row``; ``shifted`` says which printed columns
    (``even`` or ``odd``) sit half a hex lower; an id is the column then the
    row, each written with ``digits`` digits (``0807``).
    """

    columns: int
    rows: int
    first_column: int = 1
    first_row: int = 1
    shifted: str = "even"
    digits: int = 2

    def __post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError("a hex grid needs at least one column and one row")
        if self.shifted not in ("even", "odd"):
            raise ValueError("shifted must be 'even' or 'odd'")
        if self.digits < 1:
            raise ValueError("ids need at least one digit per coordinate")

    # --------------------------------------------------------- offset <-> axial
    def _low(self, column: int) -> bool:
        """Whether printed column ``column`` sits half a hex lower."""
        return (column % 2 == 0) == (self.shifted == "even")

    def column_row(self, h: Hex) -> tuple[int, int]:
        """The printed column and row of ``h``."""
        return h.q + self.first_column, h.r + self._lift(h.q) + self.first_row

    def _lift(self, q: int) -> int:
        """How many rows the axial r falls behind the printed row at column index ``q`` (counted from 0)."""
        return (q + (1 if self._low(self.first_column) else 0)) // 2

    def hex_id(self, h: Hex) -> str:
        """The printed id of ``h`` (``0807``)."""
        column, row = self.column_row(h)
        if column < 0 or row < 0:
            return f"({column},{row})"
        return f"{column:0{self.digits}d}{row:0{self.digits}d}"

    def parse(self, text: str) -> Hex:
        """The hex of a printed id (``0807``, ``807`` is not accepted); refuses ids off the map."""
        raw = str(text).strip()
        if not raw.isdigit() or len(raw) != 2 * self.digits:
            raise RuleError(f"'{text}' is not a hex id (column then row, {2 * self.digits} digits, e.g. {self.hex_id(self.centre())})")
        h = self.at(int(raw[: self.digits]), int(raw[self.digits:]))
        if not self.on_map(h):
            raise RuleError(f"hex {raw} is off the map ({self.hex_id(self.corner())} to {self.hex_id(self.far_corner())})")
        return h

    def at(self, column: int, row: int) -> Hex:
        """The hex of printed column and row (on the map or not)."""
        q = column - self.first_column
        return Hex(q, row - self.first_row - self._lift(q))

    # ------------------------------------------------------------------ the map
    def on_map(self, h: Hex) -> bool:
        """Whether ``h`` is one of the map's hexes."""
        column, row = self.column_row(h)
        return (self.first_column <= column < self.first_column + self.columns
                and self.first_row <= row < self.first_row + self.rows)

    def corner(self) -> Hex:
        """The first column's first row."""
        return self.at(self.first_column, self.first_row)

    def far_corner(self) -> Hex:
        """The last column's last row."""
        return self.at(self.first_column + self.columns - 1, self.first_row + self.rows - 1)

    def centre(self) -> Hex:
        """The middle hex (the lower-numbered of two middles)."""
        return self.at(self.first_column + (self.columns - 1) // 2, self.first_row + (self.rows - 1) // 2)

    def hexes(self) -> Iterator[Hex]:
        """Every hex of the map, column by column."""
        for column in range(self.first_column, self.first_column + self.columns):
            for row in range(self.first_row, self.first_row + self.rows):
                yield self.at(column, row)

    def neighbours(self, h: Hex) -> list[Hex]:
        """The adjacent hexes that are on the map, N first then clockwise."""
        return [n for n in h.neighbours() if self.on_map(n)]

    def within(self, h: Hex, radius: int) -> list[Hex]:
        """The on-map hexes at most ``radius`` from ``h``."""
        return [x for x in within(h, radius) if self.on_map(x)]

    def is_low(self, column: int) -> bool:
        """Whether printed column ``column`` is drawn half a hex lower (for screens)."""
        return self._low(column)


__all__ = ["DIRECTIONS", "Hex", "HexGrid", "direction_between", "direction_name", "ring", "within"]
