"""Factories ¶3 at the keyboard: the produce dialog starts on the unit the city's factory builds (it started on "air",
and Enter in a city with an Army Factory alone was refused: "builds only army units, not air")."""

from __future__ import annotations

from typing import Any

from logistics_game import PRODUCTION_TURN, at, logistics_game
from test_app_pilot import SIZE, fixed_clock, until
from tui.app import make_app
from tui.screens.form_prompt import FormPrompt


async def test_factories_p3_produce_starts_on_the_like_unit_of_the_citys_factory() -> None:
    """Factories ¶3 (like units only): ``p`` then Enter on Kingsbridge (an Army Factory only) produces an army unit."""
    game = at(logistics_game(), PRODUCTION_TURN, "produce")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: type(app.screen).__name__ != "PhasesScreen" and app.selected.get("ports"))
        await pilot.press(*"Kingsb")
        await until(pilot, lambda: app.selected.get("ports") == "Kingsbridge")
        events = len(app.game.events)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.press("enter")
        await until(pilot, lambda: len(app.game.events) > events)
        made: Any = app.game.events[-1]
        assert made["command"].startswith("produce") and made["command"].split()[-1] == "army", made["command"]
        assert not isinstance(app.screen, FormPrompt)
