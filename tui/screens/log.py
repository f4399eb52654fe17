"""Log mode: every event newest first — who, when, what, the dice and where they came from; undone ones marked.

Opens fast on a long game: the table holds a window of the newest events
and grows a page at a time (``l``, or moving onto its last row).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ..widgets.event_log import LABEL, EventLog
from .base import GameScreen

if TYPE_CHECKING:
    from ..engine.game import Game


def event_detail(event: dict[str, Any]) -> Text:
    """Everything about one event: header, command, summary, details, each roll with its source and seed."""
    status = str(event.get("status", "applied"))
    text = Text()
    if status in LABEL:
        word, style = LABEL[status]
        text.append(word, style)
        text.append(" ")
    text.append(f"#{event.get('seq')} ", "bold")
    text.append(f"{event.get('turn', '')} · {event.get('segment_title', '')}", "")
    text.append(f"\n{event.get('time', '')} · actor {event.get('actor', '')} · from {event.get('source', '')}", "dim")
    if event.get("undone_at"):
        text.append(f" · undone {event['undone_at']}", "dim")
    text.append("\n> ", "dim")
    text.append(str(event.get("command", "")), "bold")
    text.append("\n" + str(event.get("summary", "")))
    for d in event.get("dice", ()):
        faces = "+".join(str(f) for f in d.get("faces", ()))
        mod = d.get("modifier") or 0
        src = f"app, seed {d.get('seed')}" if d.get("source") == "app" else "typed by the referee"
        purpose = f"{d['purpose']}: " if d.get("purpose") else ""
        mod_text = f"{mod:+d}" if mod else ""
        text.append(f"\ndice: {purpose}{d.get('spec')} = {faces}{mod_text}", "cyan")
        text.append(f" = {d.get('total')} ({src})", "cyan")
    for line in event.get("details", ()):
        text.append("\n  " + str(line), "dim")
    return text


class LogScreen(GameScreen):
    """The event table and the selected event in full."""

    CSS_PATH = "log.tcss"
    MODE_TITLE = "Log"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "load_older", "Load older"),  #: Add the next page of older events.
        Binding("b", "branch", "Branch here"),  #: A what-if branch at the selected entry, saved beside the game.
    ]

    def compose_body(self) -> ComposeResult:
        """Count line, table, detail."""
        with Vertical(id="log-body"):
            yield Static(id="log-count")
            yield EventLog(id="log")
            with VerticalScroll(id="log-detail-scroll"):
                yield Static(id="log-detail")

    def on_mount(self) -> None:
        """Focus the table."""
        super().on_mount()
        self.query_one(EventLog).focus()

    def render_game(self, game: Game) -> None:
        """Show the newest window of the log."""
        log = self.query_one(EventLog)
        log.show(game.events)
        self._count()
        self._detail(log.event_at_cursor())

    def _count(self) -> None:
        events = self.game.events
        log = self.query_one(EventLog)
        undone = sum(1 for e in events[-log.shown:] if e.get("status") != "applied") if log.shown else 0
        if not events:
            self.query_one("#log-count", Static).update(Text("No events yet.", style="dim italic"))
            return
        text = Text.assemble(
            (f"{len(events):,} event(s)", "bold"), (f" · newest first · {log.shown:,} shown", "dim"),
            (f" · {undone} undone/abandoned among them" if undone else "", "yellow"),
        )
        self.query_one("#log-count", Static).update(text)

    def _detail(self, event: dict[str, Any] | None) -> None:
        body = event_detail(event) if event else Text("No events yet.", style="dim italic")
        self.query_one("#log-detail", Static).update(body)

    @on(EventLog.EventSelected)
    def _selected(self, message: EventLog.EventSelected) -> None:
        self._detail(self.query_one(EventLog).event_at_cursor())

    @on(EventLog.WindowChanged)
    def _window_changed(self) -> None:
        self._count()

    def action_branch(self) -> None:
        """Branch the game at the selected entry into a new save beside this one (the game itself is only read)."""
        event = self.query_one(EventLog).event_at_cursor()
        if event is None:
            self.notify("Select an entry of the log first.", title="Not branched", severity="error")
            return
        self.app.branch_at(int(event.get("seq", 0)))  # type: ignore[attr-defined]

    def action_load_older(self) -> None:
        """Add the next page of older events."""
        added = self.query_one(EventLog).load_older()
        if not added:
            self.notify("That is the whole log.", severity="information")
