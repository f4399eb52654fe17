"""Snapshot of a what-if branch: the header says which game it branches and at which entry (Log mode).

Same conditions as ``tests/test_snapshots.py`` (seed 1, fixed clock, 120x36,
no cursor blink); the screenshot script collects ``SCENES`` from here too.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tests.test_snapshots import FIXED, SIZE, Scene, fixed_clock, quiet, run
from tui.app import HarbormasterApp, make_app
from tui.engine.game import Game
from tui.engine.setup import load_ruleset, load_scenario, new_game
from tui.paths import data_dir
from tui.store import SaveFile

PARENT = {"save": "/games/med-1943.json", "name": "med-1943.json", "seq": 2, "command": "roll 2d6 weather",
          "turn": "Jan I 1943", "revision": 2, "branched": FIXED.isoformat(timespec="seconds")}
"""The parent link a branch carries in its meta (as ``harbormaster branch`` writes it)."""


def branch_app() -> HarbormasterApp:
    """A branch of a Mediterranean game at its entry #2, in memory."""
    ruleset = load_ruleset("europa", data_dir())
    meta, state = new_game(ruleset, load_scenario(data_dir(), ruleset.default_scenario), seed=1)
    game = Game(ruleset, SaveFile.memory({**meta, "parent": PARENT}, state, clock=fixed_clock), fixed_clock)
    return make_app(game, clock=fixed_clock, cursor_blink=False)


async def branch_log(pilot: Pilot[Any]) -> None:
    """Two entries played in the branch, then the Log mode."""
    await run(pilot, "hit Tobruk 2", "roll 2d6 weather")
    await pilot.press("4")
    await quiet(pilot)


SCENES: dict[str, tuple[Scene, tuple[int, int]]] = {"branch-log": (branch_log, SIZE)}
"""name -> (scene, terminal size)."""


def scene_app(name: str) -> HarbormasterApp:
    """The app scene ``name`` starts from."""
    return branch_app()


def test_the_header_names_the_parent_of_a_branch(snap_compare: Any) -> None:
    """Issue 13: a branch says in its header that it is one, of which save and at which entry."""
    scene, size = SCENES["branch-log"]
    assert snap_compare(scene_app("branch-log"), terminal_size=size, run_before=scene)
