"""Pilot tests of the Textual app: every mode driven by keys, outcomes asserted on the game itself.

Each test builds the app through ``make_app`` over an in-memory game (seed 1,
fixed clock), presses keys as a referee would, and checks ``game.state`` and
``game.events`` — never just what the screen says.
"""

from __future__ import annotations

import getpass
import io
import os
import socket
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import pytest
from rich.console import Console
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from tui.app import HarbormasterApp, make_app
from tui.app.commands import HarbormasterCommands
from tui.paths import data_dir
from tui.rules.core.state import Pending
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.command_line import CommandLine
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.screens.dice_prompt import DicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.messages import GameChanged
from tui.screens.number_prompt import NumberPrompt
from tui.screens.text_screen import TextScreen
from tui.session import create_game, memory_game, open_game
from tui.widgets.event_log import EventLog
from tui.widgets.game_header import GameHeader
from tui.widgets.pending_list import PendingList
from tui.widgets.port_table import PortTable
from tui.widgets.status_line import StatusLine
from pilot_keys import click, type_keys, until

SIZE = (120, 36)
FIXED = datetime(2026, 11, 21, 12, 0, 0, tzinfo=timezone.utc)


def fixed_clock() -> datetime:
    """The clock of every UI test and snapshot."""
    return FIXED


def new_app() -> HarbormasterApp:
    """A fresh game (seed 1, fixed clock) in the app, as production builds it."""
    game = memory_game(data_dir(), seed=1, clock=fixed_clock)
    return make_app(game, clock=fixed_clock, cursor_blink=False)




async def type_text(pilot: Pilot[Any], text: str) -> None:
    """Type ``text`` key by key into the focused field (:func:`pilot_keys.type_keys`: one wait, after the last key)."""
    await type_keys(pilot, text)


async def select_port(pilot: Pilot[Any], app: HarbormasterApp, name: str) -> None:
    """Move the Ports cursor down to ``name``."""
    table = app.screen.query_one(PortTable)
    for _ in range(table.row_count):
        if table.selected == name:
            return
        await pilot.press("down")
    assert table.selected == name


def page_text(screen: TextScreen) -> str:
    """Everything a text page shows, as plain text."""
    console = Console(width=120, record=True, file=io.StringIO())
    for heading, body in screen.sections:
        console.print(heading)
        console.print(body)
    return console.export_text()


def status(app: HarbormasterApp) -> str:
    """The status line's text."""
    return str(app.screen.query_one(StatusLine).render())


# --------------------------------------------------------------------- header
async def test_header_shows_game_turn_side_phase_and_segment() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        info = app.screen.query_one(GameHeader).info
        assert info.game == "Mediterranean, January 1943 (illustrative)"
        assert (info.turn, info.side, info.phase, info.segment) == ("Jan I 1943", "Axis", "Initial phase", "Naval movement")
        assert info.mode == "Phases" and not info.read_only
        assert not app.screen.query_one(GameHeader).has_class("-read-only")


async def test_read_only_game_shows_the_badge_and_refuses_changes() -> None:
    app = new_app()
    app.game.read_only = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        header = app.screen.query_one(GameHeader)
        assert header.info.read_only and header.has_class("-read-only")
        before = app.game.state
        await pilot.press("n")
        await until(pilot, lambda: "read-only" in status(app))
        assert app.game.state is before and app.game.events == []


async def test_a_watching_session_follows_the_writer(tmp_path: Path) -> None:
    writer = create_game(tmp_path / "game.json", data_dir(), seed=1, clock=fixed_clock)
    viewer = open_game(tmp_path / "game.json", data_dir(), fixed_clock, mode="auto")
    assert viewer.read_only and not writer.read_only
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    seen: list[Message] = []
    try:
        async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
            await pilot.pause()
            assert "Held by" in status(app)
            assert writer.execute("hit Tobruk 2", "line").ok
            await until(pilot, lambda: len(app.game.events) == 1)
            assert app.game.state.world.ports["Tobruk"].hits == 1.0
            await until(pilot, lambda: any(isinstance(m, GameChanged) and m.result is None for m in seen))
            await until(pilot, lambda: "Updated by the referee" in status(app))
            assert "#1 hit Tobruk 2" in status(app) and f"{getpass.getuser()}@{socket.gethostname()}" in status(app)
            await pilot.press("2")
            await until(pilot, lambda: "Port Hit 1" in str(app.screen.query_one(PortTable).get_row("Tobruk")))
    finally:
        viewer.close()
        writer.close()


# ---------------------------------------------------------------------- ports
async def test_hit_tobruk_by_keys_halves_on_a_natural_harbour() -> None:
    app = new_app()
    seen: list[Message] = []
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await pilot.press("2")
        await select_port(pilot, app, "Tobruk")
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        assert app.screen.query_one(Input).value == "1"  # the default, selected so typing replaces it
        await pilot.press("2", "enter")
        await until(pilot, lambda: app.game.events)
        assert app.game.state.world.ports["Tobruk"].hits == 1.0  # 2 hits on a natural harbour
        event = app.game.events[-1]
        assert (event["command"], event["source"], event["status"]) == ("hit Tobruk 2", "key", "applied")
        await until(pilot, lambda: any(isinstance(m, GameChanged) for m in seen))
        changed = [m for m in seen if isinstance(m, GameChanged)]
        assert changed[0].result.seq == 1 and changed[0].version == 1
        # the table and the "why?" re-rendered from the new state
        await until(pilot, lambda: "Port Hit 1" in str(app.screen.query_one(PortTable).get_row("Tobruk")))


async def test_keys_typed_quickly_act_on_the_port_under_the_cursor() -> None:
    """Down Down h in one burst (as over a slow SSH link) hits the port under the cursor: the action
    reads the cursor at the moment of the key, not the last selection message the screen handled."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await pilot.pause()
        screen = app.screen
        screen.query_one(PortTable).move_cursor(row=2)  # the table has moved; its messages are not handled yet
        screen.action_act("hit")  # the key's action runs now, as it does when keys arrive in one burst
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
        third = list(app.game.state.world.ports)[2]
        assert app.game.events[-1]["command"] == f"hit {third} 1"


async def test_number_prompt_refuses_bad_input_inline_and_escape_cancels() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "h")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        await pilot.press("x", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NumberPrompt)
        assert "not a number" in str(app.screen.query_one("#error").render())
        await pilot.press("end", "ctrl+u", "0", "enter")  # below the minimum of 1
        await pilot.pause()
        assert "at least 1" in str(app.screen.query_one("#error").render())
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        assert app.game.events == []


async def test_use_capacity_form_and_edit_and_add_port() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")  # Alexandria is the first row
        await until(pilot, lambda: app.current_mode == "ports" and app.selected_port == "Alexandria")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press("2", "enter")
        await until(pilot, lambda: app.game.events)
        assert app.game.state.world.ports["Alexandria"].capacity_used == 2
        assert app.game.events[-1]["command"] == "use Alexandria 2"
        await until(pilot, lambda: not app.screen.is_modal)  # the use form has closed before the next key

        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.query_one("#field-name", Input).disabled
        app.screen.query_one("#field-hex", Input).value = "19A:9999"
        await until(pilot, lambda: app.screen.query_one("#ok").region.area)  # laid out: a click lands on it (issue 29.8)
        await click(pilot, "#ok")
        await until(pilot, lambda: len(app.game.events) == 2)
        assert app.game.state.world.ports["Alexandria"].hex == "19A:9999"
        await until(pilot, lambda: not app.screen.is_modal)  # the edit form has closed before the next key (29.8)

        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen.focused is not None
                    and app.screen.focused.id == "field-name")
        await type_text(pilot, "Tartus")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) == 3)
        port = app.game.state.world.ports["Tartus"]
        assert (port.type, port.owner, port.harbour) == ("standard", "axis", "none")


async def test_dialogs_keep_tab_but_not_game_keys() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "a")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.focused.id == "field-name"
        await pilot.press("tab")
        assert app.screen.focused.id == "field-type"
        await pilot.press("q", "n", "4", "ctrl+p")  # quit, next, mode, palette: all off in a dialog
        await pilot.pause()
        assert isinstance(app.screen, FormPrompt) and app.is_running and app.game.events == []
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        assert app.current_mode == "ports"


async def test_capture_athens_raises_the_destruction_roll_and_the_app_rolls_it() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await select_port(pilot, app, "Athens")
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        # the other side first, and the nation Athens takes from it (RULINGS E13: the scenario's default)
        assert app.screen.values() == {"side": "allied", "nation": "british"}
        await click(pilot, "#ok")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))  # destroy:Athens, raised by the capture
        assert app.game.events == []  # written once its roll is answered: Escape would leave nothing (issue 12.6)
        await pilot.press("n")  # game keys are off while a dialog is open
        assert app.game.segment.index == 0
        await pilot.click("#roll")
        await until(pilot, lambda: len(app.game.events) == 2)
        assert app.game.state.world.ports["Athens"].owner == "allied"
        assert app.game.events[0]["command"] == "capture Athens allied --nation british"
        event = app.game.events[-1]
        assert event["command"] == "answer destroy:Athens roll"
        assert [d["source"] for d in event["dice"]] == ["app"] and event["dice"][0]["seed"] is not None
        assert app.game.state.pending_prompt("destroy:Athens") is None


async def test_typed_dice_are_checked_against_the_spec() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await select_port(pilot, app, "Athens")
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))  # side and nation (RULINGS E13)
        await click(pilot, "#ok")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        app.screen.query_one("#faces", Input).focus()
        await pilot.press("7", "enter")  # a d6 shows 1 to 6
        await pilot.pause()
        assert isinstance(app.screen, DicePrompt)
        assert "1 to 6" in str(app.screen.query_one("#error").render())
        await pilot.press("backspace", "6", "enter")
        await until(pilot, lambda: len(app.game.events) == 2)
        dice = app.game.events[-1]["dice"]
        assert (dice[0]["source"], dice[0]["faces"]) == ("typed", [6])
        assert "not destroyed" in app.game.events[-1]["summary"]


async def test_needs_dice_opens_the_dice_prompt_for_a_typed_dice_game() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        for line in ("set dice typed", "roll 2d6 morale"):
            await pilot.press("colon")
            await until(pilot, lambda: isinstance(app.screen, CommandLine))
            await type_text(pilot, line)
            await pilot.press("enter")
            await pilot.pause()
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        app.screen.query_one("#faces", Input).focus()
        await type_text(pilot, "3,5")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) == 2)
        roll = app.game.events[-1]
        assert roll["command"] == "roll 2d6 morale --dice 3,5"
        assert (roll["dice"][0]["source"], roll["dice"][0]["faces"]) == ("typed", [3, 5])


# --------------------------------------------------------------- command line
async def test_command_line_use_then_undo_and_redo_by_keys() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await until(pilot, lambda: isinstance(app.screen, CommandLine))
        await type_text(pilot, "use Alexandria 2")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
        assert app.game.state.world.ports["Alexandria"].capacity_used == 2
        assert app.game.events[-1]["source"] == "line"
        await pilot.press("ctrl+z")
        await until(pilot, lambda: app.game.events[-1]["status"] == "undone")
        assert app.game.state.world.ports["Alexandria"].capacity_used == 0
        await pilot.press("ctrl+y")
        await until(pilot, lambda: app.game.events[-1]["status"] == "applied")
        assert app.game.state.world.ports["Alexandria"].capacity_used == 2
        # history: up brings the line back; Tab completes a verb
        await pilot.press("colon")
        await until(pilot, lambda: isinstance(app.screen, CommandLine))
        await pilot.press("up")
        assert app.screen.query_one(Input).value == "use Alexandria 2"
        await pilot.press("ctrl+u")
        await type_text(pilot, "colla")
        await pilot.press("tab")
        assert app.screen.query_one(Input).value.startswith("collateral")
        await pilot.press("escape")


async def test_a_refused_command_changes_nothing_and_says_why() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.state
        await pilot.press("colon")
        await until(pilot, lambda: isinstance(app.screen, CommandLine))
        await type_text(pilot, "hit Nowhere 2")
        await pilot.press("enter")
        await until(pilot, lambda: "no port called" in status(app))
        assert app.game.state is before and app.game.events == []
        assert app.screen.query_one(StatusLine).has_class("-error")
        assert any("no port called" in n.message and n.severity == "error" for n in app._notifications)


async def test_help_opens_a_modal_listing_every_command() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, TextScreen))
        text = page_text(app.screen)
        for verb in ("hit PORT [N]", "capture PORT axis|allied", "next [--force]", "ctrl+z"):
            assert verb in text
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)


async def test_why_typed_at_the_command_line_explains_a_port() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await until(pilot, lambda: isinstance(app.screen, CommandLine))
        await type_text(pilot, "why Tobruk")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TextScreen))
        text = page_text(app.screen)
        assert "RE capacity = 3" in text and "31.A.1" in text
        assert app.game.events == []


# --------------------------------------------------------------------- phases
async def test_next_advances_the_segment_and_shows_what_happened_on_entry() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: app.game.segment.index == 1)
        assert app.game.events[-1]["command"] == "next --pass"  # n passes what does not apply (issue 22 point 5)
        await until(pilot, lambda: app.screen.query_one(GameHeader).info.segment == "Movement")
        entry = str(app.screen.query_one("#entry").render())
        assert "skipped: sea-state" in entry


async def test_next_over_a_required_prompt_asks_then_forces() -> None:
    app = new_app()
    required = Pending(id="weather", text="Weather this turn", kind="choice", choices=("clear", "mud"), required=True)
    app.game.state = app.game.state.with_flow(pending=app.game.state.flow.pending + (required,))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        assert "weather" in str(app.screen.query_one(".dialog-text").render())
        await pilot.press("n")  # No: nothing happens
        await until(pilot, lambda: not app.screen.is_modal)
        assert app.game.events == [] and app.game.segment.index == 0
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        await pilot.press("y")
        await until(pilot, lambda: app.game.segment.index == 1)
        assert app.game.events[-1]["command"] == "next --pass --force"
        assert any("skipped: weather" in d and "(required)" in d for d in app.game.events[-1]["details"])


async def test_answer_the_pending_prompt_from_the_phases_mode() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one(PendingList).selected_id == "sea-state"
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        await pilot.press("down", "enter")  # calm, rough
        await until(pilot, lambda: app.game.events)
        assert app.game.state.world.sea_state == "rough"
        assert app.game.events[-1]["command"] == "answer sea-state rough"
        await until(pilot, lambda: app.screen.query_one(PendingList).selected_id is None)


# -------------------------------------------------------------- markers, log
async def test_markers_mode_lists_the_port_hit() -> None:
    app = new_app()
    app.game.execute("hit Tobruk 2", "line")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        await pilot.pause()
        table = app.screen.query_one("#markers")
        rows = [" ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        assert any("Port Hit" in r and "Tobruk" in r for r in rows)
        assert any("Reduced" in r and "Benghazi" in r for r in rows)


async def test_log_shows_undone_entries_marked() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await pilot.press("colon")
        await until(pilot, lambda: isinstance(app.screen, CommandLine))
        await type_text(pilot, "use Alexandria 2")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: app.game.events[-1]["status"] == "undone")
        log = app.screen.query_one(EventLog)
        keys = lambda: [str(key.value) for key in log.columns]  # noqa: E731 (a column may be left out: issue 30)
        await until(pilot, lambda: log.row_count == 1 and "UNDONE" in str(log.get_row_at(0)[keys().index("summary")]))
        assert "strike" in str(log.get_row_at(0)[keys().index("command")].style)
        assert "UNDONE" in str(app.screen.query_one("#log-detail").render())


async def test_log_at_ten_thousand_events_shows_a_window_and_loads_older_on_demand() -> None:
    app = new_app()
    game = app.game
    game.execute("roll 1d6 test", "line")
    template = game.events[-1]
    game.events.extend({**template, "seq": i, "summary": f"event {i}"} for i in range(2, 10_001))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        log = app.screen.query_one(EventLog)
        await until(pilot, lambda: log.row_count > 0)
        assert log.row_count == 201  # the newest 200 and a "load more" row
        summary = [str(key.value) for key in log.columns].index("summary")  # a column may be left out (issue 30)
        assert "event 10000" in str(log.get_row_at(0)[summary])
        await pilot.press("l")
        await until(pilot, lambda: log.row_count == 401)
        assert "event 9600" in str(log.get_row_at(400 - 1)[summary]) or log.shown == 400
        log.move_cursor(row=log.row_count - 1)  # onto the "more" row: the next page loads
        await until(pilot, lambda: log.row_count == 601)


# -------------------------------------------------------------------- palette
async def test_palette_lists_every_action_and_switches_mode() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await pilot.pause()
        provider = HarbormasterCommands(app.screen)
        titles = [title for title, _, _ in provider.entries()]
        for title in ("Mode: Phases", "Mode: Log", "Next segment", "Undo", "Redo", "Help", "Command line",
                      "Port: Hit Alexandria", "Port: Capture Alexandria", "Port: Dedicate NTs to Alexandria",
                      "Port: Add a port", "Answer sea-state"):
            assert title in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "Mode: Log")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await until(pilot, lambda: app.current_mode == "log")


async def test_palette_port_command_runs_on_the_selected_port() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await select_port(pilot, app, "Benghazi")
        await pilot.press("1")
        provider = HarbormasterCommands(app.screen)
        upgrade = next(cb for title, _, cb in provider.entries() if title == "Port: Upgrade Benghazi")
        await upgrade()
        await until(pilot, lambda: app.game.events)
        assert app.current_mode == "ports"
        assert app.game.state.world.ports["Benghazi"].reduced == 0
        assert app.game.events[-1]["source"] == "palette"
        provider = HarbormasterCommands(app.screen)
        next_segment = next(cb for title, _, cb in provider.entries() if title == "Next segment")
        await next_segment()  # what n does (issue 22 point 9): through the gate, segments that do not apply passed
        await until(pilot, lambda: app.game.events[-1]["command"] == "next --pass")
        assert app.game.events[-1]["source"] == "palette"


@pytest.mark.parametrize("key,mode", [("1", "phases"), ("2", "ports"), ("3", "markers"), ("4", "log")])
async def test_mode_keys(key: str, mode: str) -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3" if key != "3" else "4")
        await pilot.press(key)
        await pilot.pause()
        assert app.current_mode == mode
        assert app.screen.query_one(GameHeader).info.mode.lower() == mode


async def test_usable_at_80_by_24() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for key in "1234":
            await pilot.press(key)
            await pilot.pause()
            assert app.screen.has_class("-narrow")
        await pilot.press("2", "h")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
