"""Issue 30 item 9 (layout): what a referee reads at 120x36 and 80x24.

Pilot tests over a new in-memory game (seed 1, fixed clock) built by ``make_app``; each asserts what is on screen
(the rendered text, a widget's region), at both sizes.
"""

from __future__ import annotations

import pytest

from tests.test_narrow import new_app, screen_text
from tui.screens.form_prompt import FormCheckbox, FormPrompt
from tui.widgets.game_header import GameHeader
from tui.widgets.next_step import NextStepLine
from pilot_keys import until

SIZES = ((120, 36), (80, 24))


@pytest.mark.parametrize("size", SIZES)
async def test_a_long_next_step_wraps_onto_a_second_line(size: tuple[int, int]) -> None:
    """At 120x36 the Europa start's next step ("…Mulberries tow only in calm seas); or n → Axis player turn › …")
    was cut on one line; it now takes two lines, the header growing by one, and at 120 it is read whole."""
    app = new_app("europa")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        step = app.screen.query_one(NextStepLine)
        assert step.region.height == 2
        assert app.screen.query_one(GameHeader).region.height == 4
        lines = screen_text(app).splitlines()
        assert lines[2].startswith(" ▶ Next: Axis: may answer sea-state:")
        assert lines[3].strip() and not lines[3].startswith(" ▶")
        if size == (120, 36):
            joined = " ".join(line.strip() for line in lines[2:4])
            assert joined.endswith("or n → Axis player turn › Initial phase › Movement"), joined
            assert "…" not in joined


async def test_a_short_next_step_keeps_one_line() -> None:
    """A step that fits stays on one line: the header keeps its three lines."""
    app = new_app("europa")
    assert app.game.execute("next").ok
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(NextStepLine).region.height == 1
        assert app.screen.query_one(GameHeader).region.height == 3


@pytest.mark.parametrize("size", SIZES)
async def test_a_ticked_checkbox_reads_yes_in_full(size: tuple[int, int]) -> None:
    """Low: a form's ticked checkbox read "ye…" (its width followed the "no" it was drawn with first)."""
    app = new_app("europa")
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "ports")
        await pilot.press("e")  # use Alexandria: REs, heavy equipment, supply
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.pause()
        box = app.screen.query_one("#field-he", FormCheckbox)
        width = box.region.width
        await pilot.press("tab", "space")
        await until(pilot, lambda: box.value)
        await pilot.pause()
        assert box.region.width == width, "as wide ticked as not"
        line = next(line for line in screen_text(app).splitlines() if "Heavy equipment" in line)
        assert "✔▌ yes" in line and "ye…" not in line, line

