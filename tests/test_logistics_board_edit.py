"""Issue 21, "Your own board": the board edited by logged, undoable commands and by the Map's keys, written out as a
scenario file and a new game started from it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from logistics_game import logistics_game, ok, refused, world
from test_app_pilot import SIZE, fixed_clock, until
from tui.outputs import report
from tui.app import make_app
from tui.engine.setup import load_scenario
from tui.paths import data_dir
from tui.rules.logistics.export import chains
from tui.rules.logistics.scenario import world_from_scenario
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.map import MapScreen
from tui.session import create_game
from tui.widgets.hex_map import HexMap


def test_issue21_board_verbs_edit_the_map_and_undo_takes_an_edit_back() -> None:
    """Each edit is a logged command; `undo` restores the board as it was."""
    game = logistics_game()
    ok(game, "board 40 30 --empty")
    w = world(game)
    assert (w.grid.columns, w.grid.rows) == (40, 30) and not w.places and not w.roads and w.storm == w.centre == "2015"
    ok(game, "hex 0101 sea")
    ok(game, "hex 0102 city 'Le Havre' 3")
    ok(game, "road 0102 se se")
    ok(game, "rail 0102 s")
    ok(game, "river 0303 n")
    ok(game, "bridge 0303 n Pont")
    ok(game, "canal 0606 Royal")
    ok(game, "hex 0909 resource 2")
    ok(game, "hex 2020 terrain forest")
    w = world(game)
    assert w.place("0102").name == "Le Havre" and w.coastal("0102") and w.roads == (("0102", "0202"), ("0202", "0303"))
    assert "0302-0303" in w.crossings and w.place("0909").resource == 2 and w.place("2020").terrain == "forest"
    ok(game, "undo")
    assert world(game).place("2020").terrain == "clear"


def test_issue21_board_edits_refuse_what_the_board_cannot_hold() -> None:
    """Bad edits change nothing and say why in one line."""
    game = logistics_game()
    refused(game, "hex 0101 terrain lava", "not a terrain")
    refused(game, "hex 0302 sea", "factories")  # Portsea has factories
    refused(game, "road 0101 0103", "not adjacent")
    refused(game, "road 0101 n", "sea hex")  # 0100 is in the sea row
    refused(game, "river 0100 n", "off the map")  # nothing north of the sea row
    refused(game, "bridge 0101 s", "not a river hexside")
    refused(game, "board 0 30", "columns")
    refused(game, "hex 0505 city Nowhere 0", "from 1")
    refused(game, "river 1206 1306 --remove", "bridge")  # the Pont Neuf crosses it
    refused(game, "hex 0506 town Airton", "airfield")  # an airfield stands in 0506


def test_issue21_the_bundled_board_written_out_reads_back_the_same() -> None:
    """The export (`show SAVE scenario`) of the Channel Coast reads back into the same map."""
    game = logistics_game()
    w = world(game)
    raw = __import__("tomllib").loads(report.text(game, "scenario"))
    again = world_from_scenario(raw, "out.toml", game.ruleset.tables)
    assert again.grid == w.grid and again.places == w.places and set(again.roads) == set(w.roads)
    assert set(again.rails) == set(w.rails) and set(again.rivers) == set(w.rivers)
    assert again.crossings == w.crossings and again.airfields == w.airfields and again.mulberries == w.mulberries
    assert again.factories == w.factories and again.storm == w.storm and again.production_every == w.production_every


def test_issue21_chains_join_links_into_paths() -> None:
    assert chains((("0101", "0102"), ("0102", "0103"), ("0201", "0202"))) == [["0101", "0102", "0103"], ["0201", "0202"]]


async def _choose(pilot: Pilot[Any], label: str) -> None:
    """In a ChoicePrompt, move from the highlighted choice to ``label`` and take it."""
    app: Any = pilot.app
    await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
    screen = app.screen
    here = screen.query_one("#choices").highlighted or 0
    steps = screen.choices.index(label) - here
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await until(pilot, lambda: not isinstance(app.screen, ChoicePrompt))


async def _go(pilot: Pilot[Any], hex_id: str) -> None:
    app: Any = pilot.app
    await pilot.press("j")
    await until(pilot, lambda: isinstance(app.screen, FormPrompt))
    await pilot.press(*hex_id, "enter")
    await until(pilot, lambda: not app.screen.is_modal and app.screen.query_one(HexMap).cursor == hex_id)


async def test_issue21_done_means_a_40x30_board_made_by_keys_saved_as_a_scenario_and_a_game_started_from_it(tmp_path: Path) -> None:
    """Issue 21 "Done means": in the Map, by keys: a blank 40x30 board, a sea hex, a coastal city, a road and forest in
    the far corner; written out as a scenario file; `new --scenario FILE` starts a game on that board."""
    game = create_game(tmp_path / "made.json", data_dir(), "logistics", seed=1, clock=fixed_clock)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
        await pilot.press("e")
        await _choose(pilot, "Board size")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press("tab", "tab", "space", "enter")  # 40 x 30 (the defaults), blank
        await until(pilot, lambda: app.game.state.world.grid.columns == 40 and not app.game.state.world.places)
        await until(pilot, lambda: "4030" in app.screen.query_one(HexMap).picture.looks)
        await _go(pilot, "0101")
        await pilot.press("v")
        await _choose(pilot, "sea")
        await until(pilot, lambda: app.game.state.world.is_sea("0101"))
        await _go(pilot, "0102")
        await pilot.press("e")
        await _choose(pilot, "City")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press(*"Calais", "tab", "backspace", "3", "enter")
        await until(pilot, lambda: app.game.state.world.place("0102").name == "Calais")
        await pilot.press("w")
        await _choose(pilot, "SE")
        await until(pilot, lambda: app.game.state.world.roads == (("0102", "0202"),))
        await _go(pilot, "4030")
        await pilot.press("v")
        await _choose(pilot, "forest")
        await until(pilot, lambda: app.game.state.world.place("4030").terrain == "forest")
        made = app.game.state.world
        assert made.place("0102").size == 3 and made.coastal("0102")
        text = report.text(app.game, "scenario")
    file = tmp_path / "my-board.toml"
    file.write_text(text, encoding="utf-8")
    started = create_game(tmp_path / "new.json", data_dir(), "logistics", str(file), seed=1, clock=fixed_clock)
    w = started.state.world
    assert (w.grid.columns, w.grid.rows) == (40, 30) and w.is_sea("0101") and w.place("0102").name == "Calais"
    assert w.coastal("0102") and w.roads == (("0102", "0202"),) and w.place("4030").terrain == "forest"
    assert load_scenario(data_dir(), str(file)).info.name == "My board"


async def test_issue21_z_zooms_out_to_the_whole_board() -> None:
    """Issue 21: the Map zooms out to show the whole board (large hexes, compact ones, the whole board small)."""
    from logistics_game import at

    app = make_app(at(logistics_game(), 1, "initiative"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
        hex_map = app.screen.query_one(HexMap)
        assert hex_map.picture.large and hex_map.virtual_size.width > hex_map.size.width  # scrolls
        await pilot.press("z")
        await until(pilot, lambda: not hex_map.picture.large and not hex_map.picture.overview)
        await pilot.press("z")
        await until(pilot, lambda: hex_map.picture.overview)
        assert hex_map.virtual_size.width <= hex_map.size.width and hex_map.virtual_size.height <= hex_map.size.height
        assert hex_map.cursor == "1309"
        await pilot.press("right")
        await until(pilot, lambda: hex_map.cursor == "1409")


async def test_issue21_w_twice_lays_a_road_of_two_stretches_and_the_edit_menu_names_its_hex(tmp_path: Path) -> None:
    """Issue 21 "the Map edits the board ... with the keyboard": after ``w`` the cursor is on the road's far end, so a
    road is laid stretch by stretch by ``w`` alone; the ``e`` menu's title names the hex it edits (it read "Edit the
    board at")."""
    game = create_game(tmp_path / "roads.json", data_dir(), "logistics", seed=1, clock=fixed_clock)
    ok(game, "board 12 10 --empty")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
        await _go(pilot, "0203")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        assert "0203" in app.screen.title_text
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        hex_map = app.screen.query_one(HexMap)
        await pilot.press("w")
        await _choose(pilot, "SE")
        await until(pilot, lambda: hex_map.cursor == "0304")
        await pilot.press("w")
        await _choose(pilot, "SE")
        await until(pilot, lambda: hex_map.cursor == "0404")
        assert app.game.state.world.roads == (("0203", "0304"), ("0304", "0404"))


def test_issue30_15_a_blank_board_no_longer_bears_the_bundled_title() -> None:
    """Issue 30 item 15: "After a new board, the title still names the bundled scenario." `board C R --empty` titles
    the game "A blank C x R board", not illustrative, no note (what the header, the briefing and `scenario export`
    read), and says how to name it; `undo` gives the bundled title back; a resize keeps the board and its title."""
    from tui.engine.edits import scenario_info
    from tui.widgets.game_header import HeaderInfo

    game = logistics_game()
    bundled = scenario_info(game.state, game.meta)
    assert bundled["name"] == "Channel Coast (illustrative Victory Logistics)" and bundled["illustrative"]
    result = ok(game, "board 12 10 --empty")
    assert result.details == ["The game's title is now 'A blank 12 x 10 board' (it named the scenario the game was made "
                              "from); give it your own with: setup edit scenario name=NAME"]
    assert scenario_info(game.state, game.meta) == {"name": "A blank 12 x 10 board", "illustrative": False, "note": ""}
    assert HeaderInfo.from_game(game, "map").game == "A blank 12 x 10 board"
    ok(game, "undo")
    assert scenario_info(game.state, game.meta) == bundled
    ok(game, "board 30 20")
    assert scenario_info(game.state, game.meta) == bundled
