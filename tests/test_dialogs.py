"""Dialogs at the table (issue 12, bugs 1, 3, 4 and 5), pressed as a referee presses them, in every rule set.

Bug 1: with ``set dice typed`` the dice dialog asks for the faces first and Enter uses them; the app
rolls only on its own key. Bug 3: Enter submits a form from a checkbox too, Space toggles it, and a
checkbox shows whether it is on. Bug 4: notifications never cover an open dialog, and a refusal
summarises where a verb is legal. Bug 5: a refused form stays open with the error under its field and
the input kept; port, zone and unit fields filter as they are typed and take unique prefixes.
"""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Any, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.screens.command_line import CommandLine
from tui.screens.dice_prompt import DicePrompt
from tui.session import memory_game

SIZE = (120, 36)
FIXED = datetime(2026, 11, 21, 12, 0, 0, tzinfo=timezone.utc)
RULESETS = ("europa", "ocs", "awaw", "logistics")


def fixed_clock() -> datetime:
    return FIXED


def new_app(ruleset: str = "europa") -> HarbormasterApp:
    return make_app(memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)


async def until(pilot: Pilot[Any], check: Callable[[], Any], timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {check}")
        await pilot.pause(0.01)


async def type_text(pilot: Pilot[Any], text: str) -> None:
    await pilot.press(*[{" ": "space", ":": "colon", ",": "comma", "-": "minus"}.get(c, c) for c in text])


async def command(pilot: Pilot[Any], app: HarbormasterApp, line: str) -> None:
    """Type ``line`` at the ``:`` command line and press Enter."""
    await pilot.press("colon")
    await until(pilot, lambda: isinstance(app.screen, CommandLine))
    await type_text(pilot, line)
    await pilot.press("enter")
    await pilot.pause()


# ------------------------------------------------------------------ bug 1
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_typed_dice_dialog_focuses_the_faces_and_enter_uses_them(ruleset: str) -> None:
    """Issue 12 bug 1: in a typed-dice game the faces field has the focus; typing them + Enter records them."""
    app = new_app(ruleset)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, app, "set dice typed")
        await command(pilot, app, "roll 2d6 morale")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        assert app.screen.focused is app.screen.query_one("#faces", Input)
        await type_text(pilot, "3,5")
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, DicePrompt))
        await until(pilot, lambda: app.game.events[-1]["command"].startswith("roll"))
        roll = app.game.events[-1]
        assert (roll["dice"][0]["source"], roll["dice"][0]["faces"]) == ("typed", [3, 5])


async def test_typed_dice_enter_never_lets_the_app_roll_but_its_own_key_does() -> None:
    """Issue 12 bug 1: Enter on an empty faces field is refused (nothing rolled); Tab never reaches Roll; ctrl+r rolls."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, app, "set dice typed")
        await command(pilot, app, "roll 1d6 morale")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DicePrompt) and len(app.game.events) == 1
        assert app.screen.query_one("#error").has_class("-shown")
        for _ in range(6):  # Tab round the dialog: Roll is never focused, so Enter never rolls
            await pilot.press("tab")
            assert app.screen.focused is not None and app.screen.focused.id != "roll"
        await pilot.press("ctrl+r")
        await until(pilot, lambda: len(app.game.events) == 2)
        assert app.game.events[-1]["dice"][0]["source"] == "app"


async def test_a_roll_prompt_in_a_typed_game_asks_for_the_faces_first() -> None:
    """Issue 12 bug 1: a prompt the rules raise (destroy:Athens after a capture) asks for typed faces first too."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, app, "set dice typed")
        await command(pilot, app, "capture Athens allied")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        assert app.screen.focused is app.screen.query_one("#faces", Input)
        await pilot.press("6", "enter")
        await until(pilot, lambda: app.game.events[-1]["command"].startswith("answer destroy:Athens"))
        assert app.game.events[-1]["dice"][0]["faces"] == [6]


async def test_an_app_rolled_game_still_focuses_roll() -> None:
    """Where the app rolls (the default), a roll prompt keeps Roll focused: Enter rolls as before."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, app, "capture Athens allied")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        assert app.screen.focused is app.screen.query_one("#roll")
