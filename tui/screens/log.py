"""Log mode: every event newest first — who, when, what, the dice and where they came from; undone ones marked.

Opens fast on a long game: the table holds a window of the newest events
and grows a page at a time (``l``, or moving onto its last row). ``f``
filters by turn, side, port or unit, and kind (the command's verb); ``h``
hides or shows the ``next`` entries (issue 12). The count line says which
filters hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import msgspec
from msgspec.structs import replace
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ..engine.sides import told_events
from ..widgets.event_log import LABEL, EventLog
from .base import GameScreen
from .form_prompt import FormField, FormPrompt

if TYPE_CHECKING:
    from ..engine.game import Game


ALL = "all"
"""A filter that keeps every value."""
ADVANCING = frozenset({"next", "goto"})
"""Verbs that only move through the turn sequence (hidden by ``h``)."""


def verb_of(event: dict[str, Any]) -> str:
    """The kind of an event: its command's verb (``hit``, ``check``, ``answer``)."""
    return str(event.get("command", "")).split(" ", 1)[0].lower()


class LogFilter(msgspec.Struct, frozen=True):
    """What the Log shows: by turn, side, port or unit, kind; with or without ``next``."""

    turn: str = ALL
    """A turn's name as the log writes it (``Jan II 1943``), or all."""
    side: str = ALL
    """The side that acted, or all."""
    name: str = ""
    """A port's, unit's or zone's name (or part of it) the command or its summary names; blank: any."""
    kind: str = ALL
    """The command's verb, or all."""
    hide_next: bool = False
    """Leave out the entries that only advance the sequence."""

    @property
    def active(self) -> bool:
        """Whether anything is left out."""
        return self != LogFilter()

    def keep(self, event: dict[str, Any]) -> bool:
        """Whether ``event`` is shown."""
        verb = verb_of(event)
        if self.hide_next and verb in ADVANCING:
            return False
        if self.turn != ALL and str(event.get("turn", "")) != self.turn:
            return False
        if self.side != ALL and str(event.get("actor", "")) != self.side:
            return False
        if self.kind != ALL and verb != self.kind:
            return False
        wanted = self.name.strip().lower()
        return not wanted or wanted in f"{event.get('command', '')} {event.get('summary', '')}".lower()

    def describe(self) -> str:
        """``turn Jan II 1943 · side axis · "Tobruk" · kind hit · next hidden``."""
        parts = [f"turn {self.turn}" if self.turn != ALL else "", f"side {self.side}" if self.side != ALL else "",
                 f'"{self.name.strip()}"' if self.name.strip() else "", f"kind {self.kind}" if self.kind != ALL else "",
                 "next hidden" if self.hide_next else ""]
        return " · ".join(p for p in parts if p)


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
    FOCUS = EventLog

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "load_older", "Load older"),  #: Add the next page of older events.
        Binding("b", "branch", "Branch here"),  #: A what-if branch at the selected entry, saved beside the game.
        Binding("f", "filter", "Filter"),  #: Show only a turn, a side, a port or unit, a kind of command.
        Binding("h", "hide_next", "Hide next"),  #: Hide (or show again) the entries that only advance the sequence.
    ]

    def __init__(self) -> None:
        super().__init__()
        self.log_filter = LogFilter()
        """What is shown (``f``, ``h``)."""

    def compose_body(self) -> ComposeResult:
        """Count line, table, detail."""
        with Vertical(id="log-body"):
            yield Static(id="log-count")
            yield EventLog(id="log")
            with VerticalScroll(id="log-detail-scroll"):
                yield Static(id="log-detail")

    def render_game(self, game: Game) -> None:
        """Show the newest window of the log."""
        log = self.query_one(EventLog)
        log.show(told_events(game), self.log_filter.keep if self.log_filter.active else None)
        self._count()
        self._detail(log.event_at_cursor())

    def _count(self) -> None:
        events = told_events(self.game)
        log = self.query_one(EventLog)
        kept = log.events
        undone = sum(1 for e in kept[-log.shown:] if e.get("status") != "applied") if log.shown else 0
        if not events:
            self.query_one("#log-count", Static).update(Text("No events yet.", style="dim italic"))
            return
        text = Text.assemble(
            (f"{len(events):,} event(s)", "bold"),
            (f" · filtered: {self.log_filter.describe()} · {len(kept):,} match" if self.log_filter.active else "", "bold yellow"),
            (f" · newest first · {log.shown:,} shown", "dim"),
            (f" · {undone} undone/abandoned among them" if undone else "", "yellow"),
            (" · f filter · h hide next" if not self.log_filter.active else " · f change · h next", "dim"),
            (self._waiting(), "bold cyan"),
        )
        self.query_one("#log-count", Static).update(text)

    def _waiting(self) -> str:
        """In a game played by turn file: how many signed commands wait for their dice (not in the log yet)."""
        source = getattr(self.game, "exchange_source", None)
        if source is None:
            return ""
        from ..pbem.exchange import exchange_view

        waiting = len(exchange_view(source[0], source[1], self.game.events).waiting)
        return f" · {waiting} command(s) wait for their dice: 9 Exchange" if waiting else ""

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

    def set_filter(self, new: LogFilter) -> None:
        """Show what ``new`` keeps (the cursor goes to the newest entry kept)."""
        self.log_filter = new
        log = self.query_one(EventLog)
        log.move_cursor(row=0, animate=False)
        self.render_game(self.game)
        if not log.events and told_events(self.game):
            self.notify("No entry of the log matches the filter.", severity="warning")

    def action_hide_next(self) -> None:
        """Hide the entries that only advance the sequence (``next``), or show them again."""
        self.set_filter(replace(self.log_filter, hide_next=not self.log_filter.hide_next))

    @work(group="log-filter")
    async def action_filter(self) -> None:
        """Ask the filters: turn, side, port or unit, kind, and whether to hide ``next``."""
        events = told_events(self.game)
        turns = (ALL, *dict.fromkeys(str(e.get("turn", "")) for e in reversed(events) if e.get("turn")))
        sides = (ALL, *dict.fromkeys([*self.game.ruleset.sides, *(str(e["actor"]) for e in events if e.get("actor"))]))
        kinds = (ALL, *sorted({verb_of(e) for e in events if e.get("command")}))
        f = self.log_filter
        fields = [FormField("turn", "Turn", "choice", f.turn if f.turn in turns else ALL, turns),
                  FormField("side", "Side (who acted)", "choice", f.side if f.side in sides else ALL, sides),
                  FormField("name", "Port or unit", "text", f.name, placeholder="a name or part of it; blank: any"),
                  FormField("kind", "Kind (command)", "choice", f.kind if f.kind in kinds else ALL, kinds),
                  FormField("hide_next", "Hide next", "bool", f.hide_next)]
        answer = await self.app.push_screen_wait(FormPrompt("Filter the log", fields, ok="Filter",
                                                            text="Show only the entries that match every field."))
        if answer is None:
            return
        self.set_filter(LogFilter(str(answer.get("turn") or ALL), str(answer.get("side") or ALL), str(answer.get("name") or ""),
                                  str(answer.get("kind") or ALL), bool(answer.get("hide_next"))))

    def action_load_older(self) -> None:
        """Add the next page of older events."""
        added = self.query_one(EventLog).load_older()
        if not added:
            self.notify("That is the whole log.", severity="information")
