"""Issue 22, "Done means": a whole A World at War game turn (the bundled Summer 1942 game) played at the keyboard, at
80x24 and at 120x36, both player turns, with the keystrokes of the common actions counted and held to the goals (a sea
transport in at most 20 keys).
"""

from __future__ import annotations

import pytest

from test_turn_keys_europa import SIZES, Keys, commands, header, play_to, turn_app, within_goals
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.prompt import Prompt


@pytest.mark.parametrize("size", SIZES)
async def test_issue_22_done_means_an_awaw_turn_at_the_keyboard(size: tuple[int, int]) -> None:
    """Issue 22, "Done means" (AWAW 21.43, 21.434, 21.41, 21.416): the initiative, an Axis sea transport from the
    Naval mode, an Allied patrol walked through its 21.416 prompts, to the next season's initiative; the sea
    transport takes at most 20 keys."""
    app = turn_app("awaw")
    async with app.run_test(size=size) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        # Initiative (required): a, Enter takes axis.
        await keys.press("answer a prompt", "a")
        await keys.dialog(ChoicePrompt)
        await keys.press("answer a prompt", "enter")
        await keys.until(lambda: commands(app) == ["answer first axis"])
        await play_to(keys, lambda: app.game.segment.title.endswith("Sea transport"))
        # A sea transport (21.43, 21.434): Naval, "/DD-Ta" Enter finds RM-DD-Taranto (R is the briefing, issue 30 item
        # 4; the cursor's unit is the force), m; Taranto is filled in as the base of embarkation; Tripoli typed, Tab,
        # the cargo "P:3", Tab, 12 hexes, Enter.
        await keys.press("naval mode", "6")
        await keys.press("sea transport", "slash", "DD-Ta", "enter", "m")
        await keys.dialog(FormPrompt)
        await keys.press("sea transport", "Tri", "tab", "P:3", "tab", "12", "enter")
        await keys.until(lambda: commands(app)[-1].startswith("transport "))
        # The Allied player turn: a patrol of the Home Fleet ("Sc" jumps to the Scapa Flow base row: all its units),
        # p, the sea hex C20 (6 hexes from Scapa Flow at C26, 21.36A), Tab, 9 hexes, Enter; then the three steps of 21.416 asked, each answered with Enter.
        await play_to(keys, lambda: app.game.segment.title.endswith("SW deployments") and header(app).side.startswith("Allies"))
        await keys.press("patrol", "Sc", "p")
        await keys.dialog(FormPrompt)
        await keys.press("patrol", "C20", "tab", "9", "enter")
        for _ in range(3):
            await keys.dialog(ChoicePrompt)
            await keys.press("patrol", "enter")
        await keys.until(lambda: not isinstance(app.screen, Prompt) and commands(app)[-1].startswith("answer patrol-2-hex"))
        # To the next season, whose initiative is asked with Fall 1942 in the header (issue 22 point 5).
        await play_to(keys, lambda: isinstance(app.screen, ChoicePrompt))
        assert header(app).turn == "Fall 1942"
        await keys.press("answer a prompt", "escape")

        assert commands(app) == [
            "answer first axis",
            "transport Taranto Tripoli --cargo P:3 --by RM-DD-Taranto --distance 12",
            "patrol C20 KGV,DukeOfYork,Victorious,RN-CA-Home,RN-DD-Home --distance 9",
            "answer patrol-2-route 'no interception'",
            "answer patrol-2-strikes 'remain at sea'",
            "answer patrol-2-hex 'no interception'",
        ], commands(app)
        counts = keys.counts
        assert counts["sea transport"] == 19 and counts["naval mode"] == 1  # 20 from any other mode
        assert counts["patrol"] == 3 + 6 + 3
        within_goals({"sea transport": counts["sea transport"] + counts["naval mode"]})
