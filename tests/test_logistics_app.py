"""Pilot tests of a logistics game in the app: the Map mode (key 7) and a turn played from the keyboard.

The map's keys come from ``RuleSet.actions["map"]`` and act on the hex under
the cursor; outcomes are asserted on ``game.state`` and ``game.events``.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from logistics_game import PRODUCTION_TURN, at, logistics_game
from test_app_pilot import SIZE, fixed_clock, until
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.screens.dice_prompt import DicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.number_prompt import NumberPrompt
from tui.screens.map import MapScreen
from tui.session import memory_game
from tui.widgets.hex_map import HexMap


def app_at(turn: int = 1, step: str = "initiative") -> HarbormasterApp:
    """A new Channel Coast game moved on to ``step`` of ``turn``, in the app as production builds it."""
    return make_app(at(logistics_game(), turn, step), clock=fixed_clock, cursor_blink=False)


async def to_map(pilot: Pilot[Any]) -> HexMap:
    """Show the Map mode; the map widget once it is drawn."""
    app: Any = pilot.app
    await pilot.press("7")
    await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
    return app.screen.query_one(HexMap)


async def test_map_mode_only_for_a_rule_set_with_a_map() -> None:
    europa = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    assert not europa.has_mode("map") and europa.has_mode("ports")
    app = app_at()
    assert app.has_mode("map") and not app.has_mode("zones")
    async with europa.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        await pilot.pause()
        assert not isinstance(europa.screen, MapScreen)


async def test_arrows_move_the_cursor_and_the_panel_follows() -> None:
    app = app_at()
    async with app.run_test(size=SIZE) as pilot:
        hex_map = await to_map(pilot)
        assert hex_map.cursor == "1309"  # on the storm
        await pilot.press("right", "down", "down")
        await until(pilot, lambda: hex_map.cursor == "1411")
        await pilot.press("left", "up")
        await until(pilot, lambda: hex_map.cursor == "1310")
        await until(pilot, lambda: "Hex 1310" in str(app.screen.query_one("#map-hex").render()))  # once the cursor rests
        panel = str(app.screen.query_one("#map-hex").render())
        assert "Hex 1310" in panel and "storm area" in panel
        assert app.selected["map"] == "1310"


async def test_j_jumps_to_a_hex_by_id_or_by_a_citys_name() -> None:
    app = app_at()
    async with app.run_test(size=SIZE) as pilot:
        hex_map = await to_map(pilot)
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press(*"Rouv", "enter")
        await until(pilot, lambda: hex_map.cursor == "1909")
        await until(pilot, lambda: "Rouvel" in str(app.screen.query_one("#map-hex").render()))
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press(*"0100", "enter")  # the map's corner, in the sea row
        await until(pilot, lambda: hex_map.cursor == "0100")
        assert hex_map.scroll_offset == (0, 0)


async def test_s_moves_the_storm_on_the_map() -> None:
    app = app_at(1, "storm")
    async with app.run_test(size=SIZE) as pilot:
        hex_map = await to_map(pilot)
        await pilot.press("s")
        await until(pilot, lambda: app.game.state.world.storm_turn == 1)
        storm = app.game.state.world.storm
        await until(pilot, lambda: hex_map.picture.looks[storm].storm == "storm")
        assert sum(1 for look in hex_map.picture.looks.values() if look.storm) == len(app.game.ruleset.views["map-grid"](app.game.state)[0]["area"])


async def test_airfield_key_builds_on_the_hex_under_the_cursor() -> None:
    app = app_at(PRODUCTION_TURN, "produce")
    async with app.run_test(size=SIZE) as pilot:
        await to_map(pilot)
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press(*"0505", "enter")
        await until(pilot, lambda: app.screen.query_one(HexMap).cursor == "0505")
        await pilot.press("i")  # the airfield key (a answers in Phases: issue 22 point 4)
        await until(pilot, lambda: "0505" in app.game.state.world.airfields)
        assert app.game.events[-1]["command"] == "airfield 0505"
        await pilot.press("i")  # a second one is refused; nothing changes
        await until(pilot, lambda: "already has" in app.status.text)
        assert app.game.events[-1]["command"] == "airfield 0505"


async def test_hit_menu_on_a_bridge_hex() -> None:
    app = app_at(1, "combat")
    async with app.run_test(size=SIZE) as pilot:
        await to_map(pilot)
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press(*"1206", "enter")
        await until(pilot, lambda: app.screen.query_one(HexMap).cursor == "1206")
        await until(pilot, lambda: "Hex 1206" in str(app.screen.query_one("#map-hex").render()))
        keys = str(app.screen.query_one("#map-keys").render())
        assert "Hit" in keys and "Airfield" in keys and "Rebuild" not in keys  # nothing destroyed here yet
        for _ in range(2):  # two hits in one battle (RULINGS L5)
            await pilot.press("h")  # the bridge is all there is to hit here: no menu, the hits are asked at once
            await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
            assert "bridge" in app.screen.title_text.lower()
            await pilot.press("enter")
            await until(pilot, lambda: not app.screen.is_modal)
        await until(pilot, lambda: app.game.state.world.crossings["1206-1306"].destroyed)
        assert [e["command"] for e in app.game.events[-2:]] == ["hit bridge 1206-1306 1"] * 2
        await until(pilot, lambda: "Rebuild" in str(app.screen.query_one("#map-keys").render()))


async def test_a_turn_from_the_keyboard_with_production() -> None:
    """Initiative, storm, both player turns, and the production turn's growth with its choice prompts."""
    app = app_at(PRODUCTION_TURN, "initiative")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")  # the initiative prompt: the app rolls
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.press("ctrl+r")
        await until(pilot, lambda: not app.game.state.pending_prompt("initiative"))
        while any(p.id.startswith("initiative") for p in app.game.state.flow.pending):  # a tie: roll again
            await until(pilot, lambda: isinstance(app.screen, DicePrompt))
            await pilot.press("ctrl+r")
            await pilot.pause(0.1)
        await pilot.press("n")  # storm movement: its prompt is asked at once
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.press("ctrl+r")
        await until(pilot, lambda: app.game.state.world.storm_turn == PRODUCTION_TURN)
        for _ in range(6):  # four player segments, production, end of production
            await until(pilot, lambda: not app.screen.is_modal)
            await pilot.press("n")
            await pilot.pause(0.05)
        for _ in range(2):  # Wexham and Calvade: which factory grows, asked on entering End of production (Factories ¶6)
            await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
            await pilot.press("enter")
            await pilot.pause(0.05)
        await until(pilot, lambda: not app.game.state.flow.pending and not app.screen.is_modal)
        assert app.game.state.world.factories["0914"] == {"air": 1}  # no yes/no question: it grows on leaving (issue 21.3)
        await pilot.press("n")
        await until(pilot, lambda: app.game.state.flow.turn == PRODUCTION_TURN + 1)
        w = app.game.state.world
        assert w.factories["0914"] == {"air": 2} and sum(w.factories["1602"].values()) == 3
        assert any(d.startswith("End of production:") for d in app.game.events[-1]["details"])


async def test_n_asks_before_leaving_a_growth_choice_unanswered_issue21_3() -> None:
    """Issue 21 point 3, Factories ¶6: a city's choice of factory left pending (Escape) holds End of production: `n`
    asks before skipping it; "No" changes nothing, "Yes" skips it (recorded) and the other cities grow."""
    app = app_at(PRODUCTION_TURN, "produce")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(2):  # Wexham and Calvade: left pending
            await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
            await pilot.press("escape")
            await pilot.pause(0.05)
        await until(pilot, lambda: not app.screen.is_modal and app.game.segment.path[-1] == "production-end")
        events = len(app.game.events)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        assert "grow-1103" in str(app.screen.text) and "grow-1602" in str(app.screen.text)
        await pilot.press("n")  # No: stay
        await until(pilot, lambda: not app.screen.is_modal)
        assert len(app.game.events) == events and app.game.segment.path[-1] == "production-end"
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        await pilot.press("y")
        await until(pilot, lambda: app.game.state.flow.turn == PRODUCTION_TURN + 1)
        event = app.game.events[-1]
        assert event["command"] == "next --pass --force"
        assert any(d.startswith("skipped: grow-1103") for d in event["details"])
        assert app.game.state.world.factories["0914"] == {"air": 2} and "1103" not in app.game.state.world.factories


async def test_n_asks_before_leaving_the_storms_mulberry_roll_issue21_2() -> None:
    """Issue 21 point 2, Mulberries ¶3 (RULINGS L2): the roll for a Mulberry beside the storm, left pending, holds the
    turn: `n` asks before skipping it and "No" leaves everything as it was."""
    app = make_app(at(logistics_game(), 1, "storm"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        assert app.game.execute("storm-place 1106").ok and app.game.execute("storm 1 3").ok  # beside the Mulberry in 1102
        assert app.game.state.pending_prompt("mulberry-1102") is not None
        events = len(app.game.events)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        assert "mulberry-1102" in str(app.screen.text)
        await pilot.press("n")
        await until(pilot, lambda: not app.screen.is_modal)
        assert len(app.game.events) == events and app.game.segment.path[-1] == "storm"


async def test_c_sets_who_controls_the_hex_under_the_cursor() -> None:
    app = app_at()
    async with app.run_test(size=SIZE) as pilot:
        hex_map = await to_map(pilot)
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press(*"0101", "enter")
        await until(pilot, lambda: hex_map.cursor == "0101")
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        assert [str(o.prompt) for o in app.screen.query_one("OptionList").options] == ["allied", "axis", "none"]
        await pilot.press("down", "enter")
        await until(pilot, lambda: app.game.state.world.control("0101") == "axis")
        assert app.game.events[-1]["command"] == "control 0101 axis"


async def test_palette_names_the_factories_and_the_map_hex() -> None:
    from tui.app.commands import HarbormasterCommands

    app = app_at(PRODUCTION_TURN, "produce")
    async with app.run_test(size=SIZE) as pilot:
        await to_map(pilot)
        await pilot.press("2")
        await until(pilot, lambda: app.selected.get("ports") == "Portsea")
        provider = HarbormasterCommands(app.screen)
        titles = [title for title, _, _ in provider.entries()]
        assert "Factories: Produce at Portsea" in titles and "Map: Build an airfield at 1309" in titles
        assert "Mode: Map" in titles


async def test_hit_factory_offers_only_the_factories_of_the_hex() -> None:
    """Issue 10, Factories ¶1/¶5: the Map's factory dialog offers the hex's factories only and says why not the others."""
    app = app_at(1, "combat")
    async with app.run_test(size=SIZE) as pilot:
        await to_map(pilot)
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press(*"0608", "enter")  # Kingsbridge: an Army factory only
        await until(pilot, lambda: app.screen.query_one(HexMap).cursor == "0608")
        await pilot.press("h")
        await until(pilot, lambda: app.screen.is_modal)
        if isinstance(app.screen, ChoicePrompt):  # other targets here too: pick the factory
            await pilot.press(*["down"] * app.screen.choices.index("Factory"), "enter")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        kind = next(f for f in app.screen.fields if f.name == "kind")
        assert tuple(kind.choices) == ("army",)
        assert "Not offered: air, navy" in app.screen.text
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)


async def _next_until(pilot: Pilot[Any], done: Any, limit: int = 40) -> None:
    """Press n (answering the dice and choice prompts on the way) until ``done()``."""
    app: Any = pilot.app
    for _ in range(limit):
        if done():
            return
        if isinstance(app.screen, DicePrompt):
            await pilot.press("ctrl+r")
        elif isinstance(app.screen, (ChoicePrompt, ConfirmPrompt)):
            await pilot.press("enter")
        elif app.game.state.flow.pending:
            await pilot.press("p")  # the Map answers the segment's prompt itself
        else:
            await pilot.press("n")
        await pilot.pause(0.05)
    assert done(), (app.game.state.flow.turn, app.game.segment.path)


async def _go(pilot: Pilot[Any], hex_id: str) -> None:
    app: Any = pilot.app
    await pilot.press("j")
    await until(pilot, lambda: isinstance(app.screen, FormPrompt))
    await pilot.press(*hex_id, "enter")
    await until(pilot, lambda: not app.screen.is_modal and app.screen.query_one(HexMap).cursor == hex_id)


async def test_done_means_two_turns_on_the_map_with_production() -> None:
    """Issue 10 "Done means": from the keyboard on the Map, the storm rolled, a bridge hit twice (RULINGS L5) and,
    in the production turn, an airfield built (Airfields ¶1), a Mulberry placed (Mulberries ¶1) and the bridge rebuilt."""
    app = app_at(1, "initiative")
    async with app.run_test(size=SIZE) as pilot:
        await to_map(pilot)
        await _next_until(pilot, lambda: app.game.state.world.storm_turn == 1 and not app.screen.is_modal)
        assert any("storm" in str(e.get("command")) for e in app.game.events), [e.get("command") for e in app.game.events][-4:]
        await until(pilot, lambda: f"Storm {app.game.state.world.storm}" in str(app.screen.query_one("#map-storm").render()))
        await _next_until(pilot, lambda: app.game.segment.path[-1] == "combat")
        await _go(pilot, "1206")
        for _ in range(2):
            await pilot.press("h")
            await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
            await pilot.press("enter")
            await until(pilot, lambda: not app.screen.is_modal)
        await until(pilot, lambda: app.game.state.world.crossings["1206-1306"].destroyed)
        await _next_until(pilot, lambda: app.game.state.flow.turn == PRODUCTION_TURN and app.game.segment.path[-1] == "produce"
                          and not app.screen.is_modal, limit=60)
        assert app.game.state.world.storm_turn == PRODUCTION_TURN  # the storm moved again this turn
        await _go(pilot, "0505")
        await pilot.press("i")
        await until(pilot, lambda: "0505" in app.game.state.world.airfields)
        await _go(pilot, "0101")
        await pilot.press("m")
        await until(pilot, lambda: "0101" in app.game.state.world.mulberries, 5)
        await _go(pilot, "1306")  # the far bank taken first: a bridge is rebuilt only between friendly hexes (Destruction ¶3)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        await pilot.press("enter")  # the other side (allied) is pre-selected
        await until(pilot, lambda: app.game.events[-1]["command"] == "capture 1306 allied")
        await _go(pilot, "1206")
        await pilot.press("r")
        await pilot.pause(0.3)
        assert not app.game.state.world.crossings["1206-1306"].destroyed, (app.status.text, type(app.screen).__name__)
        await _next_until(pilot, lambda: app.game.state.flow.turn == PRODUCTION_TURN + 1, limit=20)
        assert any(d.startswith("End of production:") for e in app.game.events for d in e.get("details", ()))


async def test_factories_dialogs_offer_only_the_citys_own_factories() -> None:
    """Issue 10, Factories ¶3/¶5: at Portsea (air 1, navy 2, no army factory) Produce, Hit and the factory given up
    in an Exchange offer air and navy only; the 0 PP factory taken may be any kind."""
    app = app_at(PRODUCTION_TURN, "produce")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: app.selected.get("ports") == "Portsea")
        # (Hit is legal in a combat segment only: here its key is refused before it asks, issue 22 point 6)
        for key, name, wanted in (("p", "kind", ("air", "navy")),
                                  ("e", "old", ("air", "navy")), ("e", "new", ("air", "navy", "army"))):
            await pilot.press(key)
            await until(pilot, lambda: app.screen.is_modal)
            screen: Any = app.screen
            offered = tuple(screen.choices) if isinstance(screen, ChoicePrompt) else \
                tuple(next(f for f in screen.fields if f.name == name).choices)
            assert offered == wanted, (key, name, offered)
            await pilot.press("escape")
            await until(pilot, lambda: not app.screen.is_modal)


async def test_the_palette_offers_a_hexs_actions_only_where_they_apply() -> None:
    """Issue 10 (Airfields ¶1, Mulberries ¶1): on Portsea's city hex the palette offers no airfield to build (not in a
    City), but a Mulberry to place (coastal); on a clear hex it offers the airfield, as the Map's own keys do."""
    from tui.app.commands import HarbormasterCommands

    app = app_at(PRODUCTION_TURN, "produce")
    async with app.run_test(size=SIZE) as pilot:
        await to_map(pilot)
        for hex_id, airfield in (("0302", False), ("1309", True)):
            await pilot.press("j")
            await until(pilot, lambda: isinstance(app.screen, FormPrompt))
            await pilot.press(*hex_id, "enter")
            await until(pilot, lambda: app.screen.query_one(HexMap).cursor == hex_id)
            await until(pilot, lambda: app.selected.get("map") == hex_id)
            titles = [title for title, _, _ in HarbormasterCommands(app.screen).entries()]
            assert (f"Map: Build an airfield at {hex_id}" in titles) is airfield, titles
            if hex_id == "0302":
                assert "Map: Place a Mulberry at 0302" in titles
