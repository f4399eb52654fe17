"""``GameScreen``: what every mode shares — the header, a status line, the footer, and re-rendering on change.

The app owns the game and the execute path. A mode screen renders from the
game it is handed (``render_game``), re-renders when the app forwards
``GameChanged``, and catches up when it is shown again after changes made
while another mode was on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from ..widgets.fitting_footer import FittingFooter
from ..widgets.game_header import GameHeader, HeaderInfo
from ..widgets.status_line import StatusLine
from .messages import GameChanged, Status

if TYPE_CHECKING:
    from ..engine.game import Game
    from textual.widget import Widget


def _has_screen(app: object) -> bool:
    """Whether the app already shows a screen (False while it starts)."""
    try:
        return bool(app.screen_stack)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - no screen stack yet (Textual raises while it starts)
        return False


class GameScreen(Screen[None]):
    """The base of every mode: Phases, Ports, Markers, Log, Sea Zones."""

    MODE_TITLE: ClassVar[str] = ""
    """The mode's name in the header."""
    FOCUS: ClassVar[str | type[Widget] | None] = None
    """The widget focused when the mode is built (a selector or a class), if any."""

    WRITE_ACTIONS: ClassVar[frozenset[str]] = frozenset()
    """The mode's actions that change the game: a watching (read-only) session neither shows nor runs them."""
    NEXT_LINES: ClassVar[int] = 2
    """The most lines the header's Next step takes in this mode (a long step wraps onto a second: issue 30 item 9)."""

    def __init__(self) -> None:
        super().__init__()
        self._rendered = -1
        # A mode screen made after the first one is styled from the app's style sheets as they are when it mounts.
        # Textual (8.2) would otherwise take it for out of date, re-parse every style sheet and restyle the whole app
        # when it is first shown (twice) and shown again: the largest part of a first mode switch. The first screen
        # keeps Textual's refresh: it is what applies the theme's variables at start.
        if _has_screen(self.app):
            self._css_update_count = getattr(self.app, "_css_update_count", -1)

    @property
    def game(self) -> Game:
        """The game the app is running (handed down by the app)."""
        return self.app.game  # type: ignore[attr-defined, no-any-return]

    def compose(self) -> ComposeResult:
        """Header, the mode's body, status line, footer."""
        yield GameHeader()
        yield from self.compose_body()
        yield StatusLine()
        yield FittingFooter(legend_keys=self.legend_keys())

    def legend_keys(self) -> frozenset[str]:
        """The keys this mode's key legend lists (they leave a narrow footer first); none unless it has a legend."""
        return frozenset()

    def compose_body(self) -> ComposeResult:
        """The mode's own widgets."""
        yield from ()

    def on_mount(self) -> None:
        """Focus :attr:`FOCUS`; follow the app's status line; render the game.

        Textual calls this once for every mode (a subclass does not define its own ``on_mount``: Textual would call
        both). A screen the app stopped building as it ended (a mode built ahead as the referee quits) has no widgets
        to follow, or only some of them: nothing is done.
        """
        if not self.children or not self.query(StatusLine) or not self.query(GameHeader):
            return  # the ending app mounted only part of the screen (seen in CI and beside a CPU hog): nothing to follow
        if self.FOCUS is not None:
            focus = self.query(self.FOCUS)
            if not focus:
                return
            focus.first().focus()
        self.watch(self.app, "status", self._show_status, init=True)
        self.call_after_refresh(self._catch_up)

    def on_resize(self) -> None:
        """Below 100 columns the footer drops its palette key (ctrl+p still works) to keep room for the rest."""
        for footer in self.query(Footer):  # none yet on a screen the ending app mounted only in part
            footer.show_command_palette = self.size.width >= 100

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A watching session's footer shows only what it can do (bug 12.7)."""
        if self.game.read_only and self.writes(action, parameters):
            return False
        return True

    def writes(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether key action ``action`` would change the game (subclasses with actions as data say which)."""
        return action in self.WRITE_ACTIONS

    def on_key(self, event: events.Key) -> None:
        """A write key pressed in a watching session (not on its footer) says why nothing happens instead of nothing."""
        if not self.game.read_only:
            return
        app: Any = self.app
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            _, name, params = parse_action(binding.action)
            if self.writes(name, params):
                app.refuse_write(binding.description or name)
                event.stop()
                return
        label = app.write_key(event.key)
        if label:
            app.refuse_write(label)
            event.stop()

    def on_screen_resume(self) -> None:
        """Catch up with changes made while another mode was shown."""
        self.refresh_bindings()  # the session may have begun or ceased to write meanwhile
        if self.is_mounted:
            self._catch_up()

    def _catch_up(self) -> None:
        """Render unless what is shown is already the game now (a screen first shown renders once, not twice)."""
        if self._rendered != getattr(self.app, "version", 0):
            self.refresh_game()

    @on(GameChanged)
    def _game_changed(self, message: GameChanged) -> None:
        self.refresh_game()

    def refresh_game(self) -> None:
        """Render the header and the body from the game."""
        game = self.game
        self._rendered = getattr(self.app, "version", 0)
        title = game.ruleset.mode_titles.get(self.MODE_TITLE.lower(), self.MODE_TITLE)
        self.query_one(GameHeader).info = HeaderInfo.from_game(game, title)
        self.render_game(game)

    def render_game(self, game: Game) -> None:
        """Render the mode's body from ``game`` (subclasses)."""

    def _show_status(self, status: Status) -> None:
        self.query_one(StatusLine).show(status.text, status.level, status.time)
