"""Issue 21, "Your own board": the Map's coordinates along its edges as on a paper map (column numbers above and below,
row numbers on both sides), following the scroll and the zoom, the cursor's own drawn in the cursor's colours."""

from __future__ import annotations

import re
from typing import Any

from logistics_game import PRODUCTION_TURN, at, logistics_game, ok
from test_app_pilot import SIZE, fixed_clock, until
from tui.app import make_app
from tui.screens.choice_prompt import ChoicePrompt
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


def cursor_spans(hex_map: HexMap) -> list[tuple[int, int, int]]:
    """(line, first x, last x + 1) of every run of characters drawn in the cursor's colours."""
    spans = []
    for y in range(hex_map.scrollable_content_region.height):
        x = 0
        for segment in hex_map.render_line(y):
            if segment.style == CURSOR:
                spans.append((y, x, x + segment.cell_length))
            x += segment.cell_length
    return spans


def check_rulers(hex_map: HexMap) -> tuple[list[str], list[str]]:
    """Assert the cursor's column number stands over the cursor's hex and its row number beside a hex of that row, the
    same numbers below the map; return the column and row numbers read along the top and the left."""
    text = lines(hex_map)
    while not text[-1].strip():  # the map is smaller than the view: the bottom ruler right under it
        text.pop()
    top = text[0]
    columns = re.findall(r"\d\d", top)
    assert columns and text[-1] == top, (top, text[-1])  # the same numbers below the map
    spans = cursor_spans(hex_map)
    (_, x0, x1), *_ = [s for s in spans if s[0] == 0]
    body = [(y, a, b) for y, a, b in spans if 0 < y < len(text) - 1 and a >= 3 and text[y][b:].strip()]  # not a row number
    assert any(a <= x0 and x1 <= b for _, a, b in body), spans  # the cursor's column number over the cursor's hex
    assert len({y for y, a, b in spans if a < 3}) == 1  # one row number in the cursor's colours on the left
    rows = [m.group(1) for line in text[1:-1] if (m := re.match(r"(\d\d) ", line))]
    assert rows
    return columns, rows


def check_large_ids(hex_map: HexMap) -> None:
    """In large hexes (ids drawn): every column number stands over its hexes' ids, every row number beside its row."""
    text = lines(hex_map)
    for match in re.finditer(r"\d\d", text[0]):
        under = [line[match.start():match.start() + 4] for line in text[1:-1]]
        assert any(u.startswith(match.group()) and u in hex_map.picture.looks for u in under), (match.group(), text[0])
    for line in text[1:-1]:
        label = re.match(r"(\d\d) ", line)
        if label:
            ids = re.findall(r"\d{4}", line[3:])
            assert ids and ids[0].endswith(label.group(1)), line  # the first whole id on the line is in that row


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
        check_large_ids(hex_map)
        assert "13" in columns and "09" in rows  # the storm's hex 1309, the cursor's first place
        assert cursor_labels(hex_map) == {"13", "09"}
        hex_map.go("2617")
        await pilot.pause(0.2)
        columns, rows = check_rulers(hex_map)
        check_large_ids(hex_map)
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
        hex_map.go("2517")
        await pilot.pause(0.2)
        check_rulers(hex_map)


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
        check_large_ids(hex_map)


async def test_issue21_compact_hexes_show_what_is_in_them_and_no_symbol_sits_on_a_neighbours_line() -> None:
    """Issue 21: "a hex shows what is in it, not its number", and a hex's symbol never sits on the line of its
    neighbour's number (compact hexes drew 1007's airfield between 0908 and 1108): compact hexes hold their content on
    their middle line, their south edge bare, the numbers on the rulers."""
    app = make_app(at(logistics_game(), 1, "initiative"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
        hex_map = app.screen.query_one(HexMap)
        await pilot.press("z")
        await until(pilot, lambda: not hex_map.picture.large and not hex_map.picture.overview)
        canvas = hex_map.picture.canvas
        drawn = "\n".join("".join(c.char for c in row) for row in canvas)
        assert not re.search(r"\d{4}", drawn)  # no hex ids
        rows = {str(r["name"]): r for r in app.game.ruleset.views["map"](app.game.state)}
        for hid, row in rows.items():
            line = next(y for y, cells in enumerate(canvas) if any(c.hex == hid and c.role == "id" for c in cells))
            own = "".join(c.char for c in canvas[line] if c.hex == hid and c.role == "id")
            text = str(row["content"])[:4].ljust(4)
            assert own == ("·" + text[1:] if text[0] == " " else text), hid  # clear terrain: a dot in its owner's colour
            for c in canvas[line + 1]:  # the south edge line: its neighbours' contents only, never this hex's
                assert c.hex != hid or c.role != "id"
        assert rows["1007"]["content"].endswith("A")  # the airfield of the issue's example
        assert all(c.char in "_ " or c.role != "body" for cells in canvas for c in cells)  # south edges bare
        await pilot.pause(0.2)
        check_rulers(hex_map)


async def test_issue21_airfield_and_mulberry_keys_ask_whose_on_a_hex_nobody_controls() -> None:
    """Airfields ¶1, Mulberries ¶1 on a board of one's own, where no hex is anyone's yet: ``a`` and ``m`` ask whose
    Engineer or Marine it is (they were refused with "say whose with --side", which a key cannot type)."""
    game = logistics_game()
    ok(game, "board 12 10 --empty")
    ok(game, "hex 0101 sea")
    at(game, PRODUCTION_TURN, "produce")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
        hex_map = app.screen.query_one(HexMap)
        for key, hex_id, made in (("i", "0304", lambda w: w.airfields.get("0304")), ("m", "0102", lambda w: w.mulberries.get("0102"))):
            hex_map.go(hex_id)
            await pilot.pause(0.2)
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
            assert app.screen.choices == list(app.game.ruleset.sides)
            await pilot.press("enter")
            await until(pilot, lambda: made(app.game.state.world) is not None)
            assert made(app.game.state.world).owner == app.game.ruleset.sides[0]
