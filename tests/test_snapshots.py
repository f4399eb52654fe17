"""Snapshot tests: every mode and the main dialogs, as SVG baselines.

Built through the production factory ``make_app`` over a new in-memory game
(seed 1, fixed clock), at a fixed terminal size with the cursor blink off.
Each scene is a ``run_before`` coroutine that drives the app by keys; the
same scenes make the README screenshots (``scripts/screenshots.py``).
Update a baseline (``--snapshot-update``) only after looking at the report.
"""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Any, Awaitable, Callable

from textual.pilot import Pilot

from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.rules.core.state import Pending
from tui.session import memory_game
from tui.widgets.port_table import PortTable

SIZE = (120, 36)
SMALL = (80, 24)
FIXED = datetime(2026, 11, 21, 12, 0, 0, tzinfo=timezone.utc)

Scene = Callable[[Pilot[Any]], Awaitable[None]]


def fixed_clock() -> datetime:
    """The clock of every snapshot."""
    return FIXED


def new_app() -> HarbormasterApp:
    """A fresh game (seed 1, fixed clock) in the app, as production builds it; no cursor blink."""
    return make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)


async def until(pilot: Pilot[Any], check: Callable[[], Any], timeout: float = 5.0) -> None:
    """Let the app run until ``check()`` holds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {check}")
        await pilot.pause(0.01)


async def run(pilot: Pilot[Any], *lines: str) -> None:
    """Type each line at the ``:`` command line and wait until it has run."""
    app: Any = pilot.app
    for line in lines:
        before = (len(app.game.events), app.status)
        await pilot.press("colon")
        await until(pilot, lambda: app.screen.is_modal)
        await pilot.press(*[{" ": "space", ":": "colon", ",": "comma", "-": "minus"}.get(c, c) for c in line])
        await pilot.press("enter")
        await until(pilot, lambda: (len(app.game.events), app.status) != before)


async def quiet(pilot: Pilot[Any]) -> None:
    """Clear notifications so the picture does not depend on toast timing."""
    pilot.app.clear_notifications()
    await pilot.pause()


async def select(pilot: Pilot[Any], name: str) -> None:
    """Put the Ports cursor on port ``name``."""
    table = pilot.app.screen.query_one(PortTable)
    table.move_cursor(row=table.get_row_index(name))
    await pilot.pause()


async def modal(pilot: Pilot[Any], *keys: str) -> None:
    """Press ``keys`` and wait for the dialog they open."""
    await pilot.press(*keys)
    await until(pilot, lambda: pilot.app.screen.is_modal)
    await pilot.pause()


# ---------------------------------------------------------------- the scenes
async def phases_start(pilot: Pilot[Any]) -> None:
    """A new game: Jan I 1943, Axis initial phase, the sea-state prompt pending."""
    await pilot.pause()


async def phases_after_next(pilot: Pilot[Any]) -> None:
    """Three segments on: the tree ticks the ones done; "on entry" lists the skipped prompt."""
    await run(pilot, "hit Tobruk 2", "next", "next", "next")
    await quiet(pilot)


async def read_only_refusal(pilot: Pilot[Any]) -> None:
    """A game open read-only: the badge, and ``n`` refused in the status line."""
    app: Any = pilot.app
    app.game.read_only = True
    app.screen.refresh_game()
    await pilot.press("n")
    await until(pilot, lambda: app.status.level == "error")
    await quiet(pilot)


async def ports_after_hit(pilot: Pilot[Any]) -> None:
    """Ports with Tobruk hit and selected: the "why?" shows the halved hit (natural harbour)."""
    await run(pilot, "hit Tobruk 2", "use Alexandria 2", "collateral Malta")
    await pilot.press("2")
    await select(pilot, "Tobruk")
    await quiet(pilot)


async def markers_in_play(pilot: Pilot[Any]) -> None:
    """Markers of a few commands: Port Hit, Capacity Used, Collateral Damage, Reduced."""
    await run(pilot, "hit Tobruk 2", "use Alexandria 2", "collateral Malta", "reduce Naples")
    await pilot.press("3")
    await quiet(pilot)


async def log_with_dice_and_undo(pilot: Pilot[Any]) -> None:
    """The log: app and typed dice, an entry abandoned by a new command, and the last one undone."""
    await run(pilot, "hit Tobruk 2", "roll 2d6 weather", "roll 1d6 raid --dice 4", "use Alexandria 2")
    await pilot.press("ctrl+z")
    await until(pilot, lambda: pilot.app.game.events[-1]["status"] == "undone")
    await run(pilot, "note Rain over Tobruk", "capture Athens allied")
    await until(pilot, lambda: pilot.app.screen.is_modal)
    await pilot.click("#roll")
    await until(pilot, lambda: pilot.app.game.events[-1]["command"].startswith("answer"))
    await pilot.press("ctrl+z")
    await until(pilot, lambda: pilot.app.game.events[-1]["status"] == "undone")
    await pilot.press("4")
    await quiet(pilot)


async def hit_prompt(pilot: Pilot[Any]) -> None:
    """``h`` on Tobruk: the number prompt, default 1."""
    await pilot.press("2")
    await select(pilot, "Tobruk")
    await modal(pilot, "h")


async def hit_prompt_error(pilot: Pilot[Any]) -> None:
    """A bad number is refused inline; the dialog stays."""
    await hit_prompt(pilot)
    await pilot.press("x", "enter")
    await pilot.pause()


async def capture_choice(pilot: Pilot[Any]) -> None:
    """``x`` on Athens: by which side."""
    await pilot.press("2")
    await select(pilot, "Athens")
    await modal(pilot, "x")


async def destroy_roll(pilot: Pilot[Any]) -> None:
    """Athens captured: the 31.A.6 roll, raised by the capture, asked at once (Roll / type / Decline)."""
    await capture_choice(pilot)
    await pilot.press("enter")
    await until(pilot, lambda: type(pilot.app.screen).__name__ == "DicePrompt")
    await quiet(pilot)


async def confirm_skip(pilot: Pilot[Any]) -> None:
    """``n`` with a required prompt unanswered: go ahead?"""
    app: Any = pilot.app
    required = Pending(id="weather", text="Weather this turn: clear or mud?", kind="choice",
                       choices=("clear", "mud"), required=True, rule="house")
    app.game.state = app.game.state.with_flow(pending=app.game.state.flow.pending + (required,))
    app.screen.refresh_game()
    await modal(pilot, "n")


async def add_port_form(pilot: Pilot[Any]) -> None:
    """``a`` on Ports: the port form."""
    await pilot.press("2")
    await pilot.pause()
    await modal(pilot, "a")
    await pilot.press(*"Tartus")


async def use_form(pilot: Pilot[Any]) -> None:
    """``e`` on Alexandria: REs, heavy equipment, supply."""
    await pilot.press("2")
    await pilot.pause()
    await modal(pilot, "e")


async def command_line(pilot: Pilot[Any]) -> None:
    """``:`` with a partly typed command: the suggestion and the verb's syntax."""
    await modal(pilot, "colon")
    await pilot.press("h", "i", "t", "space", "T", "o")


async def help_page(pilot: Pilot[Any]) -> None:
    """``?``: keys and every command."""
    await modal(pilot, "question_mark")


async def palette(pilot: Pilot[Any]) -> None:
    """``ctrl+p`` on Ports, "port" typed: the port commands on the selected port.

    (Typed, because the order in which providers answer a bare palette is not fixed.)
    """
    await pilot.press("2")
    await pilot.pause()
    await modal(pilot, "ctrl+p")
    await pilot.press("p", "o", "r", "t")
    await pilot.pause(0.5)


async def small_ports(pilot: Pilot[Any]) -> None:
    """Ports at 80x24."""
    await pilot.press("2")
    await pilot.pause()


SCENES: dict[str, tuple[Scene, tuple[int, int]]] = {
    "phases": (phases_start, SIZE),
    "phases-after-next": (phases_after_next, SIZE),
    "read-only": (read_only_refusal, SIZE),
    "ports": (ports_after_hit, SIZE),
    "markers": (markers_in_play, SIZE),
    "log": (log_with_dice_and_undo, SIZE),
    "prompt-number": (hit_prompt, SIZE),
    "prompt-number-error": (hit_prompt_error, SIZE),
    "prompt-choice": (capture_choice, SIZE),
    "prompt-dice": (destroy_roll, SIZE),
    "prompt-confirm": (confirm_skip, SIZE),
    "form-port": (add_port_form, SIZE),
    "form-use": (use_form, SIZE),
    "command-line": (command_line, SIZE),
    "help": (help_page, SIZE),
    "palette": (palette, SIZE),
    "phases-80x24": (phases_start, SMALL),
    "ports-80x24": (small_ports, SMALL),
}
"""Every picture: name -> (scene, terminal size). The screenshot script makes one SVG per entry."""


def snap(snap_compare: Any, name: str) -> bool:
    """Compare scene ``name`` with its baseline."""
    scene, size = SCENES[name]
    return bool(snap_compare(new_app(), terminal_size=size, run_before=scene))


class TestPhasesMode:
    """The Phases mode."""

    def test_start(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "phases")

    def test_after_next(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "phases-after-next")

    def test_small_terminal(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "phases-80x24")

    def test_read_only_refusal(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "read-only")


class TestPortsMode:
    """The Ports mode."""

    def test_after_hit(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "ports")

    def test_small_terminal(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "ports-80x24")


class TestMarkersMode:
    """The Markers mode."""

    def test_in_play(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "markers")


class TestLogMode:
    """The Log mode."""

    def test_dice_and_undo(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "log")


class TestPrompts:
    """The dialogs: number, choice, dice, confirm."""

    def test_number(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "prompt-number")

    def test_number_error(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "prompt-number-error")

    def test_choice(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "prompt-choice")

    def test_dice(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "prompt-dice")

    def test_confirm(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "prompt-confirm")


class TestForms:
    """The forms: add a port, use capacity."""

    def test_port_form(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "form-port")

    def test_use_form(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "form-use")


class TestCommandLineHelpPalette:
    """The ``:`` command line, the ``?`` help and the ``ctrl+p`` palette."""

    def test_command_line(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "command-line")

    def test_help(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "help")

    def test_palette(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "palette")
