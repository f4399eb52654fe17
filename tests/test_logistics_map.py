"""Issue 21, "Your own board": the Map's coordinates along its edges as on a paper map (column numbers above and below,
row numbers on both sides), following the scroll and the zoom, the cursor's own drawn in the cursor's colours."""

from __future__ import annotations

import re
from typing import Any

from logistics_game import at, logistics_game, ok
from test_app_pilot import SIZE, fixed_clock, until
from tui.app import make_app
from tui.screens.map import MapScreen
from tui.widgets.hex_map import CURSOR, HexMap


def lines(hex_map: HexMap) -> list[str]:
    """The text of every line of the map as it is on screen."""
    return [hex_map.render_line(y).text for y in range(hex_map.scrollable_content_region.height)]


def cursor_labels(hex_map: HexMap) -> set[str]:
    """The texts drawn in the cursor's colours on the rulers (the top line and the side gutters)."""
    found = set()
    height = hex_map.scrollable_content_region.height
    for y in range(height):
        strip = hex_map.render_line(y)
        for segment in strip:
            if segment.style == CURSOR and re.fullmatch(r"\d\d", segment.text):
                found.add(segment.text)
    return found


def check_rulers(hex_map: HexMap) -> tuple[list[str], list[str]]:
    """Assert the top ruler's numbers stand over their columns' ids and the left ruler's beside their rows' ids (large
    and compact hexes: the ids are drawn); return the column and row numbers read."""
    text = lines(hex_map)
    top = text[0]
    columns = re.findall(r"\d\d", top)
    assert columns, top
    for match in re.finditer(r"\d\d", top):
        under = [line[match.start():match.start() + 4] for line in text[1:-1]]
        assert any(u.startswith(match.group()) and u in hex_map.picture.looks for u in under), (match.group(), top)
    rows = []
    for line in text[1:]:
        label = re.match(r"(\d\d) ", line)
        if label:
            rows.append(label.group(1))
            ids = re.findall(r"\d{4}", line[3:])
            assert ids and ids[0].endswith(label.group(1)), line  # the first whole id on the line is in that row
    assert rows and text[-1] == top  # the same numbers below the map
    return columns, rows


async def test_issue21_coordinates_along_the_edges_follow_scroll_and_zoom() -> None:
    """Issue 21 "Your own board": coordinates along the edges as on a paper map and under the cursor, following the
    scroll and the zoom (large hexes, compact ones, the whole board small)."""
    app = make_app(at(logistics_game(), 1, "initiative"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
        hex_map = app.screen.query_one(HexMap)
        await pilot.pause(0.2)
        columns, rows = check_rulers(hex_map)
        assert "13" in columns and "09" in rows  # the storm's hex 1309, the cursor's first place
        assert cursor_labels(hex_map) == {"13", "09"}
        hex_map.go("2617")
        await pilot.pause(0.2)
        columns, rows = check_rulers(hex_map)
        assert "26" in columns and "17" in rows and "13" not in columns  # scrolled: the numbers followed
        assert cursor_labels(hex_map) == {"26", "17"}
        await pilot.press("z")
        await until(pilot, lambda: not hex_map.picture.large)
        await pilot.pause(0.2)
        columns, rows = check_rulers(hex_map)
        assert "26" in columns and "17" in rows
        await pilot.press("z")
        await until(pilot, lambda: hex_map.picture.overview)
        await pilot.pause(0.2)
        text = lines(hex_map)
        assert [line[:2] for line in text[1:20]] == [f"{r:02d}" for r in range(19)]  # every row, 00 (the sea) to 18
        assert text[0].split()[0] == "01" and "25" in text[0].split()
        assert cursor_labels(hex_map) == {"17"}  # column 26 is not labelled (every other one is, two characters apart)


async def test_issue21_a_40x30_board_zoomed_out_is_whole_in_sight() -> None:
    """Issue 21: a board of real size (40x30) zoomed out is whole in the view at 120x36; the rulers give way to it."""
    game = logistics_game()
    ok(game, "board 40 30 --empty")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
        hex_map = app.screen.query_one(HexMap)
        await pilot.press("z", "z")
        await until(pilot, lambda: hex_map.picture.overview)
        await pilot.pause(0.2)
        seen = hex_map.scrollable_content_region.size
        assert hex_map.virtual_size.width <= seen.width and hex_map.virtual_size.height <= seen.height
        assert not hex_map.rulers
        await pilot.press("z")
        await until(pilot, lambda: hex_map.picture.large)
        await pilot.pause(0.2)
        assert hex_map.rulers
        check_rulers(hex_map)
