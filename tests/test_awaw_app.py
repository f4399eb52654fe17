"""Pilot tests of the AWAW Naval mode (key 6): the roster by base, marking a force, the planner, filters, and the
activities run from their keys with the procedure's prompts asked one after another (seed 004, 21.2-21.7)."""

from __future__ import annotations

from pilot_keys import click
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from test_app_pilot import SIZE, fixed_clock, type_text, until
from tests.awaw_game import ok, to
from tui.app import HarbormasterApp, make_app
from tui.app.commands import HarbormasterCommands
from tui.paths import data_dir
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.naval import NavalScreen
from tui.session import memory_game
from tui.widgets.naval_table import NavalTable


def awaw_app(segment: str = "", first: str = "axis") -> HarbormasterApp:
    """The bundled AWAW game walked to ``segment`` (initiative answered ``first``), in the app."""
    game = memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock)
    if segment:
        to(game, segment, first)
    return make_app(game, clock=fixed_clock, cursor_blink=False)


async def naval(pilot: Pilot[Any]) -> NavalTable:
    """Show the Naval mode and return its table once filled."""
    app: Any = pilot.app
    await pilot.press("6")
    await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
    return app.screen.query_one(NavalTable)


async def cursor(pilot: Pilot[Any], table: NavalTable, key: str) -> None:
    """Put the table's cursor on row ``key`` (a unit id, or ``base:NAME``)."""
    table.move_cursor(row=table.get_row_index(key))
    app: Any = pilot.app
    # the app follows the cursor once the table's highlight message is handled: wait for it, not a pause (29.8)
    await until(pilot, lambda: table.selected == key
                and app.selected.get(table.view) == str((table.selected_row or {}).get("name", key)))


async def test_the_naval_mode_is_shown_only_for_a_rule_set_with_naval_units() -> None:
    app = make_app(memory_game(data_dir(), "europa", seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("6")
        await pilot.pause()
        assert not isinstance(app.screen, NavalScreen)
    app = awaw_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        assert table.get_row_index("base:Scapa Flow") == 0  # ports first, units under their base
        assert table.get_row_index("KGV") == 1
        rows = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert rows.index("Atlantic SW") > rows.index("Atlantic U.S.") > rows.index("Istanbul") if "Istanbul" in rows else True


async def test_21_11_each_base_shows_its_room_used_and_left() -> None:
    app = awaw_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        taranto = str(table.get_row("base:Taranto")[9])
        assert "24/50" in taranto and "26 left" in taranto  # 5+5+2+2+4+6 factors in Taranto
        kiel = str(table.get_row("base:Kiel/Hamburg")[9])
        # two-port hex: 100 (21.111); Scheer 2 + Lutzow 2 + Prinz Eugen 2 (damaged, still counted) + Scharnhorst 3
        # + destroyers 3 + submarines 3 = 15; Gneisenau, waiting for repair, is not counted (21.113)
        assert "15/100" in kiel and "85 left" in kiel


async def test_marking_a_force_and_the_planner_21_312_21_313() -> None:
    app = awaw_app("Patrols, base changes, SW deployments", first="allies")
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        await cursor(pilot, table, "Malaya")
        await pilot.press("space")
        await cursor(pilot, table, "Eagle")
        await pilot.press("space")
        await cursor(pilot, table, "Furious")
        await pilot.press("space")
        planner = str(app.screen.query_one("#planner", Static).render())
        assert "needs 2 fast fleet factors: 0 chosen" in planner  # Malaya is slow (21.313)
        await cursor(pilot, table, "Renown")
        await pilot.press("space")
        planner = str(app.screen.query_one("#planner", Static).render())
        assert "needs 2 fast fleet factors: 3 chosen" in planner and "✓" in planner
        assert table.marked == ["Malaya", "Eagle", "Furious", "Renown"]


async def test_a_patrol_from_its_key_walks_21_416_by_prompts() -> None:
    app = awaw_app("Patrols, base changes, SW deployments")
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        await cursor(pilot, table, "RM-CA-Messina")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await type_text(pilot, "Y20")
        await pilot.press("tab")
        await type_text(pilot, "9")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        done = len(app.game.events)  # the patrol is written once its steps are answered (issue 12.6)
        await pilot.press("enter")  # no interception
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt) and "-1-interception" not in app.screen.title_text)
        await pilot.press("down", "enter")  # return to base
        await until(pilot, lambda: len(app.game.events) == done + 3)
        assert app.game.events[done]["command"] == "patrol Y20 RM-CA-Messina --distance 9"
        unit = app.game.state.world.units["RM-CA-Messina"]
        assert (unit.acted, unit.inverted, unit.at_sea) == (True, True, "")


async def test_a_base_change_from_its_key_and_a_refusal_with_the_rule() -> None:
    app = awaw_app("Patrols, base changes, SW deployments")
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        await cursor(pilot, table, "base:Tripoli")  # a base row: the action takes its units
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        form: Any = app.screen
        offered = form.query_one("#field-to").choices
        assert "Naples" in offered and "Malta" not in offered  # the bases the phasing side holds
        form.query_one("#field-to").value = "Naples"
        form.query_one("#field-distance").value = "45"
        await click(pilot, "#ok")
        # refused: beyond 40 hexes (21.223); the form stays open with what was typed (issue 12, bug 5)
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen is not form
                    and app.screen.query(".dialog-error.-shown"))  # reopened with its error drawn (issue 29.8)
        form = app.screen
        shown = [w for w in form.query(".dialog-error.-shown")]
        assert len(shown) == 1 and "21.223" in str(shown[0].render())
        assert app.game.state.world.units["RM-DD-Tripoli"].base == "Tripoli"
        assert "21.223" in str(app.screen_stack[-2].query_one("StatusLine").render())
        assert (form.query_one("#field-to").value, form.query_one("#field-distance").value) == ("Naples", "45")
        form.query_one("#field-distance").value = "9"
        await click(pilot, "#ok")
        await until(pilot, lambda: app.game.state.world.units["RM-DD-Tripoli"].base == "Naples")


async def test_filter_by_power_front_and_state() -> None:
    app = awaw_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        screen: Any = app.screen
        screen.filters.update({"power": "germany", "state": "ready"})
        screen.render_game(app.game)
        await pilot.pause()
        units = [k for k, r in table._rows.items() if r["row_kind"] == "unit"]
        assert "Tirpitz" in units and "Gneisenau" not in units and "KGV" not in units  # Gneisenau: in repair
        screen.filters.update({"power": "all", "front": "boxes", "state": "all"})
        screen.render_game(app.game)
        await pilot.pause()
        bases = {r["base"] for r in table._rows.values() if r["row_kind"] == "unit"}
        assert bases == {"Atlantic U.S.", "South Africa", "India", "Atlantic SW"}


async def test_the_palette_lists_the_naval_actions_on_the_selected_units() -> None:
    app = awaw_app("Patrols, base changes, SW deployments")
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        await cursor(pilot, table, "Littorio")
        provider = HarbormasterCommands(app.screen)
        titles = [t for t, _, _ in provider.entries()]
        assert "Naval: Patrol Littorio" in titles and "Mode: Naval" in titles
