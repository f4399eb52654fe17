"""``ViewTable``: the rows of one rule-set view (ports, sea zones, conditions, ...) with the rule set's columns.

Posts ``RowSelected`` when the cursor moves (it bubbles: the screen shows
the row's "why?", the app remembers the selection for the palette). The
columns are sized from their contents, the rule set's width hint caps text
columns, and the widest text columns give way until the table fits. If it
still does not fit (80 columns), the columns of lowest priority move past the
right edge (→ scrolls to them) and the first column's header says how many;
a ``wrap`` column (markers) shows every item, one per line, never cut.
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from rich.text import Text
from textual.binding import BindingType
from textual.widgets import DataTable

from ..rules.core.explain import fmt_number
from ..rules.core.ruleset import Column
from .messages import RowSelected
from .row_table import RowTable
from .rows import row_key
from .table_search import Searchable

MIN_TEXT = 8  # a text column is never narrowed below this to fit the table
MIN_NAME = 16  # nor the first one (the row's name), which gives way last
KEPT = 2  # a column of this priority or more keeps at least half its width hint: a narrower terminal moves the
# columns of lower priority past the edge instead (issue 30 item 9: Sea Zones' "Because" was 8 columns at 80x24)
SIDE_STYLE = {"axis": "bold #e07a5f", "allied": "bold #7fb3d5", "allies": "bold #7fb3d5"}
VALUE_STYLE = {"barred": "bold red", "not subject": "dim", "not declared": "dim italic", "none": "dim", "derived": "dim"}
SIDE_KEYS = ("owner", "side")


def cell(key: str, value: Any) -> Text:
    """Format one value: numbers as players write them, booleans as ✓/·, sides coloured, "none" dim."""
    if isinstance(value, bool):
        return Text("✓", style="bold green") if value else Text("·", style="dim")
    if isinstance(value, (int, float)):
        return Text(fmt_number(value), justify="right")
    if value is None or value == "":
        return Text("—", style="dim")
    if key in SIDE_KEYS:
        return Text(str(value), style=SIDE_STYLE.get(str(value), ""))
    return Text(str(value), style=VALUE_STYLE.get(str(value), ""), overflow="ellipsis", no_wrap=True)


def header(col: Column, values: Sequence[Any], lines: int = 2) -> Text:
    """The column's header; over two lines when the column only holds short figures (keeps the table narrow)."""
    if lines > 1 and values and " " in col.header and all(isinstance(v, (int, float)) for v in values):
        return Text(col.header.replace(" ", "\n", 1), justify="right")
    return Text(col.header)


def wrapped(value: Any, width: int) -> Text:
    """A ``wrap`` column's cell: the whole value, one comma-separated item per line when it is wider than ``width``."""
    text = cell("", value)
    if text.cell_len <= width or not isinstance(value, str):
        return text
    lines = Text("\n".join(part.strip() for part in value.split(",")), style=text.style)
    lines.no_wrap, lines.overflow = False, "fold"
    return lines


def lines_needed(text: Text, width: int) -> int:
    """How many lines ``text`` takes in a column ``width`` wide: its lines, each wrapped at spaces (a word longer
    than the width folded)."""
    width = max(1, width)
    count = 0
    for line in text.plain.split("\n"):
        used, lines = 0, 1
        for word in line.split():
            size = len(word)
            if used and used + 1 + size > width:
                lines, used = lines + 1, 0
            if size > width:  # folded over several lines
                lines += (size - 1) // width
                size = (size - 1) % width + 1
            used += (1 if used else 0) + size
        count += lines
    return count


def width(col: Column, label: Text, cells: Sequence[Text]) -> int:
    """The column's width: what its header and cells need, at most the rule set's width hint for text columns."""
    natural = max([label.cell_len if "\n" not in label.plain else max(len(p) for p in label.plain.split("\n"))]
                  + [c.cell_len for c in cells])
    return min(natural, col.width) if col.width and natural > col.width else natural


class ViewTable(Searchable, RowTable):  # type: ignore[misc]
    """A table of one view's rows; the cursor row is the selected one. Type a name to jump to it, ``/`` to search."""

    BINDINGS: ClassVar[list[BindingType]] = Searchable.SEARCH_BINDINGS

    RowSelected = RowSelected
    """The cursor moved to a row (defined in :mod:`.messages`, so the app need not import the table)."""

    def __init__(self, view: str, *, id: str | None = None, group: str = "", header_height: int = 2) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True, header_height=header_height)
        self.view = view
        """The rule-set view it shows."""
        self.group = group
        """A column whose repeats are blanked (a zone's name on its second side's row)."""
        self._shown: tuple[tuple[Column, ...], list[dict[str, Any]]] = ((), [])
        self._rows: dict[str, dict[str, Any]] = {}
        self._beyond = 0
        self._fitted_to = 0
        """The width the columns were last fitted to (see :meth:`_room`)."""
        self.past_edge: list[str] = []
        """The headers of the columns past the right edge at this width (→ scrolls to them)."""

    @property
    def selected(self) -> str | None:
        """The key of the row under the cursor, or None when the table is empty."""
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key((self.cursor_row, 0)).row_key
        return str(key.value)

    @property
    def selected_row(self) -> dict[str, Any] | None:
        """The row under the cursor (a row of the view), or None."""
        return self._rows.get(self.selected or "")

    def jump_text(self, index: int) -> str:
        """The row's name (a port's, a zone's, a unit's), which type-to-jump matches."""
        key = str(self.ordered_rows[index].key.value)
        row = self._rows.get(key, {})
        return str(row.get("name") or row.get("zone") or key)

    def search_text(self, index: int) -> str:
        """The row's name (blanked on a zone's second row) and every cell."""
        return f"{self.jump_text(index)} {super().search_text(index)}"

    def show_rows(self, columns: Sequence[Column], rows: Sequence[dict[str, Any]]) -> None:
        """Show ``rows`` (from the rule set's view), keeping the cursor on the same row."""
        self._shown = (tuple(columns), list(rows))
        self._fitted_to = self._room()
        self._rows = {row_key(r): r for r in rows}
        keep = self.selected
        table = [[cell(col.key, row.get(col.key)) for col in columns] for row in rows]
        if self.group:
            self._blank_repeats(columns, rows, table)
        labels = [header(col, [row.get(col.key) for row in rows], self.header_height) for col in columns]
        widths = [width(col, label, [r[i] for r in table]) for i, (col, label) in enumerate(zip(columns, labels))]
        text = [i for i, col in enumerate(columns) if rows and all(isinstance(r.get(col.key), str) for r in rows)]
        natural = list(widths)
        floors = [min(natural[i], max(MIN_TEXT, col.least, col.width // 2 if col.priority >= KEPT else 0))
                  for i, col in enumerate(columns)]
        self._fit(widths, text[1:], text[:1], floors)  # the first (the row's name) last
        for i, col in enumerate(columns):  # a wrap column is at least as wide as its longest item (one per line)
            if col.wrap:
                items = [part.strip() for row in rows for part in str(row.get(col.key) or "").split(",")]
                longest = max([len(item) for item in items] + [1])
                widths[i] = max(widths[i], min(longest, col.width or longest))
        order = self._by_priority(columns, widths, natural)
        self.past_edge = [columns[i].header for i in order[len(order) - self._beyond:]] if self._beyond else []
        if self.past_edge and columns:
            first = order[0]
            more = f"+{len(self.past_edge)} more →"
            labels[first] = (Text.assemble(labels[first].plain, "\n", (more, "dim italic")) if self.header_height > 1
                             else Text.assemble(labels[first].plain, " ", (more, "dim italic")))
            widths[first] = max(widths[first], min(len(labels[first].plain.split("\n")[-1]), MIN_NAME))
        for i, col in enumerate(columns):
            if col.wrap:
                for r, row in enumerate(rows):
                    table[r][i] = wrapped(row.get(col.key), widths[i])
        self.clear(columns=True)
        for i in order:
            self.add_column(labels[i], key=columns[i].key, width=widths[i])
        for row, cells in zip(rows, table):
            height = max([1] + [lines_needed(cells[i], widths[i]) for i, c in enumerate(columns) if c.wrap])
            self.add_row(*(cells[i] for i in order), key=row_key(row), height=height)
        keys = [row_key(r) for r in rows]
        if keep in keys:
            self.move_cursor(row=keys.index(keep), animate=False)

    def _by_priority(self, columns: Sequence[Column], widths: list[int], natural: Sequence[int]) -> list[int]:
        """The columns' order: all in the rule set's order when they fit; else those that fit, highest priority kept
        first (the first column always), in the rule set's order, then the rest past the right edge.

        The room the shown columns leave goes back to those narrowed to fit, then to the last shown one, so the
        first column past the edge starts at the edge (never half shown)."""
        self._beyond = 0
        room = self._room() - 2  # 2: the vertical scrollbar
        cost = [w + 2 * self.cell_padding for w in widths]
        if room <= 0 or sum(cost) <= room:
            return list(range(len(columns)))
        shown = list(range(len(columns)))
        while len(shown) > 1 and sum(cost[i] for i in shown) > room:
            lowest = min(shown[1:], key=lambda i: (columns[i].priority, -i))
            shown.remove(lowest)
        hidden = [i for i in range(len(columns)) if i not in shown]
        self._beyond = len(hidden)
        left = room - sum(cost[i] for i in shown)
        for i in shown:
            give = max(0, min(left, natural[i] - widths[i]))
            widths[i] += give
            left -= give
        if hidden and left > 0:
            widths[shown[-1]] += left
        return shown + hidden

    def beyond_edge(self, headers: Sequence[str], widths: Sequence[int]) -> list[str]:
        """The headers of the columns (in this order, these widths) that start or end past the right edge."""
        room = self._room() - 2  # 2: the vertical scrollbar
        if room <= 0:
            return []
        out, used = [], 0
        for head, w in zip(headers, widths):
            used += w + 2 * self.cell_padding
            if used > room:
                out.append(head)
        return out

    def _blank_repeats(self, columns: Sequence[Column], rows: Sequence[dict[str, Any]], table: list[list[Text]]) -> None:
        """Blank the ``group`` column where it repeats the row above."""
        at = next((i for i, c in enumerate(columns) if c.key == self.group), None)
        if at is None:
            return
        for n in range(1, len(rows)):
            if rows[n].get(self.group) == rows[n - 1].get(self.group):
                table[n][at] = Text("")

    def _fit(self, widths: list[int], shrinkable: list[int], names: list[int], floors: Sequence[int]) -> None:
        """Narrow the widest text columns (down to their ``floors``: ``MIN_TEXT``, or half the width hint of a ``KEPT``
        column), then the name (to ``MIN_NAME``), until the table fits."""
        room = self._room() - 2 * self.cell_padding * len(widths) - 2  # 2: the vertical scrollbar
        while room > 0 and sum(widths) > room:
            wide = [i for i in shrinkable if widths[i] > floors[i]] or [i for i in names if widths[i] > MIN_NAME]
            if not wide:
                return
            widths[max(wide, key=lambda i: widths[i])] -= 1

    def _room(self) -> int:
        """The width to fit the columns to: the table's own, or before its first layout the app's (a mode's tables span
        the screen), so a mode's first showing builds and draws its table once, not once unfitted and again fitted."""
        return self.size.width or self.app.size.width

    def on_resize(self) -> None:
        """Fit the columns to the new width (unless they were fitted to it already)."""
        if self._shown[1] and self.size.width != self._fitted_to:
            self.show_rows(*self._shown)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Turn the table's own message into ``RowSelected``."""
        event.stop()
        key = event.row_key.value
        if key is not None:
            name = self._rows.get(str(key), {}).get("name", key)
            self.post_message(self.RowSelected(self, self.view, str(key), str(name)))
