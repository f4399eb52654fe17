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
from .base import GameScreen

if TYPE_CHECKING:
    from ..engine.game import Game

COLUMNS = (("Marker", "marker"), ("Value", "value"), ("Place", "place"), ("Side", "side"), ("Expires", "expires"))


class MarkersScreen(GameScreen):
    """A table of the rule set's markers."""

    CSS_PATH = "markers.tcss"
    MODE_TITLE = "Markers"

    def compose_body(self) -> ComposeResult:
        """Count line and the table."""
        with Vertical(id="markers-body"):
            yield Static(id="markers-count")
            yield SearchTable(id="markers", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        """Columns; focus the table."""
        super().on_mount()
        table = self.query_one(SearchTable)
        for header, key in COLUMNS:
            table.add_column(header, key=key)
        table.focus()

    def render_game(self, game: Game) -> None:
        """Refill the table from ``ruleset.markers``."""
        rows = game.ruleset.markers(game.state, game.ruleset.sequence)
        table = self.query_one(SearchTable)
        keep = table.cursor_row
        table.clear()
        for i, row in enumerate(rows):
            side = str(row.get("side", ""))
            table.add_row(
                Text(str(row.get("marker", "")), style="bold"),
                Text(str(row.get("value", ""))),
                Text(str(row.get("place", ""))),
                Text(side, style=SIDE_STYLE.get(side, "")),
                Text(str(row.get("expires", "")), style="dim"),
                key=str(i),
            )
        if rows:
            table.move_cursor(row=min(keep, len(rows) - 1), animate=False)
        places = len({r.get("place") for r in rows})
        count = f"{len(rows)} marker(s) in {places} place(s)" if rows else "No markers on the map."
        self.query_one("#markers-count", Static).update(Text(count, style="bold" if rows else "dim italic"))
