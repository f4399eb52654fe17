"""How the app starts: the first screen as soon as it can be drawn, the rest of the start-up just after it.

While the first screen is built the garbage collector is paused (what is built
lives as long as the app). Once the first screen is drawn the app replays the
save's log (for a save opened with ``verify="later"``: commands wait for it,
so it comes first, and a log that does not replay ends the app as an open
would have refused it); then it reads the other modes' style sheets and builds
the other modes off screen, one at a time, so that a first switch only lays
out and draws.
"""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events, on
from textual.app import App, ScreenError

if TYPE_CHECKING:
    from ..engine.game import Game

HERE = Path(__file__).resolve().parent.parent  # the package folder (its screens' style sheets)

AFTER_FIRST_FRAME = 0.1
"""Seconds after the first screen is ready before the style sheets are read and the modes built ahead (after the log
check, which starts once the first screen is drawn): the screen's footer is composed once its keys are known, a
frame later, and drawing it comes first."""
CHECK_CHUNK = 100
"""Events replayed between two turns of the event loop while the log is checked (about a millisecond's work: the
screen stays responsive and its first full frame is not held up)."""
PREBUILD_GAP = 0.05
"""Seconds between building one mode ahead and the next (keys pressed meanwhile are handled in between)."""


class StartingApp(App[None]):
    """The start-up of :class:`tui.app.HarbormasterApp` (its modes are ``MODES``; ``has_mode`` says which it shows)."""

    PREBUILD_AFTER: ClassVar[float | None] = 0.15
    """Seconds after the first screen is up before the other modes are built, one at a time, while the referee reads
    it (None: each mode is built when first shown). A mode built ahead is only laid out and drawn when first shown."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        """The running game."""
        self.log_problem: str | None = None
        """Why the save's log does not replay to its state, found once the first screen was up (the app then ends and
        the command line refuses the save as it would have before showing it); None while it does or is unchecked."""
        self._log_checked = asyncio.Event()
        """Set once the log was replayed, whatever the verdict (at once for a game opened with its log replayed or in
        memory); :attr:`log_problem` says it."""
        if not getattr(game, "unverified", False):
            self._log_checked.set()
        self.prebuilt: list[str] = []
        """The modes built ahead of their first switch, in order (see :data:`PREBUILD_AFTER`)."""

    @on(events.Load)
    def _pause_collector(self) -> None:
        """No garbage collection while the first screen is built: the opened game and what Textual builds live on.

        With the collector on, each collection walks every object alive; with a
        long log loaded that walking made start-up markedly slower. The
        collector comes back, with what exists then set aside, once the first
        screen is shown (:meth:`_first_screen_shown`).
        """
        self._collector_was_on = gc.isenabled()
        gc.disable()

    @on(events.Ready)
    def _first_screen_shown(self) -> None:
        """Once the first screen is up: collect again, but never walk what start-up made (the game, the modules, the
        first screen); the rest waits until its footer is drawn too (:meth:`_after_first_frame`)."""
        gc.freeze()
        if getattr(self, "_collector_was_on", True):
            gc.enable()
        if not self._log_checked.is_set():  # commands wait for it: it comes before the rest, once the screen is drawn
            self.call_after_refresh(self._start_log_check)
        self.set_timer(AFTER_FIRST_FRAME, self._after_first_frame)

    def _start_log_check(self) -> None:
        """Replay the save's log in a worker (:meth:`_check_log`)."""
        self.run_worker(self._check_log, group="check-log", exclusive=True)  # the coroutine is made when it runs

    def _after_first_frame(self) -> None:
        """Off the start path: once the log is checked, read the other style sheets, then build the other modes."""
        self.run_worker(self._after_log_check, group="after-start", exclusive=True)

    async def _after_log_check(self) -> None:
        """Wait for the log check (commands come first), then read the later style sheets and start building modes."""
        await self._log_checked.wait()
        if self.log_problem is not None:
            return  # the app is ending
        self._read_later_css()
        if self.PREBUILD_AFTER is not None:
            self.set_timer(self.PREBUILD_AFTER, self._prebuild_next)

    @on(events.Unmount)
    def _release_frozen(self) -> None:
        """Hand what start-up set aside back to the collector when the app ends (a test process runs many apps)."""
        gc.unfreeze()

    def refresh_css(self, animate: bool = True) -> None:
        """Textual's refresh of every node's styles, re-parsing the style sheets only if their variables changed.

        Textual refreshes when a mode's screen is first shown (the first screen
        at start too): that restyle is what gives the first screen its theme's
        colours, but its re-parse of every sheet with the very variables they
        were just parsed with also empties the parse cache, so the next widget
        mounted parsed them all a third time (~8 ms of a start). A theme change
        (new variables) still re-parses, as Textual does.
        """
        sheet = self.stylesheet
        if getattr(sheet, "_variables", None) != self.get_css_variables():
            super().refresh_css(animate)
            return
        sheet.update(self, animate=animate)  # the rest is Textual's refresh_css (8.2) as it is
        try:
            if self.screen.is_mounted:
                self.screen._refresh_layout(self.size)
                self.screen._css_update_count = self._css_update_count
        except ScreenError:
            pass
        for screen in self.screen_stack:
            if screen != self.screen:
                sheet.update(screen, animate=animate)
                screen._css_update_count = self._css_update_count

    def _read_later_css(self) -> None:
        """Read every other mode's and the dialogs' style sheets, in one parse of those alone, after the first screen
        is shown.

        A screen whose own ``CSS_PATH`` is new to the app makes Textual re-parse
        every style sheet it holds when it is first shown; read here, off the
        start path, a first mode switch or dialog finds them all already parsed.
        """
        sheet = self.stylesheet
        later = [p for p in sorted((HERE / "screens").glob("*.tcss")) if not sheet.has_source(str(p), "")]
        if not later:
            return
        for path in later:
            sheet.read(path)
        sheet.parse()  # the sheets already parsed come from its cache (``reparse`` would parse them all again)
        sheet.update(self)

    async def _check_log(self) -> None:
        """Replay the save's log, :data:`CHECK_CHUNK` events at a time between screen updates, once the game is shown (a
        long log took most of the start-up); commands wait for it. A log that does not replay to the saved state ends
        the app before anything was changed, and the command line refuses the save as it always did.

        A save whose exact bytes were verified before (a marker in the user's cache folder, ``tui/engine/verified.py``)
        is not replayed again: looking its marker up takes a few milliseconds (hashing the save's bytes), done here,
        after the first screen is drawn, not before it; one replayed here and found right is marked so for the next
        start. The bytes looked up, replayed and marked are the same, even if a watching session re-reads the save
        meanwhile (:mod:`tui.session.log_check`, issue 29.4)."""
        from ..engine.rulecache import rule_cache
        from ..session.log_check import check_log

        game = self.game
        cache = rule_cache()  # None: markers are off (``HARBORMASTER_CACHE=off``), the log is replayed as always
        verdict = await check_log(game, CHECK_CHUNK, cache)  # of the bytes as they are now, even if re-read meanwhile
        problem = verdict.problem
        self.log_problem = problem
        game.unverified = bool(problem)
        if problem is None and game.store is verdict.store:  # not re-read from disk meanwhile (a watching session follows)
            game.chain_verified = game.chain_marked = verdict.raw is not None
        self._log_checked.set()
        if problem:
            self.exit(return_code=2)
        else:  # after commands are accepted: the next start need not replay it
            verdict.mark(cache)

    async def log_checked(self) -> bool:
        """Wait until the log is known to replay; False if it does not (the app is ending)."""
        if not self._log_checked.is_set():
            self._say("Checking that the save's log replays to its state before running commands ...", "info")
            await self._log_checked.wait()
        return self.log_problem is None

    def _prebuild_next(self) -> None:
        """Build the next mode not built yet, off screen (composed, styled and filled from the game, as a first switch
        would), then the one after it a moment later, so a key pressed meanwhile waits for one mode at most.

        The mode's screen is installed under a name and the mode made to name it (Textual's ``MODES`` may name an
        installed screen); its first switch then only lays it out and draws it. A screen shown meanwhile is skipped.
        """
        for mode in self.MODES:
            if mode in self._screen_stacks or not self.has_mode(mode) or not callable(self._modes.get(mode)):
                continue
            name = f"prebuilt-{mode}"
            screen = self._modes[mode]()  # type: ignore[operator]
            self.install_screen(screen, name)
            self._modes[mode] = name
            self._register(self, screen)  # mounts it: compose, styles, render_game (Textual's own path for a mode)
            self.prebuilt.append(mode)
            self.set_timer(PREBUILD_GAP, self._prebuild_next)
            return

    def has_mode(self, mode: str) -> bool:
        """Whether this game has mode ``mode`` (every mode, unless the app says otherwise)."""
        return True

    def _say(self, text: str, level: str) -> None:
        """Put ``text`` on the status line (the app does)."""
        raise NotImplementedError

