"""Snapshot tests of the file-problem dialog (issue 8, point 2): the writer's choices and the viewer's wait.

Scenes follow ``tests/test_snapshots.py`` (``SCENES`` and ``scene_app``, so the
screenshot script collects them): a new in-memory game, fixed clock, no cursor
blink, a fixed terminal size, and a fixed problem text.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tests.test_snapshots import SIZE, new_app, until
from tui.app import HarbormasterApp
from tui.screens.file_problem import FileProblem

PROBLEM = ("cannot open /games/med.json: the file is damaged or cut short: not valid JSON "
           "(unexpected end of data: line 1 column 301 (char 300))")


async def writer_dialog(pilot: Pilot[Any]) -> None:
    """The writer's save was cut short: put it back, write it elsewhere, or wait."""
    pilot.app.push_screen(FileProblem(PROBLEM, can_write=True, suggestion="/games/med.json.recovered.json"))
    await until(pilot, lambda: isinstance(pilot.app.screen, FileProblem))


async def viewer_dialog(pilot: Pilot[Any]) -> None:
    """A viewer's save was cut short: it waits for the file to come back."""
    pilot.app.push_screen(FileProblem(PROBLEM, can_write=False))
    await until(pilot, lambda: isinstance(pilot.app.screen, FileProblem))


SCENES = {
    "file-problem-writer": (writer_dialog, SIZE),
    "file-problem-viewer": (viewer_dialog, SIZE),
}
"""Every picture: name -> (scene, terminal size)."""


def scene_app(name: str) -> HarbormasterApp:
    """The app scene ``name`` starts from."""
    return new_app()


def test_file_problem_writer(snap_compare: Any) -> None:
    """Issue 8.2: what happened, that the game is kept, and the three choices."""
    scene, size = SCENES["file-problem-writer"]
    assert snap_compare(scene_app("file-problem-writer"), terminal_size=size, run_before=scene)


def test_file_problem_viewer(snap_compare: Any) -> None:
    """Issue 8.2: a viewer is told it waits for the file to come back."""
    scene, size = SCENES["file-problem-viewer"]
    assert snap_compare(scene_app("file-problem-viewer"), terminal_size=size, run_before=scene)
