"""Issue 12 point 6: Escape in a guided flow left an orphan pending prompt that only undo removed. A command that
raises its own questions (the Europa guided check, a capture's destruction roll, an OCS confirmation, an AWAW patrol's
steps) is now tried on a scratch copy and written only once every question is answered: Escape at any step leaves no
prompt pending and nothing changed, in the state or in the log. The segment's own prompts (raised by ``next``) still
stay pending on Escape, to be answered from Phases."""

from __future__ import annotations

from pilot_keys import click
from typing import Any

from tests.test_app_ocs import MOVEMENT, ocs_app, to_ports
from tests.test_app_pilot import SIZE, fixed_clock, new_app, select_port, status, type_text, until
from tests.test_app_zones import asked, choose, question
from tests.test_awaw_app import awaw_app, cursor, naval
from tests.logistics_game import at, logistics_game
from tui.app import make_app
from tui.paths import data_dir
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.screens.dice_prompt import DicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.number_prompt import NumberPrompt
from tui.session import memory_game


def unchanged(app: Any, state: Any, events: int) -> bool:
    return app.game.state == state and len(app.game.events) == events and not app.screen.is_modal


async def test_escape_half_way_through_a_guided_check_changes_nothing() -> None:
    """Escape at the REs question (after the cargo): no event, no prompt, and a new check starts afresh."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.state
        await pilot.press("5", "c")
        await question(pilot, "Cargo item")
        await choose(pilot, "sp")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        await pilot.press("escape")
        await until(pilot, lambda: unchanged(app, before, 0))
        assert not any(p.id.startswith("check") for p in app.game.state.flow.pending)
        assert "nothing changed" in status(app)
        await pilot.press("c")  # a new check starts afresh, from its first question
        await question(pilot, "Cargo item")


async def test_escape_at_the_dice_of_a_guided_check_changes_nothing() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.state
        await pilot.press("5", "c")
        await question(pilot, "Cargo item")
        await choose(pilot, "unit")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.press("escape")
        await until(pilot, lambda: unchanged(app, before, 0))


async def test_escape_at_a_captures_destruction_roll_leaves_the_port_as_it_was() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.state
        await pilot.press("2")
        await select_port(pilot, app, "Athens")
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await click(pilot, "#ok")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.press("escape")
        await until(pilot, lambda: unchanged(app, before, 0))
        assert app.game.state.pending_prompt("destroy:Athens") is None
        assert app.game.state.world.ports["Athens"].owner == "axis"


async def test_escape_at_an_ocs_confirmation_leaves_no_required_prompt() -> None:
    app = ocs_app(MOVEMENT)
    assert app.game.execute("port edit Tripoli hits=2").ok
    async with app.run_test(size=SIZE) as pilot:
        before, events = app.game.state, len(app.game.events)
        await to_ports(pilot, "Tripoli")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        await pilot.press("escape")
        await until(pilot, lambda: unchanged(app, before, events))
        assert not any(p.id.startswith("repair-") for p in app.game.state.flow.pending)


async def test_escape_in_an_awaw_patrols_second_step_cancels_the_patrol() -> None:
    app = awaw_app("Patrols, base changes, SW deployments")
    async with app.run_test(size=SIZE) as pilot:
        before, events = app.game.state, len(app.game.events)
        table = await naval(pilot)
        await cursor(pilot, table, "RM-CA-Messina")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await type_text(pilot, "Y20")
        await pilot.press("tab")
        await type_text(pilot, "9")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        first = app.screen.title_text
        await pilot.press("enter")  # no interception
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt) and app.screen.title_text != first)
        await pilot.press("escape")
        await until(pilot, lambda: unchanged(app, before, events))
        assert app.game.state.world.units["RM-CA-Messina"] == before.world.units["RM-CA-Messina"]
        assert not any(p.id.startswith("patrol-") for p in app.game.state.flow.pending)


async def test_escape_on_a_segment_prompt_after_next_still_leaves_it_pending() -> None:
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    assert game.execute("answer weather roll --dice 3,4").ok
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # First player determination: a required choice
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        assert app.game.events[-1]["command"] == "next --pass"
        assert app.game.state.pending_prompt("first-player") is not None
        assert "left pending" in status(app)


async def test_escape_at_the_mulberry_roll_a_storm_raises_cancels_the_storm() -> None:
    """Logistics: ``storm 1 3`` typed at the command line brings the storm beside a Mulberry (L2): its roll is asked;
    Escape leaves the storm where it was and no roll pending."""
    game = at(logistics_game(), 1, "storm")
    assert game.execute("storm-place 1106").ok
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        before, events = app.game.state, len(app.game.events)
        await pilot.press("colon")
        await type_text(pilot, "storm 1 3")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt) and "mulberry-1102" in app.screen.title_text)
        await pilot.press("escape")
        await until(pilot, lambda: unchanged(app, before, events))
        assert app.game.state.world.storm == "1106" and app.game.state.pending_prompt("mulberry-1102") is None
