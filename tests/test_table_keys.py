"""Issue 12 point 9: Home and End in a table jump to its first and last row (they scrolled sideways), in every table
of every mode of every rule set (Ports, Markers, Log, Sea Zones, Naval)."""

from __future__ import annotations

import pytest

from tests.test_app_pilot import fixed_clock, until
from tui.app import make_app
from tui.engine.setup import RULESETS
from tui.paths import data_dir
from tui.session import memory_game
from tui.widgets.row_table import RowTable

MODES = {"ports": "2", "markers": "3", "log": "4", "zones": "5", "naval": "6"}


@pytest.mark.parametrize("rid", sorted(RULESETS))
async def test_home_and_end_jump_to_the_first_and_last_row(rid: str) -> None:
    game = memory_game(data_dir(), rid, seed=1, clock=fixed_clock)
    for i in range(3):
        assert game.execute(f"note entry {i}").ok  # the Log has rows
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    checked = []
    async with app.run_test(size=(80, 24)) as pilot:
        for mode, key in MODES.items():
            if not app.has_mode(mode):
                continue
            await pilot.press(key)
            await until(pilot, lambda: app.current_mode == mode)
            await pilot.pause()
            for table in app.screen.query(RowTable):
                if table.row_count < 2 or not table.display:
                    continue
                table.focus()
                await pilot.pause()
                scroll_x = table.scroll_x
                await pilot.press("end")
                await until(pilot, lambda: table.cursor_row == table.row_count - 1)
                await pilot.press("home")
                await until(pilot, lambda: table.cursor_row == 0)
                assert table.scroll_x == scroll_x
                checked.append((mode, table.id))
    assert {"ports", "log"} <= {mode for mode, _ in checked}, checked
