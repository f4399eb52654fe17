"""Issue 22 points 3 and 4: capitals are never a mode's keys, a mode never shadows a global key, one meaning per key.

The walk shows every mode of every rule set by its key and reads the keys the mode's screen and its focused table
bind; the pilots type names capital first where a capital used to be a key (Naval ``RN-CA``, Factories ``Rou``,
Ports ``Ed``... ) and press the keys that replaced them.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from textual.actions import parse as parse_action
from textual.pilot import Pilot

from tests.conftest import fixed_clock
from tests.logistics_game import at, logistics_game
from tests.test_narrow import MODE_KEYS, RULESETS, new_app, until
from tui.app import make_app
from tui.screens.form_prompt import FormPrompt
from tui.screens.keymap import GLOBAL_KEYS, MOST_MEANINGS, SEARCH, SHARED, is_capital
from tui.screens.map import MapScreen
from tui.widgets.hex_map import HexMap
from tui.widgets.naval_table import NavalTable
from tui.widgets.view_table import ViewTable


def meaning(action: str) -> str:
    """What a binding does: a rule-set action's id (``act('hit')`` -> ``hit``), else the action's name."""
    _, name, params = parse_action(action)
    return str(params[0]) if name == "act" and params else name


NAVIGATION = frozenset({"ctrl+c", "super+c", "ctrl+home", "ctrl+end"})
"""Keys the widgets themselves bind (copy, scroll sideways): the same in every table, not a mode's command."""


def is_command_key(key: str) -> bool:
    """A key a mode gives a command: a letter, ``space``, ``escape``, ``[``/``]`` or a ``ctrl`` letter (the arrows,
    pages, Home/End and Enter move in a widget as the widget says)."""
    if key in NAVIGATION:
        return False
    return len(key) == 1 or key in ("space", "escape", "left_square_bracket", "right_square_bracket") or (
        key.startswith("ctrl+") and len(key) == len("ctrl+x"))


async def mode_bindings(pilot: Pilot[Any]) -> dict[str, set[str]]:
    """Key -> meanings bound by the shown mode's screen and by the widget that has the focus there."""
    app: Any = pilot.app
    found: dict[str, set[str]] = defaultdict(set)
    for node in (app.screen, app.focused):
        if node is None:
            continue
        for key, bindings in node._bindings.key_to_bindings.items():
            for binding in bindings:
                found[key].add(meaning(binding.action))
    return found


EVERY_MODE = {**MODE_KEYS, "setup": "8", "exchange": "9"}
"""Every mode by its key, the Map (7), Setup (8) and Exchange (9, a game played by turn file only) included."""


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_issue22_point4_every_mode_keeps_the_key_rules(ruleset: str) -> None:
    """Issue 22 points 3 and 4, every mode of the rule set, Map and Setup included: no capital letter is a mode's key,
    no mode binds a global key (``/`` only to search), and across the modes a key has one meaning, or the two
    ``SHARED`` documents."""
    app = new_app(ruleset)
    meanings: dict[str, set[str]] = defaultdict(set)
    where: dict[str, set[str]] = defaultdict(set)
    async with app.run_test(size=(120, 36)) as pilot:
        assert app.has_mode("setup") and (ruleset != "logistics" or app.has_mode("map"))
        for mode, key in EVERY_MODE.items():
            if not app.has_mode(mode):
                continue
            await pilot.press(key)
            await until(pilot, lambda: app.current_mode == mode)
            await pilot.pause()
            for bound, what in (await mode_bindings(pilot)).items():
                assert not is_capital(bound), f"{ruleset} {mode}: capital {bound} is bound ({what})"
                if bound in GLOBAL_KEYS:
                    assert what == {SEARCH}, f"{ruleset} {mode}: global key {bound} shadowed by {what}"
                    continue
                if is_command_key(bound):
                    meanings[bound] |= what
                    where[bound].add(mode)
    shared = SHARED.get(ruleset, {})
    for bound, what in meanings.items():
        if len(what) > 1:
            assert what == shared.get(bound), f"{ruleset}: {bound} means {sorted(what)} in {sorted(where[bound])}"
            assert len(what) <= MOST_MEANINGS
    for bound, documented in shared.items():  # the documentation says no more than is so
        assert meanings.get(bound) == documented, f"{ruleset}: SHARED[{bound}] is {sorted(documented)}"


async def test_issue22_point3_naval_names_typed_capital_first_jump_and_open_nothing() -> None:
    """Issue 22 point 3: in Naval, ``KM-SS`` typed jumps to the first German submarine: ``K``, ``M``, ``S`` open no
    dialog (``F`` neither; the filter is ``f``). ``R`` is the briefing in Naval too (issue 30 item 4): ``RN-CA`` is
    found with ``/`` (tests/test_table_issue30_keys.py)."""
    app = new_app("awaw")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("6")
        await until(pilot, lambda: app.screen.query(NavalTable) and app.screen.query_one(NavalTable).row_count)
        table = app.screen.query_one(NavalTable)
        await until(pilot, lambda: app.screen.focused is table)  # the table takes the letters
        await pilot.press(*"KM-SS")
        await pilot.pause()
        assert not app.screen.is_modal
        assert str(table.selected_row["name"]).startswith("KM-SS"), table.selected_row
        await pilot.press("f")  # matches no row after "KM-SS": the jump ends and f opens the filter
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)


async def test_issue22_point3_factories_rouvel_is_found_and_R_is_the_briefing() -> None:
    """Issue 22 point 3: in Factories, ``R`` was Resource (which took ``ou`` as its text); Resource is ``o`` now, and
    ``R`` is the app's briefing there as everywhere (issue 30 item 4): ``/Rou`` Enter finds Rouvel."""
    app = make_app(logistics_game(), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: app.screen.query(ViewTable) and app.screen.query_one(ViewTable).row_count)
        table = app.screen.query_one(ViewTable)
        await pilot.press("slash", *"Rou", "enter", "escape")
        await until(pilot, lambda: not app.screen.is_modal)
        assert table.selected_row is not None and table.selected_row["name"] == "Rouvel"


async def test_issue22_point3_ports_typed_name_jumps_and_o_edits() -> None:
    """Issue 22 point 3: in Ports (Europa), ``E`` is no longer Edit: a capital starts a jump; ``o`` opens the edit."""
    app = new_app("europa")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: app.screen.query(ViewTable) and app.screen.query_one(ViewTable).row_count)
        table = app.screen.query_one(ViewTable)
        await pilot.press("T", "o", "b")
        await pilot.pause()
        assert not app.screen.is_modal and table.selected_row["name"] == "Tobruk"
        await pilot.press("E")
        await pilot.pause()
        assert not app.screen.is_modal
        await pilot.pause(1.1)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press("escape")


async def test_issue22_point3_the_storm_put_on_the_map_says_ctrl_z_undoes() -> None:
    """Issue 22 point 3: ``S`` on the Map changes nothing now; the set-up's "put the storm here" is ``t`` and, done at
    once, it says beside the map that ``ctrl+z`` undoes it, which it does."""
    app = make_app(at(logistics_game(), 1, "initiative"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen) and app.screen.query_one(HexMap).cursor, 10)
        before, storm = len(app.game.events), app.game.state.world.storm
        assert storm != "1909"
        app.screen.query_one(HexMap).go("1909")
        await pilot.pause(0.2)
        await pilot.press("S")
        await pilot.pause(0.2)
        assert len(app.game.events) == before and not app.screen.is_modal
        await pilot.press("t")
        await until(pilot, lambda: app.game.state.world.storm == "1909")
        done = app.screen.query_one("#map-done")
        await until(pilot, lambda: done.display and "ctrl+z undoes" in str(done.render()))
        await pilot.press("ctrl+z")
        await until(pilot, lambda: app.game.state.world.storm == storm)
