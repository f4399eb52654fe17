"""Issue 18 point 7: a blank or empty name is refused for every named thing of every rule set.

The commands that create a named thing: ports (Europa, OCS), beaches, transit groups, air units and a check's
``--name`` (Europa), units' ids and names, task forces and constructed bases (AWAW), and notes (every rule set;
Logistics creates no named thing of its own). One shared check (``tui.rules.core.names.new_name``) refuses them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.awaw_game import awaw_game, to
from tui.paths import data_dir
from tui.session import create_game, memory_game, open_game

BLANKS = ("''", "'   '", "'\u200b'", "'\u00a0'")

CASES = {
    "europa": ["port add {} great axis", "beach add {} allied", "transit add {} axis Gibraltar Malta 3",
               "air add {} allied 'Central Med' role=bomber type=S range=20 tbf=2",
               "check 'Central Mediterranean' axis sp:1 --name {}", "note {}"],
    "ocs": ["port add {} owner=axis capacity=1", "note {}"],
    "awaw": ["build {} usa fast-carrier 3 'Atlantic U.S.'", "build X1 usa fast-carrier 3 'Atlantic U.S.' --name {}",
             "tf {} Washington,NorthCarolina", "note {}"],
    "logistics": ["note {}"],
}


@pytest.mark.parametrize("ruleset, line", [(r, line.format(b)) for r, lines in CASES.items() for line in lines for b in BLANKS])
def test_issue_18_7_blank_names_are_refused(ruleset: str, line: str) -> None:
    """Issue 18 point 7: ``port add '' great axis`` and its kin are refused in every rule set; nothing changes."""
    game = memory_game(data_dir(), ruleset, seed=1)
    before = game.state
    result = game.execute(line)
    assert not result.ok
    assert "cannot be blank" in result.message or "port add NAME" in result.message  # OCS: an empty name is no name
    assert game.state == before and not game.events


def test_issue_18_7_a_constructed_base_needs_a_name() -> None:
    """Issue 18 point 7: AWAW ``construct`` (21.121) refuses a blank base name; a real one is still built."""
    game = awaw_game()
    to(game, "First player turn › End of player turn › Construction", first="allies")
    result = game.execute("construct usa H5 pacific '  ' --island")
    assert not result.ok and "a base's name cannot be blank" in result.message
    assert game.execute("construct usa H5 pacific Funafuti --island").ok


def test_issue_18_7_names_with_a_visible_character_are_kept() -> None:
    """Issue 18 point 7: a name with spaces around a visible character is a name (nothing else changes)."""
    game = memory_game(data_dir(), "europa", seed=1)
    assert game.execute("port add 'Port Sudan 2' great axis").ok
    assert game.execute("note '  x  '").ok


def test_issue_18_7_an_old_save_with_a_blank_name_still_opens(tmp_path: Path) -> None:
    """Issue 18 point 7: a save written before the check (a blank port name in its log) still replays and opens."""
    path = tmp_path / "g.json"
    game = create_game(path, data_dir(), "europa", None, seed=1)
    assert game.execute("port add Blankish great axis").ok
    game.close()
    text = path.read_text(encoding="utf-8").replace("port add Blankish", "port add ' '").replace("Blankish", " ")
    path.write_text(text, encoding="utf-8")
    again = open_game(path, data_dir(), mode="read", verify=True)
    try:
        assert " " in again.state.world.ports
        assert json.loads(text)
    finally:
        again.close()
