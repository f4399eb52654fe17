"""Snapshot tests: every mode and the main dialogs, as SVG baselines.

Built through the production factory ``make_app`` over a new in-memory game
(seed 1, fixed clock; Europa, or OCS for the scenes named in ``RULESETS``),
at a fixed terminal size with the cursor blink off.
Each scene is a ``run_before`` coroutine that drives the app by keys; the
same scenes make the README screenshots (``scripts/screenshots.py``).
Update a baseline (``--snapshot-update``) only after looking at the report.
"""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Any, Awaitable, Callable

from textual.pilot import Pilot
from textual.widgets._toast import ToastRack

from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.rules.core.state import Pending
from tui.screens.base import GameScreen
from tui.session import memory_game
from tui.widgets.port_table import PortTable
from pilot_keys import type_keys, until

SIZE = (120, 36)
SMALL = (80, 24)
FIXED = datetime(2026, 11, 21, 12, 0, 0, tzinfo=timezone.utc)

Scene = Callable[[Pilot[Any]], Awaitable[None]]
KEY_NAMES = {" ": "space", ":": "colon", ",": "comma", "-": "minus", "=": "equals_sign", "@": "commercial_at"}
"""Characters typed at the command line, as key names."""


def fixed_clock() -> datetime:
    """The clock of every snapshot."""
    return FIXED


def new_app(ruleset: str = "europa") -> HarbormasterApp:
    """A fresh game (seed 1, fixed clock) in the app, as production builds it; no cursor blink."""
    return make_app(memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)




async def run(pilot: Pilot[Any], *lines: str) -> None:
    """Type each line at the ``:`` command line and wait until it has run."""
    app: Any = pilot.app
    for line in lines:
        before = (len(app.game.events), app.status)
        await pilot.press("colon")
        await until(pilot, lambda: app.screen.is_modal)
        await type_keys(pilot, line)
        await pilot.press("enter")
        await until(pilot, lambda: (len(app.game.events), app.status) != before)


async def type_line(pilot: Pilot[Any], line: str) -> None:
    """Type ``line`` at the ``:`` command line without waiting for it to be written (a command that asks its own
    questions is written once they are answered; issue 12.6)."""
    await pilot.press("colon")
    await until(pilot, lambda: pilot.app.screen.is_modal)
    await type_keys(pilot, line)
    await pilot.press("enter")


async def quiet(pilot: Pilot[Any]) -> None:
    """Clear notifications so the picture does not depend on toast timing."""
    pilot.app.clear_notifications()
    await pilot.pause()


def rendered(app: Any) -> bool:
    """Every mode screen on the stack has drawn the game as it is now (a mode renders after its first refresh)."""
    return all(s._rendered == app.version for s in app.screen_stack if isinstance(s, GameScreen))


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until the screens show the game as it is (on a loaded machine a mode draws late), then clear
    the notifications, whose arrival and timeout depend on the machine's speed, not on the app."""
    await until(pilot, lambda: rendered(pilot.app))
    await pilot.pause()
    pilot.app.clear_notifications()
    # Textual clears the toasts of the top screen only: those a screen under a dialog still shows stay.
    for screen in pilot.app.screen_stack:
        for rack in screen.query(ToastRack):
            await rack.remove_children()
    await pilot.pause()


async def move_to(pilot: Pilot[Any], table: Any, row: int) -> None:
    """Move a table's cursor to ``row``, scrolled so that the row is the third line of the view. The table
    scrolls to the cursor once it knows its height, which it works out when idle: on a loaded machine that
    comes late, and the row would land at a place that depends on the machine's speed."""
    await until(pilot, lambda: table.virtual_size.height >= table.row_count)
    table.move_cursor(row=row, animate=False)
    await pilot.pause()
    # Where in the view the row lands depends on when the table learnt its height; put it at one place.
    target = min(max(0, row - 2), int(table.max_scroll_y))
    table.scroll_to(y=target, animate=False, immediate=True)
    await until(pilot, lambda: round(table.scroll_offset.y) == target)
    await pilot.pause()


async def select(pilot: Pilot[Any], name: str) -> None:
    """Put the Ports cursor on port ``name`` (once the Ports mode has drawn its rows)."""
    await until(pilot, lambda: bool(pilot.app.screen.query(PortTable)) and rendered(pilot.app))
    table = pilot.app.screen.query_one(PortTable)
    await move_to(pilot, table, table.get_row_index(name))


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
    await until(pilot, lambda: "read-only" in app.status.text)
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
    await run(pilot, "note Rain over Tobruk")
    await type_line(pilot, "capture Athens allied")
    await until(pilot, lambda: type(pilot.app.screen).__name__ == "DicePrompt")
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
    """A choice prompt: ``a`` asks the pending sea conditions of this game turn (calm, rough, stormy)."""
    await modal(pilot, "a")


async def destroy_roll(pilot: Pilot[Any]) -> None:
    """Athens captured: the 31.A.6 roll, raised by the capture, asked at once (Roll / type / Decline)."""
    await pilot.press("2")
    await select(pilot, "Athens")
    pilot.app.run_line("capture Athens allied", "key")
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


# ------------------------------------------------------- sea zones (Europa)
async def select_row(pilot: Pilot[Any], table_id: str, key: str) -> None:
    """Put the cursor of table ``table_id`` on row ``key`` (once the mode has drawn its rows)."""
    await until(pilot, lambda: bool(pilot.app.screen.query(table_id)) and rendered(pilot.app))
    table = pilot.app.screen.query_one(table_id)
    await until(pilot, lambda: table.row_count)
    await move_to(pilot, table, table.get_row_index(key))


async def zones_central_med(pilot: Pilot[Any]) -> None:
    """Sea Zones: Malta set to 8; the Central Mediterranean's Axis row selected, both sides' NSN explained."""
    await run(pilot, "malta 8")
    await pilot.press("5")
    await select_row(pilot, "#zones", "central-med:axis")
    await quiet(pilot)


async def zones_checks(pilot: Pilot[Any]) -> None:
    """Sea Zones: a batch of checks with typed dice; the Checks panel says the results in words."""
    await run(pilot, "batch central axis sp:6@convoy unit@7-6 dice=6,6,3,2,2,6,6,4")
    await pilot.press("5")
    await select_row(pilot, "#zones", "central-med:axis")
    await pilot.press("right_square_bracket", "right_square_bracket")
    await quiet(pilot)


async def zones_conditions(pilot: Pilot[Any]) -> None:
    """Sea Zones: France has surrendered toggled off by ``t`` on the Conditions panel; French Atlantic follows."""
    await pilot.press("5", "right_square_bracket")
    await until(pilot, lambda: pilot.app.screen.query("#view-conditions"))  # built when first shown
    await select_row(pilot, "#view-conditions", "france-surrendered")
    pilot.app.screen.query_one("#view-conditions").focus()
    await pilot.press("t")
    await until(pilot, lambda: pilot.app.game.events)
    await select_row(pilot, "#zones", "french-atlantic:axis")
    await quiet(pilot)


async def small_zones(pilot: Pilot[Any]) -> None:
    """Sea Zones at 80x24."""
    await pilot.press("5")
    await pilot.pause()


async def check_zone_prompt(pilot: Pilot[Any]) -> None:
    """``c`` on the selected zone and side: the guided check asks its first question, the cargo (issue 12)."""
    await pilot.press("5")
    await pilot.pause()
    await modal(pilot, "c")
    await quiet(pilot)


async def check_contact_prompt(pilot: Pilot[Any]) -> None:
    """The guided check on Central Med Axis after cargo, REs and route: the 2d6 contact roll (Roll / type dice)."""
    app: Any = pilot.app
    await pilot.press("5")
    await select_row(pilot, "#zones", "central-med:axis")
    await modal(pilot, "c")
    for question, keys in (("Cargo item", []), ("REs of", ["ctrl+u", "3"]), ("Route", [])):
        await until(pilot, lambda: str(getattr(app.screen, "text", "")).startswith(question))
        await pilot.press(*keys, "enter")
    await until(pilot, lambda: type(app.screen).__name__ == "DicePrompt")
    await quiet(pilot)


async def batch_form(pilot: Pilot[Any]) -> None:
    """``b`` on the Central Mediterranean: zone, side, items, interdiction zone, route, typed dice."""
    await pilot.press("5")
    await select_row(pilot, "#zones", "central-med:axis")
    await modal(pilot, "b")
    pilot.app.screen.query_one("#field-items").focus()
    await pilot.press(*[KEY_NAMES.get(c, c) for c in "sp:6 unit"])
    await pilot.pause()


# --------------------------------------------------------------- OCS ports
async def ocs_ports(pilot: Pilot[Any]) -> None:
    """OCS Ports in the movement phase: a load, a Sea Cap shipment and a hit; Tobruk (own Damage Track) selected."""
    await run(pilot, "next", "answer first-player axis", "next", "next", "load Tripoli 2SP", "next", "next",
              "ship Tripoli Benghazi 1SP", "next", "hit Tobruk")
    await pilot.press("2")
    await pilot.pause()
    await select(pilot, "Tobruk")
    await quiet(pilot)


async def ocs_ship_form(pilot: Pilot[Any]) -> None:
    """``s`` on Tripoli: Sea Cap to which port, how much, a unit's Move Mode and no-move conditions."""
    await run(pilot, "next", "answer first-player axis", "next", "next", "next", "next")
    await pilot.press("2")
    await quiet(pilot)  # before the dialog: toasts left on the screen below it would time out mid-picture
    await modal(pilot, "s")


async def small_ocs_ports(pilot: Pilot[Any]) -> None:
    """OCS Ports at 80x24."""
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
    "zones": (zones_central_med, SIZE),
    "zones-checks": (zones_checks, SIZE),
    "zones-conditions": (zones_conditions, SIZE),
    "zones-80x24": (small_zones, SMALL),
    "prompt-check-zone": (check_zone_prompt, SIZE),
    "prompt-check-contact": (check_contact_prompt, SIZE),
    "form-batch": (batch_form, SIZE),
    "ocs-ports": (ocs_ports, SIZE),
    "ocs-form-ship": (ocs_ship_form, SIZE),
    "ocs-ports-80x24": (small_ocs_ports, SMALL),
}
"""Every picture: name -> (scene, terminal size). The screenshot script makes one SVG per entry."""

RULESETS = {"ocs-ports": "ocs", "ocs-form-ship": "ocs", "ocs-ports-80x24": "ocs"}
"""Scenes of a game of another rule set than Europa."""


def scene_app(name: str) -> HarbormasterApp:
    """The app scene ``name`` starts from."""
    return new_app(RULESETS.get(name, "europa"))


def snap(snap_compare: Any, name: str) -> bool:
    """Compare scene ``name`` with its baseline."""
    scene, size = SCENES[name]

    async def settled_scene(pilot: Pilot[Any]) -> None:
        await scene(pilot)
        await settle(pilot)

    return bool(snap_compare(scene_app(name), terminal_size=size, run_before=settled_scene))


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


class TestSeaZonesMode:
    """The Sea Zones mode (Europa): zones x sides, the "why?", the Checks and Conditions panels."""

    def test_central_med(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "zones")

    def test_checks_panel(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "zones-checks")

    def test_condition_toggled(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "zones-conditions")

    def test_small_terminal(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "zones-80x24")


class TestSeaCheckPrompts:
    """The guided anti-shipping check's prompts and the batch form."""

    def test_zone_choice(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "prompt-check-zone")

    def test_contact_roll(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "prompt-check-contact")

    def test_batch_form(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "form-batch")


class TestOcsPortsMode:
    """The Ports mode of an OCS game: OCS columns, the Sea Cap table, OCS keys and forms."""

    def test_movement_phase(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "ocs-ports")

    def test_ship_form(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "ocs-form-ship")

    def test_small_terminal(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "ocs-ports-80x24")
