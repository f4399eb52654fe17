"""Issue 30 at the table, item 10: the Logistics growth at the end of production names each city and its new PP.

The notification of the ``next`` that leaves End of production used to say only "6 city(ies) below the maximum grew by
1 PP"; it now names every city that grew, with its hex and its PP after growing (Factories ¶6), in the same line of the
``next`` event's summary (the Log and the briefings read it too).
"""

from __future__ import annotations

from logistics_game import PRODUCTION_TURN, at, logistics_game, ok
from tests.conftest import fixed_clock
from tests.pilot_keys import until
from tui.app import make_app

GROWN = ("End of production: 6 city(ies) below the maximum grew by 1 PP (Factories ¶6): Harlow (0417) 2 PP, "
         "Dunmore (0704) 1 PP, Ashford (0914) 2 PP, Wexham (1103) 1 PP, Calvade (1602) 3 PP, Lorch (2117) 1 PP")
"""What the growth says in the bundled game's first production turn (Factories ¶6)."""


def production_end():
    """The bundled Logistics game at End of production of its first production turn, both factory choices answered."""
    game = at(logistics_game(), PRODUCTION_TURN, "production-end")
    ok(game, "answer grow-1602 air")
    ok(game, "answer grow-1103 navy")
    return game


def test_issue30_item10_the_growth_names_each_city_and_its_new_pp() -> None:
    """Issue 30 item 10 (Factories ¶6): `next` out of End of production says which cities grew and to how many PP."""
    game = production_end()
    result = ok(game, "next")
    assert GROWN in result.message, result.message
    assert game.events[-1]["summary"] == result.message


async def test_issue30_item10_the_notification_shows_them() -> None:
    """Issue 30 item 10, pilot: `n` out of End of production; the notification names every city that grew and its PP."""
    game = production_end()
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await until(pilot, lambda: any("End of production" in n.message for n in app._notifications))
        shown = next(n.message for n in app._notifications if "End of production" in n.message)
        assert f"• {GROWN}" in shown.splitlines(), shown
