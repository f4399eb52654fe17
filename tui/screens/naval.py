"""Naval mode: every naval unit grouped by base with each base's room, a mission planner, and a key per activity.

Shown for a rule set with a ``units`` view. The table
(:class:`NavalTable`) lists ports then mapboard boxes and SW boxes, each base
with its room used and left as a bar, its units below. ``F`` filters by
power, front and state (``/`` searches the table, as in every mode); space marks units (on a base row, all of its units)
to form a force; the keys of ``actions["naval"]`` run an activity on the
marked units (or the cursor's unit, or the cursor base's units). ``l`` picks
the planner's activity and cargo: the planner shows what the marked force
has and lacks ("needs 8 destroyer factors: 6 chosen") with the "why?" of
each figure, all computed by the rule set's ``planner``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ..rules.core.explain import Explained, fmt_number
from ..widgets.explain_pane import ExplainPane
from ..widgets.key_legend import KeyLegend
from ..widgets.naval_table import NavalTable, grouped
from ..widgets.view_table import ViewTable
from .action_screen import ActionScreen
from .form_prompt import FormField, FormPrompt
from .messages import GameChanged

if TYPE_CHECKING:
    from ..engine.game import Game

ALL = "all"
"""A filter that keeps every row."""
STATES = (ALL, "ready", "inverted", "at sea", "damaged", "repair", "unusable")


def planner_text(activity: str, cargo: str, ids: list[str], figures: list[Explained]) -> Text:
    """The planner panel: the force, what it lacks (or ✓), then each figure and the notes of its derivation."""
    text = Text.assemble(("Plan: ", "bold"), (activity, "bold cyan"), ("  (l: activity and cargo)", "dim"))
    if cargo:
        text.append(f"\ncargo: {cargo}", "cyan")
    if not ids:
        text.append("\nMark units with space (on a base: all its units) to plan a force.", "dim italic")
        return text
    text.append(f"\nForce: {', '.join(ids)}", "")
    summary = next((e for e in figures if e.name == "Shortfalls"), None)
    if summary is not None:
        style = "bold red" if summary.value else "bold green"
        for note in summary.notes:
            text.append(f"\n{'✗' if summary.value else '✓'} {note}", style)
    for e in figures:
        if e is summary or (e.value == 0 and not e.notes):
            continue
        text.append(f"\n{e.name}: ", "")
        text.append(fmt_number(e.value), "bold")
        if e.rule:
            text.append(f"  [{e.rule}]", "dim cyan")
        short = summary.notes if summary is not None and summary.value else ()
        for note in e.notes:
            if not note.startswith("needs"):
                text.append(f"\n    {note}", "dim")
            elif note not in short:
                text.append(f"\n    ✓ {note}", "green")
    return text


class NavalScreen(ActionScreen):
    """The naval roster by base above; the planner and the "why?" of the cursor row below."""

    CSS_PATH = "naval.tcss"
    MODE_TITLE = "Naval"
    FOCUS = NavalTable
    ACTIONS = "naval"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "mark", "Mark", tooltip="Mark or unmark the unit (on a base row: all its units)"),  #: Mark units.
        Binding("escape", "clear_marks", "Clear", show=False, key_display="Esc", tooltip="Unmark every unit"),  #: Clear the marks.
        Binding("f", "filter", "Filter", tooltip="Filter by power, front and state"),  #: Filter (``/`` searches the table).
        Binding("l", "plan", "Plan", tooltip="The planner's activity and cargo"),  #: Plan a mission.
        Binding("z", "zoom", "Zoom", show=False, tooltip="The planner and why? below the units: shown, hidden (the units take the "
                "height), or taking the height"),  #: Cycle the lower panes.
    ]

    ZOOMS: ClassVar[tuple[str, ...]] = ("", "-units", "-lower")
    """The lower panes' states ``z`` cycles through: shown, hidden (the unit list takes the height), taking the height."""
    SHORT = 30
    """Below this many rows the key legend folds to one line (``?`` lists every key)."""

    def __init__(self) -> None:
        super().__init__()
        self.filters: dict[str, str] = {"power": ALL, "front": ALL, "state": ALL}
        """The filters in force."""
        self.activity = "patrol"
        """The planner's activity."""
        self.cargo = ""
        """The planner's cargo, as the operations read it."""
        self._shown = 0
        """Units the filters let through."""
        self._side = ""
        """The phasing side the cursor was last put at (a new player turn starts at its first base)."""
        self.zoom = ""
        """The lower panes' state (one of ``ZOOMS``), a class of the body."""

    def compose_body(self) -> ComposeResult:
        """Filter line, table, key legend, then the planner beside the "why?"."""
        with Vertical(id="naval-body"):
            yield Static(id="naval-filters")
            yield NavalTable(id="naval")
            yield self.key_legend(id="naval-keys")
            with Horizontal(id="naval-lower"):
                yield Static(id="planner")
                yield ExplainPane(id="naval-why")

    # ------------------------------------------------------------------ rendering
    def render_game(self, game: Game) -> None:
        """Fill the table from the ``units`` and ``ports`` views with the filters; the planner; the "why?"."""
        units = game.ruleset.views["units"](game.state)
        bases = game.ruleset.views["ports"](game.state)
        fronts = {b["name"]: str(b.get("fronts", "")) for b in bases}
        f = self.filters

        def keep(u: dict[str, Any]) -> bool:
            return ((f["power"] == ALL or u["power"] == f["power"])
                    and (f["front"] == ALL or f["front"] in fronts.get(u["base"], "").split("/")
                         or (f["front"] == "boxes" and u.get("kind") in ("box", "sw-box")))
                    and (f["state"] == ALL or u["state"] == f["state"]))

        table = self.query_one(NavalTable)
        table.show_groups(grouped(units, bases, keep))
        if game.phasing_side != self._side:  # a new player turn: start at the phasing side's first base
            self._side = game.phasing_side
            table.to_first_of(self._side)
        self._shown = sum(1 for u in units if keep(u) and not u.get("sunk"))
        self._filter_line()
        self._plan()
        self._explain()

    def _legend_keys(self) -> list[tuple[str, str]]:
        """The rule set's keys after ``z`` (the footer leaves it out: the undo keys keep their room at 80 columns)."""
        return [("z", "zoom"), *super()._legend_keys()]

    def on_resize(self) -> None:
        """A short terminal folds the key legend to one line, so the unit list keeps the rows (issue 22 point 12)."""
        super().on_resize()
        self.query_one("#naval-keys", KeyLegend).fold(self.size.height < self.SHORT)

    def action_zoom(self) -> None:
        """Cycle the lower panes: shown, hidden (the units take the height), taking the height (issue 22 point 12)."""
        body = self.query_one("#naval-body")
        if self.zoom:
            body.remove_class(self.zoom)
        self.zoom = self.ZOOMS[(self.ZOOMS.index(self.zoom) + 1) % len(self.ZOOMS)]
        if self.zoom:
            body.add_class(self.zoom)
        said = {"": "units, planner and why?", "-units": "the units only", "-lower": "the planner and why?"}[self.zoom]
        self.notify(f"Naval: {said} (z for the next view).", timeout=2)

    def _filter_line(self) -> None:
        f = self.filters
        line = Text.assemble(("Filter ", "bold"), ("f ", "bold yellow"))
        for key in ("power", "front", "state"):
            line.append(f"{key}: ", "dim")
            line.append(f"{f[key]}  ", "bold" if f[key] != ALL else "")
        marked = len(self.query_one(NavalTable).marked)
        line.append(f"· {self._shown} unit(s) shown · {marked} marked (space)", "dim")
        self.query_one("#naval-filters", Static).update(line)

    def _plan(self) -> None:
        table = self.query_one(NavalTable)
        ids = list(table.marked)
        figures = self.game.ruleset.planner(self.game.state, ids, {"activity": self.activity, "cargo": self.cargo}) if ids else []
        self.query_one("#planner", Static).update(planner_text(self.activity, self.cargo, ids, figures))

    def _explain(self) -> None:
        pane = self.query_one("#naval-why", ExplainPane)
        row = self.query_one(NavalTable).selected_row
        if row is None:
            pane.show(Text("No unit selected.", style="dim italic"), [])
            return
        name = str(row["name"])
        if row["row_kind"] == "base":
            title = Text.assemble(("Why? ", "bold"), (name, "bold underline"), (f" — {row.get('kind', '')}, held by "
                                  f"{row.get('owner', '')}, front {row.get('fronts', '')}", ""))
        else:
            title = Text.assemble(("Why? ", "bold"), (name, "bold underline"),
                                  (f" — {row.get('label', '')}, {row.get('type', '')} at {row.get('base', '')}", ""))
        pane.show(title, self.game.ruleset.explain(self.game.state, name))

    # ------------------------------------------------------------------ keys
    @on(GameChanged)
    def _done(self, message: GameChanged) -> None:
        """An activity on the marked units went through: the marks have done their work."""
        table = self.query_one(NavalTable)
        result = message.result
        command = f" {result.command.replace(',', ' ')} " if result is not None else ""
        if table.marked and all(f" {m} " in command for m in table.marked):
            table.marked = []
            table.show_marks()
            self._filter_line()
            self._plan()

    @on(ViewTable.RowSelected, "#naval")
    def _moved(self, message: ViewTable.RowSelected) -> None:
        self._explain()

    def action_mark(self) -> None:
        """Mark or unmark the cursor's unit (a base row: all its units)."""
        self.query_one(NavalTable).toggle_mark()
        self._filter_line()
        self._plan()

    def action_clear_marks(self) -> None:
        """Unmark every unit."""
        table = self.query_one(NavalTable)
        table.marked = []
        table.show_marks()
        self._filter_line()
        self._plan()

    @work(group="naval")
    async def action_filter(self) -> None:
        """Ask the filters: power, front, state."""
        units = self.game.ruleset.views["units"](self.game.state)
        bases = self.game.ruleset.views["ports"](self.game.state)
        powers = (ALL, *dict.fromkeys(u["power"] for u in units))
        fronts = (ALL, *dict.fromkeys(f for b in bases for f in str(b.get("fronts", "")).split("/") if f and f != "—"), "boxes")
        fields = [FormField("power", "Power", "choice", self.filters["power"], powers),
                  FormField("front", "Front", "choice", self.filters["front"], fronts),
                  FormField("state", "State", "choice", self.filters["state"], STATES)]
        answer = await self.app.push_screen_wait(FormPrompt("Filter the naval units", fields, ok="Filter"))
        if answer:
            self.filters.update({k: str(v) for k, v in answer.items() if v})
            self.render_game(self.game)

    @work(group="naval")
    async def action_plan(self) -> None:
        """Ask the planner's activity and cargo."""
        activities = tuple(self.game.ruleset.planner_activities) or ("patrol",)
        fields = [FormField("activity", "Activity", "choice", self.activity, activities),
                  FormField("cargo", "Cargo (operations only)", "text", self.cargo, placeholder="e.g. 6 ground factors")]
        answer = await self.app.push_screen_wait(FormPrompt("Plan a mission", fields, ok="Plan"))
        if answer:
            self.activity = str(answer.get("activity") or self.activity)
            self.cargo = str(answer.get("cargo") or "")
            self._plan()

    def target_row(self, view: str) -> dict[str, Any] | None:
        """The force an action acts on: ``units`` (ids, comma-separated) and the cursor row's base and power."""
        if view != "units":
            return None
        table = self.query_one(NavalTable)
        ids = table.force()
        if not ids:
            return None
        first = table.unit_row(ids[0]) or {}
        return {**first, "name": ",".join(ids), "units": ",".join(ids)}

    def show_target(self, view: str) -> None:
        """Put the focus on the table."""
        self.query_one(NavalTable).focus()
