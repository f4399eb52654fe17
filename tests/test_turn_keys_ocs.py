"""Issue 22, "Done means": a whole OCS game turn (the bundled Western Desert 1941 game) played at the keyboard, at
80x24 and at 120x36, both player turns, with the keystrokes of the common actions counted and held to the goals.
"""

from __future__ import annotations

import pytest

from test_turn_keys_europa import SIZES, Keys, advance, commands, header, play_to, turn_app, within_goals
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.dice_prompt import DicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.number_prompt import NumberPrompt


@pytest.mark.parametrize("size", SIZES)
async def test_issue_22_done_means_an_ocs_turn_at_the_keyboard(size: tuple[int, int]) -> None:
    """Issue 22, "Done means" (OCS 19.0a, 19.0b, 19.0f, 18.5g): weather typed, first player, an arrival, a Sea Cap
    shipment and a port hit by the first player, an arrival by the second, to the next turn's weather; a port action
    takes at most 5 keys (a Sea Cap shipment, which names a second port, 6)."""
    app = turn_app("ocs")
    async with app.run_test(size=size) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        # Weather determination: a, the physical dice 4 4, Enter.
        await keys.press("answer a prompt", "a")
        await keys.dialog(DicePrompt)
        await keys.press("answer a prompt", "44", "enter")
        await keys.logged(1)
        # First player determination: asked on entering it (required); Enter takes the first choice, axis.
        await advance(keys)
        await keys.dialog(ChoicePrompt)
        await keys.press("answer a prompt", "enter")
        await keys.until(lambda: commands(app)[-1] == "answer first-player axis")
        await play_to(keys, lambda: app.game.segment.title.endswith("Reinforcement phase"))
        # An arrival by sea (18.5g, 19.0a): Ports, Tripoli is the first row, v, 2 SP, Enter.
        await keys.press("port action", "2", "v")
        await keys.dialog(FormPrompt)
        await keys.press("port action", "2", "enter")
        await keys.until(lambda: commands(app)[-1] == "arrive Tripoli 2")
        await play_to(keys, lambda: app.game.segment.title.endswith("Movement segment"))
        # A Sea Cap shipment (19.0f): s on Tripoli, the port typed ("Be"), Tab, 1 SP, Enter.
        await keys.press("sea cap shipment", "s")
        await keys.dialog(FormPrompt)
        await keys.press("sea cap shipment", "Be", "tab", "1", "enter")
        await keys.until(lambda: commands(app)[-1] == "ship Tripoli Benghazi 1")
        await play_to(keys, lambda: app.game.segment.title.endswith("barrage segment"))
        # A port hit (19.0b): "To" jumps to Tobruk, h, Enter takes 1.
        await keys.press("port action 2", "To", "h")
        await keys.dialog(NumberPrompt)
        await keys.press("port action 2", "enter")
        await keys.until(lambda: commands(app)[-1] == "hit Tobruk 1")
        # The second player turn: an arrival at Alexandria ("A" jumps to it), v, 3 SP, Enter.
        await play_to(keys, lambda: app.game.segment.title.endswith("Reinforcement phase") and header(app).side.startswith("Allied"))
        await keys.press("port action 3", "A", "v")
        await keys.dialog(FormPrompt)
        await keys.press("port action 3", "3", "enter")
        await keys.until(lambda: commands(app)[-1] == "arrive Alexandria 3")
        # To the next turn, whose weather is asked with Turn 2 already in the header (issue 22 point 5).
        await play_to(keys, lambda: isinstance(app.screen, DicePrompt))
        assert header(app).turn == "Turn 2"
        await keys.press("answer a prompt", "escape")

        assert commands(app) == ["answer weather 4,4", "answer first-player axis", "arrive Tripoli 2",
                                 "ship Tripoli Benghazi 1", "hit Tobruk 1", "arrive Alexandria 3"], commands(app)
        counts = keys.counts
        assert (counts["port action"], counts["port action 2"], counts["port action 3"]) == (4, 4, 4)
        assert counts["sea cap shipment"] == 6
        for action in ("port action", "port action 2", "port action 3"):
            within_goals({"port action": counts[action]})
