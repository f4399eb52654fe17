"""Ports mode: every port in a table, the selected port's "why?" below, and a key for each port action.

The keys, the key legend and the dialogs come from the rule set's
``actions["ports"]`` (:class:`ActionScreen`). A rule set with a ``shipping``
view (a Sea Cap) gets a small table of it under the ports: each side's
allowance, used and left this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label

from ..widgets.explain_pane import ExplainPane
from ..widgets.port_table import PortTable
from ..widgets.view_table import ViewTable
from .action_screen import ActionScreen

if TYPE_CHECKING:
    from ..engine.game import Game

SHIPPING = "shipping"
"""The view shown under the ports when the rule set has one (each side's Sea Cap)."""


class PortsScreen(ActionScreen):
    """The port table (cursor row = selected port), the Sea Cap where the rules have one, and the "why?"."""

    CSS_PATH = "ports.tcss"
    MODE_TITLE = "Ports"
    FOCUS = PortTable
    ACTIONS = "ports"

    def __init__(self) -> None:
        super().__init__()
        self.selected: str | None = None
        """The port under the cursor."""
        self._rows: dict[str, dict[str, Any]] = {}

    def compose_body(self) -> ComposeResult:
        """Table above, Sea Cap (if any), key legend, "why?" below."""
        with Vertical(id="ports-body"):
            yield PortTable(id="ports")
            if SHIPPING in self.game.ruleset.views:
                yield Label("Shipping allowance this turn", id="shipping-title", classes="section-title")
                yield ViewTable(SHIPPING, id="shipping", header_height=1)
            yield self.key_legend(id="port-keys")
            yield ExplainPane(id="why")

    def render_game(self, game: Game) -> None:
        """Fill the table from the rule set's ports view; the Sea Cap; refresh the "why?"."""
        rows = game.ruleset.views["ports"](game.state)
        self._rows = {str(r["name"]): r for r in rows}
        table = self.query_one(PortTable)
        table.show_rows(game.ruleset.columns["ports"], rows)
        self.selected = table.selected
        if SHIPPING in game.ruleset.views:
            shipping = game.ruleset.views[SHIPPING](game.state)
            sea_cap = self.query_one("#shipping", ViewTable)
            sea_cap.show_rows(game.ruleset.columns.get(SHIPPING, ()), shipping)
            sea_cap.styles.height = len(shipping) + 1  # the header and a row per side
        self._explain()

    @on(ViewTable.RowSelected, "#ports")
    def _selected(self, message: ViewTable.RowSelected) -> None:
        self.selected = message.key
        self._explain()

    @on(ViewTable.RowSelected, "#shipping")
    def _side_selected(self, message: ViewTable.RowSelected) -> None:
        """A side of the Sea Cap table, once the referee moved there: its allowance explained."""
        message.stop()
        if not message.table.has_focus:
            return
        pane = self.query_one(ExplainPane)
        pane.show(Text.assemble(("Why? ", "bold"), (f"{message.key} Sea Cap", "bold underline")),
                  self.game.ruleset.explain(self.game.state, message.key))

    @on(events.DescendantFocus)
    def _focus_moved(self, event: events.DescendantFocus) -> None:
        """Tab onto the Sea Cap table explains its side; back onto the ports, the port."""
        if isinstance(event.widget, ViewTable) and event.widget.view == SHIPPING and event.widget.selected:
            table = event.widget
            table.post_message(ViewTable.RowSelected(table, SHIPPING, table.selected, table.selected))
        elif isinstance(event.widget, PortTable):
            self._explain()

    def _explain(self) -> None:
        pane = self.query_one(ExplainPane)
        row = self._rows.get(self.selected or "")
        if row is None:
            pane.show(Text("No port selected.", style="dim italic"), [])
            return
        title = Text.assemble(
            ("Why? ", "bold"), (str(row["name"]), "bold underline"),
            (f" — {row.get('owner', '')} {row.get('type', '')} {row.get('noun', 'port')}".replace("  ", " "), ""),
            (f", {row['harbour']} harbour" if row.get("harbour") not in (None, "", "none") else "", ""),
            (f" · hex {row['hex']}" if row.get("hex") else "", "dim"),
            (f" · {row['sea_zone']}" if row.get("sea_zone") else "", "dim"),
            (f" · markers: {row['markers']}" if row.get("markers") else "", "bold"),
            ("" if row.get("usable", True) else "  · not usable this turn (31.A)", "yellow"),
        )
        pane.show(title, self.game.ruleset.explain(self.game.state, str(row["name"])))

    def target_row(self, view: str) -> dict[str, Any] | None:
        """The port under the table's cursor now (the port actions' target).

        Read from the cursor at the moment of the key, not from the last
        selection message: keys typed quickly (Down Down h) reach the action
        before the table's messages are handled.
        """
        if view != "ports":
            return None
        return self.query_one(PortTable).selected_row

    def show_target(self, view: str) -> None:
        """Put the focus on the port table."""
        self.query_one(PortTable).focus()
