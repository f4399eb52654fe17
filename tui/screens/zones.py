"""Sea Zones mode: every sea zone x side with its naval status number, the selected zone's "why?", and panels
for the rule set's other sea views (conditions, this phase's checks, interference, Mulberries, ...).

Shown for a rule set with a ``zones`` view. The keys come from
``actions["zones"]`` (:class:`ActionScreen`): the guided anti-shipping check
on the selected zone and side (the app asks cargo, REs, route and the roll,
then runs the one ``check`` command they make), batch checks, the
condition toggle on the Conditions panel, Malta, interference, the
interdiction zone, Mulberries, naval supply lines. ``[`` and ``]`` move
between the panels; Enter on a panel's row runs that panel's action. The
zones the scenario's ports border come first (the view orders them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from ..rules.core.ruleset import Column
from ..widgets.explain_pane import ExplainPane
from ..widgets.view_table import ViewTable, row_key
from .action_screen import ActionScreen

if TYPE_CHECKING:
    from ..engine.game import Game

ZONES = "zones"
WHY = "panel-why"
PANELS = {"conditions": "Conditions", "shipping-checks": "Checks", "interference": "Interference", "mulberries": "Mulberries",
          "transit": "Transit", "beaches": "Beaches", "air": "Air", "offmap": "Off-map", "missions": "Missions",
          "brps": "BRPs"}
"""Panel titles, in order; any other view of the rule set gets a panel after these."""
NOT_PANELS = frozenset({"ports", ZONES, "shipping", "units", "own-bases", "return-bases", "enemy-bases"})
"""Views shown elsewhere (the Ports mode)."""
WORDS = Column("words", "In words", 40)
"""Added to a panel whose rows say their result in words and whose columns do not show it."""
LONG = 30
"""A column whose width hint is at least this holds prose: the selected row's is shown in full under its panel."""


def panel_views(views: dict[str, Any]) -> list[str]:
    """The views that get a panel: the known ones in order, then the rest."""
    rest = [v for v in views if v not in NOT_PANELS and v not in PANELS]
    return [v for v in PANELS if v in views] + rest


def panel_title(view: str) -> str:
    """A panel's tab title."""
    return PANELS.get(view) or view.replace("-", " ").capitalize()


def detail_text(columns: tuple[Column, ...], row: dict[str, Any] | None) -> Text:
    """The selected row of a panel in full: its name, its prose columns (which the table cuts short), its rule."""
    if row is None:
        return Text("")
    text = Text.assemble((str(row.get("name", "")), "bold"))
    for col in columns[1:]:
        value = row.get(col.key)
        if col.width >= LONG and isinstance(value, str) and value:
            text.append(f"  ·  {col.header}: ", "dim")
            text.append(value)
    if row.get("rule"):
        text.append(f"  [{row['rule']}]", "dim cyan")
    return text


class ZonesScreen(ActionScreen):
    """The zone table above; below, the "why?" of the selected zone and a panel per sea view."""

    CSS_PATH = "zones.tcss"
    MODE_TITLE = "Sea Zones"
    FOCUS = "#zones"
    ACTIONS = ZONES

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left_square_bracket", "panel(-1)", "Panel", key_display="[", group=Binding.Group("Panels", compact=True)),  #: The panel before.
        Binding("right_square_bracket", "panel(1)", "Panel", key_display="]", group=Binding.Group("Panels", compact=True)),  #: The panel after.
    ]
    """``[`` / ``]`` move between the panels; the rest come from ``actions["zones"]``."""

    def __init__(self) -> None:
        super().__init__()
        self.panels: list[str] = panel_views(self.game.ruleset.views)
        """The views shown in panels, in tab order."""
        self._zone_rows: list[dict[str, Any]] = []
        self._columns: dict[str, tuple[Column, ...]] = {}
        self._rows: dict[str, list[dict[str, Any]]] = {}
        """Each panel's rows as last rendered (a panel's table is filled from them when it is first shown)."""
        self._built: set[str] = set()
        """The panels whose table exists: a panel is built when first shown, which keeps the mode's first switch light."""
        self._focus_panel = ""

    def compose_body(self) -> ComposeResult:
        """Zone table, key legend, panels."""
        with Vertical(id="zones-body"):
            yield ViewTable(ZONES, id="zones", group="zone", header_height=1)
            yield self.key_legend(id="zone-keys")
            with TabbedContent(id="panels"):
                with TabPane("Why?", id=WHY):
                    yield ExplainPane(id="zone-why")
                for view in self.panels:
                    yield TabPane(panel_title(view), id=f"panel-{view}")  # its table is built when first shown

    # ------------------------------------------------------------------ render
    def render_game(self, game: Game) -> None:
        """Fill the zone table and every panel from the rule set's views."""
        views, columns = game.ruleset.views, game.ruleset.columns
        self._zone_rows = views[ZONES](game.state)
        self.query_one("#zones", ViewTable).show_rows(columns[ZONES], self._zone_rows)
        for view in self.panels:
            rows = views[view](game.state)
            cols = tuple(columns.get(view) or (Column(k, k) for k in (rows[0] if rows else {}) if k != "name"))
            if rows and "words" in rows[0] and all(c.key != "words" for c in cols):
                cols += (WORDS,)
            self._columns[view], self._rows[view] = cols, rows
            if view in self._built:
                self._fill_panel(view)
            elif rows:  # as the table would select its first row: the palette acts on it before the panel is shown
                app: Any = self.app
                first = rows[0]
                app.selected.setdefault(view, str(first.get("name", row_key(first))))
            tab = self.query_one(TabbedContent).get_tab(f"panel-{view}")
            tab.label = Text(panel_title(view) + (f" {len(rows)}" if rows and view != "conditions" else ""))
        self._explain()

    def _fill_panel(self, view: str) -> None:
        """Show the panel's rows in its table (or say it has none)."""
        rows = self._rows.get(view, [])
        table = self.query_one(f"#view-{view}", ViewTable)
        table.show_rows(self._columns.get(view, ()), rows)
        table.display = bool(rows)
        self._detail(view)
        empty = self.query_one(f"#empty-{view}", Static)
        empty.update(Text(f"No {panel_title(view).lower()} at present.", style="dim italic"))
        empty.display = not rows

    @on(TabbedContent.TabActivated, "#panels")
    async def _panel_shown(self, event: TabbedContent.TabActivated) -> None:
        """Build a panel's table the first time it is shown, then fill it (and focus it when asked)."""
        view = (event.pane.id or "").removeprefix("panel-")
        if view in self.panels and view not in self._built:
            await event.pane.mount(Static("", id=f"empty-{view}", classes="panel-empty"),
                                   ViewTable(view, id=f"view-{view}", header_height=1),
                                   Static("", id=f"detail-{view}", classes="panel-detail"))
            self._built.add(view)
            self._fill_panel(view)
        if view and view == self._focus_panel and view in self._built:
            self._focus_panel = ""
            self.query_one(f"#view-{view}", ViewTable).focus()

    def selected_zone(self) -> dict[str, Any] | None:
        """The zone x side row under the cursor."""
        return self.query_one("#zones", ViewTable).selected_row

    def _explain(self) -> None:
        pane = self.query_one("#zone-why", ExplainPane)
        row = self.selected_zone()
        if row is None:
            pane.show(Text("No sea zone selected.", style="dim italic"), [])
            return
        zone = str(row.get("zone", row.get("name", "")))
        title = Text.assemble(("Why? ", "bold"), (zone, "bold underline"))
        for r in (r for r in self._zone_rows if r.get("zone") == zone):
            nsn = r.get("nsn")
            title.append(f"  · {str(r.get('side', '')).title()} ", "")
            title.append("NSN —" if nsn is None else f"NSN {nsn}", "bold")
            title.append(f" {r.get('status', '')}", "dim")
        markers = ", ".join(dict.fromkeys(m for r in self._zone_rows if r.get("zone") == zone for m in str(r.get("markers", "")).split(", ") if m))
        if markers:
            title.append(f"  · {markers}", "bold yellow")
        pane.show(title, self.game.ruleset.explain(self.game.state, zone))

    # ------------------------------------------------------------------ selection
    @on(ViewTable.RowSelected, "#zones")
    def _zone_selected(self, message: ViewTable.RowSelected) -> None:
        self._explain()

    @on(ViewTable.RowSelected)
    def _panel_row_selected(self, message: ViewTable.RowSelected) -> None:
        if message.view in self._built:
            self._detail(message.view)

    def _detail(self, view: str) -> None:
        table = self.query_one(f"#view-{view}", ViewTable)
        detail = self.query_one(f"#detail-{view}", Static)
        detail.update(detail_text(self._columns.get(view, ()), table.selected_row))
        detail.display = table.display

    @on(DataTable.RowSelected)
    def _enter(self, event: DataTable.RowSelected) -> None:
        """Enter: on a zone, its "why?"; on a panel's row, that panel's action (toggle a condition)."""
        table = event.data_table
        if not isinstance(table, ViewTable):
            return
        event.stop()
        if table.view == ZONES:
            self.query_one(TabbedContent).active = WHY
            return
        action = next((a for a in self.actions if a.target == table.view), None)
        if action is not None:
            self.action_act(action.id)

    def active_view(self) -> str:
        """The view of the panel shown (``""`` for the "why?")."""
        pane = self.query_one(TabbedContent).active
        return pane.removeprefix("panel-") if pane and pane != WHY else ""

    def target_row(self, view: str) -> dict[str, Any] | None:
        """The selected zone; or the selected row of a panel, while that panel is shown."""
        if view == ZONES:
            return self.selected_zone()
        if view in self._built and self.active_view() == view:
            return self.query_one(f"#view-{view}", ViewTable).selected_row
        return None

    def show_target(self, view: str) -> None:
        """Show the panel of ``view`` and put the focus on its table."""
        if view in self.panels:
            self.query_one(TabbedContent).active = f"panel-{view}"
            if view in self._built:
                self.query_one(f"#view-{view}", ViewTable).focus()
            else:
                self._focus_panel = view  # focused once built (_panel_shown)

    def action_panel(self, step: int) -> None:
        """Show the panel ``step`` places after (or before) the one shown."""
        order = [WHY] + [f"panel-{v}" for v in self.panels]
        tabs = self.query_one(TabbedContent)
        now = order.index(tabs.active) if tabs.active in order else 0
        tabs.active = order[(now + step) % len(order)]
