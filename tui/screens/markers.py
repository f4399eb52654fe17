"""Markers mode: every marker on the map (Port Hit, Reduced, Collateral Damage, Port Used, ...), where and until when.

Type a marker's name to jump to it, ``/`` to search every column (a place, a side).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ..widgets.port_table import SIDE_STYLE
from ..widgets.table_search import SearchTable
from ..widgets.view_table import lines_needed
from .base import GameScreen

if TYPE_CHECKING:
    from ..engine.game import Game

COLUMNS = (("Marker", "marker"), ("Value", "value"), ("Place", "place"), ("Side", "side"), ("Expires", "expires"))
MIN_EXPIRES = 16
"""The Expires column is never narrower than this (it wraps within it)."""


class MarkersScreen(GameScreen):
    """A table of the rule set's markers."""

    CSS_PATH = "markers.tcss"
    MODE_TITLE = "Markers"
    FOCUS = SearchTable

    def compose_body(self) -> ComposeResult:
        """Count line and the table."""
        with Vertical(id="markers-body"):
            yield Static(id="markers-count")
            yield SearchTable(id="markers", cursor_type="row", zebra_stripes=True)

    def on_resize(self) -> None:
        """Fit the Expires column to the new width (Textual calls the base's ``on_resize`` too)."""
        if self.is_mounted and self._rendered >= 0:
            self.render_game(self.game)

    def render_game(self, game: Game) -> None:
        """Refill the table from ``ruleset.markers``; the last column (Expires) takes the room left and wraps there,
        so on a narrow terminal nothing runs past the right edge."""
        rows = game.ruleset.markers(game.state, game.ruleset.sequence)
        table = self.query_one(SearchTable)
        keep = table.cursor_row
        cells = [[Text(str(row.get("marker", "")), style="bold"), Text(str(row.get("value", ""))),
                  Text(str(row.get("place", ""))), Text(str(row.get("side", "")), style=SIDE_STYLE.get(str(row.get("side", "")), "")),
                  Text(str(row.get("expires", "")), style="dim")] for row in rows]
        widths = [max([len(header)] + [c[i].cell_len for c in cells]) for i, (header, _) in enumerate(COLUMNS)]
        room = table.size.width - 2 - 2 * table.cell_padding * len(COLUMNS)  # 2: the vertical scrollbar
        if room > 0:
            widths[-1] = max(MIN_EXPIRES, min(widths[-1], room - sum(widths[:-1])))
        table.clear(columns=True)
        for (header, key), width in zip(COLUMNS, widths):
            table.add_column(header, key=key, width=width)
        for i, row_cells in enumerate(cells):
            row_cells[-1].no_wrap, row_cells[-1].overflow = False, "fold"
            table.add_row(*row_cells, key=str(i), height=lines_needed(row_cells[-1], widths[-1]) if room > 0 else 1)
        if rows:
            table.move_cursor(row=min(keep, len(rows) - 1), animate=False)
        places = len({r.get("place") for r in rows})
        count = f"{len(rows)} marker(s) in {places} place(s)" if rows else "No markers on the map."
        self.query_one("#markers-count", Static).update(Text(count, style="bold" if rows else "dim italic"))
