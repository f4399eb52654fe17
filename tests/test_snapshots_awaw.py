"""Snapshot tests of the AWAW rule set's screens (seed 004): the Naval mode, its planner and dialogs, and the
Phases, Ports, Sea Zones and Markers modes as an AWAW game shows them.

Built like ``test_snapshots.py``: the production factory over the bundled Summer 1942 game (seed 1, fixed
clock), a fixed terminal size, no cursor blink. The same scenes make the README screenshots.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from test_snapshots import settle, SIZE, SMALL, Scene, fixed_clock, modal, quiet, run, until
from tests.test_app_zones import choose
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.screens.naval import NavalScreen
from tui.session import memory_game
from tui.widgets.naval_table import NavalTable
from pilot_keys import click, type_keys

PATROLS = ("answer first axis", "next", "next")
"""From the start to the axis's patrols, base changes and SW deployments."""


async def patrol(pilot: Pilot[Any], line: str, *answers: str) -> None:
    """Type patrol ``line`` at the command line and answer the steps it asks, in their dialogs (the patrol is written
    once the last is answered; issue 12.6). With no ``answers`` the first step's dialog is left open."""
    app: Any = pilot.app
    before = len(app.game.events)
    await pilot.press("colon")
    await until(pilot, lambda: app.screen.is_modal)
    await type_keys(pilot, line)
    await pilot.press("enter")
    await until(pilot, lambda: type(app.screen).__name__ == "ChoicePrompt")
    for answer in answers:
        await until(pilot, lambda: type(app.screen).__name__ == "ChoicePrompt")
        await choose(pilot, answer)
    if answers:
        await until(pilot, lambda: len(app.game.events) > before and not app.screen.is_modal)



async def naval(pilot: Pilot[Any], *marks: str, at: str = "") -> None:
    """Show the Naval mode, mark ``marks``, put the cursor on ``at``."""
    app: Any = pilot.app
    await pilot.press("6")
    await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
    table = app.screen.query_one(NavalTable)
    for key in marks:
        table.move_cursor(row=table.get_row_index(key))
        await pilot.pause()
        await pilot.press("space")
    if at:
        table.move_cursor(row=table.get_row_index(at))
    await pilot.pause()
    await quiet(pilot)


async def naval_force(pilot: Pilot[Any]) -> None:
    """The Italian battle fleet marked at Taranto: the planner checks the TF and the force; Taranto's room."""
    await run(pilot, *PATROLS, "rebase Naples RM-DD-Messina --distance 8")
    await naval(pilot, "Littorio", "VittorioVeneto", "RM-CA-Taranto", "RM-DD-Taranto", "Doria", at="base:Taranto")


async def naval_patrol_form(pilot: Pilot[Any]) -> None:
    """``p`` on the marked force: where to, how far (typed, RULINGS A1), the legs and straits."""
    await run(pilot, *PATROLS)
    await naval(pilot, "Littorio", "VittorioVeneto", "RM-CA-Taranto", "RM-DD-Taranto")
    await modal(pilot, "p")


async def naval_patrol_prompt(pilot: Pilot[Any]) -> None:
    """The first step of 21.416 after a patrol is announced: interception en route?"""
    await run(pilot, *PATROLS)
    await naval(pilot, at="RM-CA-Messina")
    await patrol(pilot, "patrol Y20 RM-CA-Messina --distance 9")
    await pilot.pause()


async def naval_after_turn(pilot: Pilot[Any]) -> None:
    """After the axis's patrols, a failed base change and the return before exploitation: states in the table."""
    await run(pilot, *PATROLS)
    await patrol(pilot, "patrol Y20 RM-CA-Messina --distance 9", "patrol lost")
    await run(pilot, "rebase Naples RM-DD-Tripoli --distance 9")
    await patrol(pilot, "patrol Y30 RM-SS-1 --distance 12", "no interception", "remain at sea", "no interception")
    await naval(pilot, at="base:Naples")
    await pilot.press("f")  # the naval filter (issue 12: / searches every table; issue 22 point 3: no capitals)
    await until(pilot, lambda: pilot.app.screen.is_modal)
    screen: Any = pilot.app.screen
    screen.query_one("#field-power").value = "italy"
    await click(pilot, "#ok")
    await until(pilot, lambda: not pilot.app.screen.is_modal)
    await quiet(pilot)


async def naval_small(pilot: Pilot[Any]) -> None:
    """The Naval mode at 80x24."""
    await naval(pilot, "KGV", "Victorious")


async def awaw_ports(pilot: Pilot[Any]) -> None:
    """AWAW bases in the Ports mode with their room (21.11-21.114)."""
    await pilot.press("2")
    await pilot.pause()
    await quiet(pilot)


async def awaw_zones(pilot: Pilot[Any]) -> None:
    """Fronts and SW boxes with what is at sea, and the straits panel, in the Sea Zones mode."""
    await run(pilot, *PATROLS)
    await patrol(pilot, "patrol Y20 RM-CA-Messina --distance 9", "no interception", "remain at sea", "no interception")
    await pilot.press("5")
    await pilot.pause()
    await quiet(pilot)


async def awaw_markers(pilot: Pilot[Any]) -> None:
    """Inverted, damaged, waiting-for-repair and at-sea units in the Markers mode."""
    await run(pilot, *PATROLS)
    await patrol(pilot, "patrol Y20 RM-CA-Messina --distance 9", "no interception", "remain at sea", "no interception")
    await pilot.press("3")
    await pilot.pause()
    await quiet(pilot)


async def awaw_phases(pilot: Pilot[Any]) -> None:
    """The AWAW player turn in the Phases mode, in the patrols segment."""
    await run(pilot, *PATROLS)
    await pilot.press("1")
    await pilot.pause()
    await quiet(pilot)


SCENES: dict[str, tuple[Scene, tuple[int, int]]] = {
    "awaw-naval": (naval_force, SIZE),
    "awaw-naval-patrol-form": (naval_patrol_form, SIZE),
    "awaw-naval-patrol-prompt": (naval_patrol_prompt, SIZE),
    "awaw-naval-after-patrols": (naval_after_turn, SIZE),
    "awaw-naval-80x24": (naval_small, SMALL),
    "awaw-ports": (awaw_ports, SIZE),
    "awaw-zones": (awaw_zones, SIZE),
    "awaw-markers": (awaw_markers, SIZE),
    "awaw-phases": (awaw_phases, SIZE),
}
"""Every AWAW picture: name -> (scene, terminal size)."""


def scene_app(name: str) -> HarbormasterApp:
    """A fresh bundled AWAW game (seed 1, fixed clock) in the app."""
    return make_app(memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)


def snap(snap_compare: Any, name: str) -> bool:
    """Compare scene ``name`` with its baseline."""
    scene, size = SCENES[name]

    async def settled_scene(pilot: Pilot[Any]) -> None:
        await scene(pilot)
        await settle(pilot)

    return bool(snap_compare(scene_app(name), terminal_size=size, run_before=settled_scene))


class TestNavalMode:
    """The Naval mode (key 6)."""

    def test_force_and_planner(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "awaw-naval")

    def test_patrol_form(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "awaw-naval-patrol-form")

    def test_patrol_prompt(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "awaw-naval-patrol-prompt")

    def test_after_patrols_filtered(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "awaw-naval-after-patrols")

    def test_small_terminal(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "awaw-naval-80x24")


class TestOtherModesForAwaw:
    """Ports, Sea Zones, Markers and Phases as an AWAW game shows them."""

    def test_ports(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "awaw-ports")

    def test_zones(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "awaw-zones")

    def test_markers(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "awaw-markers")

    def test_phases(self, snap_compare: Any) -> None:
        assert snap(snap_compare, "awaw-phases")
