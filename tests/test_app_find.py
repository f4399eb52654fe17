"""Pilot tests of issue 12, "find anything": type-to-jump and ``/`` search in every table, the palette acting on a
port or unit by name, and the Log's filters. Keys pressed as a referee presses them; outcomes asserted on the
tables' cursors and on the game itself, for every rule set.
"""

from __future__ import annotations

from pilot_keys import click
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable

from test_app_pilot import SIZE, fixed_clock, new_app, type_text, until
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.screens.form_prompt import FormPrompt
from tui.session import memory_game
from tui.widgets.event_log import EventLog
from tui.widgets.naval_table import NavalTable
from tui.widgets.port_table import PortTable
from tui.widgets.table_search import SearchBar, SearchTable
from tui.widgets.view_table import ViewTable


def game_app(ruleset: str) -> HarbormasterApp:
    """A new bundled game of ``ruleset`` (seed 1, fixed clock) in the app."""
    return make_app(memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)


async def table_of(pilot: Pilot[Any], mode_key: str, kind: type[DataTable], selector: str = "") -> Any:
    """Show the mode of ``mode_key``; its table once filled."""
    app: Any = pilot.app
    await pilot.press(mode_key)
    query = selector or kind
    await until(pilot, lambda: app.screen.query(query) and app.screen.query_one(query).row_count)
    return app.screen.query_one(query)


def name_at_cursor(table: Any) -> str:
    return table.jump_text(table.cursor_row)


async def search(pilot: Pilot[Any], text: str) -> None:
    """Press ``/`` and type ``text`` into the search bar."""
    app: Any = pilot.app
    await pilot.press("slash")
    await until(pilot, lambda: isinstance(app.screen, SearchBar))
    await type_text(pilot, text)
    await pilot.pause()


# --- type to jump --------------------------------------------------------------------------------------------------

async def test_issue12_typing_a_ports_name_jumps_to_it_in_every_rule_set() -> None:
    """Issue 12: ``Tob`` (the name as written) jumps to Tobruk, ``Tr`` to Tripoli; the mode's keys still work."""
    for ruleset, typed, wanted in (("europa", "Tob", "Tobruk"), ("europa", "Tr", "Tripoli"), ("ocs", "Ba", "Bardia"),
                                   ("awaw", "Gi", "Gibraltar"), ("logistics", "Dun", "Dunmore")):
        app = game_app(ruleset)
        async with app.run_test(size=SIZE) as pilot:
            table = await table_of(pilot, "2", PortTable)
            await pilot.press(*typed)
            await until(pilot, lambda: name_at_cursor(table) == wanted)
            assert app.selected.get("ports") == wanted, ruleset  # the palette's selection follows


async def test_issue12_the_same_capital_again_goes_on_to_the_next_name_starting_with_it() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await table_of(pilot, "2", PortTable)
        await pilot.press("T")
        await until(pilot, lambda: name_at_cursor(table) == "Tobruk")
        await pilot.press("T", "T")  # typed together, as a referee does
        await until(pilot, lambda: name_at_cursor(table) == "Tunis")  # by Tripoli


async def test_issue12_a_key_of_the_mode_is_no_jump_it_does_what_it_does() -> None:
    """``h`` on the Ports table still asks for the hits (Haifa is found by ``H``)."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await table_of(pilot, "2", PortTable)
        await pilot.press("H")
        await until(pilot, lambda: name_at_cursor(table) == "Haifa")
        await pilot.press("h")
        await until(pilot, lambda: app.screen.is_modal)
        assert name_at_cursor(table) == "Haifa"


async def test_issue12_a_pause_ends_the_jump_and_a_key_that_matches_nothing_does_what_it_does() -> None:
    """Within the pause a key of the mode goes on with the name; after it, or when no name matches, it is the key."""
    from tui.widgets.table_search import JUMP_PAUSE

    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await table_of(pilot, "2", PortTable)
        assert table.jump_key("H", "H", now=100.0) and name_at_cursor(table) == "Haifa"
        assert table.jump_key("a", "a", now=100.5) and name_at_cursor(table) == "Haifa"  # "Ha": a is Add, taken
        assert not table.jump_key("x", "x", now=100.6)  # "Hax" matches nothing: x captures, as ever
        assert table.jump_key("A", "A", now=101.0) and name_at_cursor(table) == "Alexandria"
        assert table.jump_key("l", "l", now=101.1) and name_at_cursor(table) == "Alexandria"  # "Al"
        assert not table.jump_key("e", "e", now=101.1 + JUMP_PAUSE + 0.1)  # after the pause e is Use again ("Ale" or not)
        assert table.jump_key("G", "G", now=200.0) and name_at_cursor(table) == "Gibraltar"
        assert not table.jump_key("1", "1", now=300.0)  # a digit starts no jump (the modes' keys)


async def test_issue12_typing_jumps_in_the_sea_zones_the_markers_the_naval_units_and_the_log() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        zones = await table_of(pilot, "5", ViewTable, "#zones")
        await pilot.press("A", "e")
        await until(pilot, lambda: zones.selected == "aegean:axis")
        markers = await table_of(pilot, "3", SearchTable)
        await pilot.press("r")  # no key of the Markers mode: a small letter jumps as well
        await until(pilot, lambda: name_at_cursor(markers) == "Reduced")
        app.run_line("hit Tobruk 1")
        await until(pilot, lambda: len(app.game.events) == 1)
        app.run_line("set dice typed")
        await until(pilot, lambda: len(app.game.events) == 2)
        log = await table_of(pilot, "4", EventLog)
        assert log.event_at_cursor()["command"].startswith("set")
        await pilot.press("H")
        await until(pilot, lambda: (log.event_at_cursor() or {}).get("command", "").startswith("hit"))
    app = game_app("awaw")
    async with app.run_test(size=SIZE) as pilot:
        naval = await table_of(pilot, "6", NavalTable)
        await pilot.press("M")
        await until(pilot, lambda: name_at_cursor(naval) == "Malaya")  # the first name with M: a unit at Gibraltar
        await pilot.press("M", "a", "l", "t")  # a, l, t are keys of the mode, taken by the jump while a name matches
        await until(pilot, lambda: name_at_cursor(naval) == "Malta")
        assert not app.screen.is_modal


# --- / search ------------------------------------------------------------------------------------------------------

async def test_issue12_slash_searches_every_cell_and_enter_goes_to_the_next_match() -> None:
    """``/`` then ``central``: the cursor follows the first zone row holding it, Enter the next; Esc leaves it there."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        zones = await table_of(pilot, "5", ViewTable, "#zones")
        await search(pilot, "central")
        await until(pilot, lambda: zones.selected == "central-med:axis")
        assert "1 of 2" in str(app.screen.query_one("#search-count").render())
        assert app.screen.styles.background.a == 0  # the table searched stays in sight under the bar
        await pilot.press("enter")
        await until(pilot, lambda: zones.selected == "central-med:allied")
        await pilot.press("enter")  # wraps round
        await until(pilot, lambda: zones.selected == "central-med:axis")
        await pilot.press("n")  # after Enter, as in vim; never "next segment" while the bar is open
        await until(pilot, lambda: zones.selected == "central-med:allied")
        await pilot.press("N")
        await until(pilot, lambda: zones.selected == "central-med:axis")
        await pilot.press("up")
        await until(pilot, lambda: zones.selected == "central-med:allied")
        assert not app.game.events  # n moved through the matches; it ran nothing
        await pilot.press("slash")  # edit the text again
        await until(pilot, lambda: app.screen.query_one("#search-input").has_focus)
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        assert zones.selected == "central-med:allied" and app.selected["zones"] == "Central Mediterranean"
        await search(pilot, "no such sea")
        assert "no match" in str(app.screen.query_one("#search-count").render())
        assert zones.selected == "central-med:allied"  # nothing found: the cursor stays


async def test_issue12_slash_searches_the_ports_markers_and_naval_tables_of_every_rule_set() -> None:
    for ruleset, key, kind, text, wanted in (
            ("europa", "2", PortTable, "naples", "Naples"),
            ("europa", "3", SearchTable, "benghazi", "Reduced"),
            ("ocs", "2", PortTable, "mersa", "Mersa Matruh"),
            ("logistics", "2", PortTable, "kings", "Kingsbridge"),
            ("logistics", "3", SearchTable, "storm", "Storm"),
            ("awaw", "6", NavalTable, "victorious", "Victorious"),
            ("awaw", "3", SearchTable, "aurora", "Inverted")):
        app = game_app(ruleset)
        async with app.run_test(size=SIZE) as pilot:
            table = await table_of(pilot, key, kind)
            await search(pilot, text)
            await until(pilot, lambda: name_at_cursor(table) == wanted)
            if ruleset == "awaw" and key == "3":
                assert "Aurora" in table.search_text(table.cursor_row), ruleset
            await pilot.press("escape")
            await until(pilot, lambda: not app.screen.is_modal)


async def test_issue12_the_naval_filter_on_f_so_slash_searches_as_everywhere() -> None:
    app = game_app("awaw")
    async with app.run_test(size=SIZE) as pilot:
        await table_of(pilot, "6", NavalTable)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        await pilot.press("slash")
        await until(pilot, lambda: isinstance(app.screen, SearchBar))


async def test_issue12_a_log_search_runs_through_the_older_pages_too() -> None:
    """The Log holds a window of 200 events; a search for an older one loads the pages before it."""
    app = new_app()
    for n in range(230):
        assert app.game.execute(f"note 'entry {n:03d}'").ok
    async with app.run_test(size=SIZE) as pilot:
        log = await table_of(pilot, "4", EventLog)
        assert log.shown == 200
        await search(pilot, "entry 002")
        await until(pilot, lambda: (log.event_at_cursor() or {}).get("seq") == 3)
        assert log.shown == 230


# --- the palette acts on any port or unit by name --------------------------------------------------------------------

async def palette(pilot: Pilot[Any], text: str, title: str) -> None:
    """ctrl+p, type ``text``, wait until ``title`` is the first hit, Enter."""
    from textual.command import CommandList, CommandPalette

    app: Any = pilot.app
    await pilot.press("ctrl+p")
    await until(pilot, lambda: isinstance(app.screen, CommandPalette))
    await type_text(pilot, text)

    def first() -> str:
        hits = app.screen.query_one(CommandList)
        return str(hits.get_option_at_index(0).prompt) if hits.option_count else ""

    await until(pilot, lambda: title in first())
    await pilot.press("enter")


async def test_issue12_the_palette_captures_a_port_by_name_not_only_the_selected_one() -> None:
    """``capture Tripoli`` from the Phases mode: the Ports mode with Tripoli selected, its capture asked, run."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.current_mode == "phases"
        await palette(pilot, "capture Tripoli", "Port: Capture Tripoli")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.selected.get("ports") == "Tripoli")
        assert app.current_mode == "ports" and app.selected.get("ports") == "Tripoli"
        assert app.screen.values()["side"] == "allied"  # the other side than Tripoli's owner, as on the key
        await click(pilot, "#ok")
        await until(pilot, lambda: app.game.events)
        assert app.game.events[-1]["command"] == "capture Tripoli allied --nation british"
        assert app.game.events[-1]["source"] == "palette"
        assert app.game.state.world.ports["Tripoli"].owner == "allied"


async def test_issue12_the_palette_acts_by_name_in_every_rule_set() -> None:
    """OCS ``hit Bardia``; AWAW ``damage Malaya`` (a unit); logistics ``capture Dunmore`` (a place on the map)."""
    from tui.screens.number_prompt import NumberPrompt

    app = game_app("ocs")
    while app.game.segment.index < 6:  # the Barrage segment, where hit is legal (issue 22 point 6: else refused at once)
        assert app.game.execute("next --force").ok
    async with app.run_test(size=SIZE) as pilot:
        await palette(pilot, "hit Bardia", "Port: Hit Bardia")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        assert app.current_mode == "ports" and app.screen_stack[-2].query_one(PortTable).selected == "Bardia"
        assert app.screen.title_text.endswith("Bardia")
    app = game_app("awaw")
    async with app.run_test(size=SIZE) as pilot:
        await palette(pilot, "damage Malaya", "Damage Malaya")
        await until(pilot, lambda: app.current_mode == "naval" and (app.screen.is_modal or app.game.events))
        assert app.screen_stack[-2 if app.screen.is_modal else -1].query_one(NavalTable).selected == "Malaya"
    app = game_app("logistics")
    async with app.run_test(size=SIZE) as pilot:
        dunmore = next(r["name"] for r in app.game.ruleset.views["map"](app.game.state) if r.get("place") == "Dunmore")
        await palette(pilot, "capture Dunmore", "Capture Dunmore")
        await until(pilot, lambda: app.current_mode == "map" and app.screen.is_modal)
        from tui.widgets.hex_map import HexMap
        assert app.screen_stack[-2].query_one(HexMap).cursor == dunmore


# --- the Log's filters ---------------------------------------------------------------------------------------------

def europa_two_turns() -> HarbormasterApp:
    """A game with a hit on Tobruk in Jan I 1943, a capture of Tripoli by the Allies and a note in Jan II 1943."""
    app = new_app()
    game = app.game
    assert game.execute("hit Tobruk 1").ok
    first = game.turn_label
    for _ in range(80):
        if game.turn_label != first:
            break
        assert game.execute("next --force").ok
    assert game.execute("capture Tripoli allied").ok and game.execute("note 'Tobruk convoy sighted'").ok
    return app


async def test_issue12_the_log_filters_by_kind_turn_side_and_name_and_hides_next() -> None:
    from textual.widgets import Select

    from tui.screens.log import LogScreen

    app = europa_two_turns()
    events = app.game.events
    second = events[-1]["turn"]
    async with app.run_test(size=SIZE) as pilot:
        log = await table_of(pilot, "4", EventLog)
        assert log.shown == len(events)
        await pilot.press("h")  # hide next
        await until(pilot, lambda: log.shown == 3)
        assert [e["command"].split()[0] for e in log.events] == ["hit", "capture", "note"]
        assert "next hidden" in str(app.screen.query_one("#log-count").render())
        await pilot.press("h")  # and back
        await until(pilot, lambda: log.shown == len(events))

        async def filter_by(**values: Any) -> None:
            await pilot.press("f")
            await until(pilot, lambda: isinstance(app.screen, FormPrompt))
            for name, value in values.items():
                field = app.screen.query_one(f"#field-{name}")
                if isinstance(field, Select):
                    field.value = value
                else:
                    field.focus()
                    await type_text(pilot, value)
            await click(pilot, "#ok")
            await until(pilot, lambda: isinstance(app.screen, LogScreen))
            await pilot.pause()

        await filter_by(kind="capture")
        await until(pilot, lambda: [e["command"] for e in log.events] == ["capture Tripoli allied"])
        await filter_by(kind="all", turn=second)
        await until(pilot, lambda: log.events and all(e["turn"] == second for e in log.events))
        assert "note" in [e["command"].split()[0] for e in log.events] and "hit" not in [e["command"].split()[0] for e in log.events]
        await filter_by(turn="all", name="Tobruk")
        await until(pilot, lambda: [e["command"].split()[0] for e in log.events] == ["hit", "note"])
        assert log.event_at_cursor()["command"].startswith("note")  # newest first
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        app.screen.query_one("#field-name").value = ""
        app.screen.query_one("#field-side", Select).value = "allied"
        await click(pilot, "#ok")
        await until(pilot, lambda: log.events and all(e["actor"] == "allied" for e in log.events))
        assert "capture" in [e["command"].split()[0] for e in log.events]


async def test_issue12_the_logs_turn_column_never_cuts_a_turn_name() -> None:
    from textual.widgets.data_table import ColumnKey

    app = europa_two_turns()
    longest = max(len(e["turn"]) for e in app.game.events)
    assert longest > 10  # "Jan II 1943"
    async with app.run_test(size=SIZE) as pilot:
        log = await table_of(pilot, "4", EventLog)
        assert log.columns[ColumnKey("turn")].width >= longest
        row = log.get_row_at(0)
        assert row[1].plain == app.game.events[-1]["turn"]


async def test_issue12_the_log_hides_next_in_every_rule_set() -> None:
    for ruleset in ("ocs", "awaw", "logistics"):
        app = game_app(ruleset)
        for _ in range(3):
            assert app.game.execute("next --force").ok, ruleset
        assert app.game.execute("note 'seen'").ok
        async with app.run_test(size=SIZE) as pilot:
            log = await table_of(pilot, "4", EventLog)
            await pilot.press("h")
            await until(pilot, lambda: [e["command"] for e in log.events] == ["note seen"])


async def test_issue12_after_enter_a_key_of_the_mode_closes_the_bar_and_acts_on_the_row_found() -> None:
    """``/`` a unit, Enter, then ``p``: the bar closes and the patrol form opens for the unit found (keys are not lost)."""
    from tests.test_awaw_app import awaw_app
    app = awaw_app("Patrols, base changes, SW deployments")  # where patrol is legal (issue 22 point 6: else refused)
    async with app.run_test(size=SIZE) as pilot:
        table = await table_of(pilot, "6", NavalTable)
        await search(pilot, "RM-CA-Me")
        await until(pilot, lambda: name_at_cursor(table) == "RM-CA-Messina")
        await pilot.press("enter")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert "RM-CA-Messina" in app.screen.title_text
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        await search(pilot, "taranto")
        await pilot.press("enter", "2")  # a mode key: the bar closes, the Ports mode opens
        await until(pilot, lambda: app.current_mode == "ports")
