"""Issue 30 at the table: items 1, 2, 7 and 8, each pressed as a referee does on a fresh Europa game.

* item 1: a dialog that opens by itself for a question the rules do not require (the Axis interference roll of
  33.B.2.b, raised on entering the Allied initial phase) keeps the digits 1-8 as mode keys until the referee moves
  into its dice field (Tab, a click, or a face key that is not a mode key); a dialog asked for (``a``) takes them
  as faces at once (issue 22 point 1);
* item 2: Enter on that dialog leaves the question pending; it never rolls for the player;
* item 7: one key of the Sea Zones mode (``p``) records that nothing was shipped this phase (33.A), logged, and the
  shipping duty stops holding ``n`` for the rest of the phase;
* item 8: the batch form takes the side whose shipping moves now, not the side of the cursor row, and its dice
  field says what a blank does in this game.

Every test waits for a state (``tests/pilot_keys.until``), never for the clock.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Input, Static

from tests.pilot_keys import until
from tests.test_app_pilot import SIZE, fixed_clock
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.rules.core.checklist import still_required
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.screens.dice_prompt import DicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.zones import ZonesScreen
from tui.session import memory_game
from tui.widgets.view_table import ViewTable

ALLIED_INITIAL = "allied-turn/initial/initial-naval"
"""The segment whose entry raises the optional Axis interference roll (33.B.2.b)."""
INTERFERENCE = "interference:eastern"
"""The optional roll the Allied initial phase asks by itself (Eastern Mediterranean, 33.B.2.b)."""
DUTY = "Allied shipping in Eastern Mediterranean"
"""The start of the shipping duty's line (33.A) once the interference is major."""


def europa_app(*commands: str) -> HarbormasterApp:
    """A fresh Europa game (seed 1, fixed clock) after ``commands``, in the app."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    for line in commands:
        result = game.execute(line)
        assert result.ok, (line, result.message)
    return make_app(game, clock=fixed_clock, cursor_blink=False)


def last(app: HarbormasterApp) -> dict[str, Any]:
    """The log's last entry."""
    return app.game.events[-1]


def pending(app: HarbormasterApp, prompt_id: str) -> bool:
    """Whether prompt ``prompt_id`` is still pending."""
    return app.game.state.pending_prompt(prompt_id) is not None


def faces(app: HarbormasterApp) -> str:
    """The dice field's value in the open dice dialog."""
    return app.screen.query_one("#faces", Input).value


def hint(app: HarbormasterApp) -> str:
    """The hint line of the open dialog."""
    return str(app.screen.query_one(".dialog-hint", Static).render())


async def self_opened_roll(pilot: Any) -> None:
    """From the Axis reinforcement phase, ``n``: the Allied initial phase opens the interference roll by itself; wait
    until it is drawn (the keys after it are pressed on a dialog the referee can see)."""
    app = pilot.app
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, DicePrompt) and app.screen.query("#faces")
                and app.screen.query_one("#faces").region.height > 0)
    assert app.game.segment.key == ALLIED_INITIAL and last(app)["command"] == "next --pass"


# ------------------------------------------------------------------ item 1
async def test_issue30_item1_goto_reinforcement_n_1_enter_switches_to_phases_and_rolls_nothing() -> None:
    """Issue 30 item 1, the referee's keys (33.B.2.b): `:goto reinforcement`, `n`, then `1` and Enter once the roll
    is drawn: `1` is the Phases key, the roll stays pending, and nothing is logged as typed by the referee."""
    app = europa_app("goto reinforcement")
    async with app.run_test(size=SIZE) as pilot:
        await self_opened_roll(pilot)
        await pilot.press("1")
        await until(pilot, lambda: not app.screen.is_modal)
        await pilot.press("enter")
        await until(pilot, lambda: app.current_mode == "phases" and not app.screen.is_modal)
        assert last(app)["command"] == "next --pass" and not last(app).get("dice")
        assert pending(app, INTERFERENCE)


async def test_issue30_item1_a_mode_digit_after_the_self_opened_roll_shows_that_mode() -> None:
    """Issue 30 item 1: `2` pressed on the drawn, self-opened interference roll (33.B.2.b) shows the Ports mode; the
    roll is left pending, the log's last entry is still the `next`."""
    app = europa_app("goto reinforcement")
    async with app.run_test(size=SIZE) as pilot:
        await self_opened_roll(pilot)
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "ports" and not app.screen.is_modal)
        assert last(app)["command"] == "next --pass" and pending(app, INTERFERENCE)


async def test_issue30_item1_tab_into_the_field_then_a_digit_is_a_die() -> None:
    """Issue 30 item 1: Tab moves into the dice field of the self-opened roll (33.B.2.b); `1` is then a face, and
    Enter answers with it, typed by the referee."""
    app = europa_app("goto reinforcement")
    async with app.run_test(size=SIZE) as pilot:
        await self_opened_roll(pilot)
        await pilot.press("tab")
        await until(pilot, lambda: app.screen.focused is app.screen.query_one("#faces"))
        await pilot.press("1")
        assert faces(app) == "1" and app.current_mode == "phases"
        await pilot.press("enter")
        await until(pilot, lambda: last(app)["command"] == f"answer {INTERFERENCE} 1")
        assert [d["source"] for d in last(app)["dice"]] == ["typed"]
        assert not pending(app, INTERFERENCE)


async def test_issue30_item1_a_click_in_the_field_then_a_digit_is_a_die() -> None:
    """Issue 30 item 1: a click in the dice field of the self-opened roll (33.B.2.b) moves into it; `4` is a face."""
    app = europa_app("goto reinforcement")
    async with app.run_test(size=SIZE) as pilot:
        await self_opened_roll(pilot)
        await pilot.click("#faces")
        await until(pilot, lambda: app.screen.focused is app.screen.query_one("#faces"))
        await pilot.press("4")
        assert faces(app) == "4" and isinstance(app.screen, DicePrompt)
        assert last(app)["command"] == "next --pass"


async def test_issue30_item1_the_hint_line_says_the_rule() -> None:
    """Issue 30 item 1: the self-opened optional roll's hint says that 1-8 switch modes until Tab or a click moves
    into the field, and what Enter does; the roll asked for with `a` keeps issue 22's hint and takes a digit at once."""
    app = europa_app("goto reinforcement")
    async with app.run_test(size=SIZE) as pilot:
        await self_opened_roll(pilot)
        said = hint(app)
        assert "Enter or Esc: not now" in said and "1-5, 8 switch mode" in said and "Tab or a click" in said, said
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt) and app.screen.query("#faces"))
        assert hint(app).startswith("Enter rolls")
        await pilot.press("3")
        assert faces(app) == "3" and app.current_mode == "phases"


# ------------------------------------------------------------------ item 2
async def test_issue30_item2_enter_on_the_self_opened_optional_roll_leaves_it_pending() -> None:
    """Issue 30 item 2: in a game where the app rolls, Enter on the Axis interference roll that opened by itself
    (optional, 33.B.2.b) closes it: nothing rolled, the roll still pending, the last entry the `next`."""
    app = europa_app("goto reinforcement")
    async with app.run_test(size=SIZE) as pilot:
        await self_opened_roll(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: not app.screen.is_modal)
        assert last(app)["command"] == "next --pass" and not last(app).get("dice")
        assert pending(app, INTERFERENCE) and app.current_mode == "phases"


async def test_issue30_item2_in_a_typed_game_enter_also_leaves_it_pending() -> None:
    """Issue 30 item 2, a game of typed dice: Enter on the self-opened optional roll (33.B.2.b) closes it too."""
    app = europa_app("set dice typed", "goto reinforcement")
    async with app.run_test(size=SIZE) as pilot:
        await self_opened_roll(pilot)
        assert app.screen.focused is not app.screen.query_one("#faces")
        await pilot.press("enter")
        await until(pilot, lambda: not app.screen.is_modal)
        assert last(app)["command"] == "next --pass" and pending(app, INTERFERENCE)


# ------------------------------------------------------------------ item 7
async def test_issue30_item7_p_in_sea_zones_records_nothing_shipped_and_n_no_longer_asks_in_the_phase() -> None:
    """Issue 30 item 7 (33.A; 33.B.2.b): with major Italian interference, `5` `p` records that nothing was shipped
    this Allied initial phase (logged); `n` then leaves the naval movement and the movement segments without the
    gate's question. The next phase asks again."""
    app = europa_app(f"goto {ALLIED_INITIAL} --force", f"answer {INTERFERENCE} roll --dice 6")
    assert any(DUTY in line for line in still_required(app.game.ruleset, app.game.state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await until(pilot, lambda: isinstance(app.screen, ZonesScreen) and app.screen.query_one("#zones", ViewTable).row_count)
        await pilot.press("p")
        await until(pilot, lambda: last(app)["command"] == "no-shipping")
        assert "Nothing shipped by the Allied player this phase" in last(app)["summary"]
        assert "33.A" in last(app)["summary"]
        assert not still_required(app.game.ruleset, app.game.state)
        await pilot.press("1")
        await until(pilot, lambda: app.current_mode == "phases")
        for segment in ("allied-turn/initial/initial-movement", "allied-turn/initial/initial-combat"):
            await pilot.press("n")
            await until(pilot, lambda: app.game.segment.key == segment or isinstance(app.screen, ConfirmPrompt))
            assert app.game.segment.key == segment and last(app)["command"] == "next --pass"
    game = app.game
    assert game.execute("goto allied-turn/exploitation/exploitation-naval --force").ok
    assert any(DUTY in line for line in still_required(game.ruleset, game.state))  # a new phase: shipping may move


async def test_issue30_item7_nothing_shipped_is_refused_once_a_check_was_made() -> None:
    """Issue 30 item 7 (33.A): a check of Allied shipping made this phase says something was shipped; `no-shipping`
    is then refused and changes nothing; twice in a phase is refused too."""
    app = europa_app(f"goto {ALLIED_INITIAL} --force", f"answer {INTERFERENCE} roll --dice 6")
    game = app.game
    seq = len(game.events)
    assert game.execute("no-shipping").ok and last(app)["command"] == "no-shipping"
    again = game.execute("no-shipping allied")
    assert not again.ok and "already" in again.message and len(game.events) == seq + 1
    assert game.execute("undo").ok
    assert game.execute("check eastern-med allied sp:3 --roll").ok
    refused = game.execute("no-shipping allied")
    assert not refused.ok and "checked" in refused.message and "33.A" in refused.message


# ------------------------------------------------------------------ item 8
async def open_batch(pilot: Any) -> None:
    """Show the Sea Zones mode, cursor on its first row (an Axis row), and press `b`."""
    app = pilot.app
    await pilot.press("5")
    await until(pilot, lambda: isinstance(app.screen, ZonesScreen) and app.screen.query_one("#zones", ViewTable).row_count)
    assert str(app.screen.query_one("#zones", ViewTable).selected).endswith(":axis")
    await pilot.press("b")
    await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen.query("#field-dice"))


async def test_issue30_item8_the_batch_form_takes_the_phasing_side_not_the_cursor_rows() -> None:
    """Issue 30 item 8 (33.A): in the Allied initial naval movement, `b` on an Axis row starts the form's side on
    allied (the side whose shipping moves); the referee may still choose another."""
    app = europa_app(f"goto {ALLIED_INITIAL} --force")
    async with app.run_test(size=SIZE) as pilot:
        await open_batch(pilot)
        assert str(app.screen.query_one("#field-side").value) == "allied"


async def test_issue30_item8_the_batch_form_says_what_blank_dice_do_in_this_game() -> None:
    """Issue 30 item 8 (33.D, 33.E): where the app rolls, a blank dice field means the app rolls; in a game of typed
    dice it means each roll is asked for — and a blank batch there asks its first roll (2d6 contact) in a dice
    dialog."""
    app = europa_app(f"goto {ALLIED_INITIAL} --force")
    async with app.run_test(size=SIZE) as pilot:
        await open_batch(pilot)
        assert app.screen.query_one("#field-dice", Input).placeholder == "e.g. 3,4,6 (blank: the app rolls)"
    app = europa_app("set dice typed", f"goto {ALLIED_INITIAL} --force")
    async with app.run_test(size=SIZE) as pilot:
        await open_batch(pilot)
        placeholder = app.screen.query_one("#field-dice", Input).placeholder
        assert placeholder == "e.g. 3,4,6 (blank: each roll is asked for)", placeholder
        text = " ".join(str(s.render()) for s in app.screen.query(".dialog-text"))
        assert "the app rolls" not in text and "blank, each roll is asked for" in text, text
        app.screen.query_one("#field-items", Input).focus()
        await pilot.press("e", "m", "p", "t", "y", "minus", "n", "t", "enter")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        assert app.screen.spec == "2d6" and app.screen.typed
