"""Snapshot tests of a logistics game: the Map mode at 120x36 and 80x24, the Factories table, the storm's prompt.

Built through ``make_app`` over a new in-memory Channel Coast game (seed 1,
fixed clock) at a fixed terminal size with the cursor blink off; each scene
drives the app by keys. The screenshot script makes the README pictures from
the same scenes. Update a baseline only after looking at the report.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from logistics_game import PRODUCTION_TURN, at
from test_snapshots import settle, SIZE, SMALL, Scene, fixed_clock, quiet, run, until
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.session import memory_game
from tui.widgets.hex_map import HexMap


def new_app() -> HarbormasterApp:
    """A fresh Channel Coast game (seed 1, fixed clock) in the app; no cursor blink."""
    return make_app(memory_game(data_dir(), "logistics", seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)


async def show_map(pilot: Pilot[Any]) -> None:
    """Key 7, and wait until the map is drawn."""
    app: Any = pilot.app
    await pilot.press("7")
    await until(pilot, lambda: app.screen.query(HexMap) and app.screen.query_one(HexMap).cursor)


async def goto(pilot: Pilot[Any], hex_id: str) -> None:
    """``j`` and a hex id."""
    app: Any = pilot.app
    await pilot.press("j")
    await until(pilot, lambda: app.screen.is_modal)
    await pilot.press(*hex_id, "enter")
    await until(pilot, lambda: not app.screen.is_modal and app.screen.query_one(HexMap).cursor == hex_id)
    await until(pilot, lambda: f"Hex {hex_id}" in str(app.screen.query_one("#map-hex").render()))  # the panel follows


def played_app() -> HarbormasterApp:
    """Turn 1: initiative, the storm moved NE 3 to 1607, then the first player's combat."""
    game = memory_game(data_dir(), "logistics", seed=1, clock=fixed_clock)
    for line in ("answer initiative 4,5,1,2", "next", "answer storm 2,3", "next", "next"):
        assert game.execute(line).ok, line
    return make_app(game, clock=fixed_clock, cursor_blink=False)


async def map_in_play(pilot: Pilot[Any]) -> None:
    """The Pont Neuf and the Aure Canal destroyed by keyed commands; the cursor on Calvade beside the storm."""
    await run(pilot, "hit bridge 1206-1306 2", "hit canal 1704 2")
    await show_map(pilot)
    await goto(pilot, "1602")
    await quiet(pilot)


async def map_small(pilot: Pilot[Any]) -> None:
    """The map at 80x24, the cursor moved to Rouvel."""
    await show_map(pilot)
    await goto(pilot, "1909")
    await quiet(pilot)


def production_app() -> HarbormasterApp:
    """Turn 1 played (Kingsbridge's factory hit once), then on to turn 2's production."""
    game = memory_game(data_dir(), "logistics", seed=1, clock=fixed_clock)
    for line in ("answer initiative 6,6,1,1", "next", "answer storm 4,1", "next", "next", "hit factory Kingsbridge army"):
        assert game.execute(line).ok, line
    at(game, PRODUCTION_TURN, "produce")
    assert game.execute("resource Rouvel 2 army").ok
    return make_app(game, clock=fixed_clock, cursor_blink=False)


async def factories(pilot: Pilot[Any]) -> None:
    """The Factories table (key 2) in the production turn after a hit and a resource."""
    await pilot.press("2")
    await pilot.pause()
    await quiet(pilot)


async def storm_prompt(pilot: Pilot[Any]) -> None:
    """The storm's dice prompt on entering the storm segment."""
    await run(pilot, "answer initiative 4,5,1,2")
    await pilot.press("n")
    app: Any = pilot.app
    await until(pilot, lambda: type(app.screen).__name__ == "DicePrompt")
    await quiet(pilot)


SCENES: dict[str, tuple[Scene, tuple[int, int]]] = {
    "logistics-map": (map_in_play, SIZE),
    "logistics-map-80x24": (map_small, SMALL),
    "logistics-factories": (factories, SIZE),
    "logistics-prompt-storm": (storm_prompt, SIZE),
}
"""Every picture: name -> (scene, terminal size)."""


def scene_app(name: str) -> HarbormasterApp:
    """The app scene ``name`` starts from."""
    return {"logistics-factories": production_app, "logistics-map": played_app}.get(name, new_app)()


def snap(snap_compare: Any, name: str) -> bool:
    """Compare scene ``name`` with its baseline."""
    scene, size = SCENES[name]

    async def settled_scene(pilot: Pilot[Any]) -> None:
        await scene(pilot)
        await settle(pilot)

    return bool(snap_compare(scene_app(name), terminal_size=size, run_before=settled_scene))


class TestMapMode:
    """The Map mode: storm and area, markers, destroyed bridge and canal, the side panel."""

    def test_in_play(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "logistics-map")

    def test_small_terminal(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "logistics-map-80x24")


class TestFactories:
    """The Ports mode of a logistics game lists the factory cities."""

    def test_production_turn(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "logistics-factories")


class TestStormPrompt:
    """The storm's direction and distance dice."""

    def test_prompt(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "logistics-prompt-storm")
