"""Pilot tests of the Sea Zones mode (Europa, issue 3): driven by keys, outcomes asserted on the game itself.

The guided anti-shipping check starts from the selected zone and side and
asks cargo, REs, route and the roll as modals before anything happens
(``Result.needs_answer``); the answers make one command, one event. Each test builds the app through
``make_app`` over an in-memory game (seed 1, fixed clock).
"""

from __future__ import annotations

from pilot_keys import click
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, TabbedContent

from test_app_pilot import SIZE, fixed_clock, new_app, page_text, status, type_text, until
from tui.app import HarbormasterApp, make_app
from tui.app.commands import HarbormasterCommands
from tui.paths import data_dir
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.dice_prompt import DicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.number_prompt import NumberPrompt
from tui.screens.text_screen import TextScreen
from tui.screens.zones import ZonesScreen
from tui.session import memory_game
from tui.widgets.explain_pane import ExplainPane
from tui.widgets.game_header import GameHeader
from tui.widgets.view_table import ViewTable


def zone(app: HarbormasterApp, key: str) -> dict[str, Any]:
    """The zones view's row ``key`` (``central-med:axis``) now."""
    return next(r for r in app.game.ruleset.views["zones"](app.game.state) if r["key"] == key)


async def choose(pilot: Pilot[Any], text: str) -> None:
    """In the open ChoicePrompt, move to the option ``text`` by keys and press Enter."""
    app: Any = pilot.app
    await until(pilot, lambda: isinstance(app.screen, ChoicePrompt) and app.screen.query(OptionList))  # composed
    options = app.screen.query_one(OptionList)
    ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
    target = ids.index(text)
    while options.highlighted != target:
        await pilot.press("down")
    await pilot.press("enter")


async def asked(pilot: Pilot[Any], prompt_id: str) -> None:
    """Wait until the dialog asking pending prompt ``prompt_id`` is open."""
    await until(pilot, lambda: str(getattr(pilot.app.screen, "title_text", "")).startswith(f"Answer {prompt_id}"))


async def test_key_5_shows_the_sea_zones_mode_with_every_zone_and_side() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await until(pilot, lambda: isinstance(app.screen, ZonesScreen))
        assert app.current_mode == "zones"
        assert app.screen.query_one(GameHeader).info.mode == "Sea Zones"
        table = app.screen.query_one("#zones", ViewTable)
        await until(pilot, lambda: table.row_count == len(app.game.ruleset.views["zones"](app.game.state)))
        assert table.row_count == 36  # 18 zones x 2 sides
        assert table.selected == "western-med:axis"  # issue 12: the scenario's theatre first, not the Baltic
        await pilot.press("down")
        await until(pilot, lambda: table.selected == "western-med:allied")
        why = str(app.screen.query_one("#zone-why", ExplainPane).query_one("#why-title").render())
        assert "Western Mediterranean" in why and "NSN 12" in why and "NSN 6" in why
        await pilot.press("question_mark")  # the help lists the mode's own keys
        await until(pilot, lambda: isinstance(app.screen, TextScreen))
        text = page_text(app.screen)
        assert "Keys of the Sea Zones mode" in text and "Guided anti-shipping check" in text and "Mulberries" in text


async def test_issue12_sea_zones_open_on_the_zones_the_scenarios_ports_border() -> None:
    """Issue 12: the Mediterranean game opens on its own waters; the Baltic and the other zones come after them."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        table = app.screen.query_one("#zones", ViewTable)
        await until(pilot, lambda: table.row_count == 36)
        bordered = {p["sea_zone"] for p in app.game.ruleset.views["ports"](app.game.state) if p.get("sea_zone")}
        order = list(dict.fromkeys(r["zone"] for r in app.game.ruleset.views["zones"](app.game.state)))
        first = order[:len([z for z in order if z in bordered])]
        assert set(first) <= bordered and "Central Mediterranean" in first and "Baltic Sea" not in first
        assert order.index("Baltic Sea") > order.index("Red Sea")
        assert table.selected == f"{app.game.ruleset.views['zones'](app.game.state)[0]['key']}"


async def question(pilot: Pilot[Any], text: str) -> None:
    """Wait until the guided check asks the question whose text starts with ``text``."""
    app: Any = pilot.app
    await until(pilot, lambda: app.screen.is_modal and str(getattr(app.screen, "text", "")).startswith(text))


async def zone_at(pilot: Pilot[Any], typed: str, key: str) -> None:
    """Put the zone table's cursor on ``key`` by typing the zone's name (issue 12's type-to-jump)."""
    app: Any = pilot.app
    await until(pilot, lambda: isinstance(app.screen, ZonesScreen) and app.screen.query_one("#zones", ViewTable).row_count
                and app.screen.focused is app.screen.query_one("#zones", ViewTable))  # the table takes the letters
    await pilot.press(*typed)
    await until(pilot, lambda: app.screen.query_one("#zones", ViewTable).selected == key)


async def test_issue12_guided_check_starts_from_the_selected_zone_asks_cargo_first_and_logs_one_event() -> None:
    """Issue 12 (33.A, 33.D, 33.E): ``c`` on Central Med Axis asks cargo, REs, route, the roll: one event, replayable."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await zone_at(pilot, "C", "central-med:axis")
        await pilot.press("c")
        await question(pilot, "Cargo item")  # the first question: no zone, no side asked
        assert isinstance(app.screen, ChoicePrompt)
        assert app.screen.title_text == "Anti-shipping check: Central Mediterranean, Axis shipping"
        assert not app.game.events  # nothing happens before the last answer
        await choose(pilot, "sp")
        await question(pilot, "REs of SPs")
        assert isinstance(app.screen, NumberPrompt)
        await pilot.press("ctrl+u", "3", "enter")
        await question(pilot, "Route")
        await choose(pilot, "none")
        await question(pilot, "Central Mediterranean, Axis shipping, sp:3")
        assert isinstance(app.screen, DicePrompt) and app.screen.spec == "2d6" and "NSN 10" in app.screen.text
        assert not app.game.events and not [p for p in app.game.state.flow.pending if p.id.startswith("check")]
        await pilot.press("enter")  # Roll is focused: the app rolls
        await until(pilot, lambda: not app.screen.is_modal and app.game.events)
        assert len(app.game.events) == 1  # one check, one event (it was eight)
        event = app.game.events[0]
        assert event["command"] == "check central-med axis sp:3 --roll" and event["source"] == "key"
        assert [(d["spec"], d["source"]) for d in event["dice"]][0] == ("2d6", "app")
        assert "33.D contact" in event["dice"][0]["purpose"]
        checks = app.game.ruleset.views["shipping-checks"](app.game.state)
        assert [(c["zone_id"], c["side"], c["res"], c["nsn"]) for c in checks] == [("central-med", "axis", 3.0, 10)]
        assert checks[0]["contact_roll"] == event["dice"][0]["total"]
        assert not [p for p in app.game.state.flow.pending if p.id.startswith("check")]  # no chain of prompts left
        assert app.game.replay() == app.game.state and app.game.verify() is None  # the one event replays exactly
        app.screen.show_target("shipping-checks")  # the panel's table is built when first shown
        await until(pilot, lambda: app.screen.query("#view-shipping-checks"))
        panel = app.screen.query_one("#view-shipping-checks", ViewTable)
        await until(pilot, lambda: panel.row_count == 1)


async def test_issue12_guided_check_with_typed_dice_goes_on_to_the_result_roll() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await zone_at(pilot, "Ba", "baltic:axis")
        await pilot.press("c")
        await question(pilot, "Cargo item")
        await choose(pilot, "unit")
        await question(pilot, "Route")
        await choose(pilot, "none")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        assert "NSN 4" in app.screen.text and "contact on" in app.screen.text  # the row that matters, before the roll
        app.screen.query_one("#faces", Input).focus()
        await type_text(pilot, "6,6")  # 12 on the ANTI-SHIPPING TABLE at NSN 4: contact
        await pilot.press("enter")
        # typed dice make the command a typed one: the result stage asks for its own die, showing its column
        await until(pilot, lambda: isinstance(app.screen, DicePrompt) and app.screen.title_text.startswith("33.E result"))
        assert app.screen.spec == "1d6" and "SHIPPING RESULTS TABLE" in app.screen.text
        assert app.screen.typed  # issue 22 point 1: a later stage of a typed command is typed too, never rolled on Enter
        await pilot.press("ctrl+r")  # the referee lets the app roll the result, on its own key
        await until(pilot, lambda: not app.screen.is_modal and app.game.events)
        assert len(app.game.events) == 1
        event = app.game.events[0]
        assert event["command"] == "check baltic axis unit --dice 6,6 --roll"
        assert [(d["spec"], d["source"]) for d in event["dice"]] == [("2d6", "typed"), ("1d6", "app")]
        check = app.game.ruleset.views["shipping-checks"](app.game.state)[0]
        assert check["contacted"] and check["result"] and check["words"] != "not contacted"
        assert check["words"] in event["summary"]
        assert app.game.replay() == app.game.state


async def test_33E_guided_check_in_a_typed_game_asks_each_stage_and_splits_in_3_RE_increments() -> None:
    """33.E Table 6 (*): 7 REs of SPs are three checks (3, 3, 1 REs); each stage asks its own dice; one event.

    Baltic, Axis, NSN 4 (Table 2): 2d6 12 contacts (row 12 is all contact), 2 does not. Faces typed:
    3,3 (6 at NSN 4: row 6 contacts from column 10, no), 6,6 (contact) then its 1d6, 1,1 (no).
    """
    app = new_app()
    app.game.execute("set dice typed")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await zone_at(pilot, "Ba", "baltic:axis")
        await pilot.press("c")
        await question(pilot, "Cargo item")
        await choose(pilot, "sp")
        await question(pilot, "REs of")
        await pilot.press("ctrl+u", "7", "enter")
        await question(pilot, "Route")
        await choose(pilot, "none")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        assert "3 checks of 3, 3, 1 REs" in app.screen.text
        stages = []
        for faces in ("3,3", "6,6", "4", "1,1"):
            await until(pilot, lambda: isinstance(app.screen, DicePrompt) and app.screen.title_text not in stages)
            stages.append(app.screen.title_text)
            app.screen.query_one("#faces", Input).focus()
            await type_text(pilot, faces)
            await pilot.press("enter")
        await until(pilot, lambda: not app.screen.is_modal and len(app.game.events) == 2)
        assert [s.split(":")[0] for s in stages[1:]] == ["33.D contact", "33.E result", "33.D contact"]
        event = app.game.events[-1]
        assert event["command"] == "check baltic axis sp:7 --dice 3,3 --dice 6,6 --dice 4 --dice 1,1"
        assert [(d["spec"], d["total"], d["source"]) for d in event["dice"]] == [
            ("2d6", 6, "typed"), ("2d6", 12, "typed"), ("1d6", 4, "typed"), ("2d6", 2, "typed")]
        checks = app.game.ruleset.views["shipping-checks"](app.game.state)
        assert [(c["item"], c["res"], c["contacted"]) for c in checks] == [
            ("#1/1", 3.0, False), ("#1/2", 3.0, True), ("#1/3", 1.0, False)]
        assert app.game.replay() == app.game.state


async def test_issue12_escape_in_a_guided_check_changes_nothing() -> None:
    """Issue 12.6: Esc at any question of the guided check: no event, no pending prompt, the status says so."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.state
        await pilot.press("5", "c")
        await question(pilot, "Cargo item")
        await choose(pilot, "unit")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))  # Western Med, Axis: no route; the roll
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        assert app.game.state == before
        assert not app.game.events and not [p for p in app.game.state.flow.pending if p.id.startswith("check")]
        assert "Cancelled" in status(app) and "nothing changed" in status(app)


async def test_issue12_a_typed_check_without_parts_asks_cargo_then_zone_and_side() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        app.run_line("check")
        await question(pilot, "Cargo item")
        await choose(pilot, "naval")
        await question(pilot, "Sea zone")
        await choose(pilot, "Aegean Sea")
        await question(pilot, "Whose shipping")
        await choose(pilot, "allied")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt) or str(getattr(app.screen, "text", "")).startswith("Route"))
        if not isinstance(app.screen, DicePrompt):
            await choose(pilot, "none")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.press("enter")
        await until(pilot, lambda: not app.screen.is_modal and app.game.events)
        assert [e["command"] for e in app.game.events] == ["check aegean allied naval --roll"]


async def test_toggling_a_condition_changes_the_zones_nsn() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        assert zone(app, "french-atlantic:axis")["nsn"] == 7
        await pilot.press("5", "t")  # no condition selected yet: the Conditions panel is shown
        await until(pilot, lambda: app.screen.query_one(TabbedContent).active == "panel-conditions")
        assert app.game.events == []
        await until(pilot, lambda: app.screen.query("#view-conditions") and app.screen.focused is not None)
        conditions = app.screen.query_one("#view-conditions", ViewTable)
        assert app.screen.focused is conditions
        while conditions.selected != "france-surrendered":
            await pilot.press("down")
        await pilot.press("t")
        await until(pilot, lambda: app.game.events)
        assert app.game.events[-1]["command"] == "condition france-surrendered off"
        assert zone(app, "french-atlantic:axis")["nsn"] == 4
        zones = app.screen.query_one("#zones", ViewTable)
        await until(pilot, lambda: str(zones.get_row("french-atlantic:axis")[2]) == "4")
        await pilot.press("enter")  # Enter on a condition toggles it too
        await until(pilot, lambda: len(app.game.events) == 2)
        assert app.game.events[-1]["command"] == "condition france-surrendered on"
        assert zone(app, "french-atlantic:axis")["nsn"] == 7


async def test_a_number_condition_is_asked_and_a_derived_one_refused_with_why() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "right_square_bracket")
        await until(pilot, lambda: app.screen.query_one(TabbedContent).active == "panel-conditions")
        await until(pilot, lambda: app.screen.query("#view-conditions"))
        conditions = app.screen.query_one("#view-conditions", ViewTable)
        conditions.focus()
        await pilot.press("t")  # malta-status: a number, asked
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        assert app.screen.query_one(Input).value == "10"
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        await pilot.press("down", "t")  # wmed-allied-ports: derived from the ports, refused
        await until(pilot, lambda: "derived" in status(app))
        assert app.game.events == []


async def test_malta_key_sets_the_axis_central_med_nsn() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "m")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        await pilot.press("5", "enter")
        await until(pilot, lambda: app.game.events)
        assert app.game.events[-1]["command"] == "malta 5"
        assert zone(app, "central-med:axis")["nsn"] == 5


async def test_batch_form_checks_several_items_with_typed_dice() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await zone_at(pilot, "Ba", "baltic:axis")
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert str(app.screen.query_one("#field-zone").value) == "Baltic Sea"  # the selected zone
        app.screen.query_one("#field-items", Input).focus()
        await type_text(pilot, "sp:3 unit")
        app.screen.query_one("#field-dice", Input).focus()
        await type_text(pilot, "6,6,3,1,1")  # item 1: contact, result 3; item 2: no contact
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
        event = app.game.events[-1]
        assert event["command"] == "batch 'Baltic Sea' axis sp:3 unit dice=6,6,3,1,1"
        assert [d["spec"] for d in event["dice"]] == ["2d6", "1d6", "2d6"]
        assert [c["contacted"] for c in app.game.ruleset.views["shipping-checks"](app.game.state)] == [True, False]


async def test_mulberry_menu_makes_one_available() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "u")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        await choose(pilot, "Make available")
        # a Mulberry is a name to type: a unique prefix will do (issue 12, bug 5)
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and "Mulberry B" in app.screen.query_one("#field-name").choices)
        await type_text(pilot, "mulberry b")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
        assert app.game.events[-1]["command"] == "mulberry available 'Mulberry B'"
        assert app.game.state.world.sea.mulberries["Mulberry B"].status == "available"


async def test_supply_line_form_takes_the_selected_zone() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        table = app.screen.query_one("#zones", ViewTable)
        await until(pilot, lambda: table.row_count)
        table.move_cursor(row=table.get_row_index("eastern-med:allied"))
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.query_one("#field-zones", Input).value == "Eastern Mediterranean"
        app.screen.query_one("#field-port").value = "Tobruk"
        await click(pilot, "#ok")
        await until(pilot, lambda: app.game.events)
        assert app.game.events[-1]["command"] == "supply-line Tobruk Eastern Mediterranean"
        assert app.game.state.world.ports["Tobruk"].supply_zones == ("Eastern Mediterranean",)


async def test_interference_outside_an_allied_initial_phase_is_refused_with_the_rule() -> None:
    """33.B.2.b; issue 22 point 6: `i` outside an Allied initial phase asks nothing: refused at once with the rule."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await until(pilot, lambda: isinstance(app.screen, ZonesScreen))
        await pilot.press("i")
        await until(pilot, lambda: any("33.B.2.b" in n.message for n in app.notices))
        assert not app.screen.is_modal
        assert app.game.events == []


async def test_panels_move_with_the_bracket_keys() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        tabs = app.screen.query_one(TabbedContent)
        seen = []
        for _ in range(len(app.screen.panels) + 1):
            seen.append(tabs.active)
            await pilot.press("right_square_bracket")
            await pilot.pause()
        assert seen[0] == "panel-why" and tabs.active == "panel-why"  # round the full circle
        assert "panel-conditions" in seen and "panel-shipping-checks" in seen and "panel-mulberries" in seen
        await pilot.press("left_square_bracket")
        await until(pilot, lambda: tabs.active == seen[-1])


async def test_palette_lists_the_sea_actions_and_runs_the_guided_check() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await pilot.pause()
        titles = {title: cb for title, _, cb in HarbormasterCommands(app.screen).entries()}
        here = "Western Mediterranean"  # the first zone (issue 12: the scenario's theatre first)
        for title in ("Mode: Sea Zones", f"Sea: Guided anti-shipping check {here}", f"Sea: Batch anti-shipping checks {here}",
                      "Sea: Malta status number", "Sea: Italian naval interference", "Sea: Mulberry: tow",
                      f"Sea: Naval supply line {here}", "Sea: Toggle condition malta-status"):
            assert title in titles, title
        await pilot.press("1")
        await titles[f"Sea: Guided anti-shipping check {here}"]()
        await question(pilot, "Cargo item")
        assert app.current_mode == "zones"
        await choose(pilot, "naval")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt) or str(getattr(app.screen, "text", "")).startswith("Route"))
        if not isinstance(app.screen, DicePrompt):
            await choose(pilot, "none")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.press("enter")
        await until(pilot, lambda: not app.screen.is_modal and app.game.events)
        assert [(e["command"], e["source"]) for e in app.game.events] == [("check western-med axis naval --roll", "palette")]


async def test_ocs_has_no_sea_zones_mode() -> None:
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await pilot.pause()
        assert app.current_mode == "phases"
        titles = [title for title, _, _ in HarbormasterCommands(app.screen).entries()]
        assert "Mode: Sea Zones" not in titles and not any(t.startswith("Sea:") for t in titles)
        assert not app.check_action("mode", ("zones",))


async def test_sea_zones_usable_at_80_by_24() -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        await pilot.pause()
        assert app.screen.has_class("-narrow")
        assert app.screen.query_one("#zones", ViewTable).region.height >= 5
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        await pilot.press("7", "enter")
        await until(pilot, lambda: app.game.events)
        assert zone(app, "central-med:axis")["nsn"] == 7
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        app.screen.query_one("#field-items", Input).focus()
        await type_text(pilot, "empty-nt")
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) == 2)
        assert app.game.events[-1]["command"].startswith("batch 'Western Mediterranean' axis empty-nt")  # issue 12: first zone


async def test_issue12_a_panels_table_is_built_when_first_shown_and_then_kept_up_to_date() -> None:
    """Faster first switch (issue 12): the Sea Zones panels' tables are built when first shown, counts in their tabs
    before that; once built they follow the game."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await until(pilot, lambda: app.screen.query("#zones") and app.screen.query_one("#zones", ViewTable).row_count)
        assert not app.screen.query("#view-conditions")
        assert str(app.screen.query_one(TabbedContent).get_tab("panel-mulberries").label) == "Mulberries 2"
        app.screen.show_target("conditions")
        await until(pilot, lambda: app.screen.query("#view-conditions"))
        conditions = app.screen.query_one("#view-conditions", ViewTable)
        await until(pilot, lambda: conditions.row_count and app.screen.focused is conditions)
        before = [str(c) for c in conditions.get_row("suez-closed")]
        await pilot.press(":")
        await type_text(pilot, "condition suez-closed on")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
        await until(pilot, lambda: [str(c) for c in conditions.get_row("suez-closed")] != before)
