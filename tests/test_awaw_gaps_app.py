"""Pilot tests of the Naval mode's keys for the clauses added to the AWAW rule set: returning with the only base an
enemy invasion targets (21.33, ``r``), an island end on the transport form (21.37, ``m``), and the palette entries
for land-based air against patrolling submarines (21.4184C) and harbor attack losses (21.443D)."""

from __future__ import annotations

from pilot_keys import click
from typing import Any

from test_app_pilot import SIZE, fixed_clock, until
from tests.awaw_game import ok
from tests.test_awaw_app import cursor, naval
from tests.test_awaw_ops_engine import to
from tui.app import make_app
from tui.app.commands import HarbormasterCommands
from tui.paths import data_dir
from tui.screens.form_prompt import FormPrompt
from tui.session import memory_game


def _game(segment: str):
    game = memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock)
    ok(game, "answer first axis")
    to(game, segment)
    return game


def refused_with(app: Any, rule: str) -> bool:
    """A form the engine refused is open again with the refusal, naming ``rule``, under it."""
    screen = app.screen
    return isinstance(screen, FormPrompt) and rule in str(getattr(screen, "error", "") or "")


async def test_21_33_the_return_key_sends_only_when_the_invasion_target_is_the_only_base() -> None:
    game = _game("first-turn/combat/naval-missions")
    ok(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina '
             '--distance 8 --supplied')
    to(game, "first-turn/combat/regular-combat")
    ok(game, "intercept DD22 Penelope --distance 1")
    ok(game, "defend DD22 Penelope")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        await cursor(pilot, table, "Penelope")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen.query_one("#ok").region.area)
        await click(pilot, "#ok")  # to the base of origin: Malta, the invasion target (laid out first: 29.8)
        # Refused: the form stays open with the rule under it (issue 12 bug 5)
        await until(pilot, lambda: refused_with(app, "21.33"))
        assert app.game.state.world.units["Penelope"].at_sea == "defensive-patrol"
        form: Any = app.screen
        form.query_one("#field-only").value = True
        await click(pilot, "#ok")
        await until(pilot, lambda: app.game.state.world.units["Penelope"].at_sea == "")
        assert app.game.events[-1]["command"] == "return Penelope --only"  # blank: the base of origin


async def test_21_37_sea_transport_to_an_island_from_the_palette() -> None:
    """The palette's "Sea transport to an island" asks for the island and its control; the Naval mode's main forms stay
    as they were."""
    app = make_app(_game("first-turn/movement/sea-transport"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        await cursor(pilot, table, "RM-DD-Naples")
        titles = [t for t, _, _ in HarbormasterCommands(app.screen).entries()]
        assert any("Sea transport to an island" in t for t in titles), titles
        app.screen.action_act("transport-to-island")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.pause()
        form: Any = app.screen
        form.query_one("#field-island").value = "Pantelleria"
        form.query_one("#field-cargo").value = "Pavia:3"
        form.query_one("#field-distance").value = "12"
        form.query_one("#field-distance").focus()
        await pilot.pause()
        await pilot.press("enter")  # not confirmed held: refused with the rule, the form kept open (issue 12 bug 5)
        await until(pilot, lambda: refused_with(app, "21.37"))
        await pilot.pause()
        form = app.screen
        form.query_one("#field-island").value = "Pantelleria"
        form.query_one("#field-held").value = True
        form.query_one("#field-cargo").value = "Pavia:3"
        form.query_one("#field-distance").value = "12"
        form.query_one("#field-distance").focus()
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events[-1]["command"].startswith("transport"))
        assert app.game.events[-1]["command"].startswith("transport Naples Pantelleria --island-end Pantelleria --island-held")
        assert app.game.state.world.ops["missions"]["transport-1"]["to"] == "Pantelleria"


async def test_21_4184C_21_443D_the_palette_offers_the_new_naval_actions() -> None:
    app = make_app(_game("first-turn/movement/naval-movement"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await naval(pilot)
        await cursor(pilot, table, "RN-SS-Malta")
        titles = [t for t, _, _ in HarbormasterCommands(app.screen).entries()]
        assert any("Land-based air attacks" in t for t in titles), titles
        assert any("Harbor attack losses" in t for t in titles), titles
