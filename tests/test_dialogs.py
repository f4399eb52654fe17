"""Dialogs at the table (issue 12, bugs 1, 3, 4 and 5), pressed as a referee presses them, in every rule set.

Bug 1: with ``set dice typed`` the dice dialog asks for the faces first and Enter uses them; the app
rolls only on its own key. Bug 3: Enter submits a form from a checkbox too, Space toggles it, and a
checkbox shows whether it is on. Bug 4: notifications never cover an open dialog, and a refusal
summarises where a verb is legal. Bug 5: a refused form stays open with the error under its field and
the input kept; port, zone and unit fields filter as they are typed and take unique prefixes.
"""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Any, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.screens.command_line import CommandLine
from tui.screens.dice_prompt import DicePrompt
from tui.session import memory_game
from pilot_keys import type_keys, until

SIZE = (120, 36)
FIXED = datetime(2026, 11, 21, 12, 0, 0, tzinfo=timezone.utc)
RULESETS = ("europa", "ocs", "awaw", "logistics")


def fixed_clock() -> datetime:
    return FIXED


def new_app(ruleset: str = "europa") -> HarbormasterApp:
    return make_app(memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)




async def type_text(pilot: Pilot[Any], text: str) -> None:
    """Type ``text`` key by key into the focused field (:func:`pilot_keys.type_keys`)."""
    await type_keys(pilot, text)


async def command(pilot: Pilot[Any], app: HarbormasterApp, line: str) -> None:
    """Type ``line`` at the ``:`` command line and press Enter."""
    await pilot.press("colon")
    await until(pilot, lambda: isinstance(app.screen, CommandLine))
    await type_text(pilot, line)
    await pilot.press("enter")
    await pilot.pause()


# ------------------------------------------------------------------ bug 1
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_typed_dice_dialog_focuses_the_faces_and_enter_uses_them(ruleset: str) -> None:
    """Issue 12 bug 1: in a typed-dice game the faces field has the focus; typing them + Enter records them."""
    app = new_app(ruleset)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, app, "set dice typed")
        await command(pilot, app, "roll 2d6 morale")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        assert app.screen.focused is app.screen.query_one("#faces", Input)
        await type_text(pilot, "3,5")
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, DicePrompt))
        await until(pilot, lambda: app.game.events[-1]["command"].startswith("roll"))
        roll = app.game.events[-1]
        assert (roll["dice"][0]["source"], roll["dice"][0]["faces"]) == ("typed", [3, 5])


async def test_typed_dice_enter_never_lets_the_app_roll_but_its_own_key_does() -> None:
    """Issue 12 bug 1: Enter on an empty faces field is refused (nothing rolled); Tab never reaches Roll; ctrl+r rolls."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, app, "set dice typed")
        await command(pilot, app, "roll 1d6 morale")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DicePrompt) and len(app.game.events) == 1
        assert app.screen.query_one("#error").has_class("-shown")
        for _ in range(6):  # Tab round the dialog: Roll is never focused, so Enter never rolls
            await pilot.press("tab")
            assert app.screen.focused is not None and app.screen.focused.id != "roll"
        await pilot.press("ctrl+r")
        await until(pilot, lambda: len(app.game.events) == 2)
        assert app.game.events[-1]["dice"][0]["source"] == "app"


async def test_a_roll_prompt_in_a_typed_game_asks_for_the_faces_first() -> None:
    """Issue 12 bug 1: a prompt the rules raise (destroy:Athens after a capture) asks for typed faces first too."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, app, "set dice typed")
        await command(pilot, app, "capture Athens allied")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        assert app.screen.focused is app.screen.query_one("#faces", Input)
        await pilot.press("6", "enter")
        await until(pilot, lambda: app.game.events[-1]["command"].startswith("answer destroy:Athens"))
        assert app.game.events[-1]["dice"][0]["faces"] == [6]


async def test_an_app_rolled_game_still_focuses_roll() -> None:
    """Where the app rolls (the default), a roll prompt keeps Roll focused: Enter rolls as before."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, app, "capture Athens allied")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        assert app.screen.focused is app.screen.query_one("#roll")


# ------------------------------------------------------------------ bug 3
async def to_port(pilot: Pilot[Any], app: HarbormasterApp, name: str) -> None:
    """Show the Ports mode and move its cursor down to ``name`` by keys."""
    from tui.widgets.port_table import PortTable

    await pilot.press("2")
    await until(pilot, lambda: app.screen.query(PortTable) and app.screen.query_one(PortTable).row_count)
    table = app.screen.query_one(PortTable)
    for _ in range(table.row_count):
        if table.selected == name:
            return
        await pilot.press("down")
    assert table.selected == name


def box_text(app: HarbormasterApp, field: str) -> str:
    return str(app.screen.query_one(f"#field-{field}").render())


async def test_space_ticks_a_checkbox_enter_submits_the_form_and_the_box_says_yes_or_no() -> None:
    """Issue 12 bug 3 (Europa ``use``, 31.A.1): Space toggles, the box reads no/yes as it is, Enter on it submits."""
    from tui.screens.form_prompt import FormPrompt

    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_port(pilot, app, "Tobruk")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press("ctrl+u", "1", "tab")  # REs, then the heavy equipment box
        assert app.screen.focused.id == "field-he"
        assert "no" in box_text(app, "he") and "yes" not in box_text(app, "he") and "✔" not in box_text(app, "he")
        await pilot.press("space")
        assert app.screen.query_one("#field-he").value is True
        assert "yes" in box_text(app, "he") and "✔" in box_text(app, "he")
        await pilot.press("enter")  # submits from the box: it does not toggle it back
        await until(pilot, lambda: app.game.events)
        assert app.game.events[-1]["command"] == "use Tobruk 1 --he"


async def test_enter_on_a_short_menu_submits_the_form() -> None:
    """Issue 12 bug 3 (OCS port edit): Enter on a menu field submits; the menu opens on Space or the arrows."""
    from tui.screens.form_prompt import FormPrompt, FormSelect

    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await to_port(pilot, app, "Tobruk")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        form = app.screen
        menu = next(w for w in form.query(FormSelect) if not w.disabled)
        menu.focus()
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not form)  # submitted (nothing changed: the form closes)
        assert not app.screen.is_modal


# ------------------------------------------------------------------ bug 4
async def test_a_refusal_is_folded_into_the_dialog_that_asks_again_and_no_toast_covers_it() -> None:
    """Issue 12 bug 4: a refused answer asks again; the refusal shows in the dialog, no toast is drawn over it."""
    from textual.widgets._toast import Toast

    from tui.screens.number_prompt import NumberPrompt
    from tui.rules.core.state import Pending

    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        app.notify("Something the referee should read", title="Earlier")
        await pilot.pause()
        await command(pilot, app, "capture Athens allied")
        # wait for the dialog's notice to be mounted and drawn, not for a pause (issue 29.8)
        await until(pilot, lambda: isinstance(app.screen, DicePrompt) and app.screen.query("#notice")
                    and app.screen.query_one("#notice").display)
        notice = app.screen.query_one("#notice")
        # The capture is written only once its roll is answered (issue 12 bug 6): the earlier word is folded in.
        assert notice.display and "Something the referee should read" in str(notice.render())
        assert not [t for t in app.screen.query(Toast) if t.display and t.parent.display]
        app.notify("A later word", title="Later", severity="warning")
        await until(pilot, lambda: "A later word" in str(app.screen.query_one("#notice").render()))
        assert not [t for t in app.screen.query(Toast) if t.parent.display]
        assert isinstance(app.screen, (DicePrompt, NumberPrompt))
        del Pending


# ------------------------------------------------------------------ bug 5
async def test_a_refused_form_stays_open_with_the_error_under_its_field_and_the_input_kept() -> None:
    """Issue 12 bug 5 (Europa supply line, 33.F): an unknown sea zone is refused under its field, the input kept."""
    from tui.screens.form_prompt import FormPrompt

    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "s")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        form = app.screen
        await type_text(pilot, "tob")  # the port: a unique prefix
        await pilot.press("tab", "ctrl+u")
        await type_text(pilot, "Atlantis")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen is not form)
        form = app.screen
        assert app.game.events == []
        assert (form.query_one("#field-port", Input).value, form.query_one("#field-zones", Input).value) == ("Tobruk", "Atlantis")
        assert form.query_one("#error-zones").has_class("-shown") and not form.query_one("#error").has_class("-shown")
        assert "Atlantis" in str(form.query_one("#error-zones").render())
        assert form.focused is form.query_one("#field-zones")
        await pilot.press("ctrl+u")
        await type_text(pilot, "Eastern Mediterranean")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
        assert app.game.events[-1]["command"] == "supply-line Tobruk Eastern Mediterranean"


async def test_a_refusal_about_no_one_field_shows_under_the_form_and_keeps_every_field() -> None:
    """Issue 12 bug 5 (Europa use, 31.A.1): too many REs is refused under the form; the ticked box stays ticked."""
    from tui.screens.form_prompt import FormPrompt

    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_port(pilot, app, "Tobruk")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        form = app.screen
        await pilot.press("ctrl+u", "2", "tab", "space", "enter")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen is not form)
        form = app.screen
        assert form.query_one("#error").has_class("-shown") and "31.A.1" in str(form.query_one("#error").render())
        assert form.query_one("#field-res", Input).value == "2" and form.query_one("#field-he").value is True
        assert app.game.events == []
        assert not app.query("Toast")  # said in the form (and the status line), not in a toast


@pytest.mark.parametrize(("ruleset", "segment", "port", "key", "typed", "command_starts"), [
    ("europa", 0, "Tobruk", None, "trip", "supply-line Tripoli"),
    ("ocs", 5, "Tripoli", "s", "beng", "ship Tripoli Benghazi"),
])
async def test_a_port_field_filters_as_it_is_typed_and_takes_a_unique_prefix(
        ruleset: str, segment: int, port: str, key: str | None, typed: str, command_starts: str) -> None:
    """Issue 12 bug 5: a port field lists the ports the text could be, and a unique prefix is taken."""
    from tui.screens.form_prompt import FormPrompt, NameInput

    game = memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock)
    while game.segment.index < segment:
        assert game.execute("next --force").ok
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        if key is None:  # Europa: the supply line form of the Sea Zones mode
            await pilot.press("5", "s")
            field = "port"
        else:
            await to_port(pilot, app, port)
            await pilot.press(key)
            field = "to"
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        form = app.screen
        name = form.query_one(f"#field-{field}", NameInput)
        name.focus()
        await pilot.press("ctrl+u", "t" if ruleset == "europa" else "b")
        matches = str(form.query_one(f"#matches-{field}").render())
        assert "," in matches and all(m.strip().lower().startswith(("t", "b")) for m in matches.split(",")[:3])
        await pilot.press("enter")  # several ports start so: refused under the field, nothing run
        await pilot.pause()
        assert app.screen is form and form.query_one(f"#error-{field}").has_class("-shown")
        assert "type more" in str(form.query_one(f"#error-{field}").render())
        await pilot.press("ctrl+u")
        await type_text(pilot, typed)
        if ruleset == "ocs":
            await pilot.press("tab")
            await type_text(pilot, "1SP")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events and app.game.events[-1]["command"].startswith(command_starts))


async def test_awaw_and_logistics_forms_keep_their_name_fields_typed() -> None:
    """Issue 12 bug 5 in A World at War: a base is a typed name (unique prefix), its choices the bases on offer."""
    from tui.screens.actions import names_what
    from tui.rules.core.actions import Field

    assert names_what(Field("to", "To base", "choice", choices_from="own-bases:name")) == "base"
    assert names_what(Field("name", "Mulberry", "choice", choices_from="mulberries:name")) == "mulberry"
    assert names_what(Field("beach", "Beach", "choice", choices_from="beaches:name")) == "beach"
    assert names_what(Field("zone", "Sea zone", "choice", choices_from="zones:zone")) == "zone"
    assert names_what(Field("power", "Power", "choice", choices_from="units:power")) == ""
    assert names_what(Field("side", "Side", "choice", choices_from="sides")) == ""


async def test_a_refused_one_number_dialog_opens_again_as_a_form_keeping_the_number() -> None:
    """Issue 12 bug 5 (Europa repair, 31.A.3): repairing a port with no hits is refused in the dialog, the number kept."""
    from tui.screens.form_prompt import FormPrompt
    from tui.screens.number_prompt import NumberPrompt

    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_port(pilot, app, "Tobruk")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        await pilot.press("ctrl+u", "2", "enter")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        form = app.screen
        assert form.query_one("#field-n", Input).value == "2"
        shown = [w for w in form.query(".dialog-error.-shown")]
        assert len(shown) == 1 and "no Port Hits to repair (31.A.3)" in str(shown[0].render())
        assert app.game.events == []
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        assert app.game.events == []


async def test_a_sea_zone_text_field_offers_the_zones_and_keeps_other_waters() -> None:
    """Issue 12 bug 5 (Europa port form, 33.B): the sea zone is offered as it is typed; other waters are kept as typed."""
    from tui.screens.form_prompt import FormPrompt, NameInput

    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_port(pilot, app, "Krasnovodsk")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        form = app.screen
        zone = form.query_one("#field-sea_zone", NameInput)
        assert zone.value == "Caspian Sea" and not zone.strict  # a scenario's other water, not one of 33.B.10's zones
        zone.focus()
        await pilot.press("ctrl+u")
        await type_text(pilot, "ad")
        assert str(form.query_one("#matches-sea_zone").render()) == "Adriatic Sea"
        await pilot.press("ctrl+u", "e")
        matches = str(form.query_one("#matches-sea_zone").render()).split(", ")
        assert matches == ["Eastern Mediterranean", "English Channel"]  # in the zones' order, the theatre's first
        await pilot.press("down")  # ↓ steps through the names the text could be
        assert zone.value == "Eastern Mediterranean"
        await pilot.press("down")
        assert zone.value == "English Channel"
        await pilot.press("down")
        assert zone.value == "Eastern Mediterranean"
        await pilot.press("ctrl+u")
        await type_text(pilot, "Caspian Sea")
        await pilot.press("enter")  # nothing changed: the form closes, nothing refused
        await until(pilot, lambda: not app.screen.is_modal)
        assert app.game.events == []


async def test_logistics_produce_form_submits_on_enter_from_a_menu() -> None:
    """Issue 12 bug 3 in the Logistics rule set (Factories ¶3): Enter on the Factory menu submits the Produce form."""
    from logistics_game import PRODUCTION_TURN, at, logistics_game

    from tui.screens.form_prompt import FormPrompt, FormSelect

    app = make_app(at(logistics_game(), PRODUCTION_TURN, "produce"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: app.selected.get("ports") == "Portsea")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        form = app.screen
        assert form.focused is form.query(FormSelect).first()  # the factory type
        await pilot.press("enter")  # submits (it does not open the menu)
        await until(pilot, lambda: app.screen is not form)
        ran = app.game.events and app.game.events[-1]["command"].startswith("produce Portsea")
        refused = isinstance(app.screen, FormPrompt) and app.screen.query(".dialog-error.-shown")
        assert ran or refused
