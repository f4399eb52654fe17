"""The Harbormaster app: composes the modes and routes every key, palette entry and typed line to one execute path.

``make_app(game)`` builds it (the CLI opens or creates the game; tests pass a
``memory_game``). The modes are screens (``MODES``); the app owns the game,
the execute path (the parts a command lacks, dice, confirmations, refusals,
then the prompts the command raised, one after another) and the status line, and tells the screens when
the game changed (``GameChanged``).
"""

from __future__ import annotations

from datetime import datetime
from importlib import import_module
from pathlib import Path
from typing import Any, Callable, ClassVar

from textual import events, on, work
from textual.app import ScreenStackError
from textual.binding import Binding, BindingType
from textual.driver import Driver
from textual.notifications import Notification, SeverityLevel
from textual.reactive import reactive

from .shared import SharedSaveApp
from .text import advancing, effects_list, faces_typed
from ..engine.command import Command, parse
from .commands import APP_ACTIONS, HarbormasterCommands
from ..engine.game import Game, Result
from ..screens.base import GameScreen
from ..screens.messages import AnswerPrompt, GameChanged, RunCommand, Status
from ..screens.phases import PhasesScreen
from ..widgets.control_chars import show_control_characters
from ..widgets.messages import RowSelected

HERE = Path(__file__).resolve().parent
"""The application's folder (its style sheet)."""
TUI = HERE.parent
"""The package's folder (the screens' style sheets)."""
POLL_SECONDS = 0.5  # how often the save is checked for changes made by another session
RETRIES = 64  # dice stages / confirmation rounds for one command before giving up (a batch asks each stage)
PROMPT_CHAIN = 16  # prompts asked after one command, one after another
GAME_ACTIONS = frozenset({a.action.split("(")[0] for a in APP_ACTIONS} | {"command_palette", "take_over"})
WRITE_ACTIONS = frozenset({a.action for a in APP_ACTIONS if a.line and a.line != "help"})
"""App actions that change the game (``next``, undo, redo): a watching session's footer leaves them out."""


def _mode_screen(module: str, name: str) -> GameScreen:
    """A new screen of mode ``module`` (``tui.screens.<module>``), imported on first use."""
    return getattr(import_module(f"..screens.{module}", __package__), name)()  # type: ignore[no-any-return]


class HarbormasterApp(SharedSaveApp):
    """The referee's terminal: Phases, Ports, Markers, Log and (where the rules have sea zones) Sea Zones modes."""

    TITLE = "Harbormaster"
    CSS_PATH: ClassVar[list[str | Path]] = [HERE / "app.tcss", TUI / "screens" / "phases.tcss"]
    """The style sheets the first screen needs; the other modes' and the dialogs' are read once the first screen is up
    (:meth:`_read_later_css`)."""
    MODES: ClassVar[dict[str, Any]] = {
        "phases": PhasesScreen,
        "ports": lambda: _mode_screen("ports", "PortsScreen"),
        "markers": lambda: _mode_screen("markers", "MarkersScreen"),
        "log": lambda: _mode_screen("log", "LogScreen"),
        "zones": lambda: _mode_screen("zones", "ZonesScreen"),
        "naval": lambda: _mode_screen("naval", "NavalScreen"),
        "map": lambda: _mode_screen("map", "MapScreen"),
        "setup": lambda: _mode_screen("setup", "SetupScreen"),
        "exchange": lambda: _mode_screen("exchange", "ExchangeScreen"),
    }
    """The modes; all but the first are imported when first shown (off the start path)."""
    DEFAULT_MODE = "phases"
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (100, "-wide")]
    """Screens get ``-narrow`` below 100 columns (layouts in the .tcss files give way)."""
    COMMANDS: ClassVar[set[Any]] = {HarbormasterCommands}
    """The palette's one provider: the game's entries first, Textual's own after them (issue 22 point 13)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(a.key, a.action, a.label, key_display=a.key_display, tooltip=a.help,
                group=Binding.Group(a.group, compact=True) if a.group else None)
        for a in APP_ACTIONS
    ] + [Binding("R", "briefing", "Briefing", show=False, tooltip="Write a briefing for one side (or the referee) beside the save"),
         Binding("T", "take_over", "Take over", tooltip="Nobody writes this game now: write it from this session (takes its lock)")]
    """Modes 1-9, ``:`` command line, ``n`` next, undo/redo, ``?`` help, ``q`` quit (see ``APP_ACTIONS``)."""

    status: reactive[Status] = reactive(Status("Ready — : command line · ctrl+p palette · ? help"), init=False)
    """The status line every mode shows."""

    def __init__(self, game: Game, *, clock: Callable[[], datetime] | None = None, cursor_blink: bool = True,
                 greeting: str = "") -> None:
        show_control_characters()  # a name or note from the save never sends a control sequence to the terminal
        super().__init__(game)
        self.greeting = greeting
        """Said when the app starts (``Created a new game at ...`` on a first run), or empty."""
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
        self.notices: list[Notification] = []
        """The notifications raised and not yet expired (an open dialog folds them in; see :meth:`notify`)."""
        self.selected: dict[str, str] = {}
        """The name of the selected row of each view shown (``ports`` -> a port); the palette's actions name it."""
        self.writer: str | None = game.writer or None
        """For a watching session: who writes the game as last seen (None: nobody); see :meth:`_follow_writer`."""
        self.taking_over = False
        """Whether this session is taking the game over (it holds the lock and checks the save's log meanwhile)."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal (or served tab), made to end like a hang-up when the terminal is gone
        instead of blocking on it (:mod:`tui.app.terminal`)."""
        from .terminal import guarded

        return guarded(super().get_driver_class())

    @property
    def selected_port(self) -> str | None:
        """The port selected in the Ports mode (the palette's port commands act on it)."""
        return self.selected.get("ports")

    @property
    def dice_typed(self) -> bool:
        """Whether the referee rolls physical dice (``set dice typed``): dice dialogs then ask for the faces first."""
        return self.game.state.settings.get("dice", "app") == "typed"

    MODE_VIEWS: ClassVar[dict[str, str]] = {"ports": "ports", "zones": "zones", "naval": "units", "map": "map"}
    """Modes shown only for a rule set with this view (its ports, Sea Zones, naval units, the hex map)."""

    def has_mode(self, mode: str) -> bool:
        """Whether this game has mode ``mode`` (Sea Zones where the rule set has sea zones, Naval where it has naval
        units, Map where it has a hex map, Exchange for a game played by turn file)."""
        if mode == "exchange":
            return getattr(self.game, "exchange_source", None) is not None
        view = self.MODE_VIEWS.get(mode)
        return view is None or view in self.game.ruleset.views

    def on_mount(self) -> None:
        """Say why the game is read-only, if it is, or the greeting; follow changes other sessions make to the save."""
        if self.game.read_only:
            reason = self.game.read_only_reason or "nothing can be changed from this session"
            self._say(f"Read-only: {reason}", "warning")
            if self.writer is None and self.game.watch_writer is not None:
                self.writer = self.game.watch_writer() or None  # who writes as this session starts: not news
        elif self.greeting:  # a first run: say where the game is, in the app (issue 12.10)
            self._say(self.greeting, "success")
            self.notify(self.greeting, title="Welcome to Harbormaster", timeout=20)
        self.set_interval(POLL_SECONDS, self._poll)

    # ------------------------------------------------------------ routing
    def write_key(self, key: str) -> str:
        """The label of the app key ``key`` if it changes the game (``Next`` for n), else ""."""
        return next((b.description for b in self._bindings.key_to_bindings.get(key, ()) if b.action in WRITE_ACTIONS), "")

    def refuse_write(self, label: str) -> None:
        """Say why a write key does nothing in a watching session (its footer does not show it)."""
        how = " Press T to take over." if self.can_take_over else ""
        self._say(f"This game is open read-only: '{label}' would change it. {self.game.read_only_reason}{how}".strip(), "warning")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Game keys (and the palette) do nothing while a dialog is open; a mode the game lacks is hidden.

        A watching session shows only what it can do: no ``next``, undo or redo;
        T (take over) only when nobody writes.
        """
        if action == "mode" and parameters and not self.has_mode(str(parameters[0])):
            return False
        if action == "take_over" and not self.can_take_over:
            return False
        if action in WRITE_ACTIONS and self.game.read_only:
            return False
        return not (action in GAME_ACTIONS and self.screen.is_modal)

    def action_mode(self, mode: str) -> None:
        """Show mode ``mode``."""
        if self.has_mode(mode):
            self.switch_mode(mode)

    def mode_keys(self) -> dict[str, str]:
        """The key of each mode this game has, and its action (``"2": "mode('ports')"``)."""
        return {a.key: a.action for a in APP_ACTIONS if a.mode and self.has_mode(a.mode)}

    def action_next(self, source: str = "key") -> None:
        """Advance to the next segment, through its gate: what the rules still require there is listed, and leaving
        anyway is confirmed and logged as ``next --force`` (issue 22 point 9); ``source``: the key or the palette."""
        self._next_through_gate(source)

    @work(group="execute")
    async def _next_through_gate(self, source: str = "key") -> Result | None:
        from ..engine.flow import gate_text
        from ..screens.confirm_prompt import ConfirmPrompt
        left = "" if self.game.read_only else gate_text(self.game.ruleset, self.game.state)
        if not left:
            return await self.execute("next --pass", source)
        if not await self.push_screen_wait(ConfirmPrompt("Leave this segment?", left, yes="Leave anyway", no="Back")):
            self._say("Cancelled: next (nothing changed).", "warning")
            return None
        return await self.execute("next --pass --force", source)

    def action_undo(self) -> None:
        """Undo the last command."""
        self.run_line("undo", "key")

    def action_redo(self) -> None:
        """Redo the last undone command."""
        self.run_line("redo", "key")

    def action_help(self) -> None:
        """The keys and every command."""
        from .outputs import briefing_help
        from ..screens.action_screen import ActionScreen
        from ..screens.text_screen import TextScreen, help_text, keys_table
        result = self.game.execute("help", "key")
        keys = [(a.key_display or a.key, a.help) for a in APP_ACTIONS if not a.mode or self.has_mode(a.mode)]
        keys.append(("ctrl+p", "Command palette: every action, port command and pending prompt; a name acts on that port or "
                               "unit (capture Tripoli)"))
        keys.append(("/", "In a table: search every column (Enter or ↓ next match, ↑ previous, then n/N; Esc close); "
                          "typing a name as written (Tob) jumps to it"))
        keys.append(("R", briefing_help(self)))
        if self.game.read_only and self.game.take_over is not None:
            keys.append(("T", "Take over: write the game from this session once its writer has left"))
        sections = [("Keys", keys_table(keys))]
        if isinstance(self.screen, ActionScreen) and self.screen.actions:
            from ..screens.keymap import key_shown
            mode_keys = [(key_shown(a.key), f"{a.long_name} — {a.help}") for a in self.screen.actions if a.key]
            sections.append((f"Keys of the {self.screen.MODE_TITLE} mode", keys_table(mode_keys)))
        self.push_screen(TextScreen("Harbormaster — help", [*sections, (result.message, help_text(result.details))]))

    def action_command_line(self) -> None:
        """Open the ``:`` command line; run what is typed."""
        from ..screens.command_line import CommandLine, completions, syntax
        self.push_screen(CommandLine(self.history, completions(self.game, self.history), syntax(self.game)), self._typed)

    def action_answer(self, prompt_id: str) -> None:
        """Ask for the answer to pending prompt ``prompt_id`` and run it."""
        self.answer(prompt_id)

    def branch_at(self, seq: int) -> None:
        """Write a what-if branch of the game at log entry ``seq`` beside the save, and say where (Log mode's ``b``); a
        read-only session offers it as a download or refuses (:mod:`tui.app.outputs`)."""
        from .outputs import branch

        branch(self, seq)

    @work(group="briefing")
    async def action_briefing(self) -> None:
        """Ask for a side, write its briefing (Markdown) beside the save, and say where (key ``R``); a read-only session
        offers it as a download or refuses (:mod:`tui.app.outputs`)."""
        from .outputs import briefing

        await briefing(self)

    @on(events.DeliveryFailed)
    def _delivery_failed(self, event: events.DeliveryFailed) -> None:
        """A download offered to the browser did not reach it: say so (nothing was written here either way)."""
        self._say(f"The download of {event.name or 'the file'} failed: {event.exception}", "error")

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

    @on(RowSelected)
    def _row_selected(self, message: RowSelected) -> None:
        self.selected[message.view] = message.name

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Without cursor blink (snapshots), no text input blinks, the palette's included."""
        if self.cursor_blink:
            return
        from textual.widgets import Input  # only where blinking is off (tests): not on the start path

        if isinstance(event.widget, Input):
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
        from ..screens.answer import answer_line, prompt_modal
        prompt = self.game.state.pending_prompt(prompt_id)
        if prompt is None:
            self._say(f"No pending prompt '{prompt_id}'.", "error")
            return None
        line = answer_line(prompt, await self.push_screen_wait(prompt_modal(prompt, typed=self.dice_typed)))
        if line is None:
            self._say(f"{prompt.id}: not answered (still pending).", "warning")
            return None
        return await self.execute(line, source)

    async def execute(self, line: str, source: str, *, quiet: bool = False) -> Result | None:
        """The one execute path: run the command (asking for dice or confirmation), then ask the prompts it raised.

        A command other than ``next`` runs first on a scratch copy of the game with the prompts it raises (a guided
        check, a confirmation, a chain of steps); only once every one is answered are the same commands run on the
        game, each durable before it is shown. Escape on any of them cancels the whole flow: nothing changed and
        no prompt is left pending (issue 12.6). ``next`` raises the segment's own prompts: Escape leaves those
        pending, to answer from Phases.

        ``quiet``: a refusal goes to the status line only (the form that asked shows it under its field).
        """
        if not await self.log_checked():
            return None
        if self.game.side is not None and line.split(maxsplit=1)[:1] != ["help"]:  # ``why`` would explain any place
            self._say(f"A side view runs no command but help: '{line}' not run. {self.game.read_only_reason}", "warning")
            return None
        if self._guided(line):
            return await self._execute_guided(line, source, quiet=quiet)
        result = await self._run(line, source, quiet=quiet)
        if result is not None and result.ok:
            await self._ask_raised(result.raised)
        return result

    def _guided(self, line: str) -> bool:
        """Whether ``line`` is a command that changes the game and may raise prompts of its own (not ``next``)."""
        try:
            cmd = parse(line, "key")
        except ValueError:
            return False
        verb = self.game.verbs.get(cmd.verb)
        return verb is not None and verb.changes and cmd.verb not in ("next", "undo", "redo") and not self.game.read_only

    async def _execute_guided(self, line: str, source: str, *, quiet: bool = False) -> Result | None:
        scratch = self.game.scratch()
        done: list[tuple[str, str]] = []  # (command as run, source) of each step, in order
        result = await self._run(line, source, game=scratch, quiet=quiet)
        if result is None or not result.ok:
            return result  # cancelled at its dice, or refused (reported): nothing changed
        done.append((result.command, source))
        if not await self._ask_raised(result.raised, game=scratch, done=done):
            self._say(f"Cancelled: {line} — nothing changed, no prompt left pending.", "warning")
            return None
        last: Result | None = None
        for command, src in done:  # now for real: each step durable before it is shown
            last = self.game.execute(command, src)
            self._report(last)
            if not last.ok:
                if self.file_problem is not None and not self.game.read_only:
                    self._offer_file_fix(self.file_problem)
                break
            self.version += 1
            self.post_message(GameChanged(last, self.version))
        return last

    async def _run(self, line: str, source: str, game: Game | None = None, *, quiet: bool = False) -> Result | None:
        """Run, ask for dice or confirmation and re-run, report; None when the referee cancelled.

        On a scratch ``game`` (a guided flow being tried) only refusals are reported; nothing is announced."""
        from ..screens.answer import answer_text, prompt_modal
        from ..screens.confirm_prompt import ConfirmPrompt
        from ..screens.dice_prompt import DicePrompt, ROLL
        scratch = game is not None
        game = game or self.game
        command: str | Command = line
        result = game.execute(command, source)
        for _ in range(RETRIES):
            if result.needs_dice:
                spec, purpose = result.needs_dice
                what = f"{result.dice_detail}\n" if result.dice_detail else ""
                answer = await self.push_screen_wait(DicePrompt(purpose or "Dice", f"{what}{line} needs {spec} for this stage.", spec,
                                                                 typed=self.dice_typed or faces_typed(command, game)))
                if answer is None:
                    self._say(f"Cancelled: {line} (nothing changed).", "warning")
                    return None
                command = self._with(command, source, roll=True) if answer == ROLL else self._with_dice(command, source, answer)
            elif result.needs_answer:  # a part the command lacks (the guided check): asked, put in, run again
                question = result.needs_answer
                text = answer_text(question.prompt, await self.push_screen_wait(
                    prompt_modal(question.prompt, question.prompt.subject, typed=self.dice_typed)))
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
            result = game.execute(command, source)
        if scratch:
            if not result.ok:
                self._report(result, quiet=quiet)
            return result
        self._report(result, quiet=quiet)
        if not result.ok and self.file_problem is not None and not self.game.read_only:
            self._offer_file_fix(self.file_problem)
        if result.ok and result.changed:
            self.version += 1
            self.post_message(GameChanged(result, self.version))
            self._show_game_now()
        return result

    def _show_game_now(self) -> None:
        """Render the header and tree of the modes on screen from the game now, before any prompt the command raised
        is asked over them (issue 22 point 5: the next turn's first prompt under the previous turn's header)."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and screen.is_mounted and screen.children:
                screen.refresh_game()

    async def _ask_raised(self, raised: list[str], game: Game | None = None, done: list[tuple[str, str]] | None = None) -> bool:
        """Ask the prompts a command raised, one after another, with those their answers raise first.

        A refused answer asks the same prompt again (the status line says why). On the game, Escape leaves a prompt
        pending; on a scratch copy (``game``, a guided flow) Escape cancels the flow: False is returned, and each
        answer that went through is added to ``done``. At most ``PROMPT_CHAIN`` questions.

        On the game the dialogs open by themselves: a mode key on an optional one (before the referee moves into its
        field) leaves it and those still to ask pending, and shows that mode (issue 30 item 1).
        """
        from ..screens.answer import answer_line, prompt_modal
        scratch = game is not None
        game = game or self.game
        modes = {} if scratch else self.mode_keys()
        queue = list(raised)
        asked = 0
        while queue and asked < PROMPT_CHAIN:
            prompt = game.state.pending_prompt(queue[0])
            if prompt is None:
                queue.pop(0)
                continue
            asked += 1
            modal = prompt_modal(prompt, typed=self.dice_typed, mode_keys=frozenset(modes))
            answer_text = answer_line(prompt, await self.push_screen_wait(modal))
            if modal.left_with in modes:
                left = ", ".join(p for p in queue if game.state.pending_prompt(p) is not None)
                self._say(f"{left}: left pending — answer it from Phases (a) or the palette.", "warning")
                await self.run_action(modes[modal.left_with])
                return True
            if answer_text is None:
                if scratch:
                    return False
                self._say(f"{prompt.id}: left pending — answer it from Phases (a) or the palette.", "warning")
                queue.pop(0)
                continue
            result = await self._run(answer_text, "key", game=game if scratch else None)
            if result is not None and result.ok:
                if done is not None:
                    done.append((result.command, "key"))
                queue[:1] = result.raised
            elif result is None:
                if scratch:
                    return False
                queue.pop(0)
        return True

    @staticmethod
    def _with(command: str | Command, source: str, **options: Any) -> Command:
        cmd = command if isinstance(command, Command) else parse(command, source)
        return cmd.with_options(**options)

    @staticmethod
    def _with_dice(command: str | Command, source: str, faces: str) -> Command:
        cmd = command if isinstance(command, Command) else parse(command, source)
        return cmd.with_options(dice=[*cmd.options.get("dice", []), faces])

    def _report(self, result: Result, *, quiet: bool = False) -> None:
        from ..screens.text_screen import TextScreen, help_text
        from ..widgets.explain_pane import explained_text, rulings_text
        if not result.ok:
            self._say(result.message, "error")
            if not quiet:
                self.notify(result.message, title="Refused — nothing changed", severity="error")
        elif result.changed:
            where = f"#{result.seq} " if result.seq and f"#{result.seq}" not in result.message else ""
            self._say(f"{where}{result.message}", "success")
            if advancing(result.command):
                self._drop_advancing_toasts()
            self.notify(effects_list(result), title=f"{where}{result.command}")
            self._show_dice(result)
        else:  # help and why change nothing: show what they say
            self._say(result.message, "info")
            body = [("", explained_text(e, self.game.ruleset.rulings)) for e in result.explanations] or [("", help_text(result.details))]
            cited = rulings_text(result.explanations, self.game.ruleset.rulings)
            if cited is not None:
                body.append(("Rulings", cited))
            self.push_screen(TextScreen(result.message, body))

    def _show_dice(self, result: Result) -> None:
        """Show the faces the command just recorded large, marked typed or app (issue 22 point 1)."""
        from ..screens.dice_prompt import dice_notice
        from ..screens.form_prompt import COMPACT_BELOW
        event = self.game.events[-1] if self.game.events else {}
        large = self.size.height >= COMPACT_BELOW  # at 80x24 three-line digits would cover most of the screen
        shown = dice_notice(event.get("dice", ()), large=large) if event.get("seq") == result.seq else None
        if shown is not None:
            self.notify(shown[0], title=shown[1])

    def _drop_advancing_toasts(self) -> None:
        """Take down the toasts of earlier ``next``/``goto``: ``n`` pressed quickly shows one toast, the latest, not a
        stack of them over the panes below (issue 22 point 13)."""
        for shown in list(self._notifications):
            if advancing(shown.title.split(" ", 1)[-1] if shown.title.startswith("#") else shown.title):
                self._unnotify(shown, refresh=False)
        self._refresh_notifications()

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Notify as Textual does, and fold the notification into an open dialog (toasts never cover one).

        Always as plain text: a message names ports and units from the save or typed, never Rich markup
        (``[@click=...]`` in a name would be a link that runs an action; issue 18.5)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)
        self.notices = [*(n for n in self.notices if not n.has_expired),
                        Notification(message, title, severity, self.NOTIFICATION_TIMEOUT if timeout is None else timeout)]
        self._fold_into_dialog()

    def clear_notifications(self) -> None:
        """Clear the notifications, those folded into an open dialog too."""
        super().clear_notifications()
        self.notices = []
        self._fold_into_dialog()

    def _fold_into_dialog(self) -> None:
        """Show the notifications now in the open dialog's top line, if a dialog is open."""
        from ..screens.prompt import Prompt
        try:
            screen = self.screen
        except ScreenStackError:
            return
        if isinstance(screen, Prompt):
            screen.fold_notices()

    def recent_notices(self) -> list[Notification]:
        """The notifications still showing (not expired), oldest first: an open dialog shows the latest."""
        return [n for n in self.notices if not n.has_expired]

    def _say(self, text: str, level: str) -> None:
        self.status = Status(text, level, self.clock().strftime("%H:%M"))


def make_app(game: Game, *, clock: Callable[[], datetime] | None = None, cursor_blink: bool = True,
             greeting: str = "") -> HarbormasterApp:
    """The app for ``game`` (the one factory: the CLI, tests, snapshots and the screenshot script use it)."""
    return HarbormasterApp(game, clock=clock, cursor_blink=cursor_blink, greeting=greeting)


__all__ = ["HarbormasterApp", "make_app"]
