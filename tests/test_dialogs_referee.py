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
        if isinstance(app.screen, DicePrompt):  # Europa: on contact, the result stage's 1d6, typed too (issue 22 point 1)
            assert app.screen.typed and app.screen.focused is app.screen.query_one("#faces", Input)
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


async def test_issue22_point2_awaw_harbor_attack_steps_take_yes_on_enter() -> None:
    """Issue 22 point 2 (21.443 B, C): the required "answer yes when announced" steps of a harbor attack draw Yes as
    the main button and Enter answers yes, so the attack goes on to its result (D)."""
    from tests.test_awaw_app import awaw_app
    from tui.screens.choice_prompt import ChoicePrompt
    from tui.screens.confirm_prompt import ConfirmPrompt
    app = awaw_app("Harbor attacks", first="allies")
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, app, "harbor britain Taranto aircraft from Illustrious, +1")
        for step in ("B", "C"):
            await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt) and f"21.443{step}" in app.screen.text)
            assert drawn_main(app.screen) == "yes" and app.screen.focused is app.screen.query_one("#yes")
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))  # D: the result, as the table reads
        await pilot.press("enter")
        await until(pilot, lambda: any(e["command"].startswith("answer harbor-1-D") for e in app.game.events))
        answers = [e["command"] for e in app.game.events if e["command"].startswith("answer harbor-1-")]
        assert answers[:2] == ["answer harbor-1-B yes", "answer harbor-1-C yes"]


# ------------------------------------------------------------------ point 6
async def test_issue22_point6_ocs_hit_in_movement_is_refused_before_its_form_and_its_key_is_dimmed() -> None:
    """Issue 22 point 6: OCS `h` (hit, legal in the Barrage segment) pressed in Movement asks nothing: it is refused
    at once, saying where it is legal, and its key in the footer is dimmed there."""
    from tests.test_app_ocs import MOVEMENT, ocs_app, to_ports
    app = ocs_app(MOVEMENT)
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Tripoli")
        mode = app.screen
        assert mode.check_action("act", ("hit",)) is None  # dimmed: shown, not active
        assert mode.check_action("act", ("repair",)) is True
        events = len(app.game.events)
        await pilot.press("h")
        await pilot.pause(0.2)
        assert app.screen is mode and not app.screen.is_modal  # nothing asked
        refusal = [n for n in app.notices if "not legal" in n.message]
        assert refusal and "Barrage" in refusal[-1].message
        assert len(app.game.events) == events


async def test_issue22_point6_ocs_hit_in_barrage_still_asks() -> None:
    """Issue 22 point 6: where `h` is legal (Barrage) its key is active and its dialog asks."""
    from tests.test_app_ocs import BARRAGE, ocs_app, to_ports
    app = ocs_app(BARRAGE)
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Tripoli")
        assert app.screen.check_action("act", ("hit",)) is True
        await pilot.press("h")
        await until(pilot, lambda: app.screen.is_modal)


def error_under(app: HarbormasterApp, name: str) -> str:
    """The error shown under form field ``name`` ("" when none is shown)."""
    error = app.screen.query_one(f"#error-{name}")
    return str(error.render()) if error.has_class("-shown") else ""


async def to_europa_port(pilot: Pilot[Any], name: str) -> None:
    from tests.test_app_pilot import select_port
    from tui.widgets.port_table import PortTable
    app: Any = pilot.app
    await pilot.press("2")
    await until(pilot, lambda: app.screen.query(PortTable) and app.screen.query_one(PortTable).row_count)
    await select_port(pilot, app, name)


async def test_issue22_point6_europa_use_knows_the_res_left_and_checks_them_as_typed() -> None:
    """Issue 22 point 6 (31.A.1): Use on Alexandria with 6 REs left: typing 7 says "at most 6" under the field at
    once; fixing it to 5 takes the error away before Enter; Enter uses 5."""
    from tui.screens.form_prompt import FormPrompt
    app = new_app("europa")
    async with app.run_test(size=SIZE) as pilot:
        await to_europa_port(pilot, "Alexandria")
        assert app.game.ruleset.views["ports"](app.game.state)[0]["capacity_left"] == 6
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        field = next(f for f in app.screen.fields if f.name == "res")
        assert field.maximum == 6
        assert app.screen.focused is app.screen.query_one("#field-res")
        await pilot.press("end", "backspace", "7")  # as typed: no Enter yet
        await pilot.pause()
        assert "at most 6" in error_under(app, "res")
        await pilot.press("backspace", "5")
        await pilot.pause()
        assert error_under(app, "res") == ""
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events and app.game.events[-1]["command"].startswith("use Alexandria 5"))


async def test_issue22_point6_europa_repair_asks_up_to_the_hits_there() -> None:
    """Issue 22 point 6 (31.A.3): a port with 1 Port Hit: Repair's number is "0.5 to 1"; 2 is refused as it is typed."""
    from tui.screens.number_prompt import NumberPrompt
    app = new_app("europa")
    assert app.game.execute("hit Alexandria 1").ok
    hits = app.game.state.world.ports["Alexandria"].hits
    async with app.run_test(size=SIZE) as pilot:
        await to_europa_port(pilot, "Alexandria")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        assert app.screen.maximum == hits
        assert "to 1" in str(app.screen.query_one(".dialog-hint").render())
        await pilot.press("end", "backspace", "2")
        await pilot.pause()
        error = app.screen.query_one("#error")
        assert error.has_class("-shown") and "at most 1" in str(error.render())
        await pilot.press("backspace", "1")
        await pilot.pause()
        assert not error.has_class("-shown")


async def test_issue22_point6_ocs_hit_checks_its_bound_as_typed() -> None:
    """Issue 22 point 6 (19.0b, RULINGS O1): OCS hits are 1 to 4: 5 is refused as it is typed, 3 takes it away."""
    from tests.test_app_ocs import BARRAGE, ocs_app, to_ports
    from tui.screens.number_prompt import NumberPrompt
    app = ocs_app(BARRAGE)
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Tripoli")
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        await pilot.press("end", "backspace", "5")
        await pilot.pause()
        error = app.screen.query_one("#error")
        assert error.has_class("-shown") and "at most 4" in str(error.render())
        await pilot.press("backspace", "3")
        await pilot.pause()
        assert not error.has_class("-shown")


async def test_issue22_point6_logistics_factory_form_starts_in_its_empty_required_field() -> None:
    """Issue 22 point 6: Logistics' factory form (kind, PP*) starts in PP, the empty required field; a PP refused on
    Enter says so under it, and the error goes once it is fixed."""
    from tui.screens.form_prompt import FormPrompt
    app = dice_app("logistics")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await pilot.pause(0.3)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.focused is app.screen.query_one("#field-pp")
        await pilot.press("enter")  # empty: refused under the field
        await pilot.pause()
        assert "needed" in error_under(app, "pp")
        await pilot.press("2")
        await pilot.pause()
        assert error_under(app, "pp") == ""


async def test_issue22_point6_europa_batch_form_starts_in_its_items() -> None:
    """Issue 22 point 6: the batch form's zone and side come from the selected zone; it starts in Items (required)."""
    from tests.test_app_zones import zone_at
    from tui.screens.form_prompt import FormPrompt
    app = new_app("europa")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await zone_at(pilot, "Ba", "baltic:axis")
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.focused is app.screen.query_one("#field-items")


async def test_issue22_point6_awaw_a_verb_not_legal_is_refused_before_its_form() -> None:
    """Issue 22 point 6: AWAW's ship-oil (`o`, Movement) in Initiative asks nothing; it says where it is legal."""
    from tests.test_awaw_app import awaw_app, naval
    app = awaw_app()
    async with app.run_test(size=SIZE) as pilot:
        await naval(pilot)
        mode = app.screen
        assert mode.check_action("act", ("ship-oil",)) is None
        await pilot.press("o")
        await pilot.pause(0.2)
        assert app.screen is mode
        assert any("'ship-oil' is not legal in Initiative" in n.message for n in app.notices)
