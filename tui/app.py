"""The Harbormaster app: composes the modes and routes every key, palette entry and typed line to one execute path.

``make_app(game)`` builds it (the CLI opens or creates the game; tests pass a
``memory_game``). The modes are screens (``MODES``); the app owns the game,
the execute path (the parts a command lacks, dice, confirmations, refusals,
then the prompts the command raised, one after another) and the status line, and tells the screens when
the game changed (``GameChanged``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Callable, ClassVar

from textual import events, on, work
from textual.app import App, ScreenStackError
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widgets import Input

from .commands import APP_ACTIONS, HarbormasterCommands
from .engine.command import Command, parse
from .engine.game import Game, Result
from .screens.answer import answer_line, answer_text, prompt_modal
from .screens.action_screen import ActionScreen
from .screens.base import GameScreen
from .screens.command_line import CommandLine, completions, syntax
from .screens.confirm_prompt import ConfirmPrompt
from .screens.dice_prompt import ROLL, DicePrompt
from .screens.file_problem import FileProblem
from .screens.log import LogScreen
from .screens.map import MapScreen
from .screens.markers import MarkersScreen
from .screens.messages import AnswerPrompt, GameChanged, RunCommand, Status
from .screens.naval import NavalScreen
from .screens.phases import PhasesScreen
from .screens.ports import PortsScreen
from .screens.text_screen import TextScreen, help_text, keys_table
from .screens.zones import ZonesScreen
from .session import GameOpenError
from .store import SaveError, StoreFailed
from .widgets.explain_pane import explained_text
from .widgets.view_table import ViewTable

POLL_SECONDS = 0.5  # how often the save is checked for changes made by another session
RETRIES = 64  # dice stages / confirmation rounds for one command before giving up (a batch asks each stage)
PROMPT_CHAIN = 16  # prompts asked after one command, one after another
GAME_ACTIONS = frozenset({a.action.split("(")[0] for a in APP_ACTIONS} | {"command_palette"})


class HarbormasterApp(App[None]):
    """The referee's terminal: Phases, Ports, Markers, Log and (where the rules have sea zones) Sea Zones modes."""

    TITLE = "Harbormaster"
    CSS_PATH = "app.tcss"
    MODES: ClassVar[dict[str, Any]] = {
        "phases": PhasesScreen,
        "ports": PortsScreen,
        "markers": MarkersScreen,
        "log": LogScreen,
        "zones": ZonesScreen,
        "naval": NavalScreen,
        "map": MapScreen,
    }
    DEFAULT_MODE = "phases"
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (100, "-wide")]
    """Screens get ``-narrow`` below 100 columns (layouts in the .tcss files give way)."""
    COMMANDS = App.COMMANDS | {HarbormasterCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(a.key, a.action, a.label, key_display=a.key_display, tooltip=a.help,
                group=Binding.Group(a.group, compact=True) if a.group else None)
        for a in APP_ACTIONS
    ] + [Binding("R", "briefing", "Briefing", show=False, tooltip="Write a briefing for one side (or the referee) beside the save")]
    """Modes 1-5, ``:`` command line, ``n`` next, undo/redo, ``?`` help, ``q`` quit (see ``APP_ACTIONS``)."""

    status: reactive[Status] = reactive(Status("Ready — : command line · ctrl+p palette · ? help"), init=False)
    """The status line every mode shows."""

    def __init__(self, game: Game, *, clock: Callable[[], datetime] | None = None, cursor_blink: bool = True) -> None:
        super().__init__()
        self.game = game
        """The running game."""
        self.clock = clock or game.clock
        """Stamps the status line (fixed in tests and snapshots)."""
        self.cursor_blink = cursor_blink
        """Whether text inputs blink (off in snapshots)."""
        self.version = 0
        """Counts changes; screens compare it with what they rendered."""
        self.history: list[str] = []
        """Lines typed at the command line, oldest first."""
        self.file_problem: str | None = None
        """What is wrong with the save file now (cut short, replaced, moved), or None."""
        self.selected: dict[str, str] = {}
        """The name of the selected row of each view shown (``ports`` -> a port); the palette's actions name it."""

    @property
    def selected_port(self) -> str | None:
        """The port selected in the Ports mode (the palette's port commands act on it)."""
        return self.selected.get("ports")

    MODE_VIEWS: ClassVar[dict[str, str]] = {"zones": "zones", "naval": "units", "map": "map"}
    """Modes shown only for a rule set with this view (Sea Zones, naval units, the hex map)."""

    def has_mode(self, mode: str) -> bool:
        """Whether this game has mode ``mode`` (Sea Zones where the rule set has sea zones, Naval where it has naval
        units, Map where it has a hex map)."""
        view = self.MODE_VIEWS.get(mode)
        return view is None or view in self.game.ruleset.views

    def on_mount(self) -> None:
        """Say why the game is read-only, if it is; follow changes other sessions make to the save."""
        if self.game.read_only:
            reason = self.game.read_only_reason or "nothing can be changed from this session"
            self._say(f"Read-only: {reason}", "warning")
        self.set_interval(POLL_SECONDS, self._poll)

    def _poll(self) -> None:
        """Take another session's changes (one ``stat`` when there are none); never die on a file problem."""
        try:
            if self.screen.is_modal:
                return
        except ScreenStackError:  # the timer fired while the app starts or ends
            return
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
        last = next((e for e in reversed(self.game.events) if e.get("status") == "applied"), None)
        by = f"the referee ({self.game.writer})" if self.game.writer else "the referee"
        what = f": #{last['seq']} {last['command']} — {last['summary']}" if last else ""
        self._say(f"Updated by {by}{what}", "info")
        self.post_message(GameChanged(None, self.version))

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
        from .paths import data_dir
        from .session import write_back, write_elsewhere

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

    # ------------------------------------------------------------ routing
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Game keys (and the palette) do nothing while a dialog is open; a mode the game lacks is hidden."""
        if action == "mode" and parameters and not self.has_mode(str(parameters[0])):
            return False
        return not (action in GAME_ACTIONS and self.screen.is_modal)

    def action_mode(self, mode: str) -> None:
        """Show mode ``mode``."""
        if self.has_mode(mode):
            self.switch_mode(mode)

    def action_next(self) -> None:
        """Advance to the next segment."""
        self.run_line("next", "key")

    def action_undo(self) -> None:
        """Undo the last command."""
        self.run_line("undo", "key")

    def action_redo(self) -> None:
        """Redo the last undone command."""
        self.run_line("redo", "key")

    def action_help(self) -> None:
        """The keys and every command."""
        result = self.game.execute("help", "key")
        keys = [(a.key_display or a.key, a.help) for a in APP_ACTIONS if not a.mode or self.has_mode(a.mode)]
        keys.append(("ctrl+p", "Command palette: every action, port command and pending prompt; a name acts on that port or "
                               "unit (capture Tripoli)"))
        keys.append(("/", "In a table: search every column (Enter or ↓ next match, ↑ previous, then n/N; Esc close); "
                          "typing a name as written (Tob) jumps to it"))
        keys.append(("R", "Write a briefing for one side (or the referee's report) beside the save"))
        sections = [("Keys", keys_table(keys))]
        if isinstance(self.screen, ActionScreen) and self.screen.actions:
            mode_keys = [(a.key, f"{a.long_name} — {a.help}") for a in self.screen.actions if a.key]
            sections.append((f"Keys of the {self.screen.MODE_TITLE} mode", keys_table(mode_keys)))
        self.push_screen(TextScreen("Harbormaster — help", [*sections, (result.message, help_text(result.details))]))

    def action_command_line(self) -> None:
        """Open the ``:`` command line; run what is typed."""
        self.push_screen(CommandLine(self.history, completions(self.game, self.history), syntax(self.game)), self._typed)

    def action_answer(self, prompt_id: str) -> None:
        """Ask for the answer to pending prompt ``prompt_id`` and run it."""
        self.answer(prompt_id)

    def branch_at(self, seq: int) -> None:
        """Write a what-if branch of the game at log entry ``seq`` beside the save, and say where (Log mode's ``b``)."""
        from .branch import BranchError, branch_game, default_branch_path

        save = getattr(self.game.store, "path", None)
        if save is None:
            self._say("Not branched: this game has no save file.", "error")
            return
        try:
            path, _ = branch_game(self.game, seq, default_branch_path(save, seq))
        except BranchError as exc:
            self._say(f"Not branched: {exc}", "error")
            self.notify(str(exc), title="Not branched — nothing changed", severity="error")
            return
        message = f"Branched at #{seq} into {path} — open it with: harbormaster {path}"
        self._say(message, "success")
        self.notify(message, title="What-if branch saved", timeout=10)

    @work(group="briefing")
    async def action_briefing(self) -> None:
        """Ask for a side, write its briefing (Markdown) beside the save, and say where (key ``R``)."""
        from .briefing import default_report_path, render, write_file
        from .screens.choice_prompt import ChoicePrompt

        save = getattr(self.game.store, "path", None)
        if save is None:
            self._say("No briefing: this game has no save file to write it beside.", "error")
            return
        choices = [*self.game.ruleset.sides, "referee"]
        side = await self.push_screen_wait(ChoicePrompt(
            "Write a briefing", "For which side? A side's briefing leaves out what only the other side holds; "
            "the referee's report has everything.", choices, default=self.game.phasing_side))
        if side is None:
            self._say("No briefing written.", "warning")
            return
        who = None if side == "referee" else side
        path = default_report_path(save, who, self.game.turn_label)
        try:
            write_file(path, render(self.game, who))
        except OSError as exc:
            self._say(f"Briefing not written: {exc}", "error")
            return
        self._say(f"Briefing for {side} written to {path}", "success")
        self.notify(str(path), title=f"Briefing for {side} written", timeout=10)

    def _typed(self, line: str | None) -> None:
        if line:
            if not self.history or self.history[-1] != line:
                self.history.append(line)
            self.run_line(line, "line")

    @on(RunCommand)
    def _run_command(self, message: RunCommand) -> None:
        self.run_line(message.line, message.source)

    @on(AnswerPrompt)
    def _answer_prompt(self, message: AnswerPrompt) -> None:
        self.answer(message.prompt_id)

    @on(ViewTable.RowSelected)
    def _row_selected(self, message: ViewTable.RowSelected) -> None:
        self.selected[message.view] = message.name

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Without cursor blink (snapshots), no text input blinks, the palette's included."""
        if not self.cursor_blink and isinstance(event.widget, Input):
            event.widget.cursor_blink = False

    @on(GameChanged)
    def _game_changed(self, message: GameChanged) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.post_message(GameChanged(message.result, message.version))

    # ------------------------------------------------------ execute path
    @work(group="execute")
    async def run_line(self, line: str, source: str = "line") -> Result | None:
        """Run one command line through :meth:`execute` (a worker: it may ask for dice or confirmation)."""
        return await self.execute(line, source)

    @work(group="execute")
    async def answer(self, prompt_id: str, source: str = "key") -> Result | None:
        """Ask for the answer to a pending prompt, then run ``answer ID VALUE``."""
        prompt = self.game.state.pending_prompt(prompt_id)
        if prompt is None:
            self._say(f"No pending prompt '{prompt_id}'.", "error")
            return None
        line = answer_line(prompt, await self.push_screen_wait(prompt_modal(prompt)))
        if line is None:
            self._say(f"{prompt.id}: not answered (still pending).", "warning")
            return None
        return await self.execute(line, source)

    async def execute(self, line: str, source: str) -> Result | None:
        """The one execute path: run the command (asking for dice or confirmation), then ask the prompts it raised."""
        result = await self._run(line, source)
        if result is not None and result.ok:
            await self._ask_raised(result.raised)
        return result

    async def _run(self, line: str, source: str) -> Result | None:
        """Run, ask for dice or confirmation and re-run, report; None when the referee cancelled."""
        command: str | Command = line
        result = self.game.execute(command, source)
        for _ in range(RETRIES):
            if result.needs_dice:
                spec, purpose = result.needs_dice
                what = f"{result.dice_detail}\n" if result.dice_detail else ""
                answer = await self.push_screen_wait(DicePrompt(purpose or "Dice", f"{what}{line} needs {spec} for this stage.", spec))
                if answer is None:
                    self._say(f"Cancelled: {line} (nothing changed).", "warning")
                    return None
                command = self._with(command, source, roll=True) if answer == ROLL else self._with_dice(command, source, answer)
            elif result.needs_answer:  # a part the command lacks (the guided check): asked, put in, run again
                question = result.needs_answer
                text = answer_text(question.prompt, await self.push_screen_wait(
                    prompt_modal(question.prompt, question.prompt.subject)))
                if text is None:
                    self._say(f"Cancelled: {line} (nothing changed).", "warning")
                    return None
                command = question.answered(text)
            elif result.needs_confirm:
                if not await self.push_screen_wait(ConfirmPrompt("Go ahead?", result.message, yes="Go ahead", no="Back")):
                    self._say(f"Cancelled: {line} (nothing changed).", "warning")
                    return None
                command = self._with(command, source, force=True)
            else:
                break
            result = self.game.execute(command, source)
        self._report(result)
        if not result.ok and self.file_problem is not None and not self.game.read_only:
            self._offer_file_fix(self.file_problem)
        if result.ok and result.changed:
            self.version += 1
            self.post_message(GameChanged(result, self.version))
        return result

    async def _ask_raised(self, raised: list[str]) -> None:
        """Ask the prompts a command raised, one after another, with those their answers raise first.

        A refused answer asks the same prompt again (the status line says why);
        Escape leaves a prompt pending. At most ``PROMPT_CHAIN`` questions.
        """
        queue = list(raised)
        asked = 0
        while queue and asked < PROMPT_CHAIN:
            prompt = self.game.state.pending_prompt(queue[0])
            if prompt is None:
                queue.pop(0)
                continue
            asked += 1
            answer_text = answer_line(prompt, await self.push_screen_wait(prompt_modal(prompt)))
            if answer_text is None:
                self._say(f"{prompt.id}: left pending — answer it from Phases (a) or the palette.", "warning")
                queue.pop(0)
                continue
            result = await self._run(answer_text, "key")
            if result is not None and result.ok:
                queue[:1] = result.raised
            elif result is None:
                queue.pop(0)

    @staticmethod
    def _with(command: str | Command, source: str, **options: Any) -> Command:
        cmd = command if isinstance(command, Command) else parse(command, source)
        return cmd.with_options(**options)

    @staticmethod
    def _with_dice(command: str | Command, source: str, faces: str) -> Command:
        cmd = command if isinstance(command, Command) else parse(command, source)
        return cmd.with_options(dice=[*cmd.options.get("dice", []), faces])

    def _report(self, result: Result) -> None:
        if not result.ok:
            self._say(result.message, "error")
            self.notify(result.message, title="Refused — nothing changed", severity="error")
        elif result.changed:
            where = f"#{result.seq} " if result.seq and f"#{result.seq}" not in result.message else ""
            self._say(f"{where}{result.message}", "success")
            self.notify(result.message, title=f"{where}{result.command}")
        else:  # help and why change nothing: show what they say
            self._say(result.message, "info")
            body = [("", explained_text(e)) for e in result.explanations] or [("", help_text(result.details))]
            self.push_screen(TextScreen(result.message, body))

    def _say(self, text: str, level: str) -> None:
        self.status = Status(text, level, self.clock().strftime("%H:%M"))


def make_app(game: Game, *, clock: Callable[[], datetime] | None = None, cursor_blink: bool = True) -> HarbormasterApp:
    """The app for ``game`` (the one factory: the CLI, tests, snapshots and the screenshot script use it)."""
    return HarbormasterApp(game, clock=clock, cursor_blink=cursor_blink)


__all__ = ["HarbormasterApp", "make_app"]
