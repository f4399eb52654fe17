"""AWAW mapboard boxes and port construction, clauses the clause ledger found without a citing test (seed 004; issue
20): the U.S., South Africa and India boxes (21.14, 21.14B-D, 21.17, 21.18, 21.18A, 21.523B), construction (21.121B,
21.122)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.awaw_game import awaw_game, refused as refused_with, to as to_title
from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.session import create_game

ALLIED_MOVES = "second-turn/movement/naval-movement"
AXIS_MOVES = "first-turn/movement/naval-movement"
ALLIED_MISSIONS = "second-turn/combat/naval-missions"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def test_21_14_21_14C_the_atlantic_us_box_neither_patrols_nor_intercepts(game) -> None:
    """Naval units in the Atlantic U.S. box may not conduct patrols or attempt interceptions."""
    to(game, AXIS_MOVES)
    refused(game, "intercept Q10 USN-CA-Lant --distance 5", "in the Atlantic U.S. box may not attempt interceptions (21.14")
    to(game, ALLIED_MOVES)
    refused(game, "patrol Q10 USN-CA-Lant --distance 5", "Atlantic U.S. box, from which patrols may not be conducted (21.14")


def test_21_14B_atlantic_us_ships_bombard_and_fly_carrier_missions_only_with_an_invasion_from_their_box(game) -> None:
    """Washington may not bombard, nor Wasp fly a carrier mission, for an invasion from Malta."""
    to(game, ALLIED_MISSIONS)
    mid = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied').message.split(":")[0]
    refused(game, f"bombard {mid} --by Washington --distance 30", "only supports an invasion from that box")
    refused(game, f"carrier-mission CC20 --by Wasp,Washington --distance 30 --with {mid}",
            "only accompany a seaborne invasion from it")


def test_21_18_21_18A_the_south_africa_box_neither_patrols_intercepts_nor_bombards(game) -> None:
    """No offensive missions (shore bombardment refused) and no interceptions from the South Africa box."""
    to(game, AXIS_MOVES)
    refused(game, "intercept Q10 RN-CA-Cape --distance 5", "South Africa box may not attempt interceptions (21.18")
    to(game, ALLIED_MOVES)
    refused(game, "patrol Q10 RN-CA-Cape --distance 5", "South Africa box, from which patrols may not be conducted (21.18")
    to(game, ALLIED_MISSIONS)
    mid = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied').message.split(":")[0]
    refused(game, f"bombard {mid} --by RN-CA-Cape --distance 30", "from the South Africa box is prohibited")


def test_21_17_the_india_box_intercepts_eight_hexes_from_the_board_edge(game) -> None:
    """Naval units in the India box may intercept; the box is eight hexes from the board edge, added to the hexes typed
    from the edge (proposed A13)."""
    to(game, AXIS_MOVES)
    r = ok(game, "intercept CC5 Warspite --distance 5")
    assert "Warspite intercept in CC5, 13 hexes" in r.message


def test_21_523B_shore_bombardment_from_the_india_box_is_permitted(game) -> None:
    """Warspite bombards from the India box (2 hexes typed from the edge, 10 in all)."""
    to(game, ALLIED_MISSIONS)
    mid = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied').message.split(":")[0]
    r = ok(game, f"bombard {mid} --by Warspite --distance 2")
    assert "shore bombardment of CC20 by Warspite adds 1 combat factor" in r.message


def test_21_14D_ships_of_the_atlantic_us_box_may_engage_german_raiders_in_the_atlantic_sw_box(game) -> None:
    """The eligible defenders of an Atlantic raid include the Atlantic U.S. box's ships, not those of the South
    Africa or India boxes (21.5342G's list read from 21.14D-21.18C)."""
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'raid "Atlantic SW" --by Scheer')
    ok(game, "raid-engage raid-1 --result 2")
    r = ok(game, "raid-ships raid-1 2,4")
    pool = next(d for d in r.details if d.startswith("eligible defenders"))
    assert "Washington" in pool and "USN-CA-Lant" in pool
    assert "RN-CA-Cape" not in pool and "Warspite" not in pool


CONSTRUCTION = "First player turn › End of player turn › Construction"


def test_21_121B_ports_are_built_only_by_the_moving_player() -> None:
    """In the Allies' construction phase Japan may not build a port: only the moving player's construction phase."""
    game = awaw_game()
    to_title(game, CONSTRUCTION, first="allies")
    refused_with(game, "construct japan H5 pacific Funafuti --island", "moving player's construction phase", "21.121B")
    assert "Funafuti" not in game.state.world.bases


def test_21_122_the_port_costs_ten_brps_against_the_construction_limit() -> None:
    """The result of building a port names its 3 RPs and 10 BRPs, counted against the construction limit."""
    game = awaw_game()
    to_title(game, CONSTRUCTION, first="allies")
    r = ok(game, "construct usa H5 pacific Funafuti --island --group Ellice")
    assert "3 RPs and 10 BRPs, the BRPs counting against usa's construction limit (21.121, 21.122)" in r.message
