"""Messages the widgets post, in a module of their own: the app and the screens handle them without importing the
widgets (a table and its dependencies load only when a mode that shows one is built).
"""

from __future__ import annotations

from typing import Any

from textual.message import Message


class RowSelected(Message, namespace="view_table"):
    """A view table's cursor moved to row ``key`` of view ``view`` (``ViewTable.RowSelected``)."""

    def __init__(self, table: Any, view: str, key: str, name: str) -> None:
        super().__init__()
        self.table = table
        """The table whose cursor moved (a ``ViewTable``)."""
        self.view = view
        """The view the table shows (``ports``, ``zones``, ``conditions``)."""
        self.key = key
        """The row's key (a port's name, ``central-med:axis``, a condition's id)."""
        self.name = name
        """The row's name as the referee reads it (a port's or a zone's name, a condition's id)."""

    @property
    def control(self) -> Any:
        """The table (``@on(ViewTable.RowSelected, "#ports")`` matches on it)."""
        return self.table
