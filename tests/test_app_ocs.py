"""Pilot tests of an OCS game (issue 4) in the app: the Ports mode built from the OCS rule set's actions.

Every key, the key legend, the dialogs and the palette entries come from
``RuleSet.actions["ports"]``; nothing on screen is Europa's. The game is
driven from the keyboard through the OCS sequence of play; outcomes are
asserted on ``game.state`` and ``game.events``.
"""

from __future__ import annotations

from pilot_keys import click
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select

from test_app_pilot import SIZE, fixed_clock, select_port, status, type_text, until
from tui.app import HarbormasterApp, make_app
from tui.app.commands import HarbormasterCommands
from tui.paths import data_dir
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.number_prompt import NumberPrompt
from tui.session import memory_game
from tui.widgets.key_legend import KeyLegend
from tui.widgets.port_table import PortTable
from tui.widgets.view_table import ViewTable

REINFORCEMENT, MOVEMENT, BARRAGE = 3, 5, 6
"""Segments of the OCS sequence: first player's reinforcement, movement, air and naval barrage."""


def ocs_app(at: int = 0) -> HarbormasterApp:
    """A new OCS game (seed 1, fixed clock) moved on to segment ``at``, in the app as production builds it."""
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    while game.segment.index < at:
        assert game.execute("next --force").ok
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    app.events_before = len(game.events)  # type: ignore[attr-defined]  # the moves on: a test waits for one more
    return app


def port(app: HarbormasterApp, name: str) -> dict[str, Any]:
    """The ports view's row of ``name`` now."""
    return next(r for r in app.game.ruleset.views["ports"](app.game.state) if r["name"] == name)


async def to_ports(pilot: Pilot[Any], name: str) -> None:
    """Show the Ports mode with ``name`` selected."""
    app: Any = pilot.app
    await pilot.press("2")
    await until(pilot, lambda: app.screen.query(PortTable) and app.screen.query_one(PortTable).row_count)
    await select_port(pilot, app, name)


async def test_from_the_weather_to_a_load_by_keys_charges_the_capacity() -> None:
    app = ocs_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # weather -> first player determination: its prompt is asked at once
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        assert app.screen.query_one(OptionList).highlighted_option.id == "axis"
        await pilot.press("enter")
        await until(pilot, lambda: app.game.state.world.first == "axis")
        await pilot.press("n", "n")  # aircraft refit, reinforcement
        await until(pilot, lambda: app.game.segment.index == REINFORCEMENT)
        await to_ports(pilot, "Tripoli")
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.title_text == "Load at Tripoli"
        await type_text(pilot, "2SP")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events[-1]["command"].startswith("load"))
        assert app.game.events[-1]["command"] == "load Tripoli 2SP"
        assert app.game.state.world.ports["Tripoli"].used == 8  # Tokens: 2 SP
        assert (port(app, "Tripoli")["used"], port(app, "Tripoli")["capacity_left"]) == ("2 SP", "4 SP")
        table = app.screen.query_one(PortTable)
        await until(pilot, lambda: "2 SP" in str(table.get_row("Tripoli")[3]))


async def test_a_unit_over_the_capacity_takes_it_all() -> None:
    app = ocs_app(REINFORCEMENT)
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Bardia")
        await pilot.press("u")  # unload
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await type_text(pilot, "1SP")
        app.screen.query_one("#field-unit").value = True
        await click(pilot, "#ok")
        await until(pilot, lambda: len(app.game.events) > app.events_before)
        assert app.game.events[-1]["command"] == "unload Bardia 1SP --unit"
        assert port(app, "Bardia")["oversize"] == "1 SP"


async def test_hit_by_key_follows_the_ports_own_damage_track() -> None:
    app = ocs_app(BARRAGE)
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Tobruk")
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        assert app.screen.maximum == 4
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) > app.events_before)
        assert app.game.events[-1]["command"] == "hit Tobruk 1"
        assert app.game.state.world.ports["Tobruk"].hits == 1
        assert port(app, "Tobruk")["capacity"] == "3 SP"  # the second box of its track


async def test_hit_outside_a_barrage_segment_is_refused_with_where_it_is_legal() -> None:
    """Issue 12 bug 4, issue 22 point 6: `h` outside a Barrage segment asks nothing; the refusal says briefly where
    hit is legal."""
    app = ocs_app(REINFORCEMENT)
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Tobruk")
        mode = app.screen
        await pilot.press("h")
        await until(pilot, lambda: any("not legal" in n.message for n in app.notices))
        error = next(n.message for n in app.notices if "not legal" in n.message)
        assert "Barrage segment" in error and "of each player turn" in error
        assert app.screen is mode and not app.screen.is_modal
        assert app.game.events == [] or not app.game.events[-1]["command"].startswith("hit")


async def test_repair_asks_the_rules_question_at_once_and_yes_repairs() -> None:
    app = ocs_app(MOVEMENT)
    assert app.game.execute("port edit Tripoli hits=2").ok  # the axis moves first: its own port
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Tripoli")
        await pilot.press("r")  # the engine raises a yes/no prompt (engineer, 1 SP): the app asks it
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        assert "Engineer" in app.screen.text
        await pilot.press("y")
        await until(pilot, lambda: app.game.state.world.ports["Tripoli"].hits == 1)
        assert app.game.events[-1]["command"].startswith("answer repair-")
        assert app.game.events[-1]["command"].endswith(" yes")


async def test_sea_cap_ship_form_charges_both_ports_and_the_allowance() -> None:
    app = ocs_app(MOVEMENT)
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Tripoli")
        sea_cap = app.screen.query_one("#shipping", ViewTable)
        assert sea_cap.row_count == 2 and str(sea_cap.get_row("axis")[2]) == "2 SP"
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.focused.id == "field-to"
        await type_text(pilot, "beng")  # a unique prefix, as on the command line (issue 12, bug 5)
        await pilot.press("tab")
        await type_text(pilot, "1SP")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) > app.events_before)
        assert app.game.events[-1]["command"] == "ship Tripoli Benghazi 1SP"
        world = app.game.state.world
        assert (world.ports["Tripoli"].used, world.ports["Benghazi"].used, world.shipped["axis"]) == (4, 4, 4)
        await until(pilot, lambda: str(sea_cap.get_row("axis")[4]) == "1 SP")  # left this turn


async def test_zoc_and_negate_toggle_and_capture_by_the_other_side() -> None:
    app = ocs_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Derna")
        await pilot.press("z")
        await until(pilot, lambda: len(app.game.events) > app.events_before)
        assert app.game.state.world.ports["Derna"].enemy_zoc and port(app, "Derna")["capacity"] == "0"
        await pilot.press("e")
        await until(pilot, lambda: len(app.game.events) == 2)
        assert app.game.state.world.ports["Derna"].zoc_negated
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        assert app.screen.query_one(OptionList).highlighted_option.id == "allied"
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) == 3)
        assert app.game.state.world.ports["Derna"].owner == "allied"


async def test_edit_sends_only_what_changed_and_add_builds_a_port() -> None:
    app = ocs_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Tobruk")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.query_one("#field-name", Input).disabled
        assert app.screen.query_one("#field-track", Input).value == "4 SP,3 SP,2 SP,1 SP,2T"
        assert str(app.screen.query_one("#field-supply", Select).value) == "yes"
        app.screen.query_one("#field-hex", Input).value = "4010"
        app.screen.query_one("#field-hex", Input).focus()
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) > app.events_before)
        assert app.game.events[-1]["command"] == "port edit Tobruk hex=4010"
        assert app.game.state.world.ports["Tobruk"].hex == "4010"
        await until(pilot, lambda: not app.screen.is_modal)  # the edit form has closed before the next key (29.8)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen.focused is not None
                    and app.screen.focused.id == "field-name")
        await type_text(pilot, "Sollum")
        app.screen.query_one("#field-owner", Select).value = "allied"
        app.screen.query_one("#field-capacity", Input).focus()
        await type_text(pilot, "1T")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) == 2)
        assert app.game.events[-1]["command"] == "port add Sollum owner=allied capacity=1T supply=no"
        assert port(app, "Sollum")["capacity"] == "1T"


async def test_the_ports_mode_shows_ocs_keys_only_and_the_palette_lists_them() -> None:
    app = ocs_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_ports(pilot, "Alexandria")
        legend = app.screen.query_one(KeyLegend)
        labels = [label for _, label in legend.keys]
        assert labels[:4] == ["load", "unload", "arrive", "ship"] and "use" not in labels and "intrinsic" not in labels
        titles = [title for title, _, _ in HarbormasterCommands(app.screen).entries()]
        for title in ("Port: Load Alexandria", "Port: Sea Cap from Alexandria", "Port: Hit Alexandria",
                      "Port: Voluntary reduction of Alexandria", "Port: Sea Cap allowance", "Port: Add a port"):
            assert title in titles, title
        assert not any("Use capacity" in t or t.startswith("Sea:") for t in titles)
        await pilot.press("t")  # the Sea Cap allowance
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        app.screen.query_one("#field-points", Input).focus()
        await type_text(pilot, "3")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) > app.events_before)
        assert app.game.events[-1]["command"] == "allowance axis 3"
        assert app.game.state.world.allowance["axis"] == 12


async def test_ocs_ports_usable_at_80_by_24() -> None:
    app = ocs_app(REINFORCEMENT)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_ports(pilot, "Benghazi")
        assert app.screen.has_class("-narrow")
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await type_text(pilot, "1T")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) > app.events_before)
        assert app.game.state.world.ports["Benghazi"].used == 1
