"""Issue 23, Setup mode: ``setup add|edit|remove`` in every rule set, logged, undoable, checked as the import checks.

Each rule set adds an entity, edits it, removes it; undo and redo restore each state; a bad value is refused
with one line naming the entry and the field and changes nothing; after the game has left its first segment the
same edit is logged as a correction (event, Log sentence and briefing).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from tui.outputs.briefing import sentence
from tui.engine.edits import entries, merge
from tui.session import memory_game, open_game, create_game

from tests.conftest import fixed_clock

# rule set -> (add, edit, bad line, bad message part, remove, how to find the entity in the world)
CASES: dict[str, tuple[str, str, str, str, str, Callable[[Any], Any]]] = {
    "europa": ("setup add ports name=Derna type=minor owner=axis 'sea_zone=Eastern Mediterranean'",
               "setup edit ports Derna owner=allied",
               "setup add ports name=Sirte type=huge owner=axis", "ports Sirte, type: 'huge' is not a port type",
               "setup remove ports Derna", lambda w: w.ports.get("Derna") and w.ports["Derna"].owner),
    "ocs": ("setup add ports name=Sirte owner=axis 'capacity=2 SP'", "setup edit ports Sirte owner=allied",
            "setup edit ports Sirte capacity=-1", "ports Sirte, capacity: must be 0 or more",
            "setup remove ports Sirte", lambda w: w.ports.get("Sirte") and w.ports["Sirte"].owner),
    "awaw": ("setup add units id=DD9 name=Nine power=britain nation=britain type=destroyer factors=1 'base=Scapa Flow'",
             "setup edit units DD9 'base=Gibraltar'",
             "setup edit units DD9 base=Atlantis", "units DD9, base: 'Atlantis' is not a base of this scenario",
             "setup remove units DD9", lambda w: w.units.get("DD9") and w.units["DD9"].base),
    "logistics": ("setup add airfields hex=1010 owner=allied", "setup edit airfields 1010 owner=axis",
                  "setup edit airfields 1010 hex=9999", "hex 9999 is off the map",
                  "setup remove airfields 1010", lambda w: w.airfields.get("1010") and w.airfields["1010"].owner),
}


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_issue23_setup_add_edit_remove_undo_redo(ruleset: str, data: Path) -> None:
    """Issue 23: add, edit and remove one entity; undo and redo step back and forth; the log replays."""
    add, edit, _, _, remove, seen = CASES[ruleset]
    game = memory_game(data, ruleset, seed=1, clock=fixed_clock)
    assert not seen(game.state.world)
    first = game.execute(add)
    assert first.ok, first.message
    assert first.message.startswith("Setup: added")
    added = seen(game.state.world)
    assert added
    assert game.execute(edit).ok
    edited = seen(game.state.world)
    assert edited and edited != added
    assert game.execute(remove).ok
    assert not seen(game.state.world)
    assert game.execute("undo").ok
    assert seen(game.state.world) == edited
    assert game.execute("undo").ok
    assert seen(game.state.world) == added
    assert game.execute("redo").ok
    assert seen(game.state.world) == edited
    assert game.verify() is None
    assert [e["summary"].split(":")[0] for e in game.applied()] == ["Setup", "Setup"]


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_issue23_setup_bad_value_refused_in_one_line_nothing_changed(ruleset: str, data: Path) -> None:
    """Issue 23: a value the rule set's checks refuse is one line naming the entry and field; nothing changes."""
    add, _, bad, why, _, _ = CASES[ruleset]
    game = memory_game(data, ruleset, seed=1, clock=fixed_clock)
    assert game.execute(add).ok
    before, events = game.state, list(game.events)
    result = game.execute(bad)
    assert not result.ok
    assert why in result.message and "\n" not in result.message
    assert game.state == before and game.events == events


@pytest.mark.parametrize("line,why", [
    ("setup", "usage: setup add|edit|remove"),
    ("setup add castles name=X", "'castles' is not a kind of europa entity"),
    ("setup add ports nam=X", "ports has no field 'nam'"),
    ("setup add ports name=Alexandria type=minor owner=axis", "ports already has 'Alexandria'"),
    ("setup edit ports Atlantis owner=axis", "no ports entry 'Atlantis'"),
    ("setup edit ports Alexandria hits=lots", "'lots' is not a number"),
    ("setup add ports type=minor owner=axis", "missing required field `name`"),
    ("setup remove ports Alexandria extra", "takes KIND and KEY only"),
])
def test_issue23_setup_grammar_refusals(line: str, why: str, data: Path) -> None:
    """Issue 23: a malformed setup command says what is wrong in one line."""
    game = memory_game(data, "europa", seed=1, clock=fixed_clock)
    result = game.execute(line)
    assert not result.ok and why in result.message, result.message
    assert "\n" not in result.message
    assert game.events == []


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_issue23_after_turn_start_an_edit_is_a_correction(ruleset: str, data: Path) -> None:
    """Issue 23: once the game has left its first segment, the same edit is logged as a correction (event, Log
    sentence, briefing)."""
    add, _, _, _, _, seen = CASES[ruleset]
    game = memory_game(data, ruleset, seed=1, clock=fixed_clock)
    assert game.execute("next --force").ok
    result = game.execute(add)
    assert result.ok and result.message.startswith("Correction: added"), result.message
    assert seen(game.state.world)
    event = game.events[-1]
    assert event["summary"].startswith("Correction:") and "correction" in event["details"][0]
    assert "Correction: added" in sentence(game, event)
    assert game.verify() is None


def test_issue23_correction_keeps_the_games_own_state(data: Path) -> None:
    """Issue 23: a mid-game correction changes only what it names: a port's hits of the game stay on every other
    port (three-way merge of the world)."""
    game = memory_game(data, "europa", seed=1, clock=fixed_clock)
    assert game.execute("next --force").ok
    hit = game.execute("setup edit ports Tobruk hits=2")
    assert hit.ok, hit.message
    before = game.state.world
    assert game.execute("setup edit ports Benghazi owner=allied").ok
    after = game.state.world
    assert after.ports["Benghazi"].owner == "allied"
    assert after.ports["Tobruk"] == before.ports["Tobruk"]
    assert after.sea == before.sea


def test_issue23_merge_three_way() -> None:
    """Issue 23: :func:`merge` takes the edit and keeps what the edit does not touch."""
    old = {"a": 1, "b": 5, "own": 9}
    base = {"a": 1, "b": 2}
    assert merge(old, base, {"a": 3, "b": 2, "c": 4}) == {"a": 3, "b": 5, "c": 4, "own": 9}
    assert merge(old, base, {"b": 2}) == {"b": 5, "own": 9}


def test_issue23_setup_survives_reopening_and_entries_list(data: Path, tmp_path: Path) -> None:
    """Issue 23: a setup command is durable (a reopened save replays it) and the entity is listed for the mode."""
    game = create_game(tmp_path / "g.json", data, "awaw", seed=1, clock=fixed_clock)
    assert game.execute(CASES["awaw"][0]).ok
    game.close()
    again = open_game(tmp_path / "g.json", data, fixed_clock, mode="write")
    try:
        assert again.verify() is None
        assert any(row["id"] == "DD9" for row in entries(again.state, again.ruleset, "units"))
    finally:
        again.close()


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_issue23_setup_result_is_exported_as_a_valid_scenario(ruleset: str, data: Path) -> None:
    """Issue 23: what the Setup mode built is what ``scenario export`` writes, and it checks as a scenario."""
    from tui.scenario.build import check_scenario
    from tui.scenario.export import from_game

    add, edit, _, _, _, _ = CASES[ruleset]
    game = memory_game(data, ruleset, seed=1, clock=fixed_clock)
    assert game.execute(add).ok and game.execute(edit).ok
    raw = from_game(game.state, game.ruleset, game.meta)
    check_scenario(raw, data)
    kind = add.split()[2]
    added = entries(game.state, game.ruleset, kind)[-1]
    assert added in [dict(r) for r in raw[kind]]
