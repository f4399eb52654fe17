"""``NextStepLine``: a bold line under the header saying what the rules ask now, readable from across the table.

The text comes from the engine (:func:`tui.engine.flow.next_step_line`, issue 22 point 10); the widget only draws it:
a due step stands out, a segment with nothing required is drawn quietly. A step too long for one line wraps onto a
second (issue 30 item 9: "…faces partial It…" at 120x36); only what a second line cannot hold is cut, with an ellipsis.
A mode that needs every row (the Map: a whole board zoomed out) keeps the step on one line (``NEXT_LINES``).
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.widgets import Static

NOTHING = "Nothing the rules require here"
"""How the engine's line begins when nothing is due in the segment."""
LINES = 2
"""The most lines the step takes (the header grows by one when it needs the second)."""


def fold(text: Text, width: int, lines: int = LINES) -> Text:
    """``text`` wrapped at spaces to ``width`` on at most ``lines`` lines, the last cut with an ellipsis if need be."""
    if width <= 0 or text.cell_len <= width:
        return text
    wrapped = text.wrap(Console(width=width, legacy_windows=False), width)
    if len(wrapped) > lines:
        pieces = [line.copy() for line in wrapped[lines - 1:]]
        for piece in pieces:
            piece.rstrip()  # a wrapped line keeps the space it was broken at: joined, one space between words
        last = Text(" ").join(pieces)
        last.truncate(width, overflow="ellipsis")
        wrapped = wrapped[:lines - 1] + [last]
    return Text("\n").join(list(wrapped))


class NextStepLine(Static):
    """``▶ Axis: answer sea-state: … (31.A.12), then n`` on one line, or two when it is longer."""

    DEFAULT_CSS = """
    NextStepLine {
        height: auto;
        max-height: 2;
        padding: 0 1;
        background: $warning 25%;
        color: $foreground;
    }
    NextStepLine.-quiet { background: $boost; }
    """

    _step: Text = Text()

    def show(self, step: str) -> None:
        """Draw ``step`` (the engine's line); empty hides nothing but draws an empty line."""
        quiet = step.startswith(NOTHING) or not step
        self.set_class(quiet, "-quiet")
        self._step = Text.assemble(("▶ Next: ", "dim" if quiet else "bold"), (step, "" if quiet else "bold"))
        self._fold()

    def on_resize(self) -> None:
        """Wrap the step again at the new width."""
        self._fold()

    def _fold(self) -> None:
        room = self.size.width - 2 if self.size.width else (self.app.size.width - 2 if self.is_attached else 0)
        self.update(fold(self._step, room, self._lines()))

    def _lines(self) -> int:
        """The lines the mode gives the step: two, or one where the mode needs every row (the Map)."""
        try:
            return max(1, min(LINES, int(getattr(self.screen, "NEXT_LINES", LINES))))
        except Exception:  # noqa: BLE001 - not on a screen yet
            return LINES
