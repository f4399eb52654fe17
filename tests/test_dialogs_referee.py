"""Never override the referee (issue 22, points 1, 2 and 6), pressed as a referee presses the keys, in every rule set.

Point 1: faces typed on a dice dialog are used, wherever the focus is, and the faces used are shown
large after the roll, marked typed or app. Point 2: on a yes/no the focused button is the one drawn as
the main one, and Enter takes the answer the rules expect. Point 6: number prompts show and check
their bounds as they are typed, a verb not legal in the segment is refused before its form asks
anything (its key dimmed), a form starts in its first empty required field, and a fixed error goes.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input

from tests.logistics_game import at, logistics_game
from tests.test_app_zones import choose, question
from tests.test_dialogs import SIZE, command, fixed_clock, new_app, type_text, until
from tui.app import HarbormasterApp, make_app
from tui.rules.core.dice import DiceSpec
from tui.screens.dice_prompt import DicePrompt


# ------------------------------------------------------------------ point 1
def dice_count(app: HarbormasterApp) -> int:
    screen = app.screen
    assert isinstance(screen, DicePrompt)
    return DiceSpec.parse(screen.spec).count


async def open_dice(pilot: Pilot[Any], ruleset: str) -> HarbormasterApp:
    """Bring up the rule set's own dice dialog, with app dice (the default)."""
    app: Any = pilot.app
    if ruleset == "europa":  # the guided anti-shipping check (Sea Zones, c)
        await pilot.press("5", "c")
        await question(pilot, "Cargo item")
        await choose(pilot, "unit")
    elif ruleset == "ocs":  # the weather roll of a new game (Phases, a)
        await pilot.press("a")
    elif ruleset == "logistics":  # the initiative roll (Phases, a)
        await pilot.press("a")
    else:  # AWAW rolls its dice itself unless they are typed: a roll the referee asks for, in a typed-dice game
        await command(pilot, app, "set dice typed")
        await command(pilot, app, "roll 2d6 morale")
    await until(pilot, lambda: isinstance(app.screen, DicePrompt))
    return app


def dice_app(ruleset: str) -> HarbormasterApp:
    if ruleset == "logistics":
        return make_app(at(logistics_game(), 1, "initiative"), clock=fixed_clock, cursor_blink=False)
    return new_app(ruleset)


@pytest.mark.parametrize("ruleset", ("europa", "ocs", "logistics", "awaw"))
async def test_issue22_point1_digits_typed_with_roll_focused_are_the_faces_used(ruleset: str) -> None:
    """Issue 22 point 1: with Roll focused, typing the physical dice puts them in the faces field and Enter uses them;
    the faces used are then shown large, marked typed."""
    app = dice_app(ruleset)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, ruleset)
        screen = app.screen
        if ruleset == "awaw":  # typed dice: the faces field leads; the focus is moved to Cancel, as a stray Tab does
            screen.query_one("#cancel", Button).focus()
            await pilot.pause()
            assert screen.focused is screen.query_one("#cancel", Button)
        else:
            assert screen.focused is screen.query_one("#roll", Button)  # app dice: Roll is the focused, main button
        events = len(app.game.events)
        faces = [str(min(6, 2 + i)) for i in range(dice_count(app))]
        await type_text(pilot, ",".join(faces))
        assert screen.query_one("#faces", Input).value == ",".join(faces)
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not screen)
        if isinstance(app.screen, DicePrompt):  # Europa: on contact, the result stage's 1d6, typed with Roll focused
            assert app.screen.focused is app.screen.query_one("#roll", Button)
            await pilot.press("4", "enter")
        await until(pilot, lambda: len(app.game.events) > events and not isinstance(app.screen, DicePrompt))
        rolled = [r for e in app.game.events[events:] for r in e["dice"]]
        assert rolled and rolled[0]["source"] == "typed" and rolled[0]["faces"] == [int(f) for f in faces]
        assert all(r["source"] == "typed" for r in rolled)
        shown = [n for n in app.notices if n.title == "Dice used: typed by the referee"]
        assert shown and "━" in shown[-1].message  # drawn three lines high
        assert f"⚁ 2" in shown[-1].message


async def test_issue22_point1_enter_on_roll_still_rolls_and_is_shown_as_the_apps() -> None:
    """Issue 22 point 1: nothing typed, Enter on Roll lets the app roll; the faces are shown large, marked app."""
    app = new_app("ocs")
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "ocs")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events and app.game.events[-1]["dice"])
        assert app.game.events[-1]["dice"][0]["source"] == "app"
        await until(pilot, lambda: any(n.title == "Dice used: rolled by the app" for n in app.notices))


# ------------------------------------------------------------------ point 2
def drawn_main(screen: Any) -> str:
    """The id of the button drawn as the main one (the primary variant)."""
    main = [b.id for b in screen.query(Button) if b.variant == "primary"]
    assert len(main) == 1, main
    return str(main[0])


async def test_issue22_point2_enter_on_a_required_yes_no_takes_yes_the_main_focused_button() -> None:
    """Issue 22 point 2 (OCS repair, a required yes/no): Yes is drawn as the main button, has the focus, and Enter
    answers yes: the rules' effect (the repair) is applied."""
    from tests.test_app_ocs import MOVEMENT, ocs_app, to_ports
    from tui.screens.confirm_prompt import ConfirmPrompt
    app = ocs_app(MOVEMENT)
    assert app.game.execute("port edit Tripoli hits=2").ok
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Tripoli")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        assert drawn_main(app.screen) == "yes" and app.screen.focused is app.screen.query_one("#yes")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.state.world.ports["Tripoli"].hits == 1)
        assert app.game.events[-1]["command"].endswith(" yes")


def gate_app(ruleset: str) -> HarbormasterApp:
    """A new game of ``ruleset`` with a required prompt left unanswered in its first segment."""
    from tui.rules.core.state import Pending
    app = dice_app(ruleset)
    required = Pending(id="weather-x", text="Weather this turn", kind="choice", choices=("clear", "mud"), required=True)
    app.game.state = app.game.state.with_flow(pending=app.game.state.flow.pending + (required,))
    return app


@pytest.mark.parametrize("ruleset", ("europa", "ocs", "logistics", "awaw"))
async def test_issue22_point2_enter_at_the_gate_of_a_required_prompt_stays_the_drawn_main_button(ruleset: str) -> None:
    """Issue 22 point 2: `n` over an unanswered required prompt asks "Go ahead?"; the rules expect it answered
    first, so Back is drawn as the main button, has the focus, and Enter leaves the game as it was."""
    from tui.screens.confirm_prompt import ConfirmPrompt
    app = gate_app(ruleset)
    async with app.run_test(size=SIZE) as pilot:
        events, segment = len(app.game.events), app.game.segment.key
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        assert drawn_main(app.screen) == "no" and app.screen.focused is app.screen.query_one("#no")
        assert "Enter: Back" in str(app.screen.query_one(".dialog-hint").render())
        await pilot.press("enter")
        await until(pilot, lambda: not app.screen.is_modal)
        assert len(app.game.events) == events and app.game.segment.key == segment
