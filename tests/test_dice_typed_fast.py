"""Issue 22 point 1 (faces typed on a dice dialog are used wherever the focus is), typed fast: every key of ``5,6,1,2``
reaches the dialog before the faces field has taken the focus, and the commas were lost (``5612``, refused)."""

from __future__ import annotations

from textual import events
from textual.widgets import Button, Input

from tests.test_dialogs import SIZE
from tests.test_dialogs_referee import dice_app, open_dice


async def test_issue22_point1_faces_typed_in_one_burst_keep_their_commas() -> None:
    """Issue 22 point 1: the keys of ``5,6,1,2`` all handled while Roll still has the focus give the faces 5,6,1,2."""
    app = dice_app("logistics")
    async with app.run_test(size=SIZE) as pilot:
        await open_dice(pilot, "logistics")
        screen = app.screen
        assert screen.focused is screen.query_one("#roll", Button)
        for character in "5,6,1,2":
            key = "comma" if character == "," else character
            screen.on_key(events.Key(key, character))  # one burst: the focus moves only once they are all handled
        await pilot.pause()
        assert screen.query_one("#faces", Input).value == "5,6,1,2"
