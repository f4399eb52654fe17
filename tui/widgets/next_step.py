"""``NextStepLine``: one bold line under the header saying what the rules ask now, readable from across the table.

The text comes from the engine (:func:`tui.engine.flow.next_step_line`, issue 22 point 10); the widget only draws it:
a due step stands out, a segment with nothing required is drawn quietly.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

NOTHING = "Nothing the rules require here"
"""How the engine's line begins when nothing is due in the segment."""


class NextStepLine(Static):
    """``▶ Axis: answer sea-state: … (31.A.12), then n`` on one line, cut with an ellipsis when too long."""

    DEFAULT_CSS = """
    NextStepLine {
        height: 1;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        background: $warning 25%;
        color: $foreground;
    }
    NextStepLine.-quiet { background: $boost; }
    """

    def show(self, step: str) -> None:
        """Draw ``step`` (the engine's line); empty hides nothing but draws an empty line."""
        quiet = step.startswith(NOTHING) or not step
        self.set_class(quiet, "-quiet")
        self.update(Text.assemble(("▶ Next: ", "dim" if quiet else "bold"), (step, "" if quiet else "bold")))
