"""Issue 22 points 11, 12 and 13: the Log's Summary takes the free width, Naval at 80x24 gives the units the height,
and the smaller ones (the palette's order, ``/`` in Help, Phases opening at "Game turn 1", the Map after a resize,
toasts of ``n``, the checklist of a turn without production)."""

from __future__ import annotations

from typing import Any

from textual.command import CommandList, CommandPalette
from textual.widgets import Input, Static

from tests.conftest import fixed_clock
from tests.logistics_game import at, logistics_game
from tests.test_narrow import new_app, screen_text, until
from tui.app import make_app
from tui.rules.core.checklist import checklist
from tui.screens.map import MapScreen
from tui.screens.text_screen import TextScreen
from tui.widgets.event_log import EventLog
from tui.widgets.hex_map import HexMap
from tui.widgets.key_legend import KeyLegend
from tui.widgets.naval_table import NavalTable
from tui.widgets.sequence_tree import SequenceTree


def widths(table: EventLog) -> dict[str, int]:
    return {str(key.value): column.width for key, column in table.columns.items()}


async def test_issue22_point11_the_logs_summary_takes_the_free_width_and_the_dice_stay() -> None:
    """Issue 22 point 11: at 120 columns the Summary is 40 wide (it was cut at 34), at 80 it is wider than 7; the Dice
    column is wholly on screen at both; Segment and Turn gave way first."""
    for size, least in (((120, 36), 40), ((80, 24), 12)):
        app = new_app("europa")
        async with app.run_test(size=size) as pilot:
            await pilot.press("n")
            await until(pilot, lambda: len(app.game.events) == 1)
            await pilot.press("4")
            await until(pilot, lambda: app.screen.query(EventLog) and app.screen.query_one(EventLog).row_count)
            table = app.screen.query_one(EventLog)
            await pilot.pause()
            shown = widths(table)
            assert shown["summary"] >= least, (size, shown)
            assert sum(shown.values()) + 2 * len(shown) <= table.scrollable_content_region.width, (size, shown)
            assert shown["dice"] == len("Dice")  # as wide as what it shows (issue 30 item 9): no roll yet
            assert "Dice" in next(line for line in screen_text(app).splitlines() if "Summary" in line)
            if size == (80, 24):  # issue 30 item 9: left out (the selected event's detail names them)
                assert "segment" not in shown and "turn" not in shown


async def test_issue22_point12_naval_at_80x24_the_legend_is_one_line_and_z_gives_the_units_the_height() -> None:
    """Issue 22 point 12: at 80x24 the Naval key legend is one line ending in ``? all keys``; ``z`` hides the planner
    and why? (the unit list takes their rows), ``z`` again lets them take the height, ``z`` once more as it was."""
    app = new_app("awaw")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("6")
        await until(pilot, lambda: app.screen.query(NavalTable) and app.screen.query_one(NavalTable).row_count)
        await pilot.pause()
        legend = app.screen.query_one("#naval-keys", KeyLegend)
        assert legend.region.height == 1
        assert legend.lines(legend.content_size.width)[-1][-1] == ("?", "all keys")
        table = app.screen.query_one(NavalTable)
        lower = app.screen.query_one("#naval-lower")
        first = table.region.height
        await pilot.press("z")
        await pilot.pause()
        assert not lower.display or lower.region.height == 0
        assert table.region.height > first
        await pilot.press("z")
        await pilot.pause()
        assert lower.region.height > table.region.height
        await pilot.press("z")
        await pilot.pause()
        assert table.region.height == first


async def test_issue22_point13_the_palette_lists_the_games_entries_first_and_one_quit() -> None:
    """Issue 22 point 13: ``ctrl+p`` lists the game's entries first (Textual's own after them) and Quit once."""
    app = new_app("europa")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        listing = app.screen.query_one(CommandList)
        await until(pilot, lambda: listing.option_count > 10)
        await pilot.pause(0.3)
        titles = [str(listing.get_option_at_index(i).prompt).split("\n")[0] for i in range(listing.option_count)]
        assert titles[0] == "Command line", titles[:5]
        assert sum(1 for t in titles if t.strip() == "Quit") == 1, titles
        assert "Theme" not in titles[:10] if "Theme" in titles else True
        await pilot.press("escape")


async def test_issue22_point13_slash_searches_the_help() -> None:
    """Issue 22 point 13: ``/`` in Help opens a search line; what is typed leaves only the lines holding it; Esc shows
    all of it again and a second Esc closes the page."""
    app = new_app("europa")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, TextScreen))
        await pilot.press("slash")
        await until(pilot, lambda: app.screen.query_one("#page-search", Input).has_focus)
        await pilot.press(*"collateral")
        found = app.screen.query_one("#page-found", Static)
        await until(pilot, lambda: found.display)
        lines = str(found.render()).splitlines()
        assert any("collateral" in line.lower() for line in lines[1:]), lines
        assert all("collateral" in line.lower() or not line.startswith(" ") for line in lines)
        await pilot.press("escape")
        await until(pilot, lambda: not found.display)
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, TextScreen))


async def test_issue22_point13_phases_opens_with_game_turn_1_in_sight() -> None:
    """Issue 22 point 13: the Phases tree opens scrolled to its top ("Game turn ..."), the current segment in sight."""
    for ruleset in ("europa", "ocs", "awaw"):
        app = new_app(ruleset)
        async with app.run_test(size=(80, 24)) as pilot:
            tree = app.screen.query_one(SequenceTree)
            await pilot.pause(0.3)
            assert tree.scroll_y == 0, ruleset
            assert "Game turn" in screen_text(app), ruleset


async def test_issue22_point13_the_map_brings_the_cursor_back_in_sight_after_a_resize() -> None:
    """Issue 22 point 13: after the terminal shrinks, the Map scrolls so the cursor's hex is in sight."""
    app = make_app(at(logistics_game(), 1, "initiative"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
        hex_map = app.screen.query_one(HexMap)
        far = max(hex_map.picture.looks, key=lambda h: (hex_map.picture.looks[h].column, hex_map.picture.looks[h].row))
        hex_map.go(far)
        await pilot.pause(0.2)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.5)
        region = hex_map.hex_region(far)
        seen = hex_map.scrollable_content_region.size
        x, y = hex_map.scroll_offset
        assert x <= region.x and region.right <= x + seen.width + 1, (region, hex_map.scroll_offset, seen)
        assert y <= region.y and region.bottom <= y + seen.height + 1, (region, hex_map.scroll_offset, seen)


async def test_issue22_point13_n_pressed_quickly_shows_one_toast() -> None:
    """Issue 22 point 13: ``n`` three times shows the latest ``next``'s toast only, not three over the panes."""
    app = new_app("europa")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n", "n", "n")
        await until(pilot, lambda: len(app.game.events) == 3)
        await pilot.pause(0.3)
        titles = [n.title for n in app._notifications]
        assert len([t for t in titles if t.endswith("next --pass")]) == 1, titles


def test_issue22_point13_a_turn_without_production_has_no_production_checklist() -> None:
    """Issue 22 point 13: on a turn without production, the Production segment's checklist says there is none
    (RULINGS L3) instead of listing the cities that "may still produce"."""
    game = logistics_game()
    world: Any = game.state.world
    turn = next(t for t in range(2, 12) if not _production(world, t))
    game = at(game, turn, "produce")
    duties = checklist(game.ruleset, game.state, game.events).duties
    texts = [d.text for d in duties]
    assert not any("may still produce" in t for t in texts), texts
    assert any("No production this turn" in t for t in texts), texts


def _production(world: Any, turn: int) -> bool:
    from tui.rules.logistics.world import is_production_turn
    return is_production_turn(world, turn)
