"""``NavalTable``: every naval unit grouped by base, each base with its room used and left as a bar.

Rows come from the rule set's ``units`` and ``ports`` views; the table only
arranges them: a header row per base (its room from the ``ports`` view, as
``24/50 █████░░░░░ 26 left``), then its units; mapboard boxes and SW boxes
after the ports. Units can be marked (space) for a force; the marks are kept
while the game changes. The cursor posts ``ViewTable.RowSelected`` with view
``units`` (base rows have keys ``base:NAME``).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.text import Text

from ..rules.core.ruleset import Column
from .view_table import SIDE_STYLE, ViewTable, cell

BAR = 10
"""Cells of a room bar."""
STATE_STYLE = {"ready": "green", "inverted": "yellow", "damaged": "bold red", "repair": "red", "at sea": "bold cyan",
               "unusable": "bold magenta", "sunk": "dim strike"}
COLUMNS = (
    Column("mark", " ", 1), Column("name", "Unit", 16), Column("power", "Power", 8), Column("type", "Type", 14),
    Column("factors", "Fac", 3), Column("fast", "Fast", 4), Column("tf", "TF", 7), Column("state", "State", 9),
    Column("sea_hex", "At sea", 7), Column("room", "Room", 26),
)


def room_bar(used: int, capacity: Any) -> Text:
    """``24/50 █████░░░░░ 26 left`` (red when over capacity); ``unlimited`` for a box."""
    if not isinstance(capacity, int):
        return Text(f"{used} · unlimited", style="dim")
    full = min(BAR, round(BAR * used / capacity)) if capacity else BAR
    over = used > capacity
    text = Text(f"{used:>3}/{capacity:<3} ")
    text.append("█" * full, style="bold red" if over else "green" if used < capacity else "yellow")
    text.append("░" * (BAR - full), style="dim")
    text.append(f" {capacity - used} left" if not over else f" {used - capacity} over", style="bold red" if over else "")
    return text


def room_short(used: int, capacity: Any) -> Text:
    """``24/50 26 left`` for the Type column of a base row (seen even where the Room column is cut off)."""
    if not isinstance(capacity, int):
        return Text(f"{used} (box)", style="dim")
    left = capacity - used
    return Text(f"{used}/{capacity} {left} left" if left >= 0 else f"{used}/{capacity} OVER",
                style="bold red" if left < 0 else "bold")


def grouped(units: Sequence[dict[str, Any]], bases: Sequence[dict[str, Any]],
            keep: Callable[[dict[str, Any]], bool]) -> list[tuple[str, dict[str, Any]]]:
    """(kind, row) pairs in display order: a ``base`` row then its kept ``unit`` rows; ports, then boxes."""
    order = sorted(bases, key=lambda b: (b.get("kind_key") in ("box", "sw-box"), b.get("kind_key") == "sw-box"))
    out: list[tuple[str, dict[str, Any]]] = []
    for base in order:
        here = [u for u in units if u["base"] == base["name"] and not u.get("sunk") and keep(u)]
        if here:
            out.append(("base", base))
            out.extend(("unit", u) for u in here)
    return out


class NavalTable(ViewTable):
    """The Naval mode's table: bases with their room, their units below; marked units form the force."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("units", id=id, header_height=1)
        self.marked: list[str] = []
        """Ids of the marked units, in marking order."""

    def _cells(self, kind: str, row: dict[str, Any]) -> tuple[str, list[Text]]:
        """The key and cells of one row."""
        if kind == "base":
            side = str(row.get("side", ""))
            return f"base:{row['name']}", [
                Text("▾", style="bold"), Text(str(row["name"]), style="bold underline"),
                Text(str(row.get("owner", "")), style=SIDE_STYLE.get(side, "")),
                room_short(int(row.get("used", 0)), row.get("capacity")), Text(""), Text(""), Text(""),
                Text(str(row.get("fronts", "")), style="italic", overflow="ellipsis", no_wrap=True), Text(""),
                room_bar(int(row.get("used", 0)), row.get("capacity"))]
        key = str(row["name"])
        state = str(row.get("state", ""))
        return key, [
            Text("●" if key in self.marked else " ", style="bold yellow"), Text(f"  {key}"),
            Text(str(row.get("power", "")), style=SIDE_STYLE.get(str(row.get("side", "")), "")),
            cell("type", row.get("type")), cell("factors", row.get("factors")), cell("fast", row.get("fast")),
            cell("tf", row.get("tf")), Text(state, style=STATE_STYLE.get(state, "")),
            cell("sea_hex", row.get("sea_hex")), Text("")]

    def show_groups(self, rows: list[tuple[str, dict[str, Any]]]) -> None:
        """Show the grouped rows: in place when the same rows are shown (the cursor and the view stay), else anew."""
        keep = self.selected
        self._groups = rows
        self.marked = [m for m in self.marked if any(k == "unit" and r["name"] == m for k, r in rows)]
        built = [(*self._cells(kind, row), kind, row) for kind, row in rows]
        keys = [key for key, _, _, _ in built]
        if keys == list(self._rows) and self.columns:
            for key, cells, kind, row in built:
                self._rows[key] = {**row, "row_kind": kind}
                for col, value in zip(COLUMNS, cells):
                    if str(self.get_cell(key, col.key)) != str(value) or col.key in ("state", "room", "type"):
                        self.update_cell(key, col.key, value)
            return
        self._rows = {}
        self.clear(columns=True)
        widths = [col.width or max([len(col.header)] + [cells[i].cell_len for _, cells, _, _ in built])
                  for i, col in enumerate(COLUMNS)]
        self.past_edge = self.beyond_edge([c.header for c in COLUMNS], widths)
        for col in COLUMNS:
            label = Text(col.header)
            if col.key == "name" and self.past_edge:  # nothing goes past the right edge unsaid
                label = Text.assemble(col.header, " ", (f"+{len(self.past_edge)} more →", "dim italic"))
            self.add_column(label, key=col.key, width=col.width or None)
        for key, cells, kind, row in built:
            self._rows[key] = {**row, "row_kind": kind}
            self.add_row(*cells, key=key)
        if keep in keys:
            at = keys.index(keep)
            self.move_cursor(row=at, animate=False)
            self.call_after_refresh(self.scroll_to, y=max(0, at - 3), animate=False)  # the cursor in view, near the top

    def on_resize(self) -> None:
        """Say anew which columns are past the right edge at this width."""
        groups = getattr(self, "_groups", None)
        if groups:
            self._rows = {}  # rebuild: the headers change with the width
            self.show_groups(groups)

    def to_first_of(self, side: str) -> None:
        """Put the cursor on the first base row held by ``side`` (if any)."""
        keys = list(self._rows)
        for i, key in enumerate(keys):
            row = self._rows[key]
            if row["row_kind"] == "base" and row.get("side") == side:
                self.move_cursor(row=i, animate=False)
                self.call_after_refresh(self.scroll_to, y=max(0, i - 3), animate=False)  # in view once laid out
                return

    def toggle_mark(self) -> list[str]:
        """Mark or unmark the unit under the cursor; on a base row, all its units (or none if all were marked)."""
        row = self.selected_row
        if row is None:
            return self.marked
        if row["row_kind"] == "unit":
            ids = [str(row["name"])]
        else:
            ids = [k for k, r in self._rows.items() if r["row_kind"] == "unit" and r["base"] == row["name"]]
        if all(i in self.marked for i in ids):
            self.marked = [m for m in self.marked if m not in ids]
        else:
            self.marked += [i for i in ids if i not in self.marked]
        self.show_marks()
        return self.marked

    def show_marks(self) -> None:
        """Redraw the mark column (in place: the cursor and the scroll stay)."""
        for k in self._rows:
            if self._rows[k]["row_kind"] == "unit":
                self.update_cell(k, "mark", Text("●" if k in self.marked else " ", style="bold yellow"))

    def force(self) -> list[str]:
        """The units an action acts on: the marked ones, else the cursor's unit, else the cursor base's units."""
        if self.marked:
            return list(self.marked)
        row = self.selected_row
        if row is None:
            return []
        if row["row_kind"] == "unit":
            return [str(row["name"])]
        return [k for k, r in self._rows.items() if r["row_kind"] == "unit" and r["base"] == row["name"]]

    def unit_row(self, unit_id: str) -> dict[str, Any] | None:
        """The shown row of a unit."""
        return self._rows.get(unit_id)
