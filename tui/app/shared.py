"""A session's shared save: follow what other sessions write, who writes the game, taking it over, file problems.

The part of :class:`tui.app.HarbormasterApp` that watches the save file on disk:
every ``POLL_SECONDS`` it takes another session's changes (:meth:`SharedSaveApp._poll`),
notices when the writer leaves and offers to take the game over (key T, issue
12.7), and says what is wrong when the file is cut short, replaced or moved,
with a way out (write it back or elsewhere).
"""

from __future__ import annotations

from pathlib import Path

from textual import work
from textual.app import ScreenStackError

from .start import StartingApp
from ..engine.sides import told_events
from ..screens.messages import GameChanged
from ..session import GameLocked, GameOpenError, watching
from ..store import SaveError, StoreFailed


class SharedSaveApp(StartingApp):
    """Following the save other sessions share (the app's ``version``, ``writer``, ``file_problem`` and
    ``taking_over`` are set in :class:`tui.app.HarbormasterApp`)."""

    def _poll(self) -> None:
        """Take another session's changes (one ``stat`` when there are none); never die on a file problem."""
        try:
            if self.screen.is_modal or self.taking_over:  # taking over: the lock held is this session's own
                return
        except ScreenStackError:  # the timer fired while the app starts or ends
            return
        self._follow_writer()
        try:
            changed = self.game.poll()
        except (GameOpenError, SaveError, StoreFailed, OSError) as exc:
            self._file_problem(str(exc))
            return
        if self.file_problem is not None:
            self.file_problem = None
            self._say("The save file can be read again; following it.", "success")
        if not changed:
            return
        self.version += 1
        last = next((e for e in reversed(told_events(self.game)) if e.get("status") == "applied"), None)
        by = f"the referee ({self.game.writer})" if self.game.writer else "another session"
        what = f": #{last['seq']} {last['command']} — {last['summary']}" if last else ""
        self._say(f"Updated by {by}{what}", "info")
        self.post_message(GameChanged(None, self.version))

    # ------------------------------------------------------- who writes
    @property
    def can_take_over(self) -> bool:
        """Whether this session watches a game nobody writes now, and may write it (key T)."""
        return self.game.read_only and self.game.take_over is not None and self.writer is None

    def _follow_writer(self) -> None:
        """A watching session notices when the writer leaves (and offers to take over) and when another one takes over.

        Bug 12.7: the lock is what counts, not the first writer's name; the
        name is read from the holder's record when the lock is held.
        """
        game = self.game
        if not game.read_only or game.watch_writer is None:
            return
        try:
            now = game.watch_writer()
        except OSError:
            return
        last = self.writer
        if now == "":  # held, but the holder's record is not (yet) there
            if last is not None:
                return
            now = "another session"
        if now == last:
            return
        self.writer = now
        game.writer = now or ""
        if game.take_over is not None:  # watching only because that session held the lock
            game.read_only_reason = watching(now) if now else f"Nobody writes this game now ({last or 'the writer'} left)."
        self.refresh_bindings()
        if now is None:
            gone = f"{last} left" if last else "The writer left"
            if game.take_over is None:
                self._say(f"{gone}: nobody writes this game now. {game.read_only_reason}".strip(), "warning")
                return
            self._say(f"{gone}: nobody writes this game now. Press T to take over (this session then writes it).", "warning")
            self._offer_take_over(gone)
        else:
            after = f" ({last} left)" if last and last != now else ""
            self._say(f"Now written by {now}{after}: you are watching; changes are credited to it.", "info")

    @work(group="take-over", exclusive=True)
    async def _offer_take_over(self, gone: str) -> None:
        """Ask a watching session whether to write the game now that nobody does."""
        from ..screens.confirm_prompt import ConfirmPrompt
        yes = await self.push_screen_wait(ConfirmPrompt(
            "Nobody writes this game",
            f"{gone}: nobody writes this game now. Take over? This session takes the game's lock, "
            "reads the newest save and writes it from now on. Or keep watching (T takes over later).",
            yes="Take over", no="Keep watching"))
        if yes:
            self.action_take_over()
        elif self.can_take_over:
            self._say("Still watching; nobody writes this game. Press T to take over.", "warning")

    def action_take_over(self) -> None:
        """Write the game from this session now that nobody does (key T): take the lock properly, check the save's log
        replays (:meth:`_take_over`), then carry on as its writer."""
        game = self.game
        if not game.read_only:
            self._say("This session already writes the game.", "info")
            return
        if game.take_over is None:
            self._say(f"This session cannot write the game: {game.read_only_reason}", "warning")
            return
        if self.taking_over:
            return  # already taking over: its check is running
        self.taking_over = True
        self._take_over()

    @work(group="taking-over", exclusive=True)
    async def _take_over(self) -> None:
        """Take the game's lock, then replay the save's log (or find the marker of its exact bytes) before writing it,
        as every open does (issue 29.7): a log that does not replay lets the lock go, and the session keeps watching."""
        from .start import CHECK_CHUNK
        from ..engine.rulecache import rule_cache
        from ..session.log_check import check_log

        try:
            if not await self.log_checked():
                return
            game = self.game
            try:
                new = game.take_over()
            except GameLocked as exc:
                self._say(f"Not taken over: {exc}", "warning")
                self._follow_writer()
                return
            except GameOpenError as exc:
                self._say(f"Not taken over: {exc}", "error")
                return
            try:
                self._say("Taking over: checking that the save's log replays to its state ...", "info")
                cache = rule_cache()
                verdict = await check_log(new, CHECK_CHUNK, cache)
            except BaseException:  # the app ends meanwhile: let the lock go
                new.close()
                new.store.close()  # type: ignore[attr-defined]
                raise
            if verdict.problem:
                new.close()
                new.store.close()  # type: ignore[attr-defined]
                self._say(f"Not taken over: {verdict.problem}; you are still watching and the file was not changed.", "error")
                return
        finally:
            self.taking_over = False
        verdict.mark(cache)
        new.chain_verified = new.chain_marked = verdict.raw is not None  # ``close`` marks the bytes it leaves
        old, self.game = game, new
        old.close()
        old.store.close()  # type: ignore[attr-defined]
        self.writer = None
        self.file_problem = None
        self.version += 1
        self.post_message(GameChanged(None, self.version))
        self.refresh_bindings()
        self._say(f"You now write this game ({new.turn_label} · {new.segment.title}); every command is saved as before.", "success")

    # ------------------------------------------------------- file problems
    def _file_problem(self, problem: str) -> None:
        """The save was cut short, replaced, removed or its folder moved: say so once, keep the game, offer a way out."""
        if problem == self.file_problem:
            return  # already said; still waiting
        self.file_problem = problem
        if self.game.read_only:
            self._say(f"File problem: {problem}. Showing the last good game; waiting for the file to come back.", "warning")
            return
        self._say(f"File problem: {problem}. Your game is kept in memory.", "error")
        self._offer_file_fix(problem)

    @work(group="file-problem", exclusive=True)
    async def _offer_file_fix(self, problem: str) -> None:
        """Ask the writer what to do: put the game back, write it elsewhere, or wait."""
        from ..screens.file_problem import FileProblem
        from ..paths import data_dir
        from ..session import write_back, write_elsewhere

        store_file = getattr(self.game.store, "file", None) or "game.json"
        suggestion = f"{store_file}.recovered.json"
        answer = await self.push_screen_wait(FileProblem(problem, can_write=not self.game.read_only, suggestion=suggestion))
        if answer is None:
            self._say("Waiting: the game is kept in memory; commands are refused until the file is fixed "
                      "(any refused command offers the choices again).", "warning")
            return
        what, where = answer
        try:
            if what == "back":
                kept = write_back(self.game)
                self.file_problem = None
                extra = f"; what was on disk is kept as {kept.name}" if kept else ""
                self._say(f"Your game was written back to {store_file}{extra}.", "success")
            elif where:
                new = write_elsewhere(self.game, Path(where), data_dir())
                old, self.game = self.game, new
                old.close()
                self.file_problem = None
                self._say(f"Your game was written to {new.store.file}; carrying on there.", "success")
            else:
                self._say("No path given: nothing was written.", "warning")
                self.file_problem = None  # ask again at the next poll
                return
        except GameOpenError as exc:
            self._say(f"{exc} — nothing was changed.", "error")
            self.file_problem = None  # ask again at the next poll
            return
        self.version += 1
        self.post_message(GameChanged(None, self.version))
