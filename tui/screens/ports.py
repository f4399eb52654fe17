"""Ports mode: every port in a table, the selected port's "why?" below, and a key for each port command."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical

from ..widgets.explain_pane import ExplainPane
from ..widgets.key_legend import KeyLegend
from ..widgets.port_table import PortTable
from .base import GameScreen
from .messages import RunCommand
from .port_actions import ACTIONS_BY_ID, PORT_ACTIONS, PortContext

if TYPE_CHECKING:
    from ..engine.game import Game


class PortsScreen(GameScreen):
    """The port table (cursor row = selected port) and its explanation."""

    CSS_PATH = "ports.tcss"
    MODE_TITLE = "Ports"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(a.key, f"port('{a.id}')", a.label, tooltip=a.help, show=a.footer) for a in PORT_ACTIONS
    ]
    """One binding per port command (see ``PORT_ACTIONS``)."""

    def __init__(self) -> None:
        super().__init__()
        self.selected: str | None = None
        """The port under the cursor."""
        self._rows: dict[str, dict[str, Any]] = {}

    def compose_body(self) -> ComposeResult:
        """Table above, "why?" below."""
        with Vertical(id="ports-body"):
            yield PortTable(id="ports")
            yield KeyLegend("", [(a.key, a.label.lower()) for a in PORT_ACTIONS], id="port-keys")
            yield ExplainPane(id="why")

    def on_mount(self) -> None:
        """Focus the table."""
        super().on_mount()
        self.query_one(PortTable).focus()

    def render_game(self, game: Game) -> None:
        """Fill the table from the rule set's ports view; refresh the "why?"."""
        rows = game.ruleset.views["ports"](game.state)
        self._rows = {str(r["name"]): r for r in rows}
        table = self.query_one(PortTable)
        table.show_rows(game.ruleset.columns["ports"], rows)
        self.selected = table.selected
        self._explain()

    @on(PortTable.PortSelected)
    def _selected(self, message: PortTable.PortSelected) -> None:
        self.selected = message.name
        self._explain()

    def _explain(self) -> None:
        pane = self.query_one(ExplainPane)
        row = self._rows.get(self.selected or "")
        if row is None:
            pane.show(Text("No port selected.", style="dim italic"), [])
            return
        title = Text.assemble(
            ("Why? ", "bold"), (str(row["name"]), "bold underline"),
            (f" — {row.get('owner', '')} {row.get('type', '')} port", ""),
            (f", {row['harbour']} harbour" if row.get("harbour") not in (None, "", "none") else "", ""),
            (f" · hex {row['hex']}" if row.get("hex") else "", "dim"),
            (f" · {row['sea_zone']}" if row.get("sea_zone") else "", "dim"),
            (f" · markers: {row['markers']}" if row.get("markers") else "", "bold"),
            ("" if row.get("usable", True) else "  · not usable this turn (31.A)", "yellow"),
        )
        pane.show(title, self.game.ruleset.explain(self.game.state, str(row["name"])))

    def port_context(self) -> PortContext:
        """What the port actions need: the selected port's row and the sides."""
        return PortContext(self._rows.get(self.selected or ""), sides=tuple(self.game.ruleset.sides))

    def action_port(self, action_id: str, source: str = "key") -> None:
        """Run the port action ``action_id`` on the selected port (asking for its arguments first)."""
        action = ACTIONS_BY_ID[action_id]
        ctx = self.port_context()
        if action.needs_port and ctx.port is None:
            self.notify("Select a port first.", severity="warning")
            return
        self._ask_and_run(action_id, ctx, source)

    @work(group="port-action")
    async def _ask_and_run(self, action_id: str, ctx: PortContext, source: str) -> None:
        words = await ACTIONS_BY_ID[action_id].ask(self.app, ctx)
        if words:
            self.post_message(RunCommand(shlex.join(words), source))
