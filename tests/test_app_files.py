"""The TUI never dies on a file problem (issue 8, point 2): the save cut short, replaced or its folder moved
while a writer or a viewer has it open. Outcomes are asserted on the game and the files, not the screen alone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from textual.widgets import Button, Input

from tests.conftest import fixed_clock
from tui.app import make_app
from tui.screens.file_problem import FileProblem
from tui.session import create_game, open_game


@pytest.fixture
def saved(data: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    game = create_game(folder / "g.json", data, seed=1, clock=fixed_clock)
    assert game.execute("hit Tobruk 2").ok
    game.close()
    return folder / "g.json"


async def _settle(pilot, rounds: int = 4) -> None:
    """Let the app's own poll timer (every 0.5 s) run a few times."""
    for _ in range(rounds):
        await pilot.pause(0.3)


@pytest.mark.parametrize("damage", ["cut short", "replaced", "removed"])
async def test_a_viewer_keeps_the_last_good_game_and_follows_the_file_when_it_comes_back(saved: Path, data: Path, damage: str) -> None:
    """Issue 8.2: the viewer says what happened, keeps its game, and waits; no dialog, no traceback."""
    good = saved.read_bytes()
    game = open_game(saved, data, mode="read", clock=fixed_clock)
    state = game.state
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.2)
        if damage == "cut short":
            saved.write_bytes(good[:200])
        elif damage == "replaced":
            saved.write_text(json.dumps({"something": "else"}))
        else:
            saved.unlink()
        await _settle(pilot)
        assert app.is_running and app.file_problem is not None
        assert "File problem" in app.status.text and "waiting" in app.status.text
        assert not isinstance(app.screen, FileProblem) and game.state == state
        saved.write_bytes(good)
        await _settle(pilot)
        assert app.is_running and app.file_problem is None and app.game.state == state  # following the file again


async def test_the_writer_puts_its_game_back_over_a_cut_file(saved: Path, data: Path) -> None:
    """Issue 8.2: cut short under the writer: the dialog offers to put it back; the cut file is kept beside it."""
    game = open_game(saved, data, clock=fixed_clock)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.2)
        good = saved.read_bytes()
        saved.write_bytes(good[:300])
        await _settle(pilot)
        assert isinstance(app.screen, FileProblem)
        await pilot.click("#back")
        await _settle(pilot)
        assert app.is_running and app.file_problem is None
        assert saved.read_bytes() == good
        assert [p.read_bytes() for p in saved.parent.glob("g.json.broken-*")] == [good[:300]]
        assert app.game.execute("hit Naples").ok  # and it carries on writing
    game.close()


async def test_the_writer_writes_its_game_elsewhere_when_the_folder_moved(saved: Path, data: Path, tmp_path: Path) -> None:
    """Issue 8.2: the folder moved away: the writer writes the game to another path and carries on there."""
    game = open_game(saved, data, clock=fixed_clock)
    state = game.state
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    target = tmp_path / "rescued.json"
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.2)
        shutil.move(str(saved.parent), str(tmp_path / "moved"))
        await _settle(pilot)
        assert isinstance(app.screen, FileProblem)
        result = app.game.execute("hit Naples")  # a command meanwhile is refused, never lost silently
        assert not result.ok and "Not saved" in result.message
        app.screen.query_one("#elsewhere", Input).value = str(target)
        await pilot.click("#write")
        await _settle(pilot)
        assert app.is_running and app.file_problem is None and app.game is not game
        assert app.game.state == state and not app.game.read_only
        assert app.game.execute("hit Naples").ok
        assert open_game(target, data, mode="read", verify=True).state == app.game.state
    app.game.close()


async def test_the_writer_can_wait_and_is_asked_again_at_its_next_command(saved: Path, data: Path) -> None:
    """Issue 8.2: Wait keeps the game; the next (refused) command offers the choices again."""
    game = open_game(saved, data, clock=fixed_clock)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.2)
        saved.write_text('{"meta": {}}')
        await _settle(pilot)
        assert isinstance(app.screen, FileProblem)
        await pilot.click("#wait")
        await pilot.pause(0.3)
        assert not isinstance(app.screen, FileProblem) and "Waiting" in app.status.text
        app.run_line("hit Naples")
        await _settle(pilot, 2)
        assert isinstance(app.screen, FileProblem) and app.screen.query_one("#back", Button)
    game.close()
