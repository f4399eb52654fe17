"""A watching session follows who writes (issue 12, bug 7): two sessions on one save file.

The viewer notices when the writer leaves (the lock is free), says so and
offers to take over; taking over takes the lock through the store's lock code
and the same app then writes. When another session takes over, the viewer
names it and credits its changes to it. A viewer's footer shows only what a
viewer can do.
"""

from __future__ import annotations

import getpass
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

from textual.pilot import Pilot

from pilot_keys import until
from tests.conftest import fixed_clock
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.session import create_game, open_game
from tui.store import read_holder
from tui.store.lock import lock_free
from tui.widgets.key_legend import KeyLegend
from tui.widgets.status_line import StatusLine

SIZE = (120, 36)
ROOT = Path(__file__).resolve().parent.parent
ME = f"{getpass.getuser()}@{socket.gethostname()}"
"""How this session's writer is named to a viewer (issue 22 point 13: by user and host)."""

SECOND_WRITER = """
import sys
from tui.paths import data_dir
from tui.session import open_game
game = open_game(sys.argv[1], data_dir(), mode="write", wait=10)
print("writing", flush=True)
for line in sys.stdin:
    if not line.strip():
        break
    print(game.execute(line.strip(), "line").message, flush=True)
game.close()
"""




def status(app: HarbormasterApp) -> str:
    return str(app.screen.query_one(StatusLine).render())


def footer_keys(app: HarbormasterApp) -> set[str]:
    """The keys the current screen's footer shows."""
    return {binding.key for _, binding, enabled, _ in app.screen.active_bindings.values() if binding.show and enabled}


def events_on_disk(path: Path) -> list[str]:
    game = open_game(path, data_dir(), fixed_clock, mode="read")
    try:
        return [e["command"] for e in game.events if e["status"] == "applied"]
    finally:
        game.store.close()


async def test_a_viewer_sees_the_writer_leave_takes_over_and_writes(tmp_path: Path) -> None:
    """Bug 12.7: the writer leaves; the viewer says so, offers to take over, takes the lock and writes without restarting."""
    save = tmp_path / "game.json"
    writer = create_game(save, data_dir(), seed=1, clock=fixed_clock)
    viewer = open_game(save, data_dir(), fixed_clock, mode="auto")
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.game.read_only
            keys = footer_keys(app)
            assert {"n", "a", "g", "ctrl+z", "ctrl+y", "T"}.isdisjoint(keys) and {"colon", "question_mark", "1"} <= keys
            await pilot.press("2")  # the Ports mode: no port command on the footer either
            await pilot.pause()
            assert "h" not in footer_keys(app) and "colon" in footer_keys(app)
            legend = app.screen.query_one(KeyLegend)
            assert all(key != "h" for key, _ in legend.keys)  # the legend too: only what it can do
            await pilot.press("h")  # pressed anyway: it says why nothing happens
            await until(pilot, lambda: "open read-only" in status(app) and "Hit" in status(app))
            await pilot.press("1")
            await pilot.press("n")
            await until(pilot, lambda: "'Next' would change it" in status(app))
            assert not app.game.events and not isinstance(app.screen, ConfirmPrompt)
            assert writer.execute("note before leaving").ok
            await until(pilot, lambda: len(app.game.events) == 1)
            writer.close()  # the writer quits: its lock is free
            await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
            assert "nobody writes this game now" in str(app.screen.text) and ME in app.screen.text  # by name (22.13)
            await pilot.press("y")  # Take over
            await until(pilot, lambda: not app.game.read_only)
            assert not lock_free(save) and read_holder(save) is not None
            assert "You now write this game" in status(app)
            assert {"n", "a", "g"} <= footer_keys(app)
            await pilot.press("2")
            await until(pilot, lambda: ("h", "hit") in app.screen.query_one(KeyLegend).keys)  # a writer's legend again
            await pilot.press("1")
            await pilot.press("n")
            await until(pilot, lambda: len(app.game.events) == 2)
            assert events_on_disk(save) == ["note before leaving", "next --pass"]
    finally:
        app.game.close()
        viewer.close()
        writer.close()


async def test_a_viewer_names_the_writer_who_took_over_and_credits_its_changes(tmp_path: Path) -> None:
    """Bug 12.7: after the first writer left, another session writes: the viewer names it, not the first one."""
    save = tmp_path / "game.json"
    first = create_game(save, data_dir(), seed=1, clock=fixed_clock)
    viewer = open_game(save, data_dir(), fixed_clock, mode="auto")
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    second: subprocess.Popen[str] | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            first_name = viewer.writer
            assert ME in first_name and "pid" not in first_name  # by user and host, not process id (issue 22.13)
            first.close()
            await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
            await pilot.press("n")  # keep watching
            await until(pilot, lambda: "Press T to take over" in status(app))
            assert app.game.read_only and "T" in footer_keys(app)
            env = {**os.environ, "PYTHONPATH": str(ROOT), "LOGNAME": "second", "USER": "second"}  # another referee
            second = subprocess.Popen([sys.executable, "-c", SECOND_WRITER, str(save)], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
            assert second.stdout is not None and second.stdin is not None
            assert second.stdout.readline().strip() == "writing"
            await until(pilot, lambda: "second@" in (app.game.writer or ""))
            assert "Now written by" in status(app) and "T" not in footer_keys(app)
            second.stdin.write("hit Tobruk 2\n")
            second.stdin.flush()
            second.stdout.readline()
            await until(pilot, lambda: len(app.game.events) == 1)
            await until(pilot, lambda: "Updated by" in status(app))
            assert "second@" in status(app) and ME not in status(app)
            assert app.game.state.world.ports["Tobruk"].hits == 1.0 and app.game.read_only
            second.stdin.write("\n")  # the second writer quits too
            second.stdin.flush()
            second.wait(10)
            await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
            assert "second@" in app.screen.text
            await pilot.press("escape")
            await until(pilot, lambda: "T" in footer_keys(app))
            await pilot.press("T")  # the key takes over as the dialog would have
            await until(pilot, lambda: not app.game.read_only)
            assert app.game.execute("note mine").ok and events_on_disk(save) == ["hit Tobruk 2", "note mine"]
    finally:
        if second is not None and second.poll() is None:
            second.kill()
        app.game.close()
        viewer.close()
        first.close()


async def test_a_viewer_that_may_not_write_is_told_but_not_offered(tmp_path: Path) -> None:
    """Bug 12.7: a --read-only session hears that the writer left but is offered nothing (it may not write)."""
    save = tmp_path / "game.json"
    writer = create_game(save, data_dir(), seed=1, clock=fixed_clock)
    viewer = open_game(save, data_dir(), fixed_clock, mode="read")
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await until(pilot, lambda: app.writer is not None)
            writer.close()
            await until(pilot, lambda: "nobody writes this game now" in status(app))
            assert not isinstance(app.screen, ConfirmPrompt) and "T" not in footer_keys(app)
            await pilot.press("T")
            await pilot.pause()
            assert app.game.read_only and lock_free(save)
    finally:
        viewer.close()
        writer.close()


def test_lock_free_tells_held_from_free_without_taking_the_lock(tmp_path: Path) -> None:
    """Bug 12.7: the viewer's check never takes the lock and never makes a lock file."""
    save = tmp_path / "game.json"
    assert lock_free(save) and not (tmp_path / "game.json.lock").exists()
    writer = create_game(save, data_dir(), seed=1, clock=fixed_clock)
    assert not lock_free(save)
    writer.close()
    assert lock_free(save)
    again = open_game(save, data_dir(), fixed_clock, mode="write")  # the check left nothing behind
    assert not again.read_only and not lock_free(save)
    again.close()
