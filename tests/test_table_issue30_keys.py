"""Issue 30 at the table, items 3 and 4: keys a terminal multiplexer swallows, and ``R`` in Naval.

* item 3: ``ctrl+b`` is tmux's prefix and ``ctrl+a`` screen's: no mode of any rule set binds either. AWAW's shore
  bombardment (21.52) and Europa's bombing of the interdiction zone (33.B.7 d) are ``*`` in both games; the AWAW
  uninversion allowance (21.71, RULINGS A4) is ``=``; each key means one thing in every mode of its game;
* item 4: ``R`` writes the briefing in Naval as in every mode; type-to-jump never starts on a bound key (a unit whose
  id starts with R, ``RN-CA-Home``, is found with ``/``).

Every pilot waits for a state (``tests/pilot_keys.until``), never for the clock.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from tests.awaw_game import awaw_game, awaw_json, to
from tests.conftest import fixed_clock
from tests.pilot_keys import until
from tests.test_keymap import EVERY_MODE, mode_bindings
from tests.test_narrow import RULESETS, new_app
from tui.app import make_app
from tui.paths import data_dir
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.keymap import MULTIPLEXER_PREFIXES, key_shown
from tui.screens.naval import NavalScreen
from tui.screens.number_prompt import NumberPrompt
from tui.screens.zones import ZonesScreen
from tui.session import memory_game
from tui.widgets.key_legend import KeyLegend
from tui.widgets.naval_table import NavalTable

NEW_KEYS = {"asterisk": {"bombard", "bomb"}, "equals_sign": {"allowance"}, "exclamation_mark": {"invasion-result"}}
"""Issue 30 items 3 and 5: the keys that replaced ctrl+b and ctrl+a, and the invasion result's key, by meaning."""


async def naval_table(pilot) -> NavalTable:
    """Show Naval (6); its table, filled and focused."""
    app = pilot.app
    await pilot.press("6")
    await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
    table = app.screen.query_one(NavalTable)
    await until(pilot, lambda: app.screen.focused is table)
    return table


# ------------------------------------------------------------------ item 3
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_issue30_item3_no_mode_of_any_rule_set_binds_ctrl_a_or_ctrl_b(ruleset: str) -> None:
    """Issue 30 item 3: every mode of the rule set (Map and Setup included) shown by its key; neither the screen nor
    its focused table binds ``ctrl+a`` (screen's prefix) or ``ctrl+b`` (tmux's), nor does any action of the rule
    set's tables (a key on no screen yet); ``*``, ``=`` and ``!`` mean one thing across the game's modes."""
    app = new_app(ruleset)
    meanings: dict[str, set[str]] = defaultdict(set)
    async with app.run_test(size=(120, 36)) as pilot:
        for mode, key in EVERY_MODE.items():
            if not app.has_mode(mode):
                continue
            await pilot.press(key)
            await until(pilot, lambda: app.current_mode == mode)
            await pilot.pause()
            for bound, what in (await mode_bindings(pilot)).items():
                assert bound not in MULTIPLEXER_PREFIXES, f"{ruleset} {mode}: {bound} is bound ({what})"
                meanings[bound] |= what
    for table, actions in app.game.ruleset.actions.items():
        for action in actions:
            assert action.key not in MULTIPLEXER_PREFIXES, f"{ruleset} {table}: {action.id} on {action.key}"
    for key, allowed in NEW_KEYS.items():
        if key in meanings:
            assert len(meanings[key]) == 1 and meanings[key] <= allowed, (ruleset, key, meanings[key])
    if ruleset == "awaw":
        assert meanings["asterisk"] == {"bombard"} and meanings["equals_sign"] == {"allowance"}
        assert meanings["exclamation_mark"] == {"invasion-result"}
    if ruleset == "europa":
        assert meanings["asterisk"] == {"bomb"}


def test_issue30_item3_the_keys_are_shown_as_typed() -> None:
    """Issue 30 item 3: the legend, the help and the map hint write a character key as the character."""
    assert [key_shown(k) for k in ("asterisk", "equals_sign", "exclamation_mark", "plus", "ctrl+e", "space", "v")] == \
        ["*", "=", "!", "+", "ctrl+e", "space", "v"]  # plus: Textual's name has no Unicode name to look up


async def test_issue30_item3_awaw_star_bombards_and_equals_asks_the_allowance() -> None:
    """Issue 30 item 3, AWAW Naval: in the invasions segment `*` on Littorio opens the shore bombardment form (21.52);
    in the Uninversion segment `space` `=` asks the uninversion allowance (21.71, RULINGS A4); the legend lists
    ``* bombard`` and ``= allowance``."""
    game = awaw_game()
    to(game, "Invasions, bombardment, raiders, carrier missions")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        table = await naval_table(pilot)
        await pilot.press("L", "i", "t")
        await until(pilot, lambda: table.selected_row is not None and table.selected_row["name"] == "Littorio")
        await pilot.press("asterisk")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.title_text == "Shore bombardment by Littorio"
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        legend = app.screen.query(KeyLegend).first()
        assert {("*", "bombard"), ("=", "allowance"), ("!", "invasion result")} <= set(legend.keys), legend.keys
    game = awaw_game()
    to(game, "Uninversion")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await naval_table(pilot)
        await pilot.press("space", "equals_sign")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        assert app.screen.title_text.startswith("Uninversion allowance of "), app.screen.title_text


async def test_issue30_item3_europa_star_bombs_the_interdiction_zone() -> None:
    """Issue 30 item 3, Europa Sea Zones: `*` asks the bombing hits on the interdiction zone (33.B.7 d), as ctrl+b
    did; ctrl+b now does nothing there."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    assert game.execute("goto axis-turn/initial/initial-combat --force").ok
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("5")
        await until(pilot, lambda: isinstance(app.screen, ZonesScreen))
        await pilot.pause()
        await pilot.press("ctrl+b")
        await pilot.pause(0.1)
        assert not app.screen.is_modal
        await pilot.press("asterisk")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        assert app.screen.title_text == "Bomb the interdiction zone"


# ------------------------------------------------------------------ item 4
async def test_issue30_item4_R_in_naval_writes_the_briefing_and_moves_no_cursor(tmp_path: Path) -> None:
    """Issue 30 item 4: in Naval, `R` asks for the briefing's side, as in every mode; the cursor stays where it was
    (it no longer jumps to the first unit named R..., RN-CA-Home); Enter on the phasing side and on the turn writes the
    briefing beside the save."""
    game = awaw_json(tmp_path)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        table = await naval_table(pilot)
        before = table.selected_row["name"]
        assert not str(before).startswith("R")
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        assert app.screen.title_text == "Write a briefing"
        assert table.selected_row["name"] == before
        await pilot.press("enter")
        await until(pilot, lambda: "briefing" in app.status.text and ".md" in app.status.text)
        written = list(tmp_path.glob("awaw-briefing-*.md"))
        assert len(written) == 1 and str(written[0]) in app.status.text
    game.close()


async def test_issue30_item4_a_unit_named_R_is_found_with_slash() -> None:
    """Issue 30 item 4: `/` then `RN-CA` and Enter finds the first RN cruiser; Esc closes the search there."""
    app = new_app("awaw")
    async with app.run_test(size=(120, 36)) as pilot:
        table = await naval_table(pilot)
        await pilot.press("slash", *"RN-CA", "enter")
        await until(pilot, lambda: str(table.selected_row["name"]).startswith("RN-CA"))
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        assert str(table.selected_row["name"]).startswith("RN-CA")
