"""Exchange mode (``9``, a game played by turn file only): whose move, what waits to be sent, what came last, what
waits for dice, open commitments, forks, and every roll of the chain with its state, checked again on every render.

Nothing here changes the game: a sealed game's commands are signed and sent with ``harbormaster pbem`` (docs/pbem.md).
The chain is read again when its file changes (``pbem send`` or ``receive`` in another terminal).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ..widgets.table_search import SearchTable
from .base import GameScreen

if TYPE_CHECKING:
    from ..engine.game import Game

COLUMNS = (("Entry", "n"), ("By", "by"), ("Command", "command"), ("State", "state"), ("Faces", "faces"),
           ("Commitment", "commitment"))
STATES: dict[str, tuple[str, str]] = {
    "verified": ("✓ verified", "bold green"),
    "MISMATCH": ("✗ MISMATCH", "bold red"),
    "open": ("… open: waits for the reveal", "cyan"),
    "revealed": ("revealed: not played yet", "cyan"),
    "no dice": ("played: drew no dice", "dim"),
    "refused": ("refused when its dice came", "yellow"),
    "typed": ("typed: unverifiable", "yellow"),
    "withdrawn": ("withdrawn", "dim"),
    "undone": ("undone", "dim strike"),
}
"""How each state of a roll is shown (word, style): verified, typed and open rolls each look different."""
CHAIN_POLL = 1.0
"""Seconds between looks at the chain file (it changes without the save when a turn file is sent)."""


def exchange_source(game: Any) -> tuple[Any, Any] | None:
    """(chain file, key folder) of a game played by turn file, as the app was given it; None for any other game."""
    return getattr(game, "exchange_source", None)


class ExchangeScreen(GameScreen):
    """The exchange of a sealed game and the state of every roll."""

    CSS_PATH = "exchange.tcss"
    MODE_TITLE = "Exchange"
    FOCUS = SearchTable

    def compose_body(self) -> ComposeResult:
        """The exchange's lines, a count line and the rolls table."""
        with Vertical(id="exchange-body"):
            yield Static(id="exchange-state")
            yield Static(id="exchange-count")
            yield SearchTable(id="exchange-rolls", cursor_type="row", zebra_stripes=True)

    _seen: int | None = None
    _timer: Any = None

    def _stamp(self) -> int | None:
        source = exchange_source(self.game)
        try:
            return os.stat(source[0]).st_mtime_ns if source else None
        except OSError:
            return None

    def _poll_chain(self) -> None:
        if self.is_mounted and self._rendered >= 0 and self._stamp() != self._seen:
            self.render_game(self.game)

    def render_game(self, game: Game) -> None:
        """Read the chain again and show it beside the save's events."""
        from ..engine.sides import told_events
        from ..pbem.exchange import ExchangeView, exchange_view

        source = exchange_source(game)
        if self._timer is None:
            self._timer = self.set_interval(CHAIN_POLL, self._poll_chain)
        self._seen = self._stamp()
        told = frozenset(e["seq"] for e in told_events(game)) if getattr(game, "side", None) else None
        view = exchange_view(source[0], source[1], game.events, told) if source else ExchangeView(
            problem="this game is not played by turn file")
        state = self.query_one("#exchange-state", Static)
        table = self.query_one(SearchTable)
        keep = table.cursor_row
        table.clear(columns=True)
        for header, key in COLUMNS:
            table.add_column(header, key=key)
        if view.problem:
            state.update(Text(f"The chain cannot be read as yours: {view.problem}", style="bold red"))
            self.query_one("#exchange-count", Static).update("")
            return
        lines = Text()
        for label, value, style in (("Game", f"{view.game[:16]}…", "dim"), ("You", view.you, ""),
                                    ("Opponent", view.opponent, "")):
            lines.append(f"{label + ':':<10}", style="bold").append(value + "\n", style=style)
        if view.fork:
            lines.append(view.fork + "\n", style="bold red")
        if view.notice:
            lines.append(f"Note: {view.notice}.\n", style="bold yellow")
        lines.append(view.move + "\n", style="bold")
        lines.append(view.to_send + "\n").append(view.received + "\n")
        for line in view.waiting:
            lines.append("Queued: ", style="cyan").append(line + "\n")
        for line in view.open:
            lines.append("OPEN: ", style="bold cyan").append(line + "\n")
        if not view.waiting and not view.open:
            lines.append("Nothing waits for dice.\n", style="dim")
        lines.rstrip()
        state.update(lines)
        for row in view.rolls:
            word, style = STATES.get(row.state, (row.state, ""))
            table.add_row(Text(str(row.n), justify="right"), Text(row.by), Text(row.command, style="bold"),
                          Text(word, style=style), Text(row.faces, style="cyan"), Text(row.commitment, style="dim"),
                          key=str(row.n))
        if view.rolls:
            table.move_cursor(row=min(keep, len(view.rolls) - 1), animate=False)
        counts = {s: sum(r.state == s for r in view.rolls) for s in ("verified", "typed", "open", "MISMATCH")}
        count = (f"{len(view.rolls)} roll(s): {counts['verified']} verified, {counts['open']} open, "
                 f"{counts['typed']} typed" + (f", {counts['MISMATCH']} MISMATCH" if counts["MISMATCH"] else "")
                 if view.rolls else "No rolls yet.")
        self.query_one("#exchange-count", Static).update(Text(count, style="bold" if view.rolls else "dim italic"))
