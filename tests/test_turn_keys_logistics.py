"""Issue 22, "Done means": Victory Logistics game turns (the bundled Channel Coast game) played at the keyboard, at
80x24 and at 120x36: turn 1 (no production) and turn 2 (a production turn), both sides, with the keystrokes of the
common actions counted and held to the goals.
"""

from __future__ import annotations

import pytest

from test_turn_keys_europa import SIZES, Keys, advance, commands, header, play_to, turn_app, within_goals
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.dice_prompt import DicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.prompt import Prompt


async def initiative_and_storm(keys: Keys, turn: str) -> None:
    """The initiative typed (Allied 5 6, Axis 1 2: the Allies win) and the Axis storm dice 2 3, each asked on its own."""
    app = keys.app
    await keys.dialog(DicePrompt)
    assert header(app).turn == turn  # issue 22 point 5: the new turn shown while its first prompt is asked
    await keys.press("initiative, typed dice", "5612", "enter")
    await keys.until(lambda: commands(app)[-1] == "answer initiative 5,6,1,2" and not isinstance(app.screen, Prompt))
    await advance(keys)
    await keys.dialog(DicePrompt)
    await keys.press("storm, typed dice", "23", "enter")
    await keys.until(lambda: commands(app)[-1] == "answer storm 2,3" and not isinstance(app.screen, Prompt))


@pytest.mark.parametrize("size", SIZES)
async def test_issue_22_done_means_logistics_turns_at_the_keyboard(size: tuple[int, int]) -> None:
    """Issue 22, "Done means" (Storms ¶4, Factories ¶3, ¶5, ¶6; RULINGS L3): initiative and storm typed, a factory
    hit in combat, and on the production turn a unit produced in 2 keys on the city (its factory's own kind of unit
    is the form's first choice) and the end of production, to the next turn's initiative."""
    app = turn_app("logistics")
    async with app.run_test(size=size) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        # Turn 1: a opens the initiative; then the storm, asked on entering its segment.
        await keys.press("initiative, typed dice", "a")
        await initiative_and_storm(keys, "Turn 1")
        # A factory hit in the first player's combat (Factories ¶5): Factories, "K" jumps to Kingsbridge, h, Enter.
        await play_to(keys, lambda: app.game.segment.path == ("first-turn", "combat"))
        await keys.press("factory hit", "2", "K", "h")
        await keys.dialog(FormPrompt)
        await keys.press("factory hit", "enter")
        await keys.until(lambda: commands(app)[-1] == "hit factory Kingsbridge army 1")
        # Turn 2 (a production turn): its initiative is asked on its own after the last n of turn 1.
        await play_to(keys, lambda: isinstance(app.screen, DicePrompt))
        await initiative_and_storm(keys, "Turn 2")
        await play_to(keys, lambda: app.game.segment.title.endswith("› Production"))
        # Produce at Kingsbridge (Factories ¶3): "K", p, Enter: its army factory builds an army unit.
        await keys.press("produce", "K", "p")
        await keys.dialog(FormPrompt)
        await keys.press("produce", "enter")
        await keys.until(lambda: commands(app)[-1] == "produce Kingsbridge army army")
        # End of production: a city's growth choice, if asked, is answered with Enter; then n to turn 3.
        for _ in range(10):
            if isinstance(app.screen, DicePrompt):
                break
            if isinstance(app.screen, ChoicePrompt):
                before = len(app.game.events)
                await keys.press("answer a prompt", "enter")
                await keys.until(lambda: len(app.game.events) > before)
                continue
            await advance(keys)
        await keys.dialog(DicePrompt)
        assert header(app).turn == "Turn 3"
        await keys.press("initiative, typed dice", "escape")

        said = commands(app)
        assert said[:5] == ["answer initiative 5,6,1,2", "answer storm 2,3", "hit factory Kingsbridge army 1",
                            "answer initiative 5,6,1,2", "answer storm 2,3"], said
        assert said[5] == "produce Kingsbridge army army", said
        growth = [e for e in app.game.events if str(e["command"]).startswith("next") and "PP" in str(e.get("summary", ""))]
        assert growth, "the end of production's growth is in the next's summary"
        counts = keys.counts
        assert counts["initiative, typed dice"] == 1 + 5 + 5 + 1  # a, then 4 faces and Enter twice, Escape
        assert counts["storm, typed dice"] == 3 * 2
        assert counts["factory hit"] == 4 and counts["produce"] == 3
        within_goals({"port action": counts["factory hit"]})
        within_goals({"port action": counts["produce"]})
