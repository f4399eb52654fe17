"""``HexMap``: a hex map drawn in the terminal, scrolling, with a cursor on one hex.

Attributes go down: the screen hands it a :class:`MapPicture` (the drawing
of :mod:`tui.rules.core.hexart` and, per hex, what to colour: its side, the
storm, its area); the widget only colours characters and moves the cursor.
It never computes a rule. Arrow keys move the cursor a column or a row; the
view scrolls to keep it in sight. It posts :class:`HexMap.HexSelected`.

Coordinates run along the edges of the view as on a paper map (issue 21):
each column's number above and below it, each row's number on both sides
(beside the first and last columns in sight), following the scroll and the
zoom; the cursor's column and row numbers are drawn in the cursor's colours.
The whole board small (the overview) leaves them out when they alone would
keep the board from fitting the view.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec
from msgspec import field
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..rules.core.hexart import GLYPH_WIDTH, LARGE_PITCH_X, LARGE_PITCH_Y, PITCH_X, PITCH_Y, Cell

SIDE_COLOUR = {"allied": "#7fb3d5", "axis": "#e07a5f"}
ROLE_STYLE = {
    "edge": Style(color="#5c6370"),
    "river": Style(color="#4aa3df", bold=True),
    "bridge": Style(color="#e5c07b", bold=True),
    "bridge-destroyed": Style(color="#ff5555", bold=True),
    "blank": Style(),
}
GLYPH_STYLE = {
    "●": Style(bold=True), "○": Style(bold=True), "F": Style(color="#98c379", bold=True), "a": Style(color="#56b6c2", bold=True),
    "A": Style(color="#56b6c2", bold=True), "M": Style(color="#c678dd", bold=True), "≈": Style(color="#4aa3df", bold=True),
    "X": Style(color="#ff5555", bold=True), "@": Style(color="#ffffff", bold=True), "^": Style(color="#b08860"),
    "*": Style(color="#6a9955"), "%": Style(color="#9c9c4a"), "~": Style(color="#4aa3df"), "+": Style(color="#e5c07b"),
    "#": Style(color="#abb2bf", bold=True), "$": Style(color="#e5c07b", bold=True),
}
EDGE_GLYPH = {"_": "▁"}
"""Characters drawn otherwise on screen: a low block for the hexes' flat edges (an underscore is clipped in SVG pictures)."""
STORM_BG = Style(bgcolor="#4b2a6e")
AREA_BG = Style(bgcolor="#2d2240")
CURSOR = Style(bgcolor="#e5c07b", color="#000000", bold=True)
RULER = Style(color="#8b93a1", bgcolor="#1e2127")
"""The coordinates along the edges of the view."""


class HexLook(msgspec.Struct, frozen=True):
    """How one hex is coloured: who controls it, and the storm."""

    side: str = ""
    storm: str = ""  # "storm" (its hex), "area" (adjacent), ""
    digits: str = ""  # its printed column and row, for cursor moves
    column: int = 0
    row: int = 0


class MapPicture(msgspec.Struct, frozen=True):
    """Everything the widget draws: the character canvas and, per hex id, its look."""

    canvas: list[list[Cell]] = field(default_factory=list)
    looks: dict[str, HexLook] = field(default_factory=dict)
    large: bool = False
    """Drawn in the large layout (a name line, the id line, a glyph line per hex) rather than the compact one."""
    overview: bool = False
    """Drawn as the whole board small (two characters a hex)."""


class HexMap(ScrollView, can_focus=True):
    """The map; the cursor hex is the selected one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(0, -1)", "Up", show=False),  #: The hex above.
        Binding("down", "move(0, 1)", "Down", show=False),  #: The hex below.
        Binding("left", "move(-1, 0)", "Left", show=False),  #: The next column to the left, same row.
        Binding("right", "move(1, 0)", "Right", show=False),  #: The next column to the right, same row.
    ]

    DEFAULT_CSS = """
    HexMap { height: 1fr; width: 1fr; scrollbar-size: 1 1; }
    """

    class HexSelected(Message):
        """The cursor moved to hex ``hex_id``."""

        def __init__(self, hex_map: HexMap, hex_id: str) -> None:
            super().__init__()
            self.hex_map = hex_map
            """The map whose cursor moved."""
            self.hex_id = hex_id
            """The hex under the cursor."""

        @property
        def control(self) -> HexMap:
            """The map."""
            return self.hex_map

    cursor: reactive[str] = reactive("", always_update=True)
    """The hex under the cursor."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picture = MapPicture()
        """What is drawn."""
        self._by_place: dict[tuple[int, int], str] = {}
        self._where: dict[str, tuple[int, int]] = {}  # each hex's id line: (x, y) of its first character
        self._styles: dict[tuple[str, str, str, str, bool], Style] = {}
        self._strips: list[Strip] = []
        self._column_x: dict[int, int] = {}  # each column's number: x of its hexes' first id digit
        self._row_lines: dict[int, dict[int, int]] = {}  # per column: id line -> row number
        self.rulers = True
        """Coordinates drawn along the edges of the view (left out in an overview they alone keep from fitting)."""

    # ------------------------------------------------------------------ data
    def show(self, picture: MapPicture) -> None:
        """Draw ``picture``, keeping the cursor where it is (on the first hex if it is not on the map)."""
        self.picture = picture
        self._styles = {}
        self._by_place = {(look.column, look.row): hid for hid, look in picture.looks.items()}
        self._where = {}
        for y, row in enumerate(picture.canvas):
            for x, cell in enumerate(row):
                if cell.role == "id" and cell.hex not in self._where:
                    self._where[cell.hex] = (x, y)
        self._column_x, self._row_lines = {}, {}
        centred = (GLYPH_WIDTH - len(next(iter(picture.looks), ""))) // 2 if picture.large else 0  # a large hex's id
        for hid, look in picture.looks.items():
            if hid in self._where:
                x, y = self._where[hid]
                self._column_x.setdefault(look.column, x + centred)
                self._row_lines.setdefault(look.column, {})[y] = look.row
        self._size_rulers()
        self._strips = [self._line(y) for y in range(len(picture.canvas))]
        if self.cursor not in picture.looks and picture.looks:
            self.cursor = next(iter(picture.looks))
        self.refresh()

    def watch_cursor(self, old: str, new: str) -> None:
        """Re-colour the two hexes, bring the cursor into sight, tell the screen."""
        for hex_id in (old, new):
            if hex_id in self._where:
                _, y = self._where[hex_id]
                for line in ((y - 1, y, y + 1) if self.picture.large else (y,) if self.picture.overview else (y, y + 1)):
                    if line < len(self._strips):
                        self._strips[line] = self._line(line)
        self.refresh()
        if new:
            self.scroll_to_hex(new)
            self.post_message(self.HexSelected(self, new))

    def on_resize(self) -> None:
        """A new size (the terminal or the panel beside changed): the cursor's hex back in sight (issue 22 point 13)."""
        self._size_rulers()
        if self.cursor:
            self.call_after_refresh(self.scroll_to_hex, self.cursor)

    def go(self, hex_id: str) -> bool:
        """Put the cursor on ``hex_id``; False when it is not on the map."""
        if hex_id not in self.picture.looks:
            return False
        self.cursor = hex_id
        return True

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor one column (same printed row) or one row."""
        look = self.picture.looks.get(self.cursor)
        if look is None:
            return
        target = self._by_place.get((look.column + dx, look.row + dy))
        if target is not None:
            self.cursor = target

    # ---------------------------------------------------------------- drawing
    def hex_region(self, hex_id: str) -> Region:
        """Where the hex is drawn in the whole map (its box, edges included)."""
        x, y = self._where.get(hex_id, (1, 2) if self.picture.large else (1, 1))
        if self.picture.overview:
            return Region(max(0, x - 1), max(0, y - 1), 4, 3)
        if self.picture.large:
            return Region(x - 1, y - 2, LARGE_PITCH_X + 2, LARGE_PITCH_Y + 1)
        return Region(x - 1, y - 1, PITCH_X + 1, PITCH_Y + 1)

    def scroll_to_hex(self, hex_id: str) -> None:
        """Scroll so the hex (and a margin around it) is in sight between the rulers."""
        region = self.hex_region(hex_id).grow((1, 1, 1, 1))
        gutter, band = self._margins()
        region = Region(region.x, region.y, region.width + 2 * gutter, region.height + 2 * band)
        self.scroll_to_region(region, animate=False, immediate=True)

    # ---------------------------------------------------------------- rulers
    @property
    def digits(self) -> int:
        """Digits of a column's or a row's number (half a hex id)."""
        first = next(iter(self.picture.looks), "")
        return max(1, len(first) // 2)

    def _margins(self) -> tuple[int, int]:
        """(columns of each side ruler, lines of the top and of the bottom ruler): (0, 0) without rulers."""
        return (self.digits + 1, 1) if self.rulers and self.picture.looks else (0, 0)

    def _size_rulers(self) -> None:
        """Decide whether rulers are drawn (an overview keeps the whole board in sight first) and size the scroll area."""
        height = len(self.picture.canvas)
        width = len(self.picture.canvas[0]) if height else 0
        seen = self.scrollable_content_region.size if self.is_mounted else Size(0, 0)
        gutter = self.digits + 1
        fits_bare = width <= seen.width and height <= seen.height
        fits_ruled = width + 2 * gutter <= seen.width and height + 2 <= seen.height
        self.rulers = not (self.picture.overview and fits_bare and not fits_ruled)
        gutter, band = self._margins()
        self.virtual_size = Size(width + 2 * gutter, height + 2 * band)

    def _label(self, number: int, cursor: bool) -> Segment:
        """A column's or a row's number, in the cursor's colours for the cursor's own."""
        return Segment(f"{number:0{self.digits}d}", CURSOR if cursor else RULER)

    def _column_ruler(self, inner: int) -> Strip:
        """The line of column numbers above (and below) the map: each over its hexes' ids, none overlapping."""
        gutter, _ = self._margins()
        scroll_x = int(self.scroll_offset.x)
        look = self.picture.looks.get(self.cursor)
        segments: list[Segment] = [Segment(" " * gutter, RULER)]
        at = 0  # characters of the inner width written so far
        for column, x in sorted(self._column_x.items(), key=lambda item: item[1]):
            x -= scroll_x
            if x < at or x + self.digits > inner:
                continue
            if x > at:
                segments.append(Segment(" " * (x - at), RULER))
            segments.append(self._label(column, look is not None and look.column == column))
            at = x + self.digits + 1
            if at <= inner:
                segments.append(Segment(" ", RULER))
        at = min(at, inner)
        segments.append(Segment(" " * (inner - at + gutter), RULER))
        return Strip(segments).crop(0, inner + 2 * gutter)

    def _row_label(self, line: int, column: int | None) -> Segment:
        """The gutter beside map line ``line``: the row number whose hex of ``column`` has its id on that line."""
        gutter, _ = self._margins()
        row = self._row_lines.get(column, {}).get(line) if column is not None else None
        if row is None:
            return Segment(" " * gutter, RULER)
        look = self.picture.looks.get(self.cursor)
        return self._label(row, look is not None and look.row == row)

    def _edge_columns(self, inner: int) -> tuple[int | None, int | None]:
        """The first and the last column whose numbers are wholly in sight (the side rulers' rows follow them)."""
        scroll_x = int(self.scroll_offset.x)
        seen = [c for c, x in self._column_x.items() if scroll_x <= x and x + self.digits <= scroll_x + inner]
        return (min(seen), max(seen)) if seen else (None, None)

    def _style(self, cell: Cell) -> Style:
        """The colours of one character (cached: a map has few distinct kinds of character)."""
        look = self.picture.looks.get(cell.hex)
        cursor = cell.hex == self.cursor and cell.role in ("id", "body") and look is not None
        key = (cell.role, cell.char, look.side if look else "", look.storm if look else "", cursor)
        style = self._styles.get(key)
        if style is None:
            style = self._styles[key] = self._compute_style(cell, look, cursor, self.picture.overview)
        return style

    @staticmethod
    def _compute_style(cell: Cell, look: HexLook | None, cursor: bool, overview: bool = False) -> Style:
        """A character's colours: the cursor's; a glyph's own colour (terrain, markers), a city's and an id's in its
        side's colour (every character of a hex's id line in the overview, coloured by owner); edges and marks."""
        if cursor:
            return CURSOR
        if cell.role in ("id", "body") and look is not None:
            base = GLYPH_STYLE.get(cell.char, Style())
            if cell.char in ("●", "○") or (cell.role == "id" and (overview or cell.char.isdigit() or cell.char not in GLYPH_STYLE)):
                base = base + Style(color=SIDE_COLOUR.get(look.side, "#abb2bf"), dim=cell.role == "id" and not look.side)
            if cell.role == "body" and cell.char == "_":
                base = ROLE_STYLE["edge"]
            if look.storm == "storm":
                return base + STORM_BG
            if look.storm == "area":
                return base + AREA_BG
            return base
        return ROLE_STYLE.get(cell.role, ROLE_STYLE["edge"])

    def _line(self, y: int) -> Strip:
        """One line of the whole map, coloured."""
        segments = [Segment(EDGE_GLYPH.get(cell.char, cell.char), self._style(cell)) for cell in self.picture.canvas[y]]
        return Strip(Segment.simplify(segments))

    def render_line(self, y: int) -> Strip:
        """One line of the visible part of the map, between the rulers (which close in on a map smaller than the view)."""
        scroll_x, scroll_y = self.scroll_offset
        width, height = self.scrollable_content_region.size
        gutter, band = self._margins()
        canvas_height = len(self._strips)
        canvas_width = self._strips[0].cell_length if canvas_height else 0
        inner = max(0, min(width - 2 * gutter, canvas_width))
        if band and (y == 0 or y == min(height - 1, canvas_height + band)):
            return self._column_ruler(inner).extend_cell_length(width)
        line = y - band + scroll_y
        if gutter and not 0 <= line < canvas_height:
            return Strip.blank(width)
        body = (self._strips[line].crop(scroll_x, scroll_x + inner) if 0 <= line < canvas_height else Strip.blank(0))
        body = body.extend_cell_length(inner)
        if not gutter:
            return body.extend_cell_length(width)
        first, last = self._edge_columns(inner)
        left, right = self._row_label(line, first), self._row_label(line, last)
        segments = [left, Segment(" " * (gutter - left.cell_length), RULER), *body,
                    Segment(" " * (gutter - right.cell_length), RULER), right]
        return Strip(segments).extend_cell_length(width)
