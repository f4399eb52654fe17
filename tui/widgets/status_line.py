"""``StatusLine``: one line above the footer with the last thing the app said."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

LEVEL_MARK = {"info": "·", "success": "✓", "warning": "!", "error": "✗"}


class StatusLine(Static):
    """The last result, refusal or hint; coloured by level (``-error`` etc.)."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
        padding: 0 1;
        background: $boost;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    StatusLine.-success { color: $text-success; }
    StatusLine.-warning { color: $text-warning; }
    StatusLine.-error { color: $text-error; background: $error-muted; }
    """

    def show(self, text: str, level: str = "info", time: str = "") -> None:
        """Show ``text`` at ``level`` (info, success, warning, error), stamped with ``time``."""
        for name in LEVEL_MARK:
            self.set_class(name == level, f"-{name}")
        stamp = (time + "  ") if time else ""
        self.update(Text.assemble((stamp, "dim"), (LEVEL_MARK.get(level, "·") + " ", "bold"), text))
