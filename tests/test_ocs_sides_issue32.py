"""Issue 32: who owns each OCS port and shipping decision (docs/cases/issue32-sides-cases.md, S-OCS1 to S-OCS4).

The OCS text names no player: who decides follows from whose units act (seed 001, 19.0; RULINGS O2). Each test plays
the case on the Western Desert scenario, the Allies chosen to move first, and asserts the ``actor`` of the event, the
side whose decision the command is; a command confirmed through its yes/no prompt keeps the same actor.
"""

from __future__ import annotations

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.session import memory_game
from sides_cases import actor, to

ALLIED_MOVE = "first-turn/movement/move"
AXIS_REACTION = "first-turn/reaction/reaction-move"
AXIS_MOVE = "second-turn/movement/move"


def at(key: str):
    """Turn 1 of the Western Desert (seed 1), the Allies first, at the segment ``key``."""
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    assert game.execute("answer weather roll").ok and game.execute("next").ok
    assert game.execute("answer first-player allied").ok
    to(game, key)
    return game


def confirmed(game, line: str) -> str:
    """The actor of ``line`` confirmed through the yes/no prompt it raises (the board fact the app cannot see)."""
    actor(game, line)
    prompt = game.state.flow.pending[-1]
    assert prompt.kind == "confirm"
    return actor(game, f"answer {prompt.id} yes")


def test_S_OCS1_19_0a_the_oversize_unit_is_its_owners_choice_in_the_enemys_turn() -> None:
    """S-OCS1, 19.0a: "Ports with a capacity above zero can choose to use their full capacity to load or unload a single
    combat unit whose Transport Equivalent size exceeds the port's current capacity." The player loading the unit
    chooses: here the Axis player, loading at Bardia (2T) a unit of 1 SP in his reaction phase of the Allied turn."""
    game = at(AXIS_REACTION)
    assert game.phasing_side == "allied"
    assert actor(game, "load Bardia 1 --unit") == "axis"
    assert "oversize unit" in game.events[-1]["details"][0]
    assert game.state.world.ports["Bardia"].oversize == 4


def test_S_OCS2_19_0c_voluntary_reduction_by_the_phasing_owner_of_the_units() -> None:
    """S-OCS2, 19.0c: "During the Movement Phase (only), at least 1 RE of combat units that are in Combat Mode and do
    not move can inflict 1 hit on a port in that hex." AMBIGUOUS; the recommended reading (a): the phasing player, in
    his own Movement Phase, owner of the units (RULINGS O2)."""
    game = at(ALLIED_MOVE)
    assert actor(game, "reduce Tobruk --units") == "allied"
    assert confirmed(game, "reduce Mersa Matruh") == "allied"
    to(game, AXIS_MOVE)
    assert actor(game, "reduce Tripoli --engineers") == "axis"
    assert [game.state.world.ports[p].hits for p in ("Tobruk", "Mersa Matruh", "Tripoli")] == [1, 1, 1]


def test_S_OCS3_19_0d_the_engineers_owner_repairs_the_port() -> None:
    """S-OCS3, 19.0d: "Ports can be repaired in the Movement Phase (only) using construction (13.8d). Each Engineer-
    Capable unit can repair one hit at a cost of 1 SP." The owner of the engineer and the SP, the phasing player."""
    game = at(ALLIED_MOVE)
    for line in ("port edit Tobruk hits=2", "port edit Tripoli hits=2"):
        actor(game, line)
    assert actor(game, "repair Tobruk --engineer") == "allied"
    to(game, AXIS_MOVE)
    assert confirmed(game, "repair Tripoli") == "axis"
    assert [game.state.world.ports[p].hits for p in ("Tobruk", "Tripoli")] == [1, 1]


def test_S_OCS4_19_0f_sea_cap_is_used_by_the_side_that_owns_it() -> None:
    """S-OCS4, 19.0f: "Game-specific rules define each side's Shipping Allowance (if any), which is sometimes called
    Sea Cap." "Sea Cap can only be used during the Movement Phase." The side owning the allowance and the units ships
    them, in its Movement Phase; a unit's shipment confirmed through its prompt keeps that side."""
    game = at(ALLIED_MOVE)
    assert actor(game, "ship Alexandria Tobruk 1") == "allied"
    assert confirmed(game, "ship Alexandria Mersa Matruh unit 1") == "allied"
    to(game, AXIS_MOVE)
    assert actor(game, "ship Tripoli Benghazi 2") == "axis"
    assert game.state.world.shipped == {"axis": 8, "allied": 8}
