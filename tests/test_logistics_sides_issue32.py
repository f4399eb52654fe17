"""Issue 32: who owns each Logistics roll and decision (docs/cases/issue32-sides-cases.md, S-LOG2 to S-LOG6).

The Logistics text has no phasing player: the initiative has a winner and a loser, and units belong to each player
(seed 002; RULINGS L2-L7). Each test plays the case on the Channel Coast scenario (the Allies hold the west, the Axis
the east; an Allied Mulberry at 1102) and asserts the ``actor`` of the event.

No test for S-LOG1 (RULINGS L3, "each player rolls two dice"): the app asks the initiative as one prompt of 4d6,
both players' dice in one answer, so no command is one player's own roll (its actor is the winner, found after the
roll, or nobody on a tie).
"""

from __future__ import annotations

import pytest
from sides_cases import actor

from logistics_game import PRODUCTION_TURN, at, logistics_game, world


def won_by(winner: str):
    """Turn 1 of a new game, the initiative won by ``winner`` (the Allies' two dice first, then the Axis')."""
    game = logistics_game()
    actor(game, "answer initiative --dice " + ("6,6,1,1" if winner == "allied" else "1,1,6,6"))
    assert world(game).storm_roller == ("axis" if winner == "allied" else "allied")
    return game


@pytest.mark.parametrize("line", ["answer storm --dice 2,3", "storm 2 3"])
@pytest.mark.parametrize("winner, loser", [("allied", "axis"), ("axis", "allied")])
def test_S_LOG2_storms_p4_the_initiative_loser_rolls_the_storm(line: str, winner: str, loser: str) -> None:
    """S-LOG2, Storms ¶4: "After each Initiative die roll, the loser rolls 2 dice separately. The first number is the
    direction the storm moves. The second number indicates distance in hexes the storm travels." """
    game = won_by(winner)
    at(game, 1, "storm")
    assert actor(game, line) == loser
    assert world(game).storm_turn == 1


@pytest.mark.parametrize("face, stands", [("2", False), ("4", True)])
def test_S_LOG3_mulberries_p3_the_mulberrys_owner_rolls_beside_the_storm(face: str, stands: bool) -> None:
    """S-LOG3, Mulberries ¶3: "If the storm is adjacent to a Mulberry, there is a 50% chance of it being destroyed."
    AMBIGUOUS; the recommended reading (a): the Mulberry's owner rolls (RULINGS L2: 1-3), not the storm's roller. The
    Allies win the initiative, the Axis moves the storm beside the Allied Mulberry at 1102; the Allies roll for it."""
    game = won_by("allied")
    actor(game, "storm-place 1104")
    at(game, 1, "storm")
    assert actor(game, "storm 1 1") == "axis"
    assert actor(game, f"answer mulberry-1102 --dice {face}") == "allied"
    assert ("1102" in world(game).mulberries) is stands


def test_S_LOG4_airfields_destruction_the_engineers_owner_builds_and_rebuilds() -> None:
    """S-LOG4, Airfields and Destruction Markers: "Engineer units can construct Airfields in the Production Phase."
    "Optionally, an Engineer may convert an existing Minor Airfield into a Major Airfield." "Engineer units in the same
    hex may rebuild destroyed Bridges/Canals during the Production Phase." The owner of the Engineer, for either side
    in the same Production Phase."""
    game = logistics_game()
    at(game, PRODUCTION_TURN, "combat")
    actor(game, "control 1306 allied")
    actor(game, "hit canal 1704 2")
    actor(game, "hit bridge 1206-1306 2")
    at(game, PRODUCTION_TURN, "produce")
    assert actor(game, "airfield 1301") == "axis"
    assert actor(game, "airfield 0303") == "allied"
    assert actor(game, "upgrade 2212") == "axis"
    assert actor(game, "upgrade 0506") == "allied"
    assert actor(game, "rebuild canal 1704") == "axis"
    assert actor(game, "rebuild bridge 1206-1306") == "allied"
    w = world(game)
    assert (w.airfields["2212"].major, w.airfields["0506"].major, w.airfields["1301"].owner) == (True, True, "axis")


def test_S_LOG5_mulberries_p1_the_marines_owner_places_a_mulberry_at_any_time_of_a_production_turn() -> None:
    """S-LOG5, Mulberries ¶1: "established by a Marine unit during a Production Turn. Reduce the Marine by 1cv"
    (RULINGS L7: at any time in it). The Marine's owner, also during the other player's movement."""
    game = logistics_game()
    at(game, PRODUCTION_TURN, "movement")
    assert game.phasing_side == "allied"
    assert actor(game, "mulberry 1301") == "axis"
    assert actor(game, "mulberry 0101") == "allied"
    assert {h: m.owner for h, m in world(game).mulberries.items() if h in ("1301", "0101")} == {
        "1301": "axis", "0101": "allied"}


def test_S_LOG6_factories_l4_the_citys_owner_exchanges_and_directs_resources() -> None:
    """S-LOG6, Factories: "However, if no production is done, players can exchange any factory with a 0 PP factory of a
    different type." RULINGS L4: "Resource PPs converted in a city are added to one factory type of that city, chosen
    by the owner." The owner of the city, each side in the same Production Phase."""
    game = logistics_game()
    at(game, PRODUCTION_TURN, "produce")
    assert actor(game, "exchange Harlow army air") == "allied"
    assert actor(game, "exchange Meven army air") == "axis"
    assert actor(game, "resource Calvade 2 air") == "axis"
    assert actor(game, "resource Portsea 1 navy") == "allied"
    assert world(game).resources == {"1602": ("air", 2), "0302": ("navy", 1)}
