"""Issue 30 at the table, item 6: a refusal lands under the field it concerns, and the least value it states is offered.

An AWAW patrol of the Home Fleet from Scapa Flow (C26) to C40, typed 9 hexes by water: the map puts C40 14 hexes
away, and the water route can only be longer (21.36A, proposed ruling A28). The refusal used to be shown under "Sea
hex" (it names C40); it is about the distance, so it is shown there, and 14, the least the rule allows, fills the
field: Enter announces the patrol (21.41).
"""

from __future__ import annotations

from tests.awaw_game import awaw_game, ok
from tests.conftest import fixed_clock
from tests.pilot_keys import until
from tui.app import make_app
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.form_prompt import FormField, FormPrompt, field_of, least_offered
from tui.screens.naval import NavalScreen
from tui.widgets.naval_table import NavalTable

REFUSAL = ("patrol: 9 hexes is shorter than the 14 hexes from Scapa Flow (C26) to C40 on the map; the route by water "
           "can only be longer (21.36A, proposed A28)")
"""The refusal of ``patrol C40 ... --distance 9`` (21.36A)."""


def allied_sw_deployments():
    """The bundled Summer 1942 game (Axis first) in the Allied player turn's SW deployments, where patrols are
    announced (21.41)."""
    game = awaw_game()
    ok(game, "answer first axis")
    for _ in range(80):
        if game.segment.title.endswith("SW deployments") and game.acting_side == "allies":
            return game
        ok(game, "next --force")
    raise AssertionError("no Allied SW deployments")


def test_issue30_item6_the_refusal_is_about_the_distance_and_states_14() -> None:
    """Issue 30 item 6 (21.36A): of the patrol form's fields, the refusal is about the distance (it says 9 hexes is
    shorter than the 14 on the map), not the sea hex it also names; it states 14 as the least. A refusal that names
    only the hex is about the hex; a number inside a hex (C40's 40) is not the distance typed."""
    fields = [FormField("hex", "Sea hex", required=True), FormField("distance", "Distance", "number", required=True),
              FormField("legs", "Legs")]
    assert field_of(REFUSAL, fields, {"hex": "C40", "distance": "9", "legs": ""}) == "distance"
    assert least_offered(REFUSAL, "9") == "14" and least_offered(REFUSAL, "8") is None
    assert field_of("patrol: C40 is out of range (21.36A)", fields, {"hex": "C40", "distance": "36", "legs": ""}) == "hex"
    assert field_of(REFUSAL, fields, {"hex": "C41", "distance": "40", "legs": ""}) is None


async def test_issue30_item6_a_patrol_too_short_is_refused_under_the_distance_and_14_is_offered() -> None:
    """Issue 30 item 6, pilot (21.36A, 21.41): Naval, `Sc` (the Scapa Flow row: the Home Fleet), `p`, C40, Tab, 9,
    Enter: the form opens again with the refusal under "Distance", none under "Sea hex", and 14 in the distance field;
    Enter announces the patrol with 14 hexes (its three 21.416 steps answered with Enter)."""
    game = allied_sw_deployments()
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("6")
        await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
        await until(pilot, lambda: app.screen.focused is app.screen.query_one(NavalTable))
        await pilot.press("S", "c", "p")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press("C", "4", "0", "tab", "9", "enter")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen.error)
        form = app.screen
        await pilot.pause()
        assert form.error_field == "distance", form.error
        under = str(form.query_one("#error-distance").render())
        assert under.startswith(f"✗ {REFUSAL}") and under.endswith("— 14 offered: Enter takes it"), under
        assert form.query_one("#error-distance").has_class("-shown")
        assert not form.query_one("#error-hex").has_class("-shown")
        assert form.query_one("#field-distance").value == "14" and form.query_one("#field-hex").value == "C40"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))  # 21.416C: the first step of the patrol
        assert app.screen.title_text.startswith("Answer patrol-1-route")
        for _ in range(3):  # the three steps of 21.416 asked, each answered with Enter (no interception)
            await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
            await pilot.press("enter")
            await pilot.pause()
        await until(pilot, lambda: not app.screen.is_modal and any(e["command"].startswith("patrol ") for e in app.game.events))
        patrols = [e["command"] for e in app.game.events if e["command"].startswith("patrol ")]
        assert patrols == ["patrol C40 KGV,DukeOfYork,Victorious,RN-CA-Home,RN-DD-Home --distance 14"], patrols
