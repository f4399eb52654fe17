"""Drawing a hex map as characters: flat-topped hexes in columns, compact (two text lines each) or large
(:func:`draw_large`: four lines, a name line, the id and a glyph line).

Pure layout, no rules and no colours: :func:`draw` lays out every hex of a
:class:`~tui.rules.core.hexgrid.HexGrid` on a character canvas and says, for
every character, which hex it belongs to and what it is (an edge, the id line,
the content line), so a screen can colour it and ``show`` can print it::

     ____      ____
    /0101\\____/0301\\
    \\●2__/0201\\_a__/
    /0102\\____/0302\\

A hex is 6 characters wide and 2 lines high; columns are 5 characters apart
and every other column is half a hex (1 line) lower. The first line holds the
hex id, the second its content (4 characters, on the hex's south edge). A
hexside can be marked (a river, a bridge, a destroyed bridge): its edge
characters take the mark's role.
"""

from __future__ import annotations

from typing import Mapping

import msgspec

from .hexgrid import Hex, HexGrid

WIDTH = 4
"""Characters inside a hex on each of its two lines."""
PITCH_X, PITCH_Y = 5, 2
"""Columns are 5 characters apart; rows 2 lines."""


class Cell(msgspec.Struct, frozen=True):
    """One character of the drawing: the text, the hex it belongs to ("" for none) and its role.

    Roles: ``edge`` (a plain hexside), ``id`` (the id line), ``body`` (the content line),
    ``blank``, or the name of a hexside mark (``river``, ``bridge``, ...).
    """

    char: str
    hex: str = ""
    role: str = "blank"


def _edge_cells(x0: int, y0: int, direction: str) -> list[tuple[int, int]]:
    """The canvas cells of a hex's edge in ``direction`` (for a hex whose top edge is on line ``y0``)."""
    if direction == "N":
        return [(y0, x0 + 1 + i) for i in range(WIDTH)]
    if direction == "S":
        return [(y0 + 2, x0 + 1 + i) for i in range(WIDTH)]
    return {"NE": [(y0 + 1, x0 + 5)], "SE": [(y0 + 2, x0 + 5)], "SW": [(y0 + 2, x0)], "NW": [(y0 + 1, x0)]}[direction]


def origin(grid: HexGrid, h: Hex) -> tuple[int, int]:
    """(x, y) of the top-left corner of hex ``h``'s box (its top edge is on line y)."""
    column, row = grid.column_row(h)
    x = (column - grid.first_column) * PITCH_X
    y = (row - grid.first_row) * PITCH_Y + (1 if grid.is_low(column) else 0)
    return x, y


def size(grid: HexGrid) -> tuple[int, int]:
    """(width, height) of the drawing of the whole map."""
    return grid.columns * PITCH_X + 1, grid.rows * PITCH_Y + 2


def draw(grid: HexGrid, content: Mapping[str, str], marks: Mapping[tuple[str, str], tuple[str, str]] | None = None) -> list[list[Cell]]:
    """The map as rows of :class:`Cell`.

    ``content`` gives each hex id its content line (at most 4 characters;
    underscores fill the rest, being the hex's south edge). ``marks`` maps a
    hexside ``(hex id, direction)`` to ``(role, char)``: a river, a bridge...
    A mark's ``char`` of ``""`` keeps the edge's own character.
    """
    width, height = size(grid)
    canvas = [[Cell(" ") for _ in range(width)] for _ in range(height)]

    def put(y: int, x: int, cell: Cell) -> None:
        if 0 <= y < height and 0 <= x < width:
            canvas[y][x] = cell

    hexes = list(grid.hexes())
    for h in hexes:  # edges first: a later hex's id and content lines overwrite shared underscores
        hid = grid.hex_id(h)
        x0, y0 = origin(grid, h)
        for i in range(WIDTH):
            if canvas[y0][x0 + 1 + i].role == "blank":
                put(y0, x0 + 1 + i, Cell("_", hid, "edge"))
        put(y0 + 1, x0, Cell("/", hid, "edge"))
        put(y0 + 1, x0 + 5, Cell("\\", hid, "edge"))
        put(y0 + 2, x0, Cell("\\", hid, "edge"))
        put(y0 + 2, x0 + 5, Cell("/", hid, "edge"))
    for h in hexes:
        hid = grid.hex_id(h)
        x0, y0 = origin(grid, h)
        label = hid[:WIDTH].ljust(WIDTH)
        text = content.get(hid, "")[:WIDTH]
        for i in range(WIDTH):
            put(y0 + 1, x0 + 1 + i, Cell(label[i], hid, "id"))
            char = text[i] if i < len(text) and text[i] != " " else "_"
            put(y0 + 2, x0 + 1 + i, Cell(char, hid, "body"))
    for (hid, direction), (role, char) in (marks or {}).items():
        h = grid.parse(hid)
        x0, y0 = origin(grid, h)
        for y, x in _edge_cells(x0, y0, direction):
            old = canvas[y][x]
            if old.role == "body" and old.char != "_":
                continue  # the content stays readable; the rest of the edge shows the mark
            put(y, x, Cell(char or old.char, old.hex or hid, role))
    return canvas


def text(canvas: list[list[Cell]]) -> str:
    """The drawing as plain text (trailing spaces dropped)."""
    return "\n".join("".join(c.char for c in row).rstrip() for row in canvas)


# --------------------------------------------------------------- the large layout
LARGE_PITCH_X, LARGE_PITCH_Y = 8, 4
"""The large layout: columns 8 characters apart, rows 4 lines."""
NAME_WIDTH, GLYPH_WIDTH = 6, 8
"""Characters of a large hex's name line and of its glyph line."""


def large_origin(grid: HexGrid, h: Hex) -> tuple[int, int]:
    """(x, y) of the top-left corner of hex ``h``'s box in the large layout (its top edge is on line y)."""
    column, row = grid.column_row(h)
    x = (column - grid.first_column) * LARGE_PITCH_X
    y = (row - grid.first_row) * LARGE_PITCH_Y + (LARGE_PITCH_Y // 2 if grid.is_low(column) else 0)
    return x, y


def large_size(grid: HexGrid) -> tuple[int, int]:
    """(width, height) of the large drawing of the whole map."""
    return grid.columns * LARGE_PITCH_X + 2, grid.rows * LARGE_PITCH_Y + 3


def _large_edge_cells(x0: int, y0: int, direction: str) -> list[tuple[int, int]]:
    """The canvas cells of a large hex's edge in ``direction``."""
    return {
        "N": [(y0, x0 + 2 + i) for i in range(NAME_WIDTH)],
        "S": [(y0 + 4, x0 + 2 + i) for i in range(NAME_WIDTH)],
        "NE": [(y0 + 1, x0 + 8), (y0 + 2, x0 + 9)],
        "SE": [(y0 + 3, x0 + 9), (y0 + 4, x0 + 8)],
        "SW": [(y0 + 3, x0), (y0 + 4, x0 + 1)],
        "NW": [(y0 + 1, x0 + 1), (y0 + 2, x0)],
    }[direction]


def draw_large(grid: HexGrid, glyphs: Mapping[str, str], names: Mapping[str, str] | None = None,
               marks: Mapping[tuple[str, str], tuple[str, str]] | None = None) -> list[list[Cell]]:
    r"""The map in the large layout, 3 lines inside each hex: a name line, the id line, a glyph line::

          ______
         /Brest \
        /  0101  \______
        \  ●3A   /      \
         \______/  0201  \

    A hex's id shares its text line only with the edges of the neighbouring
    columns, never with their contents; a hex's name and glyphs sit between
    its own slanted edges. ``glyphs`` gives each hex its glyph line (at most 8
    characters), ``names`` its name line (at most 6); ``marks`` as in :func:`draw`.
    """
    width, height = large_size(grid)
    canvas = [[Cell(" ") for _ in range(width)] for _ in range(height)]

    def put(y: int, x: int, cell: Cell) -> None:
        if 0 <= y < height and 0 <= x < width:
            canvas[y][x] = cell

    hexes = list(grid.hexes())
    for h in hexes:
        hid = grid.hex_id(h)
        x0, y0 = large_origin(grid, h)
        for i in range(NAME_WIDTH):
            put(y0, x0 + 2 + i, Cell("_", hid, "edge"))
            put(y0 + 4, x0 + 2 + i, Cell("_", hid, "edge"))
        for y, x, char in ((1, 1, "/"), (1, 8, "\\"), (2, 0, "/"), (2, 9, "\\"), (3, 0, "\\"), (3, 9, "/"), (4, 1, "\\"), (4, 8, "/")):
            put(y0 + y, x0 + x, Cell(char, hid, "edge"))
    for h in hexes:
        hid = grid.hex_id(h)
        x0, y0 = large_origin(grid, h)
        name = (names or {}).get(hid, "")[:NAME_WIDTH].center(NAME_WIDTH)
        label = hid.center(GLYPH_WIDTH)
        line = glyphs.get(hid, "")[:GLYPH_WIDTH].center(GLYPH_WIDTH)
        for i in range(NAME_WIDTH):
            put(y0 + 1, x0 + 2 + i, Cell(name[i], hid, "body"))
        for i in range(GLYPH_WIDTH):
            put(y0 + 2, x0 + 1 + i, Cell(label[i], hid, "id"))
            put(y0 + 3, x0 + 1 + i, Cell(line[i], hid, "body"))
    for (hid, direction), (role, char) in (marks or {}).items():
        x0, y0 = large_origin(grid, grid.parse(hid))
        for y, x in _large_edge_cells(x0, y0, direction):
            if 0 <= y < height and 0 <= x < width:
                old = canvas[y][x]
                put(y, x, Cell(char or old.char, old.hex or hid, role))
    return canvas


def framed(grid: HexGrid, canvas: list[list[Cell]]) -> str:
    """The large drawing as text with coordinates along its edges, as on a paper map: each column's number above it and
    below it, each row's number on both sides at the id line of the first and last columns."""
    body = [("".join(c.char for c in row)).ljust(len(row)) for row in canvas]
    width = len(body[0]) if body else 0
    head = [" "] * width
    for column in range(grid.first_column, grid.first_column + grid.columns):
        x = (column - grid.first_column) * LARGE_PITCH_X + 4
        for i, ch in enumerate(f"{column:0{grid.digits}d}"):
            if x + i < width:
                head[x + i] = ch
    left = [" " * (grid.digits + 1)] * len(body)
    right = [""] * len(body)
    last = grid.first_column + grid.columns - 1
    for row in range(grid.first_row, grid.first_row + grid.rows):
        number = f"{row:0{grid.digits}d}"
        _, y = large_origin(grid, grid.at(grid.first_column, row))
        left[y + 2] = number + " "
        _, y = large_origin(grid, grid.at(last, row))
        right[y + 2] = " " + number
    gutter = " " * (grid.digits + 1)
    lines = [gutter + "".join(head)] + [left[i] + body[i] + right[i] for i in range(len(body))] + [gutter + "".join(head)]
    return "\n".join(line.rstrip() for line in lines)


def draw_overview(grid: HexGrid, glyphs: Mapping[str, str]) -> list[list[Cell]]:
    """The whole board small: each hex two characters on its printed row (``glyphs``: one or two per hex), columns two
    characters apart; the half-hex shift of every other column is left out, so a large board fits a terminal."""
    width, height = grid.columns * 2 + 1, grid.rows
    canvas = [[Cell(" ") for _ in range(width)] for _ in range(height)]
    for h in grid.hexes():
        hid = grid.hex_id(h)
        column, row = grid.column_row(h)
        x, y = (column - grid.first_column) * 2, row - grid.first_row
        pair = (glyphs.get(hid, "") or "·")[:2].ljust(2)
        canvas[y][x] = Cell(pair[0], hid, "id")
        canvas[y][x + 1] = Cell(pair[1], hid, "body")
    return canvas


__all__ = ["Cell", "LARGE_PITCH_X", "LARGE_PITCH_Y", "PITCH_X", "PITCH_Y", "WIDTH", "draw", "draw_large", "draw_overview", "framed", "large_origin",
           "large_size", "origin", "size", "text"]
