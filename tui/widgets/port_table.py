"""``PortTable``: every port as a row, columns from the rule set (a :class:`ViewTable` of the ``ports`` view)."""

from __future__ import annotations

from .view_table import SIDE_STYLE, ViewTable, cell

__all__ = ["PortTable", "SIDE_STYLE", "cell"]


class PortTable(ViewTable):
    """The Ports mode's table; the cursor row is the selected port (``RowSelected`` with view ``ports``)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("ports", id=id)
