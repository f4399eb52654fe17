"""The command palette (``ctrl+p``): every action of the app, as data, searchable.

``APP_ACTIONS`` is the table of app-wide actions: the app turns it into its
key bindings (shown in the footer) and :class:`HarbormasterCommands` into
palette entries, together with every action of the rule set's modes
(``RuleSet.actions``: port commands on the selected port, the sea commands)
and every pending prompt. Typing a name acts on any row by it, not only the
selected one (issue 12): ``capture Tripoli`` offers "Port: Capture Tripoli",
which shows the Ports mode with Tripoli selected and asks the capture there.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Iterator

import msgspec
from textual.command import DiscoveryHit, Hit, Hits, Provider

from .outputs import briefing_help
from ..engine.sides import told_pending
from ..widgets.rows import row_key

SCREENSHOT = "Screenshot"
"""The title of Textual's own screenshot entry (:meth:`textual.app.App.get_system_commands`)."""
MIN_WORD = 2
"""A word of the query this long or longer picks the rows whose name has a word starting with it."""


class AppAction(msgspec.Struct, frozen=True):
    """One app-wide action: the binding and the palette entry."""

    action: str
    """The action string run by the key and the palette (``mode('ports')``)."""
    key: str
    """The key (Textual key name)."""
    label: str
    """Short footer label."""
    title: str
    """The palette entry."""
    help: str
    """One line for the palette."""
    key_display: str | None = None
    """How the footer writes the key (``:`` for ``colon``)."""
    group: str = ""
    """Footer group: keys of one group share one label (``12345 Modes``)."""
    line: str = ""
    """The command it runs, if it is one (``next``): the palette runs it recorded as from the palette."""
    mode: str = ""
    """The mode it shows, if it shows one (the palette leaves out a mode the game lacks)."""
    palette: str = ""
    """The action the palette runs in place of :attr:`line`, where the key does more than the bare command (``n``: the
    gate's confirmation, then ``next --pass``): the entry then does what the key does, recorded as from the palette."""


APP_ACTIONS: tuple[AppAction, ...] = (
    AppAction("command_line", "colon", "Cmd", "Command line", "Type any command (hit Tobruk 2, why Tobruk, help)", ":"),
    AppAction("next", "n", "Next", "Next segment", "Advance the turn sequence (asks before skipping required prompts)", line="next",
              palette="next('palette')"),
    AppAction("help", "question_mark", "Help", "Help", "Keys and every command with its syntax and rule", "?"),
    AppAction("quit", "q", "Quit", "Quit", "Leave Harbormaster (every change is already saved)"),
    AppAction("mode('phases')", "1", "Phases", "Mode: Phases", "The turn sequence, the current segment and its prompts", group="Modes", mode="phases"),
    AppAction("mode('ports')", "2", "Ports", "Mode: Ports", "Every port, its figures and why; port commands", group="Modes", mode="ports"),
    AppAction("mode('markers')", "3", "Markers", "Mode: Markers", "Every marker, where and until when", group="Modes", mode="markers"),
    AppAction("mode('log')", "4", "Log", "Mode: Log", "Every event newest first, with dice and undone entries", group="Modes", mode="log"),
    AppAction("mode('zones')", "5", "Sea", "Mode: Sea Zones", "Sea zones x sides with NSN and why; conditions, checks, interference, Mulberries",
              group="Modes", mode="zones"),
    AppAction("mode('naval')", "6", "Naval", "Mode: Naval", "Naval units by base with room, a mission planner, a key per naval activity",
              group="Modes", mode="naval"),
    AppAction("mode('map')", "7", "Map", "Mode: Map", "The hex map: storm, cities, factories, airfields, Mulberries, bridges; keys act on the hex",
              group="Modes", mode="map"),
    AppAction("mode('setup')", "8", "Setup", "Mode: Setup", "The scenario's ports, bases, units, zones, hexes: add, edit, remove (a correction once the game has begun)",
              group="Modes", mode="setup"),
    AppAction("mode('exchange')", "9", "Exchange", "Mode: Exchange", "A game played by turn file: whose move, what waits to be sent, every roll verified, typed or open",
              group="Modes", mode="exchange"),
    AppAction("undo", "ctrl+z", "Undo", "Undo", "Undo the last command (it stays in the log, marked UNDONE)", group="Undo/Redo", line="undo"),
    AppAction("redo", "ctrl+y", "Redo", "Redo", "Redo the last undone command", group="Undo/Redo", line="redo"),
)
"""The app-wide actions, in footer order."""

MODE_ACTIONS: dict[str, tuple[str, str]] = {"ports": ("ports", "Port"), "zones": ("zones", "Sea"), "naval": ("naval", "Naval"), "map": ("map", "Map")}
"""Table of ``RuleSet.actions`` -> (the mode whose keys they are, the palette's prefix)."""

Entry = tuple[str, str, Callable[[], Any]]


class HarbormasterCommands(Provider):
    """Palette entries: app actions, the modes' actions (on their selected rows), pending prompts."""

    def entries(self) -> Iterator[Entry]:
        """Every entry as ``(title, help, callback)``."""
        app: Any = self.app
        for a in APP_ACTIONS:
            if a.mode and not app.has_mode(a.mode):
                continue
            if a.palette:
                yield a.title, a.help, partial(app.run_action, a.palette)
            else:
                yield a.title, a.help, partial(app.run_line, a.line, "palette") if a.line else partial(app.run_action, a.action)
        if not app.game.read_only:
            yield ("Go to a segment", "Advance to a segment ahead, chosen from a list, every effect on the way (goto; g on Phases)",
                   partial(self._goto))
        rows: dict[str, list[dict[str, Any]]] = {}
        for table, actions in app.game.ruleset.actions.items():
            mode, prefix = MODE_ACTIONS.get(table, (table, table.title()))
            prefix = app.game.ruleset.mode_titles.get(mode, prefix)  # "Factories" where the Ports mode lists cities
            if not app.has_mode(mode) or mode not in app.MODES:
                continue
            for action in actions:
                if action.menu:
                    continue  # its actions are listed themselves
                name = app.selected.get(action.target, "") if action.target else ""
                if action.target and not name:
                    continue
                if action.requires and not action.applies(self._selected_row(action.target, name, rows)):
                    continue  # not for this row (an airfield to build where one may not be built): as the mode's keys
                title = f"{prefix}: {action.long_name} {name}".rstrip()
                yield title, action.help, partial(self._act, mode, action.id)
        for prompt in told_pending(app.game):  # a side view: only the prompts its side sees
            mark = "required · " if prompt.required else ""
            yield f"Answer {prompt.id}", f"{mark}{prompt.text}", partial(app.answer, prompt.id, "palette")
        if not app.game.read_only:
            yield ("Write a briefing", "A side's briefing (or the referee's report) as Markdown beside the save (key R)",
                   partial(app.run_action, "briefing"))
        elif app.is_web:  # a read-only session in a terminal writes no file: none to offer (issue 29.3)
            yield "Download a briefing", f"{briefing_help(app)} (key R)", partial(app.run_action, "briefing")
        yield from self.system_entries()

    def system_entries(self) -> Iterator[Entry]:
        """Textual's own entries (theme, keys, screenshot), after the game's, without its second Quit (issue 22
        point 13: the game's Quit is the one listed). A read-only session in a terminal lists no Screenshot: Textual
        saves it into the downloads folder, and such a session writes nothing anywhere (issue 29.3; in a browser
        tab it is a download)."""
        app: Any = self.app
        ours = {a.title for a in APP_ACTIONS}
        writes_no_file = app.game.read_only and not app.is_web
        for command in app.get_system_commands(self.screen):
            if command.title in ours or (writes_no_file and command.title == SCREENSHOT):
                continue
            yield command.title, command.help, command.callback

    async def _goto(self) -> None:
        """Show the Phases mode and its list of the segments ahead (its ``g``)."""
        app: Any = self.app
        await app.switch_mode("phases")
        await app.screen.run_action("goto")

    def _selected_row(self, view: str, key: str, rows: dict[str, list[dict[str, Any]]]) -> dict[str, Any] | None:
        """The row ``key`` of rule-set view ``view`` (its rows read once per palette listing)."""
        app: Any = self.app
        views = app.game.ruleset.views
        if view not in views:
            return None
        if view not in rows:
            rows[view] = list(views[view](app.game.state))
        return next((r for r in rows[view] if row_key(r) == key), None)

    def named(self, query: str) -> Iterator[Entry]:
        """The modes' actions on the rows the query names (``capture Trip`` -> Capture Tripoli), the selected ones aside."""
        words = [w.lower() for w in query.split() if len(w) >= MIN_WORD]
        if not words:
            return
        app: Any = self.app
        views = app.game.ruleset.views
        rows: dict[str, list[dict[str, Any]]] = {}
        for table, actions in app.game.ruleset.actions.items():
            mode, prefix = MODE_ACTIONS.get(table, (table, table.title()))
            prefix = app.game.ruleset.mode_titles.get(mode, prefix)
            if not app.has_mode(mode) or mode not in app.MODES:
                continue
            for action in actions:
                if action.menu or not action.target or action.target not in views:
                    continue
                if action.target not in rows:
                    rows[action.target] = views[action.target](app.game.state)
                selected = app.selected.get(action.target, "")
                seen: set[str] = set()
                for row in rows[action.target]:
                    for name in dict.fromkeys(str(n) for n in (row.get("name"), row.get("place")) if n):
                        if name in seen or name == selected or not action.applies(row):
                            continue
                        parts = name.lower().replace("-", " ").split()
                        if any(p.startswith(w) for w in words for p in parts):
                            seen.add(name)
                            yield (f"{prefix}: {action.long_name} {name}", action.help,
                                   partial(self._act, mode, action.id, action.target, row_key(row)))

    async def _act(self, mode: str, action_id: str, view: str = "", key: str = "") -> None:
        """Show the action's mode, put the cursor on row ``key`` of ``view`` if given, then run the action on it."""
        app: Any = self.app
        await app.switch_mode(mode)
        if key and not app.screen.select_target(view, key):
            app.notify(f"'{key}' is not shown in this mode.", severity="warning")
            return
        await app.screen.run_action(f"act('{action_id}', 'palette')")

    async def discover(self) -> Hits:
        """Every entry, before anything is typed."""
        for title, help_text, callback in self.entries():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        """Entries matching ``query``, best first (with the actions on the rows it names)."""
        matcher = self.matcher(query)
        for title, help_text, callback in (*self.entries(), *self.named(query)):
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, text=title, help=help_text)
