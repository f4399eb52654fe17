"""``RowTable``: a row-cursor ``DataTable`` where Home and End jump to the first and last row.

Textual's ``DataTable`` scrolls sideways on Home/End (and jumps rows on ctrl+Home/ctrl+End); in Harbormaster's tables
the cursor picks a row (a port, a zone, an event), so Home/End go to the first and last one (issue 12.9).
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import DataTable


class RowTable(DataTable):
    """A table whose rows are what the cursor picks."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "scroll_top", "First row", show=False),  #: The first row.
        Binding("end", "scroll_bottom", "Last row", show=False),  #: The last row.
        Binding("ctrl+home", "scroll_home", "Leftmost", show=False),  #: Scroll to the leftmost column.
        Binding("ctrl+end", "scroll_end", "Rightmost", show=False),  #: Scroll to the rightmost column.
    ]
