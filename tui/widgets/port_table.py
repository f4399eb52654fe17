"""``PortTable``: every port as a row, columns from the rule set; posts ``PortSelected`` when the cursor moves."""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.message import Message
from textual.widgets import DataTable

from ..rules.core.explain import fmt_number
from ..rules.core.ruleset import Column

MIN_TEXT = 8  # a text column is never narrowed below this to fit the table
SIDE_STYLE = {"axis": "bold #e07a5f", "allied": "bold #7fb3d5"}


def cell(key: str, value: Any) -> Text:
    """Format one value: numbers as players write them, booleans as ✓/·, sides coloured, "none" dim."""
    if isinstance(value, bool):
        return Text("✓", style="bold green") if value else Text("·", style="dim")
    if isinstance(value, (int, float)):
        return Text(fmt_number(value), justify="right")
    if value is None or value == "":
        return Text("—", style="dim")
    if key == "owner":
        return Text(str(value), style=SIDE_STYLE.get(str(value), ""))
    return Text(str(value), style="dim" if value == "none" else "", overflow="ellipsis", no_wrap=True)


def header(col: Column, values: Sequence[Any]) -> Text:
    """The column's header; over two lines when the column only holds short figures (keeps the table narrow)."""
    if values and " " in col.header and all(isinstance(v, (int, float)) for v in values):
        return Text(col.header.replace(" ", "\n", 1), justify="right")
    return Text(col.header)


def width(col: Column, label: Text, cells: Sequence[Text]) -> int:
    """The column's width: what its header and cells need, at most the rule set's width hint for text columns."""
    natural = max([label.cell_len if "\n" not in label.plain else max(len(p) for p in label.plain.split("\n"))]
                  + [c.cell_len for c in cells])
    return min(natural, col.width) if col.width and natural > col.width else natural


class PortTable(DataTable):
    """The Ports mode's table; the cursor row is the selected port."""

    class PortSelected(Message):
        """The cursor moved to port ``name`` (bubbles: the screen shows its "why?", the app remembers it)."""

        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name
            """The port's name."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True, header_height=2)
        self._shown: tuple[tuple[Column, ...], list[dict[str, Any]]] = ((), [])

    @property
    def selected(self) -> str | None:
        """The port under the cursor, or None when the table is empty."""
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key((self.cursor_row, 0)).row_key
        return str(key.value)

    def show_rows(self, columns: Sequence[Column], rows: Sequence[dict[str, Any]]) -> None:
        """Show ``rows`` (from the rule set's ``ports`` view), keeping the cursor on the same port."""
        self._shown = (tuple(columns), list(rows))
        keep = self.selected
        table = [[cell(col.key, row.get(col.key)) for col in columns] for row in rows]
        labels = [header(col, [row.get(col.key) for row in rows]) for col in columns]
        widths = [width(col, label, [r[i] for r in table]) for i, (col, label) in enumerate(zip(columns, labels))]
        text = [i for i, col in enumerate(columns) if rows and all(isinstance(r.get(col.key), str) for r in rows)]
        self._fit(widths, text[1:])  # never the first (the port's name)
        self.clear(columns=True)
        for col, label, w in zip(columns, labels, widths):
            self.add_column(label, key=col.key, width=w)
        for row, cells in zip(rows, table):
            self.add_row(*cells, key=str(row["name"]))
        names = [str(r["name"]) for r in rows]
        if keep in names:
            self.move_cursor(row=names.index(keep), animate=False)

    def _fit(self, widths: list[int], shrinkable: list[int]) -> None:
        """Narrow the widest text columns (down to ``MIN_TEXT``) until the table fits its width."""
        room = self.size.width - 2 * self.cell_padding * len(widths) - 2  # 2: the vertical scrollbar
        while room > 0 and sum(widths) > room:
            wide = [i for i in shrinkable if widths[i] > MIN_TEXT]
            if not wide:
                return
            widths[max(wide, key=lambda i: widths[i])] -= 1

    def on_resize(self) -> None:
        """Fit the columns to the new width."""
        if self._shown[1]:
            self.show_rows(*self._shown)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Turn the table's own message into ``PortSelected``."""
        event.stop()
        if event.row_key.value is not None:
            self.post_message(self.PortSelected(str(event.row_key.value)))
