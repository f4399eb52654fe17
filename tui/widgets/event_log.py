"""``EventLog``: the game's events newest first, in a window that grows on demand.

A save can hold tens of thousands of events, so the table never builds them
all: it shows the newest ``PAGE`` and a last row saying how many older ones
there are; moving onto that row (or :meth:`load_older`) adds the next page.
Undone and abandoned events stay in the log, struck through and labelled.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Sequence

from rich.text import Text
from textual.binding import BindingType
from textual.message import Message
from textual.widgets import DataTable

from .table_search import Searchable

from .row_table import RowTable

PAGE = 200
MORE = "__more__"
LABEL = {"undone": ("UNDONE", "bold black on yellow"), "abandoned": ("ABANDONED", "bold white on grey35")}
COLUMNS = (("#", "seq", 5), ("Turn", "turn", 10), ("Segment", "segment", 16), ("Actor", "actor", 6),
           ("Command", "command", 22), ("Summary", "summary", 33), ("Dice", "dice", 12))
"""(header, key, width); the #, Actor and Dice columns are as wide as what they show (at most this; an empty Dice
column only its header), the Turn column grows to the longest turn name shown, the Summary takes the free width."""
SUMMARY_WANT = 60
"""The Summary's width worth shrinking other columns for (issue 22 point 11; 60 since issue 30 item 9)."""
SHRINK = (("segment", 8), ("segment", 0), ("command", 14), ("turn", 6), ("turn", 0), ("command", 12))
"""How the other columns give way to the Summary, in this order (0: left out): Segment repeats from row to row and the
selected event's detail names it, so it goes first; then the Command, which the detail shows whole, down to 14 (at
120 columns a typical command, ``capture Tripoli allied``, stays whole unless the Dice column is full); the Turn is
cut or left out only on a narrow terminal (80x24: at 120 a turn name is never cut, issue 12); the Dice stay."""
PADDING = 2
"""Columns a cell's padding takes (one each side)."""


def column_widths(room: int, turn: int, fitted: dict[str, int] | None = None) -> dict[str, int]:
    """Every column's width in a table ``room`` columns wide (0: not laid out yet, the columns' own widths), the Turn
    column ``turn`` wide at most and the ``fitted`` ones (#, Actor, Dice) as wide as what they show: the Summary takes
    what is free, the others giving way (``SHRINK``; a column left out is 0 wide)."""
    fitted = fitted or {}
    widths = {key: (turn if key == "turn" else min(width, fitted.get(key, width))) for _, key, width in COLUMNS}
    if room <= 0:
        return widths

    def free() -> int:
        shown = [k for k, w in widths.items() if w]
        return room - PADDING * len(shown) - sum(w for k, w in widths.items() if k != "summary")

    for key, least in SHRINK:
        if free() >= SUMMARY_WANT:
            break
        widths[key] = least if least == 0 else widths[key] - max(0, min(widths[key] - least, SUMMARY_WANT - free()))
    widths["summary"] = max(free(), 1)
    return widths


def dice_text(event: dict[str, Any]) -> str:
    """The event's rolls in short: ``1d6=2 app`` or ``2d6=3+5 typed``."""
    parts = []
    for d in event.get("dice", ()):
        faces = "+".join(str(f) for f in d.get("faces", ()))
        parts.append(f"{d.get('spec', '')}={faces} {d.get('source', '')}")
    return "; ".join(parts)


DICE_STYLE: dict[str, str] = {"app": "cyan", "typed": "yellow", "sealed": "green"}
"""Each source of dice its own colour in the Log: the app's, typed physical dice (in a game played by turn file:
unverifiable), sealed dice (from a revealed seed and a signed request; the Exchange mode checks each)."""


def dice_cell(event: dict[str, Any], style: str) -> Text:
    """The Dice cell: each roll as :func:`dice_text` writes it, coloured by its source (``style`` for a struck row)."""
    cell = Text()
    for i, d in enumerate(event.get("dice", ())):
        faces = "+".join(str(f) for f in d.get("faces", ()))
        source = str(d.get("source", ""))
        cell.append("; " if i else "")
        cell.append(f"{d.get('spec', '')}={faces} {source}", style=style or DICE_STYLE.get(source, "cyan"))
    return cell


def event_cells(event: dict[str, Any]) -> dict[str, Text]:
    """One row of the log, by column key; undone/abandoned rows dim and struck through, with their label."""
    status = event.get("status", "applied")
    style = "" if status == "applied" else "dim strike"
    segment = str(event.get("segment_title", "")).split(" › ")[-1]
    summary = Text(str(event.get("summary", "")), style=style)
    if status in LABEL:
        word, label_style = LABEL[status]
        summary = Text.assemble((word, label_style), " ", summary)
    return {
        "seq": Text(str(event.get("seq", "")), style="dim" if style else "bold", justify="right"),
        "turn": Text(str(event.get("turn", "")), style=style),
        "segment": Text(segment, style=style),
        "actor": Text(str(event.get("actor", "")), style=style),
        "command": Text(str(event.get("command", "")), style=style + (" bold" if not style else "")),
        "summary": summary,
        "dice": dice_cell(event, style),
    }


class EventLog(Searchable, RowTable):  # type: ignore[misc]
    """The Log mode's table; posts ``EventSelected`` as the cursor moves. Typing jumps to a command, ``/`` searches."""

    BINDINGS: ClassVar[list[BindingType]] = Searchable.SEARCH_BINDINGS

    class EventSelected(Message):
        """The cursor is on event ``seq``."""

        def __init__(self, seq: int) -> None:
            super().__init__()
            self.seq = seq
            """The event's sequence number."""

    class WindowChanged(Message):
        """More (older) events were added to the window."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._events: Sequence[dict[str, Any]] = ()
        self.window = PAGE
        """How many of the newest events are shown."""

    def on_mount(self) -> None:
        """Set up the columns."""
        self._columns()

    def _room(self) -> int:
        """The columns the table has for its cells (0 before it is laid out)."""
        return self.scrollable_content_region.width if self.size.width else 0

    def _columns(self) -> None:
        widths = self._wanted()
        for header, key, _ in COLUMNS:
            if widths[key]:
                self.add_column(header, key=key, width=widths[key])

    def _widths_now(self) -> dict[str, int]:
        return {str(key.value): column.width for key, column in self.columns.items()}

    def _wanted(self) -> dict[str, int]:
        """The columns' widths for the window's events at this width (a left-out column: 0)."""
        shown = self._events[len(self._events) - self.shown:]
        fitted = {"seq": max([1] + [len(str(e.get("seq", ""))) for e in shown]),
                  "actor": max([len("Actor")] + [len(str(e.get("actor", ""))) for e in shown]),
                  "dice": max([len("Dice")] + [len(dice_text(e)) for e in shown])}
        return column_widths(self._room(), self._turn_width(), fitted)

    def _stale(self) -> bool:
        """Whether the columns are not those wanted now."""
        return self._widths_now() != {k: w for k, w in self._wanted().items() if w}

    def on_resize(self) -> None:
        """A new width: the Summary takes what is free (issue 22 point 11)."""
        if self.columns and self._stale():
            keep = self.cursor_row
            self.clear(columns=True)
            self._columns()
            self._add(0, self.shown)
            if self.row_count:
                self.move_cursor(row=min(keep, self.row_count - 1), animate=False)

    @property
    def events(self) -> Sequence[dict[str, Any]]:
        """The events the table draws from (the filter's, when the Log is filtered), oldest first."""
        return self._events

    @property
    def shown(self) -> int:
        """How many events are in the table now."""
        return min(self.window, len(self._events))

    def show(self, events: Sequence[dict[str, Any]], keep_event: Callable[[dict[str, Any]], bool] | None = None) -> None:
        """Show the newest ``window`` of ``events`` (oldest first, as the game keeps them) that ``keep_event`` keeps,
        keeping the cursor."""
        keep = self.cursor_row if self.row_count else 0
        self._events = events if keep_event is None else [e for e in events if keep_event(e)]
        self._rebuild()
        if self.row_count:
            self.move_cursor(row=min(keep, self.row_count - 1), animate=False)

    def _turn_width(self) -> int:
        """The width of the longest turn name in the window (at least the column's own)."""
        shown = self._events[len(self._events) - self.shown:]
        return max([COLUMNS[1][2]] + [len(str(e.get("turn", ""))) for e in shown])

    def _rebuild(self) -> None:
        """The columns (the Turn one as wide as its names) and the window's rows."""
        self.clear(columns=not self.columns or self._stale())
        if not self.columns:
            self._columns()
        self._add(0, self.shown)

    def load_older(self) -> int:
        """Add the next page of older events; return how many were added."""
        start = self.shown
        if start >= len(self._events):
            return 0
        self.window += PAGE
        if self._stale():
            keep = self.cursor_row
            self._rebuild()
            self.move_cursor(row=keep, animate=False)
            self.post_message(self.WindowChanged())
            return self.shown - start
        if MORE in self.rows:
            self.remove_row(MORE)
        self._add(start, self.shown)
        self.post_message(self.WindowChanged())
        return self.shown - start

    def _add(self, start: int, stop: int) -> None:
        """Add the events ``start``..``stop`` counted from the newest, then the "more" row if any are left."""
        total = len(self._events)
        for i in range(start, stop):
            event = self._events[total - 1 - i]
            cells = event_cells(event)
            self.add_row(*(cells[str(key.value)] for key in self.columns), key=str(event.get("seq", i)))
        left = total - stop
        if left > 0:
            note = Text(f"▼ {left:,} older event(s): press l or move here to load {min(PAGE, left)} more", style="italic")
            cells = {"seq": Text("…", justify="right"), "summary": note}
            self.add_row(*(cells.get(str(key.value), "") for key in self.columns), key=MORE)

    def jump_text(self, index: int) -> str:
        """The event's command (``capture`` jumps to the newest capture)."""
        event = self._event_at(index)
        return str(event.get("command", "")) if event else ""

    def search_text(self, index: int) -> str:
        """Everything the row shows (the "more" row holds nothing to find)."""
        return super().search_text(index) if self._event_at(index) else ""

    def search_more(self) -> bool:
        """Load the next page of older events (a search runs through the whole log)."""
        return self.load_older() > 0

    def _event_at(self, index: int) -> dict[str, Any] | None:
        if not 0 <= index < self.shown:
            return None
        return self._events[len(self._events) - 1 - index]

    def event_at_cursor(self) -> dict[str, Any] | None:
        """The event under the cursor (None on the "more" row or when empty)."""
        if not self.row_count or self.cursor_row >= self.shown:
            return None
        return self._events[len(self._events) - 1 - self.cursor_row]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Load more on reaching the last row; otherwise say which event is selected."""
        event.stop()
        if event.row_key.value == MORE:
            self.call_after_refresh(self.load_older)
            return
        chosen = self.event_at_cursor()
        if chosen is not None:
            self.post_message(self.EventSelected(int(chosen.get("seq", 0))))
