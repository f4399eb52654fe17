"""Issue 23, Setup mode in the app: a small game built by keys (add, edit, remove through the form), then turn 1.

The mode's key is ``8``; ``k`` kind, ``a`` add, ``e`` edit, ``d`` remove; each change is one ``setup`` command
through the app's execute path, so it is in the log and undoable; after ``n`` the same change is a correction.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from tests.test_snapshots import new_app, settle, until
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.setup import SetupScreen
from tui.widgets.table_search import SearchTable
from pilot_keys import type_keys

SIZE = (120, 36)


async def type_text(pilot: Pilot[Any], text: str) -> None:
    """Type ``text`` into the focused field (:func:`pilot_keys.type_keys`)."""
    await type_keys(pilot, text)


async def fill(pilot: Pilot[Any], values: dict[str, str]) -> None:
    """Type each value into its form field (by the field's id), then submit with Enter."""
    app: Any = pilot.app
    for name, text in values.items():
        field = app.screen.query_one(f"#field-{name}", Input)
        field.focus()
        field.value = ""
        await pilot.pause()
        await type_text(pilot, text)
    await pilot.press("enter")


async def setup_mode(pilot: Pilot[Any]) -> None:
    """Show the Setup mode (key 8)."""
    app: Any = pilot.app
    await pilot.press("8")
    await until(pilot, lambda: isinstance(app.screen, SetupScreen))
    await pilot.pause()


async def test_issue23_pilot_builds_a_small_game_in_setup_mode_then_starts_turn_1() -> None:
    """Issue 23 ("a pilot test that builds a small game in the Setup mode by keys and starts turn 1"): OCS ports
    added, edited and removed by keys in the form; a refused value reopens the form with the message; ``n`` starts
    the turn, and an edit after it is logged as a correction."""
    app: Any = new_app("ocs")
    game = app.game
    async with app.run_test(size=SIZE) as pilot:
        await setup_mode(pilot)
        table = app.screen.query_one(SearchTable)
        assert table.row_count == len(game.state.world.ports)
        # add a port: a bad capacity first (refused, the form comes back with the message), then a good one
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await fill(pilot, {"name": "Sirte", "owner": "axis", "capacity": "-2"})
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen.error)
        assert "capacity" in app.screen.error and "Sirte" not in game.state.world.ports
        await fill(pilot, {"capacity": "2 SP"})
        await until(pilot, lambda: "Sirte" in game.state.world.ports)
        assert game.events[-1]["summary"] == "Setup: added ports Sirte"
        # edit it: the owner
        await until(pilot, lambda: not app.screen.is_modal)
        table = app.screen.query_one(SearchTable)
        await until(pilot, lambda: table.row_count == len(game.state.world.ports))
        table.move_cursor(row=table.row_count - 1)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await fill(pilot, {"owner": "allied"})
        await until(pilot, lambda: game.state.world.ports["Sirte"].owner == "allied")
        # remove the first port, confirmed
        await until(pilot, lambda: not app.screen.is_modal)
        first = next(iter(game.state.world.ports))
        app.screen.query_one(SearchTable).move_cursor(row=0)
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        await pilot.press("y")
        await until(pilot, lambda: first not in game.state.world.ports)
        assert [e["summary"].split(":")[0] for e in game.applied()] == ["Setup"] * 3
        # undo by key brings the port back; redo removes it again
        await until(pilot, lambda: not app.screen.is_modal)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: first in game.state.world.ports)
        await pilot.press("ctrl+y")
        await until(pilot, lambda: first not in game.state.world.ports)
        # start turn 1
        flow = game.state.flow
        await pilot.press("n")
        await until(pilot, lambda: game.state.flow != flow)
        assert game.events[-1]["command"] == "next --pass"
        while app.screen.is_modal:  # the new segment's prompts: left pending, to answer from Phases
            await pilot.press("escape")
            await pilot.pause()
        # the kind chooser, then a correction of the turn table
        await setup_mode(pilot)
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await fill(pilot, {"kind": "tur"})
        await until(pilot, lambda: not app.screen.is_modal and app.screen.kind == "turn")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await fill(pilot, {"first_player": "allied"})
        await until(pilot, lambda: game.state.world.first == "allied")
        assert game.events[-1]["summary"] == "Correction: edited turn: first_player=allied"
    assert game.verify() is None


def test_issue23_setup_mode_snapshot(snap_compare: Any) -> None:
    """Issue 23: the Setup mode at 120x36 (Europa, its ports)."""

    async def scene(pilot: Pilot[Any]) -> None:
        await setup_mode(pilot)
        await settle(pilot)

    assert snap_compare(new_app("europa"), terminal_size=SIZE, run_before=scene)
