"""Issue 30 at the table, item 5: operations by id. An AWAW invasion with bombardment and its result in at most 30 keys.

The bombardment (21.52) and invasion result (21.516-21.518) forms start on the one open invasion; with several, Tab
completes a unique prefix of an id; ``!`` records the invasion's result from Naval. The keys are counted as the turn
tests count them (``tests/test_turn_keys_europa.Keys``), at 120x36 and 80x24: before this item the same invasion
took 22 + 17 (``ctrl+b``, the id typed) + 28 (the palette) = 67 keys; now 22 + 6 + 2 = 30.
"""

from __future__ import annotations

import pytest

from test_turn_keys_europa import NAMED, SIZES, Keys, commands
from tests.awaw_game import awaw_game, ok, to
from tests.test_awaw_cases_failed_invasion import patrol_at_sea
from tests.conftest import fixed_clock
from tests.pilot_keys import until
from tui.app import make_app
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.screens.form_prompt import FormPrompt, NameInput
from tui.screens.naval import NavalScreen
from tui.widgets.naval_table import NavalTable

SEGMENT = "Invasions, bombardment, raiders, carrier missions"
"""The Axis combat phase's segment where invasions are announced, bombarded and may end (21.51, 21.52, 21.516)."""
GOAL = 30
"""Issue 30 item 5: the most keys an invasion with bombardment and its result may take."""


class CountedKeys(Keys):
    """``Keys`` that also press ``*``, ``!`` and ``+`` by name (one key each)."""

    async def press(self, action: str, *keys: str) -> None:
        """As :meth:`Keys.press`; ``asterisk`` and ``exclamation_mark`` are single keys."""
        for key in keys:
            if key in ("asterisk", "exclamation_mark", "plus"):
                await self.pilot.press(key)
                self.counts[action] = self.counts.get(action, 0) + 1
            else:
                await super().press(action, key)
        await self.pilot.pause()


def invasion_app():
    """The bundled Summer 1942 game in the Axis invasions segment (initiative: Axis first), in the app."""
    game = awaw_game()
    to(game, SEGMENT)
    return make_app(game, clock=fixed_clock, cursor_blink=False)


async def naval_shown(app, pilot) -> NavalTable:
    """`6`: the Naval mode shown, its units listed and focused; its table."""
    await pilot.press("6")
    await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
    table = app.screen.query_one(NavalTable)
    await until(pilot, lambda: app.screen.focused is table)
    return table


async def result_form(app, pilot) -> None:
    """Naval shown, then `!`: the invasion result form open."""
    await naval_shown(app, pilot)
    await pilot.press("exclamation_mark")
    await until(pilot, lambda: isinstance(app.screen, FormPrompt))


def field(app, name: str) -> NameInput:
    """A field of the open form."""
    return app.screen.query_one(f"#field-{name}")


@pytest.mark.parametrize("size", SIZES)
async def test_issue30_item5_an_invasion_with_bombardment_and_its_result_in_30_keys(size: tuple[int, int]) -> None:
    """Issue 30 item 5 (21.51, 21.514E, 21.52, 21.525-21.526, 21.516-21.517): Naval; `Me` `↓` `↓` puts the cursor on
    RM-DD-Messina, `v`, Malta by its hex DD21, a one-hex island, 2 ground factors 2 hexes by water, Enter, `y` (started
    there, fully supplied); `Lit` `*`: the form starts on invasion-1, 4 hexes from Taranto, Enter; `!` Enter: landed.
    22 + 6 + 2 = 30 keys at both sizes."""
    app = invasion_app()
    async with app.run_test(size=size) as pilot:
        keys = CountedKeys(pilot)
        await pilot.press("6")
        await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
        table = app.screen.query_one(NavalTable)
        await until(pilot, lambda: app.screen.focused is table)
        # The invasion (21.51): 22 keys, as before.
        await keys.press("invasion", "Me", "down", "down")
        assert table.selected_row["name"] == "RM-DD-Messina"
        await keys.press("invasion", "v")
        await keys.dialog(FormPrompt)
        await keys.press("invasion", "DD21", "tab", "tab", "down", "o", "enter", "tab", "P:2", "tab", "2", "enter")
        await keys.dialog(ConfirmPrompt)
        await keys.press("invasion", "y")
        await keys.until(lambda: not app.screen.is_modal and commands(app)[-1] == "answer invade-1 yes")
        # The shore bombardment (21.52): the one open invasion starts the field, the distance has the focus.
        await keys.press("bombardment", "Lit")
        assert table.selected_row["name"] == "Littorio"
        await keys.press("bombardment", "asterisk")
        await keys.dialog(FormPrompt)
        assert field(app, "invasion").value == "invasion-1" and app.screen.focused is field(app, "distance")
        await keys.press("bombardment", "4", "enter")
        await keys.until(lambda: not app.screen.is_modal and commands(app)[-1].startswith("bombard"))
        # The result (21.516-21.517): `!` in Naval, the invasion and "landed" start the form.
        await keys.press("result", "exclamation_mark")
        await keys.dialog(FormPrompt)
        assert field(app, "id").value == "invasion-1"
        await keys.press("result", "enter")
        await keys.until(lambda: not app.screen.is_modal and commands(app)[-1].startswith("invasion-result"))

        assert commands(app)[1:] == [
            "invade DD21 Messina --hex-kind one-hex-island --cargo P:2 --by RM-DD-Messina --distance 2",
            "answer invade-1 yes",
            "bombard invasion-1 --by Littorio --distance 4",
            "invasion-result invasion-1 landed",
        ], commands(app)
        mission = app.game.state.world.ops["missions"]["invasion-1"]
        assert mission["bombard_value"] == 1 and mission["result"] == "landed"  # 5 naval factors / 3 (21.525)
        assert keys.counts == {"invasion": 22, "bombardment": 6, "result": 2}, keys.counts
        assert sum(keys.counts.values()) <= GOAL


async def test_issue30_item5_with_two_open_invasions_the_field_starts_empty_and_tab_completes_an_id() -> None:
    """Issue 30 item 5 (21.52, 21.516): two invasions announced, neither ended: the bombardment form's invasion field
    starts empty, with no example id, and offers both; `invasion-` (the start of both) is kept on Tab, `2` added makes
    it invasion-2. Once invasion-1's result is recorded, `!` starts on invasion-2, the one still open."""
    app = invasion_app()
    game = app.game
    for line in ("invade DD21 Messina --hex-kind one-hex-island --cargo P:2 --by RM-DD-Messina --distance 2 --supplied",
                 "invade CC22 Naples --hex-kind beach --cargo P:2 --by RM-DD-Naples --distance 3 --supplied"):
        ok(game, line)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("6")
        await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
        await pilot.press("L", "i", "t", "asterisk")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        invasion = field(app, "invasion")
        assert invasion.value == "" and invasion.choices == ["invasion-1", "invasion-2"]
        assert "e.g." not in invasion.placeholder and app.screen.focused is invasion
        await pilot.press(*"invasion-", "tab")
        assert invasion.value == "invasion-"  # the start of both: kept as typed
        await pilot.press("shift+tab", "end", "2", "tab")  # back in the field (its text selected), at its end
        assert invasion.value == "invasion-2" and app.screen.focused is field(app, "distance")
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
    ok(game, "invasion-result invasion-1 landed")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("6")
        await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
        await pilot.press("exclamation_mark")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert field(app, "id").value == "invasion-2"


async def test_issue30_item5_tab_completes_a_unique_prefix_of_an_id() -> None:
    """Issue 30 item 5: with two open invasions, `invasion-2` typed as `invasion-2` stays; an id field that is the
    only match of what is typed (`inv` when one invasion is open and the referee cleared the field) is completed on
    Tab, as a name field's unique prefix is."""
    app = invasion_app()
    ok(app.game, "invade DD21 Messina --hex-kind one-hex-island --cargo P:2 --by RM-DD-Messina --distance 2 --supplied")
    async with app.run_test(size=(120, 36)) as pilot:
        await result_form(app, pilot)
        invasion = field(app, "id")
        invasion.value = ""
        invasion.focus()
        await pilot.press("i", "n", "v", "tab")
        assert invasion.value == "invasion-1"


async def test_issue30_item5_the_result_form_starts_on_the_result_when_the_only_open_invasion_is_filled_in() -> None:
    """Issue 30 item 5 (21.5152, 21.516): with one open invasion, `!` fills it in and starts on the Result, so a letter
    typed picks a result instead of being added to the id: `!` ↓ `r` Enter Enter records the invasion repulsed (a
    referee at the keyboard typed `r` into the id field, 'invasion-2r', before this)."""
    app = invasion_app()
    ok(app.game, "invade DD21 Messina --hex-kind one-hex-island --cargo P:2 --by RM-DD-Messina --distance 2 --supplied")
    async with app.run_test(size=(120, 36)) as pilot:
        await result_form(app, pilot)
        assert field(app, "id").value == "invasion-1"
        assert app.screen.focused is app.screen.query_one("#field-end")
        await pilot.press("down", "r", "enter")
        await until(pilot, lambda: str(app.screen.query_one("#field-end").value) == "repulsed")
        await pilot.press("enter")
        await until(pilot, lambda: not app.screen.is_modal and commands(app)[-1].startswith("invasion-result"))
        assert commands(app)[-1] == "invasion-result invasion-1 repulsed"


async def test_21_4182E_a_patrol_that_joined_the_invasion_bombards_from_the_form_with_no_distance() -> None:
    """21.4182E (proposed A36): Littorio on patrol joined the one open invasion by support; in Naval, `Lit` `*`
    Enter bombards it with the distance left blank (the form offers that in the field), 5 keys."""
    game = patrol_at_sea("Littorio,VittorioVeneto")
    ok(game, "invade DD21 Messina --hex-kind one-hex-island --cargo P:2 --by RM-DD-Messina --distance 2 --supplied")
    ok(game, "intercept DD21 Penelope,RN-DD-Malta --distance 1 --target invasion-2")
    ok(game, "support invasion-2 Littorio")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        keys = CountedKeys(pilot)
        await naval_shown(app, pilot)
        await keys.press("bombardment", "Lit", "asterisk")
        await keys.dialog(FormPrompt)
        assert field(app, "invasion").value == "invasion-2" and "blank" in field(app, "distance").placeholder
        await keys.press("bombardment", "enter")
        await keys.until(lambda: not app.screen.is_modal and commands(app)[-1].startswith("bombard"))
        assert commands(app)[-1] == "bombard invasion-2 --by Littorio"
        assert keys.counts == {"bombardment": 5}


async def test_21_4182_plus_sends_the_marked_patrol_units_to_support_the_intercepted_invasion() -> None:
    """21.4182A-B: the Taranto patrol remains at sea in DD20; the invasion of Malta is intercepted. In Naval, `Lit`
    space ↓ space marks Littorio and VittorioVeneto (Esc first clears the marks), `+` opens the support form on the
    one open mission, Enter: 9 keys
    (a typed `:support invasion-2 Littorio,VittorioVeneto` took 45). The intercept form names the mission too, as
    typed (`inv` Tab completes the one open mission; it is optional: a patrol is no mission)."""
    game = patrol_at_sea("Littorio,VittorioVeneto")
    ok(game, "invade DD21 Messina --hex-kind one-hex-island --cargo P:2 --by RM-DD-Messina --distance 2 --supplied")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        keys = CountedKeys(pilot)
        table = await naval_shown(app, pilot)
        await keys.press("intercept", "Pen", "space", "down", "down", "space", "i")
        await keys.dialog(FormPrompt)
        await keys.press("intercept", "DD21", "tab", "1", "tab", "tab", "inv", "tab", "enter")
        await keys.until(lambda: not app.screen.is_modal and commands(app)[-1].startswith("intercept"))
        assert commands(app)[-1] == "intercept DD21 Penelope,RN-DD-Malta --distance 1 --target invasion-2"
        await keys.press("support", "escape", "Lit", "space", "down", "space")
        assert table.selected_row["name"] == "VittorioVeneto"
        await keys.press("support", "plus")
        await keys.dialog(FormPrompt)
        assert field(app, "mission").value == "invasion-2"
        await keys.press("support", "enter")
        await keys.until(lambda: not app.screen.is_modal and commands(app)[-1].startswith("support"))
        assert commands(app)[-1] == "support invasion-2 Littorio,VittorioVeneto"
        assert keys.counts["support"] == 1 + 3 + 3 + 1 + 1


async def test_21_4193_the_intercept_form_types_a_missed_attempt() -> None:
    """21.4193 (proposed ruling A35): only a successful 21.4192 interception is limited, so the intercept form has a
    box for a miss after the mission (Tab completes the one open mission and moves on): Space on it types --missed, and
    the unit keeps the attempt as missed."""
    game = patrol_at_sea("Littorio,VittorioVeneto")
    ok(game, "invade DD21 Messina --hex-kind one-hex-island --cargo P:2 --by RM-DD-Messina --distance 2 --supplied")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        keys = CountedKeys(pilot)
        await naval_shown(app, pilot)
        await keys.press("intercept", "Pen", "i")
        await keys.dialog(FormPrompt)
        await keys.press("intercept", "DD21", "tab", "1", "tab", "tab", "inv", "tab")
        assert field(app, "target").value == "invasion-2"
        await keys.press("intercept", "space", "enter")
        await keys.until(lambda: not app.screen.is_modal and commands(app)[-1].startswith("intercept"))
        assert commands(app)[-1] == "intercept DD21 Penelope --distance 1 --target invasion-2 --missed"
        assert app.game.state.world.units["Penelope"].missed
