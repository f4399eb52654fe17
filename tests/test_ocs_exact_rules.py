"""OCS 19.0 as the phase machine and the screens call it, exactly (seed 001_9e09282bf625a5b7.txt): the first player
and weather answers, ``first``/``second`` sides, the phase's capacity freed (19.0a), the turn's limits reset (19.0c,
19.0d, 19.0f), the Ports and Sea Cap views, markers, explanations and the Phases checklist of
``tui/rules/ocs/rules.py`` and ``duties.py``, on the Western Desert scenario with the Allies moving first.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.conftest import fixed_clock
from tui.session import memory_game


def ok(game, *lines: str):
    """Run commands that must succeed; the last result."""
    for line in lines:
        r = game.execute(line)
        assert r.ok, f"{line}: {r.message}"
    return r


def goto(game, key: str) -> None:
    """Advance (skipping prompts) until the segment ``key``."""
    for _ in range(200):
        if game.segment.key == key:
            return
        ok(game, "next --force")
    raise AssertionError(f"never reached {key}")


@pytest.fixture
def game(data: Path):
    """Turn 1 of the Western Desert (seed 1): weather rolled, the Allies chosen to move first."""
    game = memory_game(data, "ocs", seed=1, clock=fixed_clock)
    r = ok(game, "answer weather roll")
    assert r.message == "Weather roll 12: read it on your game's Weather Table"
    assert game.state.world.weather == 12
    ok(game, "next")
    r = ok(game, "answer first-player allied")
    assert (r.message, game.events[-1]["actor"]) == ("Allied moves first this turn, axis second", "")  # no side owns it (issue 32)
    return game


def test_sequence_of_play_the_axis_chosen_first_names_the_allies_second(data: Path) -> None:
    """First player determination: the answer names both sides in their order."""
    game = memory_game(data, "ocs", seed=1, clock=fixed_clock)
    ok(game, "answer weather roll", "next")
    assert ok(game, "answer first-player axis").message == "Axis moves first this turn, allied second"


def test_sequence_of_play_first_and_second_are_the_first_player_determination(game) -> None:
    """The first player determination decides who is ``first`` this turn; other names are sides already."""
    resolve = game.ruleset.resolve_side
    assert (resolve(game.state, "first"), resolve(game.state, "second"), resolve(game.state, "axis")) == (
        "allied", "axis", "axis")
    goto(game, "first-turn/movement/move")
    assert game.execute("load Alexandria 1").ok and game.events[-1]["actor"] == "allied"
    goto(game, "first-turn/reaction/reaction-move")
    assert game.execute("load Tripoli 1").ok and game.events[-1]["actor"] == "axis"  # the other side reacts


def test_19_0a_markers_views_explanations_and_the_checklist(game) -> None:
    """19.0a: capacity used this phase, shut down by an enemy ZOC; 19.0f: each side's Sea Cap this turn."""
    goto(game, "first-turn/movement/move")
    ok(game, "load Alexandria 1", "load Tobruk 1 --unit", "zoc Tobruk", "ship Alexandria Mersa Matruh 1")
    assert game.ruleset.markers(game.state, game.ruleset.sequence) == [
        {"marker": "Shut Down", "value": "enemy ZOC", "place": "Tobruk", "side": "allied",
         "expires": "as soon as the enemy ZOC goes (19.0a)"},
        {"marker": "Capacity Used", "value": "1 SP", "place": "Tobruk", "side": "allied",
         "expires": "end of this Movement phase (19.0a)"},
        {"marker": "Capacity Used", "value": "1 SP", "place": "Mersa Matruh", "side": "allied",
         "expires": "end of this Movement phase (19.0a)"},
        {"marker": "Capacity Used", "value": "2 SP", "place": "Alexandria", "side": "allied",
         "expires": "end of this Movement phase (19.0a)"}]
    tobruk = next(r for r in game.ruleset.views["ports"](game.state) if r["name"] == "Tobruk")
    assert tobruk == {
        "name": "Tobruk", "owner": "allied", "hex": "", "capacity": "0", "used": "1 SP", "capacity_left": "0", "hits": 0,
        "shut_down": True, "zoc_negated": False, "supply_capacity": "0", "supply_source": False, "oversize": "",
        "undamaged": "4 SP", "damage_track": ["4 SP", "3 SP", "2 SP", "1 SP", "2T"], "capacity_tokens": 0,
        "used_tokens": 4, "left_tokens": 0, "reduced_this_turn": 0, "repaired_this_turn": 0}
    assert game.ruleset.views["shipping"](game.state) == [
        {"name": "axis", "side": "axis", "points": 2, "allowance": "2 SP", "used": "0", "left": "2 SP", "first": False,
         "left_tokens": 8},
        {"name": "allied", "side": "allied", "points": 4, "allowance": "4 SP", "used": "1 SP", "left": "3 SP",
         "first": True, "left_tokens": 12}]
    assert [(e.name, e.value) for e in game.ruleset.explain(game.state, "alexandria")] == [
        ("undamaged capacity", "10 SP"), ("capacity after hits", "10 SP"), ("capacity", "10 SP"),
        ("used this phase", "2 SP"), ("left this phase", "8 SP"), ("hits", 0), ("supply capacity", "10 SP"),
        ("supply source", True)]
    assert [e.name for e in game.ruleset.explain(game.state, "Allied")] == [
        "allied Sea Cap", "allied Sea Cap used", "allied Sea Cap left"]
    sea_cap = ["axis Sea Cap", "axis Sea Cap used", "axis Sea Cap left", "allied Sea Cap", "allied Sea Cap used",
               "allied Sea Cap left"]
    for name in ("sea cap", "SeaCap", "shipping"):
        assert [e.name for e in game.ruleset.explain(game.state, name)] == sea_cap
    assert game.ruleset.explain(game.state, "nothing") == []
    assert [(d.text, d.rule, d.state) for d in game.ruleset.duties(game.state, game.segment)] == [
        ("Port capacity used this phase: Tobruk 1 SP of 0, Mersa Matruh 1 SP of 1 SP 2T, Alexandria 2 SP of 10 SP", "19.0a", "info"),
        ("Axis Sea Cap this turn: 0 used of 2 SP, 2 SP left", "19.0f", "info"),
        ("Allied Sea Cap this turn: 1 SP used of 4 SP, 3 SP left", "19.0f", "info"),
        ("Shut down by an enemy ZOC (capacity 0): Tobruk", "19.0a", "info")]
    supply = next(s for s in game.ruleset.sequence.segments if s.key == "first-turn/supply")
    assert [d.text for d in game.ruleset.duties(game.state, supply)] == ["Shut down by an enemy ZOC (capacity 0): Tobruk"]


def test_19_0a_the_phase_frees_capacity_and_19_0c_d_f_the_turn_starts_limits_again(game) -> None:
    """19.0a: capacity is per phase; 19.0c, 19.0d (RULINGS O2), 19.0f: once-a-turn limits and Sea Cap start again."""
    goto(game, "first-turn/movement/move")
    assert ok(game, "next --force").details == []  # nothing used: nothing said
    goto(game, "first-turn/movement/move")
    ok(game, "load Alexandria 1", "ship Alexandria Mersa Matruh 1", "reduce Tobruk --units")
    ok(game, "next --force")
    r = ok(game, "next --force")
    assert r.details == ["Port capacity used this phase freed at Mersa Matruh, Alexandria (19.0a)"]
    assert r.message.endswith("; Port capacity used this phase freed at Mersa Matruh, Alexandria (19.0a)")
    assert game.state.world.ports["Alexandria"].used == 0
    goto(game, "turn-end")
    r = ok(game, "next --force")
    assert r.details[0] == ("New turn: voluntary reduction and repair limits and each side's Sea Cap start again "
                            "(19.0c, 19.0d, 19.0f)")
    world = game.state.world
    assert (world.shipped, world.weather, world.ports["Tobruk"].reduced_this_turn) == ({"axis": 0, "allied": 0}, None, 0)
    assert world.ports["Tobruk"].hits == 1


def test_19_0a_capacity_used_goes_at_the_end_of_this_phase_named_by_the_sequence(data: Path) -> None:
    """19.0a: a Capacity Used marker names the phase it ends with: the phase of a segment (Reinforcement phase), or the
    step itself where the sequence has no phase below the turn (Turn end)."""
    game = memory_game(data, "ocs", seed=1, clock=fixed_clock)
    goto(game, "first-turn/reinforcement")
    ok(game, "load Tripoli 1")
    assert game.ruleset.markers(game.state, game.ruleset.sequence) == [
        {"marker": "Capacity Used", "value": "1 SP", "place": "Tripoli", "side": "axis",
         "expires": "end of this Reinforcement phase (19.0a)"}]
    turn_end = len(game.ruleset.sequence.segments) - 1
    state = SimpleNamespace(world=game.state.world, flow=SimpleNamespace(index=turn_end))
    assert [m["expires"] for m in game.ruleset.markers(state, game.ruleset.sequence)] == ["end of this Turn end (19.0a)"]
