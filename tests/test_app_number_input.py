"""Issue 8 point 5 on the TUI: a huge number typed on the command line is refused, and the session lives on."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from tests.test_app_pilot import SIZE, new_app, status, until
from tui.screens.command_line import CommandLine


@pytest.mark.parametrize("line, fragment", [
    ("malta " + "9" * 400, "400-digit"),  # 33.B.1.a
    ("air add Ju88 axis central role=bomber range=20 tbf=" + "9" * 400, "TBF"),  # 33.C
    ("transit add TF1 allied Bombay Aden " + "9" * 400, "STEPS"),  # 31.A.8
    ("roll 1d6+" + "9" * 4301, "at most"),
    ("roll 1d6+" + "9" * 300, "dice expression"),
])
async def test_a_huge_number_on_the_command_line_is_refused_and_the_session_survives(line: str, fragment: str) -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await until(pilot, lambda: isinstance(app.screen, CommandLine))
        app.screen.query_one(Input).value = line
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, CommandLine))
        await until(pilot, lambda: fragment in status(app))
        assert app.is_running and app.game.events == []
        await pilot.press("colon")  # still answering keys: the next command goes through
        await until(pilot, lambda: isinstance(app.screen, CommandLine))
        app.screen.query_one(Input).value = "malta 3"
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
        assert app.game.state.world.sea.malta == 3
