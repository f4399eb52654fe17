"""``HexMap``: a hex map drawn in the terminal, scrolling, with a cursor on one hex.

Attributes go down: the screen hands it a :class:`MapPicture` (the drawing
of :mod:`tui.rules.core.hexart` and, per hex, what to colour: its side, the
storm, its area); the widget only colours characters and moves the cursor.
It never computes a rule. Arrow keys move the cursor a column or a row; the
view scrolls to keep it in sight. It posts :class:`HexMap.HexSelected`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..rules.core.hexart import LARGE_PITCH_X, LARGE_PITCH_Y, PITCH_X, PITCH_Y, Cell

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


@dataclass(frozen=True)
class HexLook:
    """How one hex is coloured: who controls it, and the storm."""

    side: str = ""
    storm: str = ""  # "storm" (its hex), "area" (adjacent), ""
    digits: str = ""  # its printed column and row, for cursor moves
    column: int = 0
    row: int = 0


@dataclass(frozen=True)
class MapPicture:
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

    # ------------------------------------------------------------------ data
    def show(self, picture: MapPicture) -> None:
        """Draw ``picture``, keeping the cursor where it is (on the first hex if it is not on the map)."""
        self.picture = picture
        self._by_place = {(look.column, look.row): hid for hid, look in picture.looks.items()}
        self._where = {}
        for y, row in enumerate(picture.canvas):
            for x, cell in enumerate(row):
                if cell.role == "id" and cell.hex not in self._where:
                    self._where[cell.hex] = (x, y)
        height = len(picture.canvas)
        width = len(picture.canvas[0]) if height else 0
        self.virtual_size = Size(width, height)
        self._strips = [self._line(y) for y in range(height)]
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
        """Scroll so the hex (and a margin around it) is in sight."""
        region = self.hex_region(hex_id).grow((1, 1, 1, 1))
        self.scroll_to_region(region, animate=False, immediate=True)

    def _style(self, cell: Cell) -> Style:
        """The colours of one character (cached: a map has few distinct kinds of character)."""
        look = self.picture.looks.get(cell.hex)
        cursor = cell.hex == self.cursor and cell.role in ("id", "body") and look is not None
        key = (cell.role, cell.char, look.side if look else "", look.storm if look else "", cursor)
        style = self._styles.get(key)
        if style is None:
            style = self._styles[key] = self._compute_style(cell, look, cursor)
        return style

    @staticmethod
    def _compute_style(cell: Cell, look: HexLook | None, cursor: bool) -> Style:
        if cursor:
            return CURSOR
        if cell.role in ("id", "body") and look is not None:
            base = GLYPH_STYLE.get(cell.char, Style())
            if cell.char in ("●", "○") or cell.role == "id":
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
        """One line of the visible part of the map."""
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        if line >= len(self._strips):
            return Strip.blank(self.size.width)
        return self._strips[line].crop(scroll_x, scroll_x + self.size.width).extend_cell_length(self.size.width)
