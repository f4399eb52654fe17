"""Issue 30 item 9 (layout): what a referee reads at 120x36 and 80x24.

Pilot tests over a new in-memory game (seed 1, fixed clock) built by ``make_app``; each asserts what is on screen
(the rendered text, a widget's region), at both sizes.
"""

from __future__ import annotations

import pytest

from tests.test_narrow import new_app, screen_text, visible_columns
from tui.screens.form_prompt import FormCheckbox, FormPrompt
from tui.widgets.game_header import GameHeader
from tui.widgets.next_step import NextStepLine
from tui.widgets.view_table import ViewTable
from pilot_keys import until

SIZES = ((120, 36), (80, 24))


@pytest.mark.parametrize("size", SIZES)
async def test_a_long_next_step_wraps_onto_a_second_line(size: tuple[int, int]) -> None:
    """At 120x36 the Europa start's next step ("…Mulberries tow only in calm seas); or n → Axis player turn › …")
    was cut on one line; it now takes two lines, the header growing by one, and at 120 it is read whole."""
    app = new_app("europa")
    async with app.run_test(size=size) as pilot:
        step = app.screen.query_one(NextStepLine)
        await until(pilot, lambda: step.region.height == 2)  # laid out (a wait for the state: issue 29.8)
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


@pytest.mark.parametrize(("size", "least"), [((120, 36), 60), ((80, 24), 40)])
async def test_the_log_summary_gets_the_width(size: tuple[int, int], least: int) -> None:
    """The Log's Summary had 40 columns at 120x36 (an empty Dice column 12 wide) and 13 at 80x24: now at least 60 and
    40, the #, Actor and Dice as wide as what they show, Segment and Turn left out at 80 (the detail names them), and
    each summary read whole on screen."""
    app = new_app("europa")
    for line in ("hit Tobruk 2", "next"):
        assert app.game.execute(line).ok, line
    async with app.run_test(size=size) as pilot:
        await pilot.press("4")
        await until(pilot, lambda: app.current_mode == "log")
        await pilot.pause()
        table = app.screen.query_one("#log")
        widths = {str(key.value): column.width for key, column in table.columns.items()}
        assert widths["summary"] >= least, widths
        assert widths["dice"] == len("Dice") and widths["seq"] == 1, widths
        assert {"seq", "actor", "command", "summary", "dice"} <= set(widths)
        assert ("turn" in widths) == (size == (120, 36)), widths
        text = screen_text(app)
        assert "Tobruk: 2 hit(s) inflicted, 1 Port Hit(s) placed" in text
        assert sum(widths.values()) + 2 * len(widths) <= size[0]


def column_width(table: ViewTable, header: str) -> int:
    """The width of the column headed ``header`` (its first line)."""
    return next(c.width for c in table.ordered_columns if c.label.plain.split("\n")[0].startswith(header))


@pytest.mark.parametrize("size", SIZES)
async def test_sea_zones_because_is_readable(size: tuple[int, int]) -> None:
    """Sea Zones' "Because" was 8 columns at 80x24: now at least 20 (the low-priority "Asked" goes past the edge), and
    the zone, side, NSN and status stay on screen."""
    app = new_app("europa")
    async with app.run_test(size=size) as pilot:
        await pilot.press("5")
        await until(pilot, lambda: app.current_mode == "zones")
        await pilot.pause()
        table = app.screen.query_one("#zones", ViewTable)
        shown = visible_columns(table)
        for header in ("Sea zone", "Side", "NSN", "Status", "Because", "Markers"):
            assert any(label.startswith(header) for label in shown), (header, shown)
        assert column_width(table, "Because") >= 20
        assert "12 Gibraltar, Oran" in screen_text(app)
        # every status reads whole up to its qualifier: "not sub…" was cut at 80x24 ("not declared" is the longest)
        assert column_width(table, "Status") >= len("not declared")
        assert "not subject" in screen_text(app) and "not sub…" not in screen_text(app)


@pytest.mark.parametrize("size", SIZES)
async def test_ports_show_the_type(size: tuple[int, int]) -> None:
    """Europa Ports at 80x24 hid Type: it is on screen with the markers, capacities, SLP, base and sea zone."""
    app = new_app("europa")
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "ports")
        await pilot.pause()
        table = app.screen.query_one("#ports", ViewTable)
        shown = visible_columns(table)
        for header in ("Port", "Type", "Markers", "RE", "Left", "HE", "SLP", "Base", "Sea zone"):
            assert any(label.startswith(header) for label in shown), (header, shown)
        assert column_width(table, "Type") >= len("standard")
        assert "standard" in next(line for line in screen_text(app).splitlines() if " Haifa " in line)


@pytest.mark.parametrize("size", SIZES)
async def test_factories_show_army_pp(size: tuple[int, int]) -> None:
    """Logistics Factories at 80x24 hid Army PP: every kind of PP and the total are on screen."""
    app = new_app("logistics")
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        await pilot.pause()
        table = next(t for t in app.screen.query(ViewTable) if t.display and t.row_count)
        shown = visible_columns(table)
        for header in ("City", "Hex", "Owner", "Air", "Navy", "Army", "Total", "Produces"):
            assert any(label.startswith(header) for label in shown), (header, shown)


async def test_the_map_keeps_the_next_step_on_one_line_for_the_board() -> None:
    """The Map mode needs every row (a 40x30 board zoomed out is whole at 120x36, issue 21): a long step stays on one
    line there, cut with an ellipsis, and the header keeps three lines; the Phases mode shows the same step whole."""
    from tests.logistics_game import logistics_game, ok
    from tests.conftest import fixed_clock
    from tui.app import make_app

    game = logistics_game()
    ok(game, "board 40 30 --empty")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        phases_step = app.screen.query_one(NextStepLine)
        await until(pilot, lambda: phases_step.region.height > 0)
        text = str(phases_step.render())
        await pilot.press("7")
        await until(pilot, lambda: app.current_mode == "map" and app.screen.query_one(NextStepLine).region.height)
        step = app.screen.query_one(NextStepLine)
        assert step.region.height == 1 and app.screen.query_one(GameHeader).region.height == 3
        drawn = str(step.render())
        assert "\n" not in drawn
        # the initiative step (181 characters) takes two lines in Phases, one cut line on the Map
        assert "\n" in text and phases_step.region.height == 2 and drawn.endswith("…")
        assert drawn.startswith("▶ Next: Both sides: answer initiative: Initiative: each player rolls two dice")
        assert " ".join(drawn[:-1].split()) in " ".join(text.split())  # the same words, one space between them
        assert "  " not in drawn


def _overlaps(a, b) -> bool:
    return a.area > 0 and b.area > 0 and a.intersection(b).area > 0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("mode", "key", "pane"), [("ports", "2", "#why"), ("log", "4", "#log-detail")])
async def test_the_dice_notification_does_not_cover_the_why_pane(size: tuple[int, int], mode: str, key: str,
                                                                 pane: str) -> None:
    """The dice notification covered the "Why?" pane (and the Log's detail) for seconds: now it shows at the top
    right, under the header, and the pane below the table stays whole."""
    from textual.widgets._toast import Toast

    app = new_app("europa")
    async with app.run_test(size=size, notifications=True) as pilot:  # a pilot test draws no toasts unless asked
        await pilot.press(key)
        await until(pilot, lambda: app.current_mode == mode and app.screen.query(pane))
        app.run_line("roll 2d6 weather", "line")
        toasts = lambda: [t for t in app.screen.query(Toast) if t.region.area]  # noqa: E731
        await until(pilot, lambda: len(toasts()) >= 2)  # the command's effects and its dice
        why = app.screen.query_one(pane).region
        header = app.screen.query_one(GameHeader).region
        assert why.area > 0
        for toast in toasts():
            assert not _overlaps(toast.region, why), (toast.region, why)
            assert toast.region.y >= header.bottom  # the header (and its Next step) stays readable


@pytest.mark.parametrize("size", SIZES)
async def test_the_whole_board_zoom_shows_the_whole_bundled_board(size: tuple[int, int]) -> None:
    """At 80x24 the whole-board zoom of Logistics hid columns 01-05 and rows 01-02 (the 26x19 board is 53 columns
    and 19 lines; the panel beside it left 49): there the panel steps aside in that zoom, and the board is whole in
    sight at both sizes, with no scrolling; the next `z` brings the panel back."""
    from tui.screens.map import MapScreen
    from tui.widgets.hex_map import HexMap

    app = new_app("logistics")
    async with app.run_test(size=size) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor)
        hex_map = app.screen.query_one(HexMap)
        await pilot.press("z", "z")
        await until(pilot, lambda: hex_map.picture.overview)
        seen = lambda: hex_map.scrollable_content_region.size  # noqa: E731
        await until(pilot, lambda: hex_map.virtual_size.width <= seen().width
                    and hex_map.virtual_size.height <= seen().height)
        assert hex_map.scroll_offset == (0, 0)
        lines = screen_text(app).splitlines()
        board = [line for line in lines if "·" in line]
        assert len(board) >= 19, "every row of the board is drawn"
        side = app.screen.query_one("#map-side")
        assert side.display == (size == (120, 36))
        await pilot.press("z")
        await until(pilot, lambda: hex_map.picture.large)
        assert side.display


@pytest.mark.parametrize("ruleset", ["europa", "ocs", "awaw", "logistics"])
def test_one_line_headers_are_never_cut(ruleset: str) -> None:
    """The Sea Zones mode draws its tables with one header line, and a header is cut at its column's width hint: AWAW's
    fronts read "Factors  Factors" ("Factors based", "Factors at sea" in 7 columns) at every size. Every header of
    those tables fits its column."""
    from tui.paths import data_dir
    from tui.screens.zones import ZONES, panel_views
    from tui.session import memory_game

    rules = memory_game(data_dir(), ruleset, seed=1).ruleset
    cut = [(view, col.header, col.width) for view in [ZONES, *panel_views(rules.views)]
           for col in rules.columns.get(view, ()) if col.width and len(col.header) > col.width]
    assert cut == []


@pytest.mark.parametrize("ruleset", ["europa", "ocs", "awaw", "logistics"])
def test_two_line_headers_fit_their_columns(ruleset: str) -> None:
    """A table with two header lines splits a figure column's header at its first space ("RE" / "cap"); each part must
    fit the column, and a text column's header fits whole: OCS Ports read "ZOC" / "negat" (5 columns for "negated")."""
    from tui.paths import data_dir
    from tui.session import memory_game

    rules = memory_game(data_dir(), ruleset, seed=1).ruleset
    cut = [(view, col.header, col.width) for view, columns in rules.columns.items() for col in columns
           if col.width and max(len(part) for part in col.header.split(" ", 1)) > col.width]
    assert cut == []
