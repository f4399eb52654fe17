"""Issue 12 (start-up) with issue 8 (a damaged save changes nothing): the TUI replays a save's log once its first
screen is up, not before; a command waits for that check, and a log that does not replay to the saved state is
refused exactly as before (named, the file untouched, the lock let go), before any command ran."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import orjson
import pytest
from textual.app import App

from tests.conftest import fixed_clock
from tui import cli
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.session import create_game, open_game
from tui.store import SaveLock


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    game = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    for line in ("hit Tobruk 2", "note one", "note two"):
        assert game.execute(line).ok
    game.close()
    return path


def _cut_hit_from_the_log(path: Path) -> bytes:
    """The save with its ``hit Tobruk 2`` event turned into a note: its log no longer gives its (hit) state."""
    data = orjson.loads(path.read_bytes())
    for event in data["events"].values():
        if event["command"] == "hit Tobruk 2":
            event["command"] = "note was a hit"
    path.write_bytes(orjson.dumps(data))
    return path.read_bytes()


def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HarbormasterApp, "run", lambda self, **kw: App.run(self, headless=True, size=(120, 36)))


def test_the_screen_opens_before_the_log_is_replayed_and_a_good_log_is_then_checked(save: Path) -> None:
    """Issue 12: opened for the screen, a save is checked whole but its log not replayed yet; replaying it in steps
    finds it good."""
    game = open_game(save, data_dir(), verify="later")
    try:
        assert game.unverified
        steps = game.verify_steps(chunk=1)
        assert [next(steps) for _ in range(3)] == [1, 2, 3]
        with pytest.raises(StopIteration) as done:
            next(steps)
        assert done.value.value is None
    finally:
        game.close()


def test_a_log_that_does_not_replay_is_refused_by_the_screen_as_at_open(save: Path, monkeypatch, capsys) -> None:
    """Issue 8 (damaged save): ``harbormaster SAVE`` on a save whose log does not give its state ends the screen
    before any command and says so as it did before showing it; the file is unchanged and the lock let go."""
    _headless(monkeypatch)
    before = _cut_hit_from_the_log(save)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    assert cli._open([str(save)]) == 2
    err = capsys.readouterr().err
    assert f"cannot open {save}: replaying the log does not give the saved state" in err
    assert "The file was not changed." in err
    assert save.read_bytes() == before
    lock = SaveLock(save)
    assert lock.acquire(0)  # the screen let go of the game
    lock.release()


def test_a_good_save_opens_on_the_screen_and_is_left_unchanged(save: Path, monkeypatch) -> None:
    """Issue 12: the same path on a good save shows the game, checks its log, and quits without a write."""
    _headless(monkeypatch)
    checked: list[bool] = []

    def ready(self: HarbormasterApp) -> None:
        async def wait_then_quit() -> None:
            checked.append(await self.log_checked())
            self.exit()
        self.run_worker(wait_then_quit())

    monkeypatch.setattr(HarbormasterApp, "on_ready", ready, raising=False)
    before = save.read_bytes()
    assert cli._open([str(save)]) == 0
    assert checked == [True] and save.read_bytes() == before


async def test_a_command_typed_before_the_log_is_checked_waits_for_it(save: Path) -> None:
    """Issue 12: a command run while the log is still being replayed runs once the log is found good (once)."""
    game = open_game(save, data_dir(), clock=fixed_clock, verify="later")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        assert not app._log_checked.is_set() or not game.unverified
        result = await app.execute("note typed early", "line")
        assert result is not None and result.ok
        assert not game.unverified and app.log_problem is None
        assert [e["command"] for e in game.events].count("note typed early") == 1
        await pilot.pause()
    game.close()


async def test_a_command_typed_before_a_bad_log_is_found_changes_nothing(save: Path) -> None:
    """Issue 8: a command run while a log that does not replay is being checked is not run: the app ends, the file
    is as it was."""
    before = _cut_hit_from_the_log(save)
    game = open_game(save, data_dir(), clock=fixed_clock, verify="later")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)):
        result = await app.execute("note typed early", "line")
        assert result is None
        for _ in range(100):
            if app.log_problem:
                break
            await asyncio.sleep(0.01)
        assert app.log_problem and "does not give the saved state" in app.log_problem
    game.close()
    assert save.read_bytes() == before
