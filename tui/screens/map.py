"""Map mode: the rule set's hex map, a cursor on one hex, and beside it that hex's details, "why?" and keys.

Shown for a rule set with a ``map`` view (one row per hex) and a ``map-grid``
view (the map's geometry, the storm, the legend). The drawing comes from
:mod:`tui.rules.core.hexart`; colours from :class:`~tui.widgets.hex_map.HexMap`.
The keys come from ``actions["map"]`` (:class:`ActionScreen`) and act on the
hex under the cursor; ``j`` jumps to a hex by id or by a city's name (``g`` is Phases' go to a segment).
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any, ClassVar

from msgspec.structs import replace
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.timer import Timer
from textual.widgets import Static

from ..engine.sides import told_pending
from ..rules.core.actions import Field
from ..rules.core.errors import RuleError
from ..rules.core.hexart import Cell, draw, draw_large, draw_overview
from ..rules.core.hexgrid import DIRECTIONS, HexGrid
from ..widgets.explain_pane import explained_text
from ..widgets.hex_map import SIDE_COLOUR, HexLook, HexMap, MapPicture
from .action_screen import ActionScreen
from .form_prompt import FormField, FormPrompt
from .keymap import key_shown
from .messages import AnswerPrompt

if TYPE_CHECKING:
    from ..engine.game import Game

MAP, GRID = "map", "map-grid"
PANEL_DELAY = 0.06
"""Seconds the cursor rests before the side panel follows it."""


WHOSE = {"airfield": "Whose Engineer builds it", "mulberry": "Whose Marine places it"}
"""The map keys that ask for a side on a hex nobody controls (Airfields ¶1, Mulberries ¶1)."""
ZOOMS = ("large", "compact", "overview")
"""The Map's zoom levels, in the order ``z`` goes through them."""


def overview_pair(row: dict[str, Any]) -> str:
    """A hex in two characters: its terrain or city, then a marker, a road or railway."""
    glyphs = str(row.get("glyphs", "")).replace(" ", "")
    first = "~" if row.get("sea") else (glyphs[:1] or "·")
    second = next((c for c in glyphs[1:] if c in "@MAa#+"), "")
    return first + second


def picture(rows: list[dict[str, Any]], grid_row: dict[str, Any], large: bool = False, overview: bool = False) -> MapPicture:
    """The drawing and the colours of every hex, from the rule set's rows: compact (the id and 4 characters), or large
    (a name line, the id, a glyph line: rows with ``label`` and ``glyphs``)."""
    grid = HexGrid(grid_row["columns"], grid_row["rows"], grid_row["first_column"], grid_row["first_row"],
                   grid_row["shifted"], grid_row["digits"])
    content = {str(r["name"]): str(r.get("content", "")) for r in rows}
    marks = {(str(r["name"]), d): (str(m[0]), str(m[1])) for r in rows for d, m in (r.get("edges") or {}).items()}
    looks = {str(r["name"]): HexLook(str(r.get("owner", "")), str(r.get("storm", "")), str(r["name"]), int(r["column"]), int(r["row"]))
             for r in rows}
    if overview:
        return MapPicture(draw_overview(grid, {str(r["name"]): overview_pair(r) for r in rows}), looks, overview=True)
    if large:
        names = {str(r["name"]): str(r.get("label", "")) for r in rows}
        glyphs = {str(r["name"]): str(r.get("glyphs", r.get("content", ""))) for r in rows}
        return MapPicture(draw_large(grid, glyphs, names, marks), looks, large=True)
    return MapPicture(compact(draw(grid, {}, marks), content), looks)


def compact(canvas: list[list[Cell]], content: dict[str, str]) -> list[list[Cell]]:
    """The compact drawing with each hex's content on its middle line in place of its id (issue 21: a hex shows what is
    in it; the rulers give its number), its south edge left bare: no symbol shares a line with a neighbour's content.
    Clear terrain is a ``·``, drawn in its owner's colour as in the overview."""
    seen: dict[str, int] = {}
    for row in canvas:
        for x, cell in enumerate(row):
            if cell.role == "id":
                i = seen[cell.hex] = seen.get(cell.hex, -1) + 1
                text = content.get(cell.hex, "")
                char = text[i] if i < len(text) else " "
                row[x] = Cell("·" if i == 0 and char == " " else char, cell.hex, "id")
    return canvas


def path_end(words: list[str], grid_row: dict[str, Any]) -> str:
    """The far end of a road or railway just laid (``road 0203 SE`` -> 0304; ``road 0203 0304 0404`` -> 0404), or "" for
    any other command, a removal, or an end off the map."""
    if len(words) < 3 or words[0] not in ("road", "rail") or "--remove" in words:
        return ""
    grid = HexGrid(grid_row["columns"], grid_row["rows"], grid_row["first_column"], grid_row["first_row"],
                   grid_row["shifted"], grid_row["digits"])
    try:
        at = grid.parse(words[1])
        for step in words[2:]:
            at = at.step(step) if step.upper() in DIRECTIONS else grid.parse(step)
    except RuleError:
        return ""
    return grid.hex_id(at) if grid.on_map(at) else ""


def details(row: dict[str, Any]) -> Text:
    """What stands in the hex, in words (only what the row says)."""
    side = str(row.get("owner") or "")
    text = Text.assemble((f"Hex {row['name']}", "bold underline"), "  ", (row.get("terrain", "").title(), ""),
                         ("  " + (side or "nobody's"), f"bold {SIDE_COLOUR.get(side, '')}".strip()))
    if row.get("place"):
        kind = "city" if row.get("terrain") == "city" else "town"
        size = f", size {row['size']} PP" if row.get("size") else ""
        text.append(f"\n{row['place']} — {kind}{size}{', coastal' if row.get('coastal') else ''}", "bold")
    elif row.get("coastal"):
        text.append("\ncoastal")
    if row.get("air_base"):
        text.append(f"\nAir base for {row['air_base']} air units (a City or Town)", "#56b6c2")
    if row.get("resource"):
        text.append(f"\nResource: {row['resource']} PP", "#e5c07b")
    if row.get("sea"):
        text.append("\nSea: the land hexes next to it are coastal", "#4aa3df")
    if row.get("roads"):
        text.append("\nRoad to " + " ".join(row["roads"]), "#e5c07b")
    if row.get("rails"):
        text.append("\nRailway to " + " ".join(row["rails"]), "#abb2bf")
    if row.get("storm") == "storm":
        text.append("\n@ The storm is here: no unit moves in its area", "bold #c678dd")
    elif row.get("storm") == "area":
        text.append("\nIn the storm area: no unit moves here", "#c678dd")
    if row.get("factories"):
        text.append("\nFactories: " + ", ".join(f"{k} {pp} PP" for k, pp in row["factories"].items()), "#98c379")
    if row.get("airfield"):
        usable = "" if row.get("airfield_usable") else " (captured: not usable yet)"
        text.append(f"\n{row['airfield'].title()} airfield, {row.get('airfield_owner', '')}{usable}", "#56b6c2")
    if row.get("mulberry"):
        usable = "" if row.get("mulberry_usable") else " (captured: no port yet)"
        text.append(f"\nMulberry, {row['mulberry']}{usable}", "#c678dd")
    if row.get("canal"):
        text.append(f"\nCanal{' — DESTROYED' if row['canal'] == 'destroyed' else ''}", "bold red" if row["canal"] == "destroyed" else "#4aa3df")
    for b in row.get("bridges") or []:
        text.append(f"\nBridge {b['id']} {b.get('name', '')}{' — DESTROYED' if b.get('destroyed') else ''}".rstrip(),
                    "bold red" if b.get("destroyed") else "#e5c07b")
    return text


class MapScreen(ActionScreen):
    """The map on the left; the selected hex, its "why?", the keys and the legend on the right."""

    CSS_PATH = "map.tcss"
    MODE_TITLE = "Map"
    FOCUS = HexMap
    ACTIONS = MAP
    NEXT_LINES = 1  # the board needs every row (a 40x30 board zoomed out is whole at 120x36); Phases shows it whole

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "go", "Go to hex"),  #: Put the cursor on a hex typed by id or by a city's name.
        Binding("p", "answer_pending", "Answer prompt"),  #: Answer the segment's first pending prompt (initiative, storm) without leaving the map.
        Binding("z", "zoom", "Zoom"),  #: Large hexes (names, ids, glyphs), compact ones, or the whole board small, in turn.
    ]

    def __init__(self) -> None:
        super().__init__()
        self._rows: dict[str, dict[str, Any]] = {}
        self._panel_timer: Timer | None = None
        self._drawn: object = None  # the game state last drawn
        self._shown: dict[str, str] = {}  # what each panel Static shows (unchanged text is not sent again)
        self.zoom = ZOOMS[0]
        """Large hexes (names, ids, glyphs); ``z`` goes to compact ones, then the whole board small."""

    def compose_body(self) -> ComposeResult:
        """Map | side panel."""
        with Horizontal(id="map-body"):
            yield HexMap(id="hexmap")
            with VerticalScroll(id="map-side"):
                yield Static(id="map-storm")
                yield Static(id="map-done")
                yield Static(id="map-hex")
                yield Static(id="map-keys")
                yield Static(id="map-why")
                yield Static(id="map-legend")

    def render_game(self, game: Game) -> None:
        """Draw the map and the side panel from the rule set's views (once per state: modes render on mount and resume)."""
        if game.state is self._drawn:
            return
        self._drawn = game.state
        views = game.ruleset.views
        rows = views[MAP](game.state)
        grid_row = views[GRID](game.state)[0]
        self._rows = {str(r["name"]): r for r in rows}
        hex_map = self.query_one(HexMap)
        first = not hex_map.picture.looks
        hex_map.show(picture(rows, grid_row, self.zoom == "large", self.zoom == "overview"))
        if first:
            hex_map.go(str(grid_row.get("storm") or next(iter(self._rows))))
        self._storm(grid_row)
        self._legend(grid_row)
        self._keys()
        self._hex()

    def _storm(self, grid_row: dict[str, Any]) -> None:
        move = f"\nlast move: {grid_row['storm_move']}" if grid_row.get("storm_move") else ""
        first = grid_row.get("first", "")
        text = Text.assemble(("Storm ", "bold #c678dd"), (str(grid_row["storm"]), "bold"), (f"  area {' '.join(grid_row['area'])}", "dim"),
                             (move, "dim"), ("\nfirst player: ", "dim"), (str(first), f"bold {SIDE_COLOUR.get(first, '')}".strip()),
                             ("  · production turn" if grid_row.get("production_turn") else "  · no production this turn", "dim"))
        for line in grid_row.get("reminder") or []:
            text.append("\n▲ " + line, "bold #c678dd")
        self._put("#map-storm", text)

    def _legend(self, grid_row: dict[str, Any]) -> None:
        text = Text("Legend", style="bold")
        for symbol, meaning in grid_row.get("legend", []):
            text.append(f"\n{symbol:<6}", "bold")
            text.append(meaning, "dim")
        self._put("#map-legend", text)

    def _keys(self) -> None:
        row = self.target_row(MAP)
        text = Text("Keys on this hex", style="bold")
        for a in self.actions:
            applies = a.applies(row) and (not a.menu or any(self.by_id[i].applies(row) for i in a.menu if i in self.by_id))
            if a.key and applies:
                text.append(f"\n{key_shown(a.key):<2}", "bold #e5c07b")
                text.append(f"{a.label}", "")
        if told_pending(self.game):
            text.append("\np ", "bold #e5c07b")
            text.append(f"Answer: {told_pending(self.game)[0].id}", "")
        text.append("\nj ", "bold #e5c07b")
        text.append("Go to a hex   ")
        text.append("z ", "bold #e5c07b")
        text.append("Zoom   ")
        text.append("←↑↓→", "bold #e5c07b")
        text.append(" move")
        self._put("#map-keys", text)

    def _hex(self) -> None:
        row = self.target_row(MAP)
        if row is None:
            self._put("#map-hex", Text("No hex selected.", style="dim italic"))
            self._put("#map-why", Text(""))
            return
        self._put("#map-hex", details(row))
        figures = self.game.ruleset.explain(self.game.state, str(row["name"]))
        text = Text("")
        for i, figure in enumerate(figures):
            if i:
                text.append("\n")
            text.append_text(explained_text(figure))
        self._put("#map-why", text)
        self.query_one("#map-why", Static).display = bool(figures)

    def _put(self, selector: str, text: Text) -> None:
        """Show ``text`` in a panel Static unless it shows it already."""
        if self._shown.get(selector) != text.markup:
            self._shown[selector] = text.markup
            self.query_one(selector, Static).update(text)

    @on(HexMap.HexSelected)
    def _selected(self, message: HexMap.HexSelected) -> None:
        """The cursor moved: the panel follows once the cursor rests (a relayout per key would slow the arrows)."""
        self.app.selected[MAP] = message.hex_id  # type: ignore[attr-defined]
        if self._panel_timer is not None:
            self._panel_timer.stop()
        self._panel_timer = self.set_timer(PANEL_DELAY, self._panel)

    def _panel(self) -> None:
        self._panel_timer = None
        self._keys()
        self._hex()

    def target_row(self, view: str) -> dict[str, Any] | None:
        """The hex under the cursor now (the map actions' target)."""
        if view != MAP:
            return None
        return self._rows.get(self.query_one(HexMap).cursor)

    def show_target(self, view: str) -> None:
        """Put the focus on the map."""
        self.query_one(HexMap).focus()

    def select_target(self, view: str, key: str) -> bool:
        """Put the cursor on hex ``key`` (the palette acting on a hex or a place by name)."""
        if self._rendered != getattr(self.app, "version", 0):
            self.refresh_game()
        self.show_target(view)
        return view == MAP and self.query_one(HexMap).go(key)

    def action_zoom(self) -> None:
        """Large hexes, compact ones, the whole board small, in turn; the cursor kept on its hex."""
        self.zoom = ZOOMS[(ZOOMS.index(self.zoom) + 1) % len(ZOOMS)]
        self.set_class(self.zoom == "overview", "-overview")  # on a narrow terminal the panel gives way to the board
        self.notify(f"Map: {self.zoom}", timeout=1.5)
        self._drawn = None
        self.render_game(self.game)
        hex_map = self.query_one(HexMap)
        hex_map.scroll_to_hex(hex_map.cursor)

    async def _run(self, words: list[str], source: str, quiet: bool) -> str | None:
        """Run a map key's command; once done, say so beside the map with "ctrl+z undoes" (issue 22 point 3): one key
        (the storm put in a hex, a Mulberry) changes the game, and the way back is shown where the referee looks."""
        execute = getattr(self.app, "execute", None)
        if execute is None:
            return await super()._run(words, source, quiet)
        result = await execute(shlex.join(words), source, quiet=quiet)
        if result is None:
            return None
        if not result.ok:
            return str(result.message)
        self._put("#map-done", Text.assemble(("✓ ", "bold green"), (" ".join(words), "bold"), ("  ctrl+z", "bold #e5c07b"),
                                             (" undoes", "")))
        self.query_one("#map-done", Static).display = True
        far = path_end(words, self.game.ruleset.views[GRID](self.game.state)[0])
        if far:  # a road or railway laid by key: the cursor goes on to its far end, where the next stretch starts
            self.query_one(HexMap).go(far)
        return None

    def action_answer_pending(self) -> None:
        """Answer the first prompt pending in this segment (the initiative roll, the storm's dice, growth)."""
        pending = told_pending(self.game)
        if not pending:
            self.notify("No prompt is pending in this segment.", severity="warning")
            return
        self.post_message(AnswerPrompt(pending[0].id))

    def action_act(self, action_id: str, source: str = "key") -> None:
        """Run an action on the hex under the cursor, its factory questions narrowed to what the hex holds."""
        self._narrow(self.target_row(MAP))
        super().action_act(action_id, source)

    def _narrow(self, row: dict[str, Any] | None) -> None:
        """Offer in the factory dialogs only the factories this hex has, and say why the others are not offered; on a
        hex nobody controls, ask whose Engineer builds the airfield, whose Marine places the Mulberry (it was refused:
        "say whose with --side", a word the Map's key cannot type)."""
        for action in self.actions:
            if action.id in WHOSE and row is not None:
                asked = replace(action, verb=action.verb + " --side {side}", fields=(
                    Field("side", WHOSE[action.id], "choice", choices=tuple(self.game.ruleset.sides)),))
                self.by_id[action.id] = action if row.get("owner") else asked
            if action.id != "hit-factory":
                continue
            here = dict((row or {}).get("factories") or {})
            fields = []
            for f in action.fields:
                if f.name == "kind" and f.kind == "choice":
                    f = replace(f, choices=tuple(k for k in f.choices if k in here) or f.choices)
                fields.append(f)
            missing = [k for k in next((f.choices for f in action.fields if f.name == "kind"), ()) if k not in here]
            why = f"\nNot offered: {', '.join(missing)} (no such factory in this hex, Factories ¶1)" if missing and here else ""
            self.by_id[action.id] = replace(action, fields=tuple(fields), text=action.text + why)

    @work(group="go")
    async def action_go(self) -> None:
        """Ask for a hex id or a city's name and put the cursor there."""
        answer = await self.app.push_screen_wait(FormPrompt("Go to hex", [FormField("hex", "Hex id or place", required=True,
                                                                                    placeholder="e.g. 1309 or a city's name")], ok="Go"))
        if not answer:
            return
        wanted = str(answer["hex"]).strip()
        found = wanted if wanted in self._rows else next(
            (h for h, r in self._rows.items() if r.get("place") and str(r["place"]).lower().startswith(wanted.lower())), None)
        if found is None or not self.query_one(HexMap).go(found):
            self.notify(f"No hex or place '{wanted}' on this map.", severity="warning")
            return
        self.query_one(HexMap).focus()
