"""The command palette (``ctrl+p``): every action of the app, as data, searchable.

``APP_ACTIONS`` is the table of app-wide actions: the app turns it into its
key bindings (shown in the footer) and :class:`HarbormasterCommands` into
palette entries, together with every port command on the selected port and
every pending prompt.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Iterator

from textual.command import DiscoveryHit, Hit, Hits, Provider

from .screens.port_actions import PORT_ACTIONS


@dataclass(frozen=True)
class AppAction:
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
    """Footer group: keys of one group share one label (``1234 Modes``)."""
    line: str = ""
    """The command it runs, if it is one (``next``): the palette runs it recorded as from the palette."""


APP_ACTIONS: tuple[AppAction, ...] = (
    AppAction("command_line", "colon", "Cmd", "Command line", "Type any command (hit Tobruk 2, why Tobruk, help)", ":"),
    AppAction("next", "n", "Next", "Next segment", "Advance the turn sequence (asks before skipping required prompts)", line="next"),
    AppAction("help", "question_mark", "Help", "Help", "Keys and every command with its syntax and rule", "?"),
    AppAction("quit", "q", "Quit", "Quit", "Leave Harbormaster (every change is already saved)"),
    AppAction("mode('phases')", "1", "Phases", "Mode: Phases", "The turn sequence, the current segment and its prompts", group="Modes"),
    AppAction("mode('ports')", "2", "Ports", "Mode: Ports", "Every port, its figures and why; port commands", group="Modes"),
    AppAction("mode('markers')", "3", "Markers", "Mode: Markers", "Every marker, where and until when", group="Modes"),
    AppAction("mode('log')", "4", "Log", "Mode: Log", "Every event newest first, with dice and undone entries", group="Modes"),
    AppAction("undo", "ctrl+z", "Undo", "Undo", "Undo the last command (it stays in the log, marked UNDONE)", group="Undo/Redo", line="undo"),
    AppAction("redo", "ctrl+y", "Redo", "Redo", "Redo the last undone command", group="Undo/Redo", line="redo"),
)
"""The app-wide actions, in footer order."""

Entry = tuple[str, str, Callable[[], Any]]


class HarbormasterCommands(Provider):
    """Palette entries: app actions, port commands on the selected port, pending prompts."""

    def entries(self) -> Iterator[Entry]:
        """Every entry as ``(title, help, callback)``."""
        app: Any = self.app
        for a in APP_ACTIONS:
            yield a.title, a.help, partial(app.run_line, a.line, "palette") if a.line else partial(app.run_action, a.action)
        port = getattr(app, "selected_port", None)
        for p in PORT_ACTIONS:
            if p.needs_port and not port:
                continue
            title = f"Port: {p.long_name} {port}" if p.needs_port else f"Port: {p.long_name}"
            yield title, p.help, partial(self._port_action, p.id)
        for prompt in app.game.state.flow.pending:
            mark = "required · " if prompt.required else ""
            yield f"Answer {prompt.id}", f"{mark}{prompt.text}", partial(app.answer, prompt.id, "palette")

    async def _port_action(self, action_id: str) -> None:
        """Show the Ports mode, then run the port action there (on its selected port)."""
        app: Any = self.app
        await app.switch_mode("ports")
        await app.screen.run_action(f"port('{action_id}', 'palette')")

    async def discover(self) -> Hits:
        """Every entry, before anything is typed."""
        for title, help_text, callback in self.entries():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        """Entries matching ``query``, best first."""
        matcher = self.matcher(query)
        for title, help_text, callback in self.entries():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, text=title, help=help_text)


